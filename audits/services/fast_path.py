"""The fast path of a chunk: certainly clean rounds are only counted (see validation.quick).

A line is taken here only when it decodes as a :class:`QuickRound`, its round
fields are well formed, the rules are in force for the submitting licensee
and the game's screen calls the round clean.  Every other line is left to the
full path, which alone produces findings; the gate answer asked for it travels
with it, so the registry is asked once per line.  Clean rounds are tallied by
(place, wager key, stake, result) as the file writes them, and the tally is
turned into money once per chunk.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime

import msgspec

from audits.validation.games import GAMES
from audits.validation.parse import MAX_LINE_BYTES
from audits.validation.quick import QUICK_DECODER, QuickRound, quick_amount

from .gate import Gate, gate_for
from .tally import RoundPlace, SeenRound

SEAT_NUMBERS = frozenset(range(1, 8))


class FastPath:
    def __init__(self, licensee_id: int, resolver, rules_cache, seen: list, latest: datetime):
        self.licensee_id = licensee_id
        self.latest = latest  # a round played after this is the full path's (played_in_future)
        self.resolver = resolver
        self.rules = rules_cache
        #: (venue, table, game, options, decks) -> (epoch start, epoch end, screen or None)
        self._epochs: dict[tuple, tuple[float, float, Callable | None]] = {}
        #: id(rules in force) -> (those rules, the game's screen for them, or None)
        self._screens: dict[int, tuple[object, Callable | None]] = {}
        self._rounds: Counter = Counter()  # (venue, table, game) -> clean rounds
        #: (venue, table, game) -> Counter of (wager, token, stake, result) as written
        self._wagers: dict[tuple, Counter] = {}
        self.seen: list[SeenRound] = seen  # the chunk's rounds read
        self.gate: Gate | None = None  # the gate of the last line left to the full path

    def take(self, number: int, raw: bytes) -> bool:
        """Count the line's round if it is certainly clean; False leaves it to the full path
        (with :attr:`gate`, when the registry was asked)."""
        self.gate = None
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
        key = (record.venue, record.table, record.game, tuple(record.options.items()),
               record.shoe.decks)  # fmt: skip
        moment = at.timestamp()
        known = self._epochs.get(key)
        if known is not None and known[0] <= moment < known[1]:
            return known[2]
        self.gate = gate = gate_for(
            self.resolver, self.rules, self.licensee_id, venue=record.venue, table=record.table,
            game=record.game, options={k: str(v) for k, v in record.options.items()},
            decks=record.shoe.decks, played_at=at,
        )  # fmt: skip
        screen = self._screen_for(gate.rules) if gate.rules is not None else None
        bounds = self.resolver.span_bounds(record.venue, at)
        if bounds is not None:
            self._epochs[key] = (*bounds, screen)
        return screen

    def _screen_for(self, rules) -> Callable | None:
        """The game's screen for these rules in force, built once."""
        known = self._screens.get(id(rules))
        if known is None or known[0] is not rules:
            build = GAMES[rules.game].screen
            known = self._screens[id(rules)] = (rules, build(rules) if build else None)
        return known[1]

    def _count(self, record: QuickRound, played_at: datetime, number: int, wagers) -> None:
        where = (record.venue, record.table, record.game)
        self.seen.append(SeenRound(RoundPlace(*where, played_at), record.round, number))
        self._rounds[where] += 1
        tally = self._wagers.get(where)
        if tally is None:
            tally = self._wagers[where] = Counter()
        tally.update(wagers)  # (wager, token, stake, result) as written

    def add_totals(self, totals) -> None:
        """Add the clean rounds' counts and sums to ``totals`` (the chunk's tallies)."""
        for where, rounds in self._rounds.items():
            totals[(*where, "")].rounds += rounds
        for where, tally in self._wagers.items():
            for (key, _, raw_stake, raw_result), n in tally.items():
                totals[(*where, key)].add_wager(
                    quick_amount(raw_stake), quick_amount(raw_result), n
                )
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
