"""Monitoring without a withdrawn submission: its rows of the ledger go, and the periods its
gaming days fell in are tested again on what is left (a deviation its rounds made is no
longer listed; one the rest still shows is kept anew). Reinstated, it is recorded again as
when it finished (:mod:`audits.monitoring.hooks`)."""

from __future__ import annotations

from audits.monitoring.models import DealerDay, LedgerDay, SeatDay
from audits.monitoring.month_tests import deviations_retest, ledger_days_of
from audits.submissions.models import Submission


def monitoring_forget(submission: Submission) -> int:
    """Take the submission's rounds out of the ledger; retest its days; new deviations."""
    days = ledger_days_of(submission)
    for model in (LedgerDay, DealerDay, SeatDay):
        model.objects.filter(submission=submission).delete()
    return deviations_retest(submission.licensee_id, days)
