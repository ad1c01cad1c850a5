"""Who dealt: rounds, findings and over-payments per dealer at a venue over a period, and a
concentration test that flags a dealer whose over-payments stand out from the rest.

A hand log may name the dealer of each round (``dealer.id``, ``docs/handlog-format.md``).
Rounds per dealer come from the ledger (:class:`~audits.models.DealerDay`, a round counted
once however often it is submitted); over-paid rounds from the findings (``overpaid``, not
those of a round already read in an earlier submission).

The test: for each dealer with ``n`` of the venue's ``N`` rounds and ``k`` of its ``K``
over-paid rounds, the probability that ``k`` or more of the ``K`` fall among the dealer's
rounds if every round were alike (hypergeometric: the one-sided Fisher exact test of the
dealer against every other, given the total), multiplied by the number of dealers tested
(Bonferroni), so that a period with no dealer apart is flagged at most one minus the
jurisdiction's confidence level of the time, however many dealers.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Sum

from audits.models import DealerDay, Finding, SubmissionStatus
from games.gaming_day import gaming_day_bounds
from games.models import Venue

from .ledger import venue_days

DUPLICATES = ("duplicate_round", "duplicate_round_submitted")


@dataclass(frozen=True)
class DealerCheck:
    dealer: str
    rounds: int
    findings: int  # rounds with any finding
    overpaid_rounds: int
    overpaid: Decimal
    others_rate: float  # over-paid rounds per round dealt by every other dealer
    p_value: float  # one-sided: at least this many of the venue's over-paid rounds (Fisher)
    adjusted: float  # times the dealers tested, at most 1
    flagged: bool

    @property
    def rate(self) -> float:
        return self.overpaid_rounds / self.rounds if self.rounds else 0.0


def dealer_checks(venue: Venue, first_day: date, last_day: date) -> list[DealerCheck]:
    """Every dealer the venue's logs name over the gaming days, most over-paid first."""
    rounds = _rounds(venue, first_day, last_day)
    found, overpaid, amounts = _findings(venue, first_day, last_day)
    total_rounds = sum(rounds.values())
    total_overpaid = sum(len(overpaid[d]) for d in rounds)
    alpha = 1 - float(venue.licensee.jurisdiction.deviation_confidence)
    tested = len(rounds)
    checks = []
    for dealer, n in rounds.items():
        k = len(overpaid[dealer])
        others_n, others_k = total_rounds - n, total_overpaid - k
        rate = others_k / others_n if others_n else 0.0
        p = over_paid_tail(k, n, total_overpaid, total_rounds) if tested > 1 else 1.0
        adjusted = min(1.0, p * tested)
        checks.append(DealerCheck(dealer, n, len(found[dealer]), k, amounts[dealer], rate, p,
                                  adjusted, adjusted <= alpha))  # fmt: skip
    return sorted(checks, key=lambda c: (c.adjusted, -c.overpaid_rounds, c.dealer))


def _rounds(venue: Venue, first_day: date, last_day: date) -> dict[str, int]:
    rows = (
        venue_days(DealerDay, venue)
        .filter(gaming_day__gte=first_day, gaming_day__lte=last_day)
        .values("dealer")
        .annotate(total=Sum("rounds"))
    )
    return {r["dealer"]: r["total"] for r in rows if r["total"]}


def _findings(venue: Venue, first_day: date, last_day: date):
    """Per dealer: the rounds with findings, those over-paid, and the amount over-paid."""
    jurisdiction = venue.licensee.jurisdiction
    start = gaming_day_bounds(first_day, jurisdiction.timezone, jurisdiction.gaming_day_start)[0]
    end = gaming_day_bounds(last_day, jurisdiction.timezone, jurisdiction.gaming_day_start)[1]
    findings = Finding.objects.filter(
        submission__licensee=venue.licensee_id, submission__status=SubmissionStatus.DONE,
        venue=venue.code, played_at__gte=start, played_at__lt=end,
    ).exclude(dealer="")  # fmt: skip
    repeated = set(findings.filter(code__in=DUPLICATES).values_list("submission", "line"))
    found, overpaid = defaultdict(set), defaultdict(set)
    amounts: dict[str, Decimal] = defaultdict(Decimal)
    rows = (
        findings.exclude(code__in=DUPLICATES)
        .exclude(group="format")
        .values_list("submission", "line", "dealer", "code", "recorded", "expected")
    )
    for submission, line, dealer, code, recorded, expected in rows:
        if (submission, line) in repeated:
            continue  # counted in the submission that first held the round
        found[dealer].add((submission, line))
        if code == "overpaid":
            overpaid[dealer].add((submission, line))
            amounts[dealer] += abs(recorded - expected)
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
