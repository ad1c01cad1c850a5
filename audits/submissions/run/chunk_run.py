"""The state of validating one chunk: every line read, checked and summed in memory.

Lines are screened in batches (:mod:`.fast_path`): a certainly clean round is only counted;
every other line takes the exact path, one at a time: parsed strictly, the rules in force
resolved, re-settled by the engine, every difference a finding.  The exact path alone
writes findings.

Every line has its own fate: whatever goes wrong while checking one line makes that line
rejected, with its number and the reason, and the file goes on.  A round at a venue of
another licensee is a finding of the submitter's and nothing else: it is neither seen (for
duplicates) nor counted in any venue's totals.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from django.utils import timezone

from audits.submissions.models import Submission
from audits.submissions.run.fast_path import BackOff, FastPath, LineLeft
from audits.submissions.run.finding_caps import ChunkFindings
from audits.submissions.run.gate import Gate, gate_for
from audits.submissions.run.lines import TOO_LONG, BlockLines, is_blank
from audits.submissions.run.round_keys import RoundsRead
from audits.submissions.run.round_times import RoundTimes
from audits.submissions.run.rules_context import GameRulesCache
from audits.submissions.run.screen_switch import screen_on
from audits.submissions.run.tally import (
    DealerKey,
    RoundPlace,
    SeatKey,
    SeenRound,
    TotalKey,
    totals,
)
from audits.validation.findings import Finding, format_rule
from audits.validation.games import check_round
from audits.validation.parse import ParsedRound, parse_line
from audits.validation.rejected import Rejected
from audits.validation.screen.readiness import KernelNotCompiled
from audits.validation.sums import counted_sums
from audits.validation.written_place import place_as_written
from games.rules_resolver import RulesResolver

BATCH = 2048  # lines screened together (their columns, 4 KB a line, are kept between batches)

log = logging.getLogger(__name__)


class ChunkRun:
    """What one chunk found, saw and summed; ``fast=False`` sends every line the full way
    (so do :setting:`AUDITS_SCREEN` off and a machine without numba: :func:`screen_on`)."""

    def __init__(self, submission: Submission, resolver=None, rules_cache=None, venues=None,
                 *, fast=True):  # fmt: skip
        self.submission = submission
        self.licensee_id = submission.licensee_id
        self.resolver = resolver or RulesResolver()
        self.rules = rules_cache or GameRulesCache()
        submitted = submission.submitted_at or timezone.now()  # (not yet saved: a test's)
        # a line dated later, or implausibly early: rejected
        self.times = RoundTimes(submitted, venues)
        self.latest_played_at = self.times.latest
        #: each finding with the place of its round (None for a line not read), within the
        #: caps on what one upload can cost
        self.found = ChunkFindings()
        self.read = RoundsRead()  # every round read, per place
        self.totals = totals()
        #: (venue, table, game, gaming day, dealer, wager key or "") -> the rounds and wagers
        #: of a dealer the log names
        self.dealers = totals()
        #: (venue, table, game, gaming day, seat number) -> rounds with a player there
        self.seats: Counter = Counter()
        self.lines = self.rounds = self.rejected = 0
        self.fast = None
        self.back_off = BackOff()
        if fast and screen_on():
            self.fast = FastPath(self.licensee_id, self.resolver, self.rules, self.read,
                                 self.totals, self.latest_played_at, self.dealers,
                                 self.seats)  # fmt: skip
        self._gate: Gate | None = None  # the exact path's last
        self._numbers: list[int] = []  # the batch waiting for the screen
        self._batch: list[bytes] = []
        self._left: list[LineLeft] = []  # the lines the screen left, waiting for the exact path

    @property
    def findings(self) -> list[tuple[Finding, RoundPlace | None]]:
        """The findings kept (the rest are counted by code in ``found.unstored``)."""
        return self.found.kept

    @property
    def seen(self) -> list[SeenRound]:
        return self.read.seen()

    def line(self, number: int, raw) -> None:
        self.lines += 1
        if raw is TOO_LONG:
            if self._batch:  # the lines before it first: findings stay in line order
                self._screen()
            self._judge_left()
            message = "the line is longer than 1 MiB: it is not read"
            rule = format_rule("line_too_long")
            self._reject(Finding(number, "", "line_too_long", message, rule))
            return
        if is_blank(raw):
            self.lines -= 1  # blank lines are ignored
            return
        if self.fast is None:
            self._judge_left()
            self._exact(number, raw, None)
            return
        self._numbers.append(number)
        self._batch.append(raw)
        if len(self._batch) >= BATCH:
            self._screen(BATCH)

    def feed(self, first_number: int, lines: Sequence) -> None:
        """Lines numbered from ``first_number``: a block read from the file is screened
        where its lines lie in its bytes; any other lines one by one (as :meth:`line`)."""
        if isinstance(lines, BlockLines) and self.fast is not None and not lines.too_long:
            self._feed_block(first_number, lines)
            return
        for number, raw in enumerate(lines, first_number):
            self.line(number, raw)

    def _feed_block(self, first_number: int, block: BlockLines) -> None:
        """A block's lines screened as spans of its bytes, a batch at a time (the lines fed
        before it first, so that lines are judged in order)."""
        if self._batch:
            self._screen()
        numbers = np.arange(first_number, first_number + len(block))
        blank = block.blank()
        if blank.any():  # blank lines are ignored
            numbers, block = numbers[~blank], block.without(blank)
        self.lines += len(block)
        for at in range(0, len(block), BATCH):
            self._screen_lines(numbers[at : at + BATCH].tolist(), block[at : at + BATCH])

    def close(self) -> None:
        """Screen the last batch and sum up; call once all lines are read."""
        if self._batch:
            self._screen()
        self._judge_left()
        if self.fast is not None:
            self.fast.close()

    def _screen(self, most: int | None = None) -> None:
        numbers, batch = self._numbers[:most], self._batch[:most]
        del self._numbers[:most], self._batch[:most]
        self._screen_lines(numbers, batch)

    def _screen_lines(self, numbers: list[int], batch: Sequence) -> None:
        """The batch through the screen; what it does not count, through the exact path.
        Any error of the screen leaves the batch to the exact path; so does a batch the
        screen stands back from (:class:`BackOff`)."""
        if self.back_off.resting():
            others = [LineLeft(n, raw, None) for n, raw in zip(numbers, batch, strict=True)]
        else:
            try:
                # a chunk is validated where compiling is refused (chunk.py, chunk_batch.py)
                others = self.fast.screen(numbers, batch)
            except KernelNotCompiled as missing:
                log.warning("lines %d to %d: %s; the exact path judges them, and this run's "
                            "other lines", numbers[0], numbers[-1], missing)  # fmt: skip
                self.fast = None
                others = [LineLeft(n, raw, None) for n, raw in zip(numbers, batch, strict=True)]
            except Exception:
                log.exception("lines %d to %d: the screen failed; the exact path judges them",
                              numbers[0], numbers[-1])  # fmt: skip
                others = [LineLeft(n, raw, None) for n, raw in zip(numbers, batch, strict=True)]
            self.back_off.counted(len(batch) - len(others), len(batch))
        self.rounds += len(batch) - len(others)
        self._left += others
        if len(self._left) >= BATCH:
            self._judge_left()

    def _judge_left(self) -> None:
        """The lines the screen left, through the exact path, in order: a batch's worth
        together, not a few after each batch (the same Python, warm in the processor's
        caches, for all of them)."""
        left, self._left = self._left, []
        for line in left:
            self._exact(line.number, line.line, line.gate, line.read)

    def _exact(self, number: int, raw: bytes, gate: Gate | None, read: bool = False) -> None:
        try:
            self._full(number, raw, gate, read)
        except Rejected as rejected:
            self._reject(*_with_place(rejected.finding, raw))
        except Exception as exc:  # a line that breaks a check is rejected; the file goes on
            log.exception("line %d could not be checked", number)
            self._reject(_not_checked(number, exc))

    def _full(self, number: int, raw: bytes, gate: Gate | None, read: bool = False) -> None:
        """Judge the line, then record it: nothing is recorded if judging raises (``read``:
        the screen's reader read it)."""
        parsed = parse_line(raw, number, read=read)
        if refused := self.times.refused(parsed):
            self._reject(*refused)
            return
        asked = (parsed.venue, parsed.table, parsed.game, parsed.options, parsed.decks,
                 parsed.played_at)  # fmt: skip
        if (gate is None or not gate.asked_for(*asked)) and self._gate is not None:
            gate = self._gate  # the last line's, perhaps the same place and epoch
        if gate is None or not gate.asked_for(*asked):
            gate = self._gate = gate_for(
                self.resolver, self.rules, self.licensee_id, venue=parsed.venue,
                table=parsed.table, game=parsed.game, options=parsed.options,
                decks=parsed.decks, played_at=parsed.played_at,
            )  # fmt: skip
        if gate.foreign:
            self.rounds += 1
            nowhere = RoundPlace("", "", parsed.game, parsed.played_at)  # no venue of anyone's
            self.found.add([_not_our_venue(parsed)], nowhere)
            return
        found = _judged(parsed, gate)
        place = RoundPlace(parsed.venue, parsed.table, parsed.game, parsed.played_at,
                           gate.gaming_day, parsed.dealer_id, parsed.shift)  # fmt: skip
        self.rounds += 1
        self.read.add(place, parsed.round, parsed.line)
        self._count(parsed, gate.gaming_day, gate.rules.wagers if gate.rules else None)
        self.found.add(found, place)

    def _reject(self, finding: Finding, place: RoundPlace | None = None) -> None:
        self.rejected += 1
        self.found.add([finding], place)

    def _count(self, parsed: ParsedRound, day, wagers=None) -> None:
        venue, table, game = parsed.venue, parsed.table, parsed.game
        totals, dealers, dealer = self.totals, self.dealers, parsed.dealer_id
        totals[TotalKey(venue, table, game, day, "")].rounds += 1
        if dealer:
            dealers[DealerKey(venue, table, game, day, dealer, "")].rounds += 1
        for seat in parsed.seats:
            self.seats[SeatKey(venue, table, game, day, seat.number)] += 1
            for key, stake, result in counted_sums(game, seat, wagers):
                totals[TotalKey(venue, table, game, day, key)].add_wager(stake, result)
                if dealer:
                    dealers[DealerKey(venue, table, game, day, dealer, key)].add_wager(stake,
                                                                                       result)


def _judged(parsed: ParsedRound, gate: Gate) -> list[Finding]:
    """The round's findings: the term it breaks when its rules were not in force (citing the
    record that sets it), else every check of its game."""
    answer = gate.answer
    if gate.rules is None:
        refused = (answer.reason_code, answer.reason, answer.cited)
        return [Finding(parsed.line, parsed.round, *refused)]
    return check_round(parsed, gate.rules)


def _with_place(finding: Finding, raw: bytes) -> tuple[Finding, RoundPlace | None]:
    """A rejected line's finding with the place the line names, where it can be read."""
    written = place_as_written(raw)
    if written is None:
        return finding, None
    place = RoundPlace(written.venue, written.table, written.game, written.played_at,
                       None, written.dealer[:64], written.shift[:64])  # fmt: skip
    return (finding if finding.round else replace(finding, round=written.round)), place


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
