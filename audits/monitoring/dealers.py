"""Who dealt and where they sat: rounds, findings, over-payments and holds per dealer at a
venue over a period, over-payments per seat, and a concentration test that flags a dealer
or a seat whose over-payments stand out from the rest of the venue.

A hand log may name the dealer of each round (``dealer.id``, ``docs/handlog-format.md``);
every seat has its number.  Rounds per dealer (and each wager's sums over them) and rounds
played per seat come from the ledger (:class:`~audits.monitoring.models.DealerDay`,
:class:`~audits.monitoring.models.SeatDay`: a round counted once however often it is submitted);
over-paid rounds from the findings (``overpaid``, not those of a round already read in an
earlier submission).

The test: for each dealer (or seat) with ``n`` of the venue's ``N`` rounds and ``k`` of its
``K`` over-paid rounds, the probability that ``k`` or more of the ``K`` fall among its rounds
if every round were alike (hypergeometric: the one-sided Fisher exact test of the dealer
against every other, given the total), multiplied by the number tested (Bonferroni), so
that a period with no dealer apart is flagged at most one minus the jurisdiction's
confidence level of the time, however many dealers.  For seats, a round is a round with a
player at that seat, and an over-paid one a round whose finding names that seat.

A dealer's hold per game and wager is tested as a table's is (:mod:`.deviations`), over
every table he dealt, each table's wagers under its own par sheet.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Q, Sum

from audits.monitoring.deviations import HoldCheck, pooled_check
from audits.monitoring.ledger import LedgerLine, venue_days
from audits.monitoring.models import DealerDay, SeatDay
from audits.submissions.models import Finding, SubmissionStatus
from audits.submissions.models.places import SEATS
from audits.validation.findings import ROUND_FORMAT_CODES
from games.gaming_day import gaming_day_bounds
from games.models import Venue

DUPLICATES = ("duplicate_round", "duplicate_round_submitted")
ZERO = Decimal(0)


@dataclass(frozen=True)
class Tail:
    """One dealer's (or seat's) over-paid rounds against every other's at the venue."""

    overpaid_rounds: int
    others_rate: float  # over-paid rounds per round of every other
    p_value: float  # one-sided: at least this many of the venue's over-paid rounds (Fisher)
    adjusted: float  # times the number tested, at most 1
    flagged: bool


@dataclass(frozen=True)
class DealerCheck(Tail):
    dealer: str = ""
    rounds: int = 0
    findings: int = 0  # rounds with any finding
    overpaid: Decimal = ZERO
    holds: tuple[HoldCheck, ...] = ()  # per game and wager key, over every table dealt

    @property
    def rate(self) -> float:
        return self.overpaid_rounds / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class SeatCheck(Tail):
    table: str = ""
    seat: int = 0
    rounds: int = 0  # rounds with a player at the seat
    findings: int = 0
    overpaid: Decimal = ZERO

    @property
    def rate(self) -> float:
        return self.overpaid_rounds / self.rounds if self.rounds else 0.0


def dealer_checks(venue: Venue, first_day: date, last_day: date) -> list[DealerCheck]:
    """Every dealer the venue's logs name over the gaming days, most over-paid first, each
    with his holds."""
    rounds = _sum_per(venue_days(DealerDay, venue).filter(wager_key=""), ("dealer",), "rounds",
                      first_day, last_day)  # fmt: skip
    found, overpaid, amounts = _findings(venue, first_day, last_day, ("dealer",), ~Q(dealer=""))
    holds = _dealer_holds(venue, first_day, last_day)
    checks = [
        DealerCheck(
            **vars(tail),
            dealer=key[0],
            rounds=rounds[key],
            findings=len(found[key]),
            overpaid=amounts[key],
            holds=holds.get(key[0], ()),
        )  # fmt: skip
        for key, tail in _tails(venue, rounds, overpaid).items()
    ]
    return sorted(checks, key=lambda c: (c.adjusted, -c.overpaid_rounds, c.dealer))


def seat_checks(venue: Venue, first_day: date, last_day: date) -> list[SeatCheck]:
    """Every seat of the venue's tables played over the gaming days, most over-paid first."""
    played = _seats_played(venue, first_day, last_day)
    found, overpaid, amounts = _findings(venue, first_day, last_day, ("table", "seat"),
                                         Q(seat__isnull=False))  # fmt: skip
    checks = [
        SeatCheck(
            **vars(tail),
            table=key[0],
            seat=key[1],
            rounds=played[key],
            findings=len(found[key]),
            overpaid=amounts[key],
        )  # fmt: skip
        for key, tail in _tails(venue, played, overpaid).items()
    ]
    return sorted(checks, key=lambda c: (c.adjusted, -c.overpaid_rounds, c.table, c.seat))


def _tails(venue: Venue, rounds: dict[tuple, int], overpaid: dict[tuple, set]) -> dict:
    """Each one's over-paid rounds against the rest, under the jurisdiction's confidence."""
    alpha = 1 - float(venue.licensee.jurisdiction.deviation_confidence)
    total_rounds = sum(rounds.values())
    total_overpaid = sum(len(overpaid[key]) for key in rounds)
    tested = len(rounds)
    tails = {}
    for key, n in rounds.items():
        k = len(overpaid[key])
        others_n, others_k = total_rounds - n, total_overpaid - k
        rate = others_k / others_n if others_n else 0.0
        p = over_paid_tail(k, n, total_overpaid, total_rounds) if tested > 1 else 1.0
        adjusted = min(1.0, p * tested)
        tails[key] = Tail(k, rate, p, adjusted, adjusted <= alpha)
    return tails


