"""The fast path of a chunk: a batch of lines screened in columns, clean rounds only counted.

The screen (:mod:`audits.validation.screen`) reads a batch at once; this module gives it
what the registry says (the rules in force at each place, asked once per place and epoch
of the registry, for the submitting licensee) and adds up what it finds clean: the rounds
read (for duplicates) and the totals.  Every other line goes back to the chunk's exact
path with the gate already asked for it.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
import numpy as np

from audits.validation.games import GAMES, check_round
from audits.validation.screen.objects import make_room
from audits.validation.screen.rounds import BatchColumns
from audits.validation.screen.skeleton import GameScreen
from audits.validation.screen.templates import Templates
from audits.validation.screen.times import EPOCH, MICROSECOND, as_datetime
from audits.validation.screen.verdicts import Verdicts

from .gate import Gate, gate_for
from .lines import BlockLines
from .round_keys import RoundsRead

NEVER, ALWAYS = np.iinfo(np.int64).min, np.iinfo(np.int64).max
_SCREENS: dict[tuple, tuple[object, GameScreen | None]] = {}  # per process; see screen_for
_MOST_SCREENS = 256
#: every game's usual spellings of a seat's start, which the scanner steps over
SEAT_STARTS = Templates(list(dict.fromkeys(p for game in GAMES.values() if game.screen
                                           for p in game.screen.seat_starts)))  # fmt: skip


class Place(msgspec.Struct, frozen=True):
    """What a group of rounds was written at: options and shoe read once per spelling."""

    venue: str
    table: str
    game: str
    options: dict[str, str]
    decks: int


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
        #: (venue, table, game, gaming day, dealer or "") -> its clean seats' classes, a
        #: batch at a time: (verdicts, their numbers, the seats of each), summed at close
        self._classes: dict[tuple, list[tuple[Verdicts, np.ndarray, np.ndarray]]] = {}

    def screen(self, numbers: Sequence[int], lines: Sequence[bytes]) -> list[tuple]:
        """Count the batch's certainly clean rounds; the others as ``(number, line, gate or
        None)``, in order, for the exact path."""
        make_room()
        buffer = (lines.data, lines.starts, lines.ends) if isinstance(lines, BlockLines) else None
        batch = BatchColumns(lines, self.latest_micros, buffer, SEAT_STARTS)
        numbered = np.asarray(numbers, np.int64)
        gate_of, gates = np.full(len(lines), -1, np.int64), []
        parts: dict[int, tuple[GameScreen, list]] = {}  # id(screen) -> its places' rounds
        for written, members in batch.places().items():
            place = _place(*written)
            if place is None:
                continue
            for rows, gate in self._epochs_of(place, members, batch):
                gate_of[batch.index[rows]] = len(gates)
                gates.append(gate)
                screen = None if gate.rules is None else screen_for(gate.rules, place)
                if screen is not None:
                    parts.setdefault(id(screen), (screen, []))[1].append((place, gate, rows))
        clean = np.zeros(len(lines), bool)
        counted = []
        dealers = len(batch.dealer_names)  # each place's rounds labelled per dealer too
        for screen, places in parts.values():  # each screen once, for all its places
            rows = np.concatenate([r for *_, r in places])
            place_of = np.repeat(np.arange(len(places)), [len(r) for *_, r in places])
            labels = place_of * dealers + np.maximum(batch.dealer_code[rows], 0)
            screened = screen.screen(batch, rows, lines, numbered, labels)
            clean[batch.index[rows[screened.clean]]] = True
            for at, (place, gate, _) in enumerate(places):
                mine = rows[screened.clean & (place_of == at)]
                mine_labels = range(at * dealers, (at + 1) * dealers)
                counted.append((place, gate.gaming_day, mine, screened.verdicts,
                                [screened.classes.get(label) for label in mine_labels],
                                [screened.seated.get(label) for label in mine_labels]))  # fmt: skip
        for place, day, rows, verdicts, classes, seated in counted:  # once all is screened
            self._count(place, day, batch, rows, numbered[batch.index[rows]], verdicts, classes,
                        seated)  # fmt: skip
        return [
            (numbers[i], lines[i], gates[gate_of[i]] if gate_of[i] >= 0 else None)
            for i in np.flatnonzero(~clean).tolist()
        ]

    def _epochs_of(self, place: Place, members: np.ndarray, batch: BatchColumns):
        """The members (indexes into the batch's rounds) split by the registry's epochs,
        each part with the gate asked once for it."""
        key = (place.venue, place.table, place.game, tuple(place.options.items()), place.decks)
        epochs = self._epochs.get(key)
        if epochs is None:
            epochs = self._epochs[key] = Epochs()
        micros = batch.micros[members]
        left = np.ones(members.size, bool)
        while True:
            which = epochs.first_of(micros)  # each round's epoch, -1 for none known yet
            for at in np.unique(which[left & (which >= 0)]).tolist():
                yield members[left & (which == at)], epochs.gates[at]
            left &= which < 0
            if not left.any():
                return
            first = int(micros[left].min())
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

    def _count(
        self, place: Place, day, batch: BatchColumns, clean: np.ndarray, lines: np.ndarray,
        verdicts: Verdicts, classes: list, seated: list,
    ) -> None:  # fmt: skip
        """Add the clean rounds (indexes into the batch's rounds, and their line numbers),
        all of the gaming day ``day``, to the rounds read and to the totals; ``classes`` and
        ``seated``: their seats' verdicts (numbers in ``verdicts`` and seats of each) and
        seat numbers per dealer code."""
        if not clean.size:
            return
        place_key = (place.venue, place.table, place.game)
        self.rounds.add_many(*place_key, batch.ids.take(clean), lines, batch.micros[clean])
        where = (*place_key, day)
        self.totals[(*where, "")].rounds += int(clean.size)
        if len(batch.dealer_names) > 1:  # rounds per dealer, when the log names them
            dealt = np.bincount(batch.dealer_code[clean], minlength=len(batch.dealer_names))
            for code in np.flatnonzero(dealt[1:]).tolist():
                self.dealers[(*where, batch.dealer_names[code + 1], "")].rounds += int(
                    dealt[code + 1]
                )
        for code, (its_classes, its_seats) in enumerate(zip(classes, seated, strict=True)):
            if its_classes is not None:
                key = (*where, batch.dealer_names[code])
                self._classes.setdefault(key, []).append((verdicts, *its_classes))
            if its_seats is not None:
                for number in np.flatnonzero(its_seats).tolist():
                    self.seats[(*where, number)] += int(its_seats[number])

    def close(self) -> None:
        """Add the clean seats' wagers to the totals, and to their dealer's where the log
        names one (once, when the chunk is read)."""
        for (*where, dealer), parts in self._classes.items():
            for (key, stake, result), count in _wagers_counted(parts):
                self.totals[(*where, key)].add_wager(stake, result, count)
                if dealer:
                    self.dealers[(*where, dealer, key)].add_wager(stake, result, count)
        self._classes.clear()


def _wagers_counted(parts: list[tuple[Verdicts, np.ndarray, np.ndarray]]) -> list[tuple]:
    """Each (wager key, stake, result) of the classes' verdicts with its number of seats: the
    seats of every class summed, then each verdict's wagers (one object each:
    :func:`~audits.validation.screen.verdicts.judge_seat`) counted once per class."""
    by_verdicts: dict[int, tuple[Verdicts, list, list]] = {}
    for verdicts, numbers, seats in parts:
        _, all_numbers, all_seats = by_verdicts.setdefault(id(verdicts), (verdicts, [], []))
        all_numbers.append(numbers)
        all_seats.append(seats)
    counted: dict[int, list] = {}  # id(wager) -> [wager, seats]
    for verdicts, numbers, seats in by_verdicts.values():
        unique, inverse = np.unique(np.concatenate(numbers), return_inverse=True)
        sums = np.zeros(len(unique), np.int64)
        np.add.at(sums, inverse, np.concatenate(seats))
        for number, count in zip(unique.tolist(), sums.tolist(), strict=True):
            for wager in verdicts.given[number].wagers:
                known = counted.get(id(wager))
                if known is None:
                    counted[id(wager)] = [wager, count]
                else:
                    known[1] += count
    return list(counted.values())


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


_OPTIONS = msgspec.json.Decoder(dict[str, str | int])
_PLACES: dict[tuple, Place | None] = {}


def _place(venue: str, table: str, game: str, options: bytes, shoe: bytes) -> Place | None:
    """The place as the exact path reads it, or None when its options or shoe do not read
    (the exact path then says why)."""
    key = (venue, table, game, options, shoe)
    if key in _PLACES:
        return _PLACES[key]
    try:
        read = {k: str(v) for k, v in _OPTIONS.decode(options).items()}
        decks = msgspec.json.decode(shoe, type=_Shoe).decks
        place = Place(venue, table, game, read, decks)
    except (msgspec.DecodeError, UnicodeDecodeError, TypeError):
        place = None
    if len(_PLACES) < 10_000:
        _PLACES[key] = place
    return place


class _Shoe(msgspec.Struct):
    decks: int


def screen_for(rules, place: Place) -> GameScreen | None:
    """The game's screen for these rules, options and shoe, built once per process (its
    verdicts hold for every submission judged by the same rules); None: no screen."""
    build = GAMES[rules.game].screen
    if build is None:
        return None
    key = (rules.key or (id(rules),), tuple(sorted(place.options.items())), place.decks)
    known = _SCREENS.get(key)
    if known is None or (not rules.key and known[0] is not rules):
        if len(_SCREENS) >= _MOST_SCREENS:
            _SCREENS.clear()
        known = _SCREENS[key] = (rules, build(rules, place.options, place.decks, check_round))
    return known[1]
