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
from collections import defaultdict
from datetime import datetime, timedelta
from decimal import Decimal

from django.utils import timezone

from audits.models import Submission
from audits.validation.findings import Finding, format_rule
from audits.validation.parse import ParsedRound, Rejected, parse_line
from audits.validation.rounds import check_round
from games.rules_resolver import RulesResolver

from .fast_path import FastPath
from .lines import TOO_LONG
from .rules_context import GameRulesCache

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
        #: each finding with its round's place (venue, table, game, played_at), None if rejected
        self.findings: list[tuple[Finding, tuple | None]] = []
        #: (venue, table, game, played_at, round, line) of every round read
        self.seen: list[tuple] = []
        #: (venue, table, game, wager key or "") -> [rounds, wagers, wagered, net, paid out]
        self.totals: dict[tuple, list] = defaultdict(lambda: [0, 0, ZERO, ZERO, ZERO])
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
            self._full(number, raw)
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
            return False

    def _full(self, number: int, raw: bytes) -> None:
        """Judge the line, then record it: nothing is recorded if judging raises."""
        parsed = parse_line(raw, number)
        answer = self.resolver.resolve(
            venue=parsed.venue,
            table=parsed.table,
            game=parsed.game,
            options=parsed.options,
            at=parsed.played_at,
            decks=parsed.decks,
        )
        if answer.venue is not None and answer.venue.licensee_id != self.licensee_id:
            self.rounds += 1
            self.findings.append((_not_our_venue(parsed), _no_venue(parsed)))
            return
        found = _future(parsed, self.latest_played_at) + self._check(parsed, answer)
        place = (parsed.venue, parsed.table, parsed.game, parsed.played_at)
        self.rounds += 1
        self.seen.append(place + (parsed.round, parsed.line))
        self._count(parsed)
        self.findings.extend((finding, place) for finding in found)

    def _reject(self, finding: Finding) -> None:
        self.rejected += 1
        self.findings.append((finding, None))

    def _check(self, parsed: ParsedRound, answer) -> list[Finding]:
        if not answer.in_force:  # the term the round breaks, citing the record that sets it
            return [
                Finding(parsed.line, parsed.round, answer.reason_code, answer.reason, answer.cited)
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


def _no_venue(parsed: ParsedRound) -> tuple:
    """The place a round at another licensee's venue is filed under: no venue of anyone's."""
    return ("", "", parsed.game, parsed.played_at)


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
