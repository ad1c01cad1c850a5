"""The fast path of a chunk: certainly clean rounds are only counted (see validation.quick).

A line is taken here only when it decodes as a :class:`QuickRound`, its round
fields are well formed, the rules are in force for the submitting licensee
and the game's screen calls the round clean.  Every other line is left to the
full path, which alone produces findings.  Clean rounds are tallied by
(place, wager key, stake, result) as the file writes them, and the tally is
turned into money once per chunk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

import msgspec

from audits.validation.parse import MAX_LINE_BYTES
from audits.validation.quick import QUICK_DECODER, QuickRound, quick_amount
from audits.validation.rounds import screen_for

SEAT_NUMBERS = frozenset(range(1, 8))


class FastPath:
    def __init__(
        self, licensee_id: int, resolver, rules_cache, seen: list[tuple], latest: datetime
    ):
        self.licensee_id = licensee_id
        self.latest = latest  # a round played after this is the full path's (played_in_future)
        self.resolver = resolver
        self.rules = rules_cache
        #: (venue, table, game, options) -> (epoch start, epoch end, screen or None)
        self._days: dict[tuple, tuple[float, float, Callable | None]] = {}
        self._rounds: Counter = Counter()  # (venue, table, game) -> clean rounds
        #: (venue, table, game) -> Counter of (wager, token, stake, result) as written
        self._wagers: dict[tuple, Counter] = {}
        self.seen = seen  # the chunk's (venue, table, game, played_at, round, line) list

    def take(self, number: int, raw: bytes) -> bool:
        """Count the line's round if it is certainly clean; False leaves it to the full path."""
        decoded = quick_round(raw)
        if decoded is None:
            return False
        record, played_at = decoded
        if played_at > self.latest:
            return False
        screen = self._screen(record, played_at)
        wagers = None if screen is None else screen(record)
        if wagers is None:
            return False
        self._count(record, played_at, number, wagers)
        return True

    def _screen(self, record: QuickRound, at: datetime) -> Callable | None:
        key = (
            record.venue, record.table, record.game, tuple(record.options.items()),
            record.shoe.decks,
        )  # fmt: skip
        moment = at.timestamp()
        known = self._days.get(key)
        if known is not None and known[0] <= moment < known[1]:
            return known[2]
        answer = self.resolver.resolve(
            venue=record.venue,
            table=record.table,
            game=record.game,
            options={k: str(v) for k, v in record.options.items()},
            at=at,
            decks=record.shoe.decks,
        )
        screen = None
        if answer.in_force and answer.venue.licensee_id == self.licensee_id:
            screen = screen_for(self.rules.for_answer(answer))
        bounds = self.resolver.span_bounds(record.venue, at)
        if bounds is not None:
            self._days[key] = (*bounds, screen)
        return screen

    def _count(self, record: QuickRound, played_at: datetime, number: int, wagers) -> None:
        place = (record.venue, record.table, record.game)
        self.seen.append((*place, played_at, record.round, number))
        self._rounds[place] += 1
        tally = self._wagers.get(place)
        if tally is None:
            tally = self._wagers[place] = Counter()
        tally.update(wagers)  # (wager, token, stake, result) as written

    def add_totals(self, totals) -> None:
        """Add the clean rounds' counts and sums to ``totals`` (ChunkRun's rows)."""
        for place, rounds in self._rounds.items():
            totals[(*place, "")][0] += rounds
        for place, tally in self._wagers.items():
            for (key, _, raw_stake, raw_result), n in tally.items():
                stake, result = quick_amount(raw_stake), quick_amount(raw_result)
                row = totals[(*place, key)]
                row[1] += n
                row[2] += stake * n
                row[3] += result * n
                if result > 0:
                    row[4] += result * n
        self._rounds.clear()
        self._wagers.clear()


def quick_round(raw: bytes) -> tuple[QuickRound, datetime] | None:
    """The line as a round with its time, when its round-level fields are well formed."""
    if len(raw) > MAX_LINE_BYTES:
        return None
    try:
        record = QUICK_DECODER.decode(raw)
    except (msgspec.DecodeError, UnicodeDecodeError):  # includes ValidationError
        return None
    if record.v != 1:
        return None
    numbers = {seat.seat for seat in record.seats}
    if len(numbers) != len(record.seats) or not numbers or not numbers <= SEAT_NUMBERS:
        return None
    try:
        played_at = datetime.fromisoformat(record.played_at)
    except ValueError:
        return None
    return (record, played_at) if played_at.tzinfo is not None else None
