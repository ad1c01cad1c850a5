"""The ledger per gaming day: what each finished submission adds, and any period's sums.

When a submission finishes, :func:`ledger_record` writes its chunks' totals per (venue,
table, game, wager key) and gaming day (the venue's jurisdiction sets when a day begins)
as :class:`~audits.monitoring.models.LedgerDay` rows, less every round the duplicate checks found
already read (earlier in the file, or in an earlier finished submission of the licensee),
those lines counted again by the submission's run as its chunks counted them in: a round
counted in two submissions is counted once, in the first.  A submission past the
findings cap is in the ledger too (its rounds were all judged; it is marked incomplete),
its duplicates found again, since not all of them were stored.  The selectors sum those
rows for a day, the month to date, the year to date or any range, per table, game and
wager key.  Only finished submissions are ever in the ledger.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Sum

from audits.monitoring.models import DealerDay, LedgerDay, SeatDay
from audits.submissions.duplicates import duplicate_lines
from audits.submissions.models import (
    ChunkDealer,
    ChunkSeat,
    ChunkTotal,
    Finding,
    Submission,
    SubmissionStatus,
)
from audits.submissions.models.places import SEATS
from audits.submissions.round_view import submission_lines
from audits.submissions.run import lines_counted_again
from games.models import Venue

SUMS = (
    "rounds", "wagers", "wagered", "net_result", "paid_out", "stake_squares", "stake_cubes",
    "overpaid", "underpaid",
)  # fmt: skip
DUPLICATES = ("duplicate_round", "duplicate_round_submitted")
PLACE = ("venue", "table", "game", "gaming_day", "wager_key")
DEALER_SUMS = ("rounds", "wagers", "wagered", "net_result", "stake_squares", "stake_cubes")


def ledger_record(submission: Submission, duplicate_lines: set[int] | None = None) -> int:
    """The submission's rows of the ledger, written anew; how many.  ``duplicate_lines``:
    the lines of every duplicate of its rounds, where the caller (its finish) has just found
    them (else they are read, and found again past the findings cap)."""
    LedgerDay.objects.filter(submission=submission).delete()
    rows = _sums(ChunkTotal, PLACE, SUMS, submission)
    dealt, seated = _dealer_sums(submission), _seat_sums(submission)
    for counted in _counted_before(submission, duplicate_lines):  # out, as the chunks counted
        for row in counted.totals:
            _subtract(rows, tuple(row[f] for f in PLACE), row)
        for row in counted.dealers:
            _subtract(dealt, tuple(row[f] for f in (*PLACE[:4], "dealer", "wager_key")), row)
        for row in counted.seats:
            _subtract(seated, tuple(row[f] for f in PLACE[:4]), row)
    _write_days(DealerDay, submission, (*PLACE[:4], "dealer", "wager_key"), dealt)
    _write_days(SeatDay, submission, PLACE[:4], seated)
    LedgerDay.objects.bulk_create(
        LedgerDay(
            submission=submission,
            licensee_id=submission.licensee_id,
            **dict(zip(PLACE, key, strict=True)),
            **sums,
        )  # fmt: skip
        for key, sums in rows.items()
        if any(sums.values())
    )
    return len(rows)


def _counted_before(submission: Submission, lines: set[int] | None = None):
    """What the submission's chunks counted of its rounds already read before (earlier in
    the file, or in an earlier finished submission: on ``lines``, or those of its duplicate
    findings), counted again by the same run
    (:func:`~audits.submissions.run.lines_counted_again`), a chunk's lines at a time."""
    if lines is None:
        lines = set(
            Finding.objects.filter(submission=submission, code__in=DUPLICATES).values_list(
                "line", flat=True
            )
        )
        if submission.findings_capped:  # its duplicates were not all stored: found again
            lines |= duplicate_lines(submission)
    if lines:
        yield from lines_counted_again(submission, submission_lines(submission, sorted(lines)))


def _subtract(rows: dict[tuple, dict], key: tuple, amounts: dict) -> None:
    """Take a round read before out of the sums (those the submission has)."""
    if key in rows:
        for field, amount in amounts.items():
            if field in rows[key]:
                rows[key][field] -= amount


