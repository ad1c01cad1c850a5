"""The state of validating one chunk: every line read, checked and summed in memory.

Each line takes the fast path (:mod:`.fast_path`) when its round is certainly
clean, and the full path otherwise: parsed strictly, the rules in force
resolved, re-settled by the engine, every difference a finding.

Every line has its own fate: whatever goes wrong while checking one line makes that line
rejected, with its number and the reason, and the file goes on.  A round at a venue of
another licensee is a finding of the submitter's and nothing else: it is neither seen (for
duplicates) nor counted in any venue's totals.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from decimal import Decimal

from django.utils import timezone

from audits.models import Submission
from audits.validation.findings import Finding, format_rule
from audits.validation.games import check_round
from audits.validation.parse import ParsedRound, Rejected, parse_line
from games.rules_resolver import RulesResolver

from .fast_path import FastPath
from .gate import Gate, gate_for
from .lines import TOO_LONG
from .rules_context import GameRulesCache
from .tally import RoundPlace, SeenRound, totals

ZERO = Decimal(0)
#: a round played later than this after its file was submitted cannot have been played
FUTURE_TOLERANCE = timedelta(days=1)

log = logging.getLogger(__name__)


class ChunkRun:
    """What one chunk found, saw and summed; ``fast=False`` sends every line the full way."""

    def __init__(self, submission: Submission, resolver=None, rules_cache=None, fast=True):
        self.submission = submission
        self.licensee_id = submission.licensee_id
        self.resolver = resolver or RulesResolver()
        self.rules = rules_cache or GameRulesCache()
        submitted = submission.submitted_at or timezone.now()  # (not yet saved: a test's)
        self.latest_played_at = submitted + FUTURE_TOLERANCE
        #: each finding with the place of its round (None for a rejected line)
        self.findings: list[tuple[Finding, RoundPlace | None]] = []
        self.seen: list[SeenRound] = []  # every round read
        self.totals = totals()  # (venue, table, game, wager key or "") -> Tally
        self.lines = self.rounds = self.rejected = 0
        self.fast = None
        if fast:
            self.fast = FastPath(
                self.licensee_id, self.resolver, self.rules, self.seen, self.latest_played_at
            )

    def line(self, number: int, raw) -> None:
        self.lines += 1
        if raw is TOO_LONG:
            message = "the line is longer than 1 MiB: it is not read"
            rule = format_rule("line_too_long")
            self._reject(Finding(number, "", "line_too_long", message, rule))
            return
        if not raw.strip():
            self.lines -= 1  # blank lines are ignored
            return
        if self._fast(number, raw):
            self.rounds += 1
            return
        try:
            self._full(number, raw, self.fast.gate if self.fast else None)
        except Rejected as rejected:
            self._reject(rejected.finding)
        except Exception as exc:  # a line that breaks a check is rejected; the file goes on
            log.exception("line %d could not be checked", number)
            self._reject(_not_checked(number, exc))

    def close(self) -> None:
        """Fold the fast path's tally into :attr:`totals`; call once all lines are read."""
        if self.fast is not None:
            self.fast.add_totals(self.totals)

    def _fast(self, number: int, raw: bytes) -> bool:
        """True when the fast path took the round; any doubt (or error) leaves it to the full
        path, which alone judges and reports."""
        if self.fast is None:
            return False
        try:
            return self.fast.take(number, raw)
        except Exception:  # the full path reads the line again and says what is wrong
            log.warning("line %d: the fast path failed; the full path judges it", number)
            self.fast.gate = None
            return False

    def _full(self, number: int, raw: bytes, gate: Gate | None) -> None:
        """Judge the line, then record it: nothing is recorded if judging raises."""
        parsed = parse_line(raw, number)
        asked = (parsed.venue, parsed.table, parsed.game, parsed.options, parsed.decks,
                 parsed.played_at)  # fmt: skip
        if gate is None or not gate.asked_for(*asked):
            gate = gate_for(
                self.resolver, self.rules, self.licensee_id, venue=parsed.venue,
                table=parsed.table, game=parsed.game, options=parsed.options,
                decks=parsed.decks, played_at=parsed.played_at,
            )  # fmt: skip
        if gate.foreign:
            self.rounds += 1
            nowhere = RoundPlace("", "", parsed.game, parsed.played_at)  # no venue of anyone's
            self.findings.append((_not_our_venue(parsed), nowhere))
            return
        found = _future(parsed, self.latest_played_at) + _judged(parsed, gate)
        place = RoundPlace(parsed.venue, parsed.table, parsed.game, parsed.played_at)
        self.rounds += 1
        self.seen.append(SeenRound(place, parsed.round, parsed.line))
        self._count(parsed)
        self.findings.extend((finding, place) for finding in found)

    def _reject(self, finding: Finding) -> None:
        self.rejected += 1
        self.findings.append((finding, None))

    def _count(self, parsed: ParsedRound) -> None:
        where = (parsed.venue, parsed.table, parsed.game)
        self.totals[(*where, "")].rounds += 1
        for seat in parsed.seats:
            results = dict(seat.results)
            if seat.hands is not None:
                results["main"] = sum((h.result for h in seat.hands), ZERO)
            for key, stake in seat.wagers.items():
                self.totals[(*where, key)].add_wager(stake, results.get(key, ZERO))


def _judged(parsed: ParsedRound, gate: Gate) -> list[Finding]:
    """The round's findings: the term it breaks when its rules were not in force (citing the
    record that sets it), else every check of its game."""
    answer = gate.answer
    if gate.rules is None:
        refused = (answer.reason_code, answer.reason, answer.cited)
        return [Finding(parsed.line, parsed.round, *refused)]
    return check_round(parsed, gate.rules)


def _not_checked(number: int, exc: Exception) -> Finding:
    reason = f"{type(exc).__name__}: {exc}"[:300]
    return Finding(
        number,
        "",
        "line_not_checked",
        f"the line could not be checked ({reason}); it is kept as submitted",
        format_rule("line_not_checked"),
    )


def _not_our_venue(parsed: ParsedRound) -> Finding:
    return Finding(
        parsed.line,
        parsed.round,
        "venue_not_of_licensee",
        f"{parsed.venue} is not a venue of the submitting licensee: the round is not counted "
        "for that venue",
        "registry: licensee venues",
    )


def _future(parsed: ParsedRound, latest: datetime) -> list[Finding]:
    if parsed.played_at <= latest:
        return []
    return [
        Finding(
            parsed.line,
            parsed.round,
            "played_in_future",
            f"played_at {parsed.played_at.isoformat()} is after the file was submitted: no "
            "round can have been played then",
            format_rule("played_in_future"),
        )
    ]
