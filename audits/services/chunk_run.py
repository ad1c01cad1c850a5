"""The state of validating one chunk: every line read, checked and summed in memory.

Each line takes the fast path (:mod:`.fast_path`) when its round is certainly
clean, and the full path otherwise: parsed strictly, the rules in force
resolved, re-settled by the engine, every difference a finding.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from audits.models import Submission
from audits.validation.findings import HANDLOG_FORMAT, Finding
from audits.validation.parse import ParsedRound, Rejected, parse_line
from audits.validation.rounds import check_round
from games.rules_resolver import RulesResolver

from .fast_path import FastPath
from .lines import TOO_LONG
from .rules_context import GameRulesCache

ZERO = Decimal(0)


class ChunkRun:
    """What one chunk found, saw and summed; ``fast=False`` sends every line the full way."""

    def __init__(self, submission: Submission, resolver=None, rules_cache=None, fast=True):
        self.submission = submission
        self.licensee_id = submission.licensee_id
        self.resolver = resolver or RulesResolver()
        self.rules = rules_cache or GameRulesCache()
        #: each finding with its round's place (venue, table, game, played_at), None if rejected
        self.findings: list[tuple[Finding, tuple | None]] = []
        #: (venue, table, game, played_at, round, line) of every round read
        self.seen: list[tuple] = []
        #: (venue, table, game, wager key or "") -> [rounds, wagers, wagered, net, paid out]
        self.totals: dict[tuple, list] = defaultdict(lambda: [0, 0, ZERO, ZERO, ZERO])
        self.lines = self.rounds = self.rejected = 0
        self.fast = None
        if fast:
            self.fast = FastPath(self.licensee_id, self.resolver, self.rules, self.seen)

    def line(self, number: int, raw) -> None:
        self.lines += 1
        if raw is TOO_LONG:
            self._reject(Finding(number, "", "line_too_long", "line exceeds 1 MiB", HANDLOG_FORMAT))
            return
        if not raw.strip():
            self.lines -= 1  # blank lines are ignored
            return
        if self.fast is not None and self.fast.take(number, raw):
            self.rounds += 1
            return
        try:
            parsed = parse_line(raw, number)
        except Rejected as rejected:
            self._reject(rejected.finding)
            return
        self.rounds += 1
        place = (parsed.venue, parsed.table, parsed.game, parsed.played_at)
        self.seen.append(place + (parsed.round, parsed.line))
        self._count(parsed)
        for finding in self._check(parsed):
            self.findings.append((finding, place))

    def close(self) -> None:
        """Fold the fast path's tally into :attr:`totals`; call once all lines are read."""
        if self.fast is not None:
            self.fast.add_totals(self.totals)

    def _reject(self, finding: Finding) -> None:
        self.rejected += 1
        self.findings.append((finding, None))

    def _check(self, parsed: ParsedRound) -> list[Finding]:
        answer = self.resolver.resolve(
            venue=parsed.venue,
            table=parsed.table,
            game=parsed.game,
            options=parsed.options,
            at=parsed.played_at,
        )
        if answer.venue is not None and answer.venue.licensee_id != self.licensee_id:
            return [
                Finding(
                    parsed.line,
                    parsed.round,
                    "venue_not_of_licensee",
                    f"{parsed.venue} is not a venue of the submitting licensee",
                    "registry: licensee venues",
                )
            ]
        if not answer.in_force:
            return [
                Finding(
                    parsed.line,
                    parsed.round,
                    answer.reason_code,
                    answer.reason,
                    _approval_rule(answer),
                )
            ]
        return check_round(parsed, self.rules.for_answer(answer))

    def _count(self, parsed: ParsedRound) -> None:
        where = (parsed.venue, parsed.table, parsed.game)
        self.totals[(*where, "")][0] += 1  # rounds
        for seat in parsed.seats:
            results = dict(seat.results)
            if seat.hands is not None:
                results["main"] = sum((h.result for h in seat.hands), ZERO)
            for key, stake in seat.wagers.items():
                row = self.totals[(*where, key)]
                row[1] += 1
                row[2] += stake
                result = results.get(key, ZERO)
                row[3] += result
                if result > 0:
                    row[4] += result


def _approval_rule(answer) -> str:
    if answer.approval is not None:
        return answer.approval.reference
    return "registry: approvals and authorizations in force"
