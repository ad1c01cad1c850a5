"""A file's rounds held to the times a round can carry (:mod:`games.round_times`): a line
dated more than the margin after its file was submitted, outside the calendar in UTC, or
before the first day of its venue's and jurisdiction's records is rejected with a finding
that says so, and counted nowhere (no gaming day of a year no one played in reaches the
ledger, monitoring or a report)."""

from __future__ import annotations

from datetime import date, datetime, time

from audits.submissions.run.tally import RoundPlace
from audits.validation.findings import Finding, format_rule
from audits.validation.parse import ParsedRound
from games.models import Venue
from games.round_times import round_latest, round_time_refusal, venue_first_day


class RoundTimes:
    """The times one file's rounds may carry, each venue's read once."""

    def __init__(self, submitted: datetime, venues: dict | None = None):
        self.latest = round_latest(submitted)
        #: each venue's zone, start of day and first day (a run's chunks share them)
        self._venues: dict[str, tuple[str, time, date | None]] = {} if venues is None else venues

    def refused(self, parsed: ParsedRound) -> tuple[Finding, RoundPlace] | None:
        """The finding that rejects ``parsed`` and the place it is filed under, or None."""
        zone, start, first_day = self._venue(parsed.venue)
        reason = round_time_refusal(parsed.played_at, zone=zone, day_start=start,
                                    first_day=first_day, latest=self.latest)  # fmt: skip
        if reason is None:
            return None
        code = "played_in_future" if parsed.played_at > self.latest else "played_before_records"
        finding = Finding(parsed.line, parsed.round, code, f"played_at {reason}",
                          format_rule(code))  # fmt: skip
        # no time or gaming day is filed: none a calendar or a page can reckon with
        return finding, RoundPlace(parsed.venue, parsed.table, parsed.game, None)

    def _venue(self, code: str) -> tuple[str, time, date | None]:
        if code not in self._venues:
            row = Venue.objects.filter(code=code).values_list(
                "licensee__jurisdiction__timezone", "licensee__jurisdiction__gaming_day_start"
            ).first()  # fmt: skip
            zone, start = row or ("UTC", time(0))
            self._venues[code] = (zone, start, venue_first_day(code) if row else None)
        return self._venues[code]