def _sums(model, place: tuple[str, ...], fields: tuple[str, ...], submission) -> dict:
    """``place`` -> {field: sum} of the submission's chunks' rows of ``model`` (of the
    venues known: with a gaming day)."""
    sums = (
        model.objects.filter(chunk__submission=submission, gaming_day__isnull=False)
        .values(*place)
        .annotate(**{f"{f}_sum": Sum(f) for f in fields})
    )
    return {tuple(s[k] for k in place): {f: s[f"{f}_sum"] or 0 for f in fields} for s in sums}


def _dealer_sums(submission: Submission) -> dict[tuple, dict]:
    """(venue, table, game, gaming day, dealer, wager key) -> what the chunks read."""
    return _sums(ChunkDealer, (*PLACE[:4], "dealer", "wager_key"), DEALER_SUMS, submission)


def _seat_sums(submission: Submission) -> dict[tuple, dict]:
    """(venue, table, game, gaming day) -> {seat field: rounds} the chunks read."""
    return _sums(ChunkSeat, PLACE[:4], SEATS, submission)


def _write_days(model, submission: Submission, place: tuple[str, ...], rows: dict) -> None:
    """The submission's rows of ``model`` per gaming day, written anew (none all zero)."""
    model.objects.filter(submission=submission).delete()
    model.objects.bulk_create(
        model(
            submission=submission,
            licensee_id=submission.licensee_id,
            **dict(zip(place, key, strict=True)),
            **sums,
        )  # fmt: skip
        for key, sums in rows.items()
        if any(sums.values())
    )


# -- reading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LedgerLine:
    """The sums of one table, game and wager key over a period (``wager_key`` ``""``: the
    rounds)."""

    table: str
    game: str
    wager_key: str
    rounds: int
    wagers: int
    wagered: Decimal
    net_result: Decimal
    paid_out: Decimal
    stake_squares: Decimal
    stake_cubes: Decimal
    overpaid: Decimal
    underpaid: Decimal

    @property
    def house_win(self) -> Decimal:
        """What the house won: the players' net result, negated."""
        return -self.net_result

    @property
    def hold(self) -> Decimal | None:
        """The house's win per amount wagered (None when nothing was wagered)."""
        return self.house_win / self.wagered if self.wagered else None

    @property
    def hold_percent(self) -> str | None:
        hold = self.hold
        return None if hold is None else f"{hold * 100:.2f}%"


def venue_days(model, venue: Venue):
    """The rows per gaming day (``LedgerDay``, ``DealerDay``) of the venue: its own
    licensee's, of finished submissions not withdrawn only."""
    return model.objects.filter(
        licensee=venue.licensee_id, venue=venue.code, submission__status=SubmissionStatus.DONE,
        submission__withdrawn_at__isnull=True,
    )  # fmt: skip


def ledger_lines(venue: Venue, first_day: date, last_day: date) -> list[LedgerLine]:
    """The venue's ledger from ``first_day`` to ``last_day`` (gaming days, both included),
    per table, game and wager key; only its own licensee's finished submissions."""
    rows = (
        venue_days(LedgerDay, venue)
        .filter(gaming_day__gte=first_day, gaming_day__lte=last_day)
        .values("table", "game", "wager_key")
        .annotate(**{f"{f}_sum": Sum(f) for f in SUMS})
        .order_by("table", "game", "wager_key")
    )
    return [
        LedgerLine(
            r["table"], r["game"], r["wager_key"], **{f: r[f"{f}_sum"] or 0 for f in SUMS}
        )  # fmt: skip
        for r in rows
    ]


PERIODS = ("day", "month_to_date", "year_to_date")


def ledger_periods(venue: Venue, day: date) -> dict[str, list[LedgerLine]]:
    """The gaming day ``day``, its month to date and its year to date, as regulators ask
    for them (COMAR 36.05.03.25: daily, month-to-date and year-to-date win per table)."""
    starts = (day, day.replace(day=1), day.replace(month=1, day=1))
    return {
        name: ledger_lines(venue, start, day) for name, start in zip(PERIODS, starts, strict=True)
    }


def ledger_last_day(venue: Venue) -> date | None:
    """The latest gaming day the venue's ledger holds."""
    return (
        venue_days(LedgerDay, venue)
        .order_by("-gaming_day")
        .values_list("gaming_day", flat=True)
        .first()
    )
