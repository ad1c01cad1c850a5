"""The seats of some rounds of a batch, one row each (and their hands, one row each), as the
reader read them (:mod:`.reader`): what every game's screen reads of a seat."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import layout
from . import reader as rd
from .kernel import compiled
from .keys import FIXED, WagerKeys


@dataclass
class Hands:
    """The hands of the seats, in order: hand ``h`` belongs to seat ``seat[h]`` and is its
    ``index[h]``-th; a seat without hands (or with hands ``null``) has none here."""

    seat: np.ndarray
    index: np.ndarray
    cards: np.ndarray  # [hand, MOST_HAND_CARDS] (-1 beyond the count)
    counts: np.ndarray
    doubled: np.ndarray  # bool
    cents: np.ndarray  # the main wager's result on the hand
    start: np.ndarray  # per seat: where its hands begin


@dataclass
class SeatTable:
    """Seat ``s`` sits at round ``round[s]`` (an index into the rows given to :meth:`of`)."""

    round: np.ndarray
    number: np.ndarray
    cards: np.ndarray  # [seat, MOST_SEAT_CARDS] int64 (-1 beyond the count)
    card_count: np.ndarray
    toss: np.ndarray  # a card, or reader.NO_CARD
    poker: np.ndarray
    hand_count: np.ndarray  # -1: no hands written
    wager_mask: np.ndarray  # bits of the key slots (``keys``): the wagers placed (a stake above 0)
    result_mask: np.ndarray
    wagers: np.ndarray  # [seat, len(slots)] cents: the stakes of the keys read (``slots``)
    results: np.ndarray
    hands: Hands
    slots: np.ndarray  # the reader's slots of the keys kept, ascending (main first)
    keys: WagerKeys = FIXED  # the names of the reader's slots
    _stakes: dict = field(default_factory=dict, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.round)

    def column(self, key: str) -> int | None:
        """Where ``key`` is in :attr:`wagers` and :attr:`results` (None: not kept)."""
        slot = self.keys.slot(key)
        at = np.flatnonzero(self.slots == slot) if slot is not None else ()
        return int(at[0]) if len(at) else None

    def stake(self, key: str) -> np.ndarray:
        """Per seat: the stake placed on ``key`` in cents (0: none); computed once per key
        (a game's screen asks for some several times), read-only."""
        known = self._stakes.get(key)
        if known is None:
            k = self.column(key)
            if k is None:
                known = np.zeros(len(self), np.int64)
            else:
                known = np.where(self.wager_mask >> self.slots[k] & 1 == 1, self.wagers[:, k], 0)
            known.flags.writeable = False
            self._stakes[key] = known
        return known

    @classmethod
    def of(cls, read: rd.Read, rows: np.ndarray, slots: np.ndarray | None = None) -> SeatTable:
        """The seats of the read rounds ``rows`` (indexes into the batch's lines), the
        stakes and results of the wager keys in ``slots`` (default: every key): each seat's
        row of the reader's columns gathered in one compiled pass (:func:`_gather_seats`),
        each column contiguous, however many seats (a kernel is compiled for one layout)."""
        slots = np.arange(layout.KEY_SLOTS) if slots is None else np.asarray(slots, np.int64)
        rows = np.ascontiguousarray(rows, np.int64)
        counts = np.ascontiguousarray(read.seat_count[rows], np.int64)
        n = int(counts.sum())
        seat_round, at = np.empty(n, np.int64), np.empty(n, np.int64)
        ints = np.empty((read.seat_ints.shape[2], n), np.int64)
        cards = np.empty((n, read.seat_cards.shape[2]), np.int64)
        wagers, results = np.empty((n, len(slots)), np.int64), np.empty((n, len(slots)), np.int64)
        _gather_seats(rows, counts, read.seat_ints, read.seat_cards, read.wager_cents,
                      read.result_cents, slots, seat_round, at, ints, cards, wagers,
                      results)  # fmt: skip
        return cls(
            round=seat_round,
            number=ints[layout.SI_NUMBER],
            cards=cards,
            card_count=ints[layout.SI_CARDS],
            toss=ints[layout.SI_TOSS],
            poker=ints[layout.SI_POKER],
            hand_count=ints[layout.SI_HANDS],
            wager_mask=ints[layout.SI_WAGERS],
            result_mask=ints[layout.SI_RESULTS],
            wagers=wagers,
            results=results,
            hands=_hands(read, at, np.maximum(ints[layout.SI_HANDS], 0)),
            slots=slots,
            keys=read.keys,
        )


@compiled
def _gather_seats(rows, counts, seat_ints, seat_cards, wager_cents, result_cents, slots,
                  seat_round, at, ints, cards, wagers, results):  # fmt: skip
    """Each seat of rounds ``rows`` (``counts[i]`` seats at ``rows[i]``, in order): its
    round (an index into ``rows``), its row of the columns flattened (``at``: the line times
    :data:`~.layout.MOST_SEATS` plus its place among the line's seats), its ints (a column
    per field), cards, and the stakes and results of the keys in ``slots``."""
    most = seat_ints.shape[1]
    s = 0
    for i in range(len(rows)):
        line = rows[i]
        for place in range(counts[i]):
            seat_round[s], at[s] = i, line * most + place
            for f in range(seat_ints.shape[2]):
                ints[f, s] = seat_ints[line, place, f]
            for c in range(seat_cards.shape[2]):
                cards[s, c] = seat_cards[line, place, c]
            for k in range(len(slots)):
                wagers[s, k] = wager_cents[line, place, slots[k]]
                results[s, k] = result_cents[line, place, slots[k]]
            s += 1


def _hand_rows(column: np.ndarray, at: np.ndarray) -> np.ndarray:
    """Rows ``at`` of a column of hands (``[line, seat slot, hand, ...]``) flattened to one
    axis: one gather, not one per axis."""
    return column.reshape(-1, *column.shape[3:])[at]


def _hands(read: rd.Read, seat_at: np.ndarray, counts: np.ndarray) -> Hands:
    seat = np.repeat(np.arange(len(seat_at)), counts)
    start = np.cumsum(counts) - counts
    index = np.arange(len(seat)) - start[seat]
    at = seat_at[seat] * layout.MOST_HANDS + index
    ints = np.ascontiguousarray(_hand_rows(read.hand_ints, at).T)  # contiguous columns
    cards = _hand_rows(read.hand_cards, at).astype(np.int64)
    doubled = ints[layout.HI_DOUBLED].astype(bool)
    return Hands(seat, index, cards, ints[layout.HI_CARDS], doubled,
                 _hand_rows(read.hand_cents, at), start)  # fmt: skip


MAIN = layout.WAGER_KEYS.index("main")
