"""The fast path of a chunk: a batch of lines screened in columns, clean rounds only counted.

The screen (:mod:`audits.validation.screen`) reads a batch at once; this module gives it
what the registry says (the rules in force at each place, asked once per place and epoch
of the registry, for the submitting licensee) and adds up what it finds clean: the rounds
read (for duplicates), the totals, each dealer's and each seat's.  Every other line goes
back to the chunk's exact path with the gate already asked for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from audits.submissions.run.gate import Gate, gate_for
from audits.submissions.run.lines import BlockLines
from audits.submissions.run.round_keys import RoundsRead
from audits.submissions.run.tally import DealerKey, SeatKey, TableDay, TotalKey
from audits.validation.games import GAMES, check_judge
from audits.validation.screen import reader as rd
from audits.validation.screen.batch import Batch, Place
from audits.validation.screen.game import GameScreen, Screened
from audits.validation.screen.keys import FIXED, WagerKeys
from audits.validation.screen.money import placed_sums
from audits.validation.screen.times import EPOCH, MICROSECOND, as_datetime
from games.services.defined_wagers import side_wager_keys

NEVER, ALWAYS = np.iinfo(np.int64).min, np.iinfo(np.int64).max
_SCREENS: dict[tuple, tuple[object, GameScreen | None]] = {}  # per process; see screen_for
_MOST_SCREENS = 256


@dataclass
class Part:
    """The rounds of one place and epoch in a batch, with the gate asked for them."""

    place: Place
    gate: Gate
    rows: np.ndarray


class LineLeft(NamedTuple):
    """A line the screen leaves to the exact path: its number, its bytes, and the rules'
    answer at its place when the screen asked (None: the exact path asks)."""

    number: int
    line: bytes
    gate: Gate | None
    read: bool = False  # the screen's reader read it (:func:`~...validation.parse.parse_line`)


class FastPath:
    def __init__(
        self, licensee_id, resolver, rules_cache, rounds: RoundsRead, totals, latest, dealers,
        seats,
    ):  # fmt: skip
        self.licensee_id = licensee_id
        self.resolver, self.rules = resolver, rules_cache
        self.rounds, self.totals, self.dealers, self.seats = rounds, totals, dealers, seats
        self.latest_micros = (latest - EPOCH) // MICROSECOND
        #: (venue, table, game, options, decks) -> its epochs
        self._epochs: dict[tuple, Epochs] = {}
        self.columns = rd.Columns()  # each batch is read into the same memory
        #: the wager keys read: every game's, and the side wagers the registry defines
        self.keys = WagerKeys.with_defined(side_wager_keys())

    def screen(self, numbers: Sequence[int], lines: Sequence[bytes]) -> list[LineLeft]:
        """Count the batch's certainly clean rounds; the others, in order, for the exact
        path."""
        batch = _batch(lines, self.latest_micros, self.columns, self.keys)
        numbered = np.asarray(numbers, np.int64)
        gate_of, gates = np.full(len(batch), -1, np.int64), []
        parts: dict[int, tuple[GameScreen, list[Part]]] = {}  # id(screen) -> its parts
        for place, members in batch.places().items():
            for rows, gate in self._epochs_of(place, members, batch.read.micros):
                gate_of[rows] = len(gates)
                gates.append(gate)
                screen = None if gate.rules is None else screen_for(gate.rules, place, self.keys)
                if screen is not None:
                    parts.setdefault(id(screen), (screen, []))[1].append(Part(place, gate, rows))
        clean, read = np.zeros(len(batch), bool), batch.read.ok
        counted = []
        for screen, its_parts in parts.values():  # each screen once, for all its places
            rows = np.concatenate([p.rows for p in its_parts])
            screened = screen.screen(batch, rows, lines, numbered)
            clean[rows[screened.clean]] = True
            counted.append((its_parts, rows, screened))
        for its_parts, rows, screened in counted:  # once the whole batch is screened
            self._count(batch, numbered, its_parts, rows, screened)
        return [
            LineLeft(numbers[i], lines[i], gates[gate_of[i]] if gate_of[i] >= 0 else None,
                     bool(read[i]))
            for i in np.flatnonzero(~clean).tolist()
        ]

    def _epochs_of(self, place: Place, members: np.ndarray, micros: np.ndarray):
        """The members (lines of the batch) split by the registry's epochs, each part with
        the gate asked once for it."""
        key = (place.venue, place.table, place.game, place.written_options, place.decks)
        epochs = self._epochs.get(key)
        if epochs is None:
            epochs = self._epochs[key] = Epochs()
        times = micros[members]
        alone = epochs.alone_holding(int(times.min()), int(times.max()))
        if alone is not None:  # the usual batch: one epoch holds every round of the place
            yield members, epochs.gates[alone]
            return
        left = np.ones(members.size, bool)
        while True:
            which = epochs.first_of(times)  # each round's epoch, -1 for none known yet
            for at in np.unique(which[left & (which >= 0)]).tolist():
                yield members[left & (which == at)], epochs.gates[at]
            left &= which < 0
            if not left.any():
                return
            first = int(times[left].min())
            gate = gate_for(
                self.resolver, self.rules, self.licensee_id, venue=place.venue,
                table=place.table, game=place.game, options=place.options, decks=place.decks,
                played_at=as_datetime(first),
            )  # fmt: skip
            if gate.span[0] == gate.span[1]:  # an unknown venue: the same answer at any time
                yield members[left], gate
                return
            start, end = (_micros(b) for b in gate.span)
            epochs.add(min(start, first), max(end, first + 1), gate)

    def _count(self, batch: Batch, numbers: np.ndarray, parts: list[Part], rows: np.ndarray,
               screened: Screened) -> None:  # fmt: skip
        """Add the clean rounds of the parts (all of one screen: ``rows`` and ``screened``)
        to the rounds read, the totals, the dealers' and the seats'.  ``rows`` holds each
        part's rounds after the last's, so each part's rounds, and their seats, are a run:
        the seats' numbers and the wagers' sums are counted for all the parts at once."""
        dealer_code, dealer_names = batch.dealers
        seats, counted, clean = screened.seats, screened.counted, screened.clean
        ends = np.cumsum([len(p.rows) for p in parts])
        seat_ends = np.searchsorted(seats.round, ends)  # each part's seats end there
        part_of_seat = np.repeat(np.arange(len(parts)), np.diff(seat_ends, prepend=0))
        numbers_of = seats.number[counted]
        most = max(8, int(numbers_of.max()) + 1 if numbers_of.size else 0)  # seats 1 to 7
        seated = np.bincount(part_of_seat[counted] * most + numbers_of,
                             minlength=len(parts) * most).reshape(len(parts), most)  # fmt: skip
        where_of = []
        for at, part in enumerate(parts):
            first = ends[at] - len(part.rows)
            lines = rows[first + np.flatnonzero(clean[first : ends[at]])]
            where = TableDay(part.place.venue, part.place.table, part.place.game,
                             part.gate.gaming_day)  # fmt: skip
            where_of.append(where)
            if not lines.size:
                continue
            self.rounds.add_many(*where[:3], batch.ids.take(lines), numbers[lines],
                                 batch.read.micros[lines])  # fmt: skip
            self.totals[TotalKey(*where, "")].rounds += len(lines)
            if len(dealer_names) > 1:
                dealt = np.bincount(dealer_code[lines], minlength=len(dealer_names))
                for code in np.flatnonzero(dealt[1:]).tolist():
                    dealer = DealerKey(*where, dealer_names[code + 1], "")
                    self.dealers[dealer].rounds += int(dealt[code + 1])
            for number in np.flatnonzero(seated[at]).tolist():
                self.seats[SeatKey(*where, number)] += int(seated[at, number])
        self._add_wagers(where_of, seats, part_of_seat, counted, dealer_code[rows],
                         dealer_names, screened.nets)  # fmt: skip

    def _add_wagers(self, where_of, seats, part_of_seat, counted, dealer_code, names, nets):
        """Each wager key's sums, for each part's place and for each dealer the log names
        there: every counted seat's wagers summed at once, grouped by part and key (and
        dealer), in one compiled pass (:func:`placed_sums`)."""
        width, named_key = len(seats.slots), [seats.keys.names[s] for s in seats.slots.tolist()]
        found = placed_sums(seats.wager_mask, seats.slots, np.where(counted, part_of_seat, -1),
                            seats.wagers, nets, len(where_of) * width)  # fmt: skip
        for group, summed in enumerate(found):
            if summed.wagers:
                at, k = divmod(group, width)
                self.totals[TotalKey(*where_of[at], named_key[k])].add_sums(*summed.as_decimals())
        if len(names) > 1:  # each dealer the log names: that dealer's seats' sums
            dealer = dealer_code[seats.round]
            of_dealer = np.where(counted & (dealer > 0), part_of_seat * len(names) + dealer, -1)
            found = placed_sums(seats.wager_mask, seats.slots, of_dealer, seats.wagers, nets,
                                len(where_of) * len(names) * width)  # fmt: skip
            for group, summed in enumerate(found):
                if summed.wagers:
                    (at, code), k = divmod(group // width, len(names)), group % width
                    dealer_key = DealerKey(*where_of[at], names[code], named_key[k])
                    self.dealers[dealer_key].add_sums(*summed.as_decimals())

    def close(self) -> None:
        """Nothing is left to add when the chunk is read: each batch is counted at once."""


def _batch(lines: Sequence, latest_micros: int, columns: rd.Columns,
           keys: WagerKeys = FIXED) -> Batch:  # fmt: skip
    if isinstance(lines, BlockLines):
        return Batch(lines.data, lines.starts, lines.ends, latest_micros, columns, keys)
    joined = b"\n".join(lines)
    length = np.fromiter(map(len, lines), np.int64, len(lines))
    starts = np.cumsum(length + 1) - length - 1
    return Batch(joined, starts, starts + length, latest_micros, columns, keys)


class Epochs:
    """The epochs of one place (each a span of microseconds with its gate), in the order
    they were asked; a round is in the first that holds its time."""

    def __init__(self) -> None:
        self.starts = np.zeros(0, np.int64)
        self.ends = np.zeros(0, np.int64)
        self.gates: list[Gate] = []

    def add(self, start: int, end: int, gate: Gate) -> None:
        self.starts = np.append(self.starts, start)
        self.ends = np.append(self.ends, end)
        self.gates.append(gate)

    def alone_holding(self, first: int, last: int) -> int | None:
        """The epoch holding every time from ``first`` to ``last`` when no other epoch holds
        any of them (so it is each one's first), else None."""
        holds = (self.starts <= first) & (last < self.ends)
        apart = (self.ends <= first) | (self.starts > last)
        if holds.sum() != 1 or not (holds | apart).all():
            return None
        return int(holds.argmax())

    def first_of(self, micros: np.ndarray) -> np.ndarray:
        """Each time's epoch (the first holding it), -1 where none does: every epoch against
        every time at once (a place has one epoch per gaming day at most)."""
        if not self.gates:
            return np.full(micros.size, -1, np.int64)
        inside = (micros >= self.starts[:, None]) & (micros < self.ends[:, None])
        return np.where(inside.any(axis=0), inside.argmax(axis=0), -1)


def _micros(seconds: float) -> int:
    if seconds == float("-inf"):
        return NEVER
    if seconds == float("inf"):
        return ALWAYS
    return int(round(seconds * 1_000_000))


def screen_for(rules, place: Place, keys: WagerKeys = FIXED) -> GameScreen | None:
    """The game's screen for these rules, options and shoe (reading the wager keys
    ``keys``), built once per process (its verdicts hold for every submission judged by the
    same rules); None: no screen."""
    game = GAMES[rules.game]
    if game.screen is None:
        return None
    key = (rules.key or (id(rules),), place.written_options, place.decks, keys.names)
    known = _SCREENS.get(key)
    if known is None or (not rules.key and known[0] is not rules):
        if len(_SCREENS) >= _MOST_SCREENS:
            _SCREENS.clear()
        screen = game.screen(rules, place.options, place.decks, check_judge(game), keys)
        known = _SCREENS[key] = (rules, screen)
    return known[1]


class BackOff:
    """The screen stands back where it would cost more than it saves: after two batches in a
    row of which it counted less than a fifth, the next batches go straight to the exact path
    (four, then twice as many each time it is still no use, a chunk's worth at most)."""

    SHARE, MOST = 0.2, 16

    def __init__(self):
        self.misses, self.rest, self.pause = 0, 0, 4

    def resting(self) -> bool:
        if self.rest:
            self.rest -= 1
            return True
        return False

    def counted(self, clean: int, lines: int) -> None:
        if clean >= self.SHARE * lines:
            self.misses, self.pause = 0, 4
            return
        self.misses += 1
        if self.misses >= 2:
            self.rest, self.misses = self.pause, 0
            self.pause = min(self.pause * 2, self.MOST)
