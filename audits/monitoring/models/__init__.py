"""What monitoring records as submissions finish: the ledger's gaming days, dealers' and
seats' days, and the deviations of hold from par."""

from .deviations import DayChecks, Deviation, DeviationPeriod, DeviationTest
from .ledger import LedgerDay
from .places import DealerDay, SeatDay

__all__ = ["DayChecks", "DealerDay", "Deviation", "DeviationPeriod", "DeviationTest", "LedgerDay",
           "SeatDay"]  # fmt: skip