def _sum_per(rows, by: tuple[str, ...], field: str, first_day: date, last_day: date) -> dict:
    """``by`` -> the sum of ``field`` over the gaming days (those not zero)."""
    sums = (
        rows.filter(gaming_day__gte=first_day, gaming_day__lte=last_day)
        .values(*by)
        .annotate(total=Sum(field))
    )
    return {tuple(r[k] for k in by): r["total"] for r in sums if r["total"]}


def _seats_played(venue: Venue, first_day: date, last_day: date) -> dict[tuple, int]:
    """(table, seat number) -> rounds with a player at the seat over the gaming days."""
    sums = (
        venue_days(SeatDay, venue)
        .filter(gaming_day__gte=first_day, gaming_day__lte=last_day)
        .values("table")
        .annotate(**{f: Sum(f) for f in SEATS})
    )
    return {(r["table"], n): r[f] for r in sums for n, f in enumerate(SEATS, 1) if r[f]}


def _dealer_holds(venue: Venue, first_day: date, last_day: date) -> dict[str, tuple]:
    """dealer -> his hold per game and wager key, tested over every table he dealt."""
    fields = ("wagers", "wagered", "net_result", "stake_squares", "stake_cubes")
    rows = (
        venue_days(DealerDay, venue)
        .filter(gaming_day__gte=first_day, gaming_day__lte=last_day)
        .exclude(wager_key="")
        .values("dealer", "table", "game", "wager_key")
        .annotate(**{f"{f}_sum": Sum(f) for f in fields})
        .order_by("dealer", "game", "wager_key", "table")
    )
    lines: dict[tuple[str, str, str], list[LedgerLine]] = defaultdict(list)
    for r in rows:
        sums = {f: r[f"{f}_sum"] or 0 for f in fields}
        lines[(r["dealer"], r["game"], r["wager_key"])].append(LedgerLine(
            r["table"], r["game"], r["wager_key"], rounds=0, paid_out=ZERO, overpaid=ZERO,
            underpaid=ZERO, **sums,
        ))  # fmt: skip
    holds: dict[str, list[HoldCheck]] = defaultdict(list)
    shared: dict = {}
    for (dealer, _, _), its_lines in lines.items():
        holds[dealer].append(pooled_check(venue, its_lines, last_day, shared))
    return {dealer: tuple(checks) for dealer, checks in holds.items()}


def _findings(venue: Venue, first_day: date, last_day: date, by: tuple[str, ...], which: Q):
    """Per ``by`` (the dealer; the table and seat): the rounds with findings, those
    over-paid, and the amount over-paid, of the findings ``which``."""
    jurisdiction = venue.licensee.jurisdiction
    start = gaming_day_bounds(first_day, jurisdiction.timezone, jurisdiction.gaming_day_start)[0]
    end = gaming_day_bounds(last_day, jurisdiction.timezone, jurisdiction.gaming_day_start)[1]
    venue_findings = Finding.objects.filter(
        submission__licensee=venue.licensee_id, venue=venue.code,
        submission__status=SubmissionStatus.DONE, submission__withdrawn_at__isnull=True,
        played_at__gte=start, played_at__lt=end,
    )  # fmt: skip
    repeated = set(venue_findings.filter(code__in=DUPLICATES).values_list("submission", "line"))
    findings = venue_findings.filter(which)
    found, overpaid = defaultdict(set), defaultdict(set)
    amounts: dict[tuple, Decimal] = defaultdict(Decimal)
    rows = (
        findings.exclude(code__in=DUPLICATES)
        .exclude(Q(group="format") & ~Q(code__in=ROUND_FORMAT_CODES))  # a rejected line's
        .values_list("submission", "line", "code", "recorded", "expected", *by)
    )
    for submission, line, code, recorded, expected, *key in rows:
        if (submission, line) in repeated:
            continue  # counted in the submission that first held the round
        key = tuple(key)
        found[key].add((submission, line))
        if code == "overpaid":
            overpaid[key].add((submission, line))
            amounts[key] += abs(recorded - expected)
    return found, overpaid, amounts


def over_paid_tail(k: int, n: int, total_k: int, total_n: int) -> float:
    """P(X >= k) where X is how many of ``total_k`` over-paid rounds, among ``total_n``
    rounds, fall among a dealer's ``n`` when all rounds are alike (hypergeometric): the
    one-sided Fisher exact test of the dealer against the rest, given the total."""
    top = min(n, total_k)
    if k <= 0:
        return 1.0
    if k > top:
        return 0.0
    denominator = _log_choose(total_n, total_k)
    terms = [
        _log_choose(n, x) + _log_choose(total_n - n, total_k - x) - denominator
        for x in range(k, top + 1)
        if total_k - x <= total_n - n
    ]
    if not terms:
        return 0.0
    peak = max(terms)
    return min(1.0, math.exp(peak) * sum(math.exp(t - peak) for t in terms))


def _log_choose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
