"""The seats of some rounds of a batch, one row each (and their hands, one row each), as the
reader read them (:mod:`.reader`): what every game's screen reads of a seat."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import reader as rd


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
    wager_mask: np.ndarray  # bits of reader.WAGER_KEYS: the wagers placed (a stake above 0)
    result_mask: np.ndarray
    wagers: np.ndarray  # [seat, KEY_SLOTS] cents
    results: np.ndarray
    hands: Hands

    def __len__(self) -> int:
        return len(self.round)

    @classmethod
    def of(cls, read: rd.Read, rows: np.ndarray) -> SeatTable:
        """The seats of the read rounds ``rows`` (indexes into the batch's lines)."""
        counts = read.seat_count[rows]
        seat_round = np.repeat(np.arange(len(rows)), counts)
        slot = np.arange(len(seat_round)) - np.repeat(np.cumsum(counts) - counts, counts)
        line = rows[seat_round]
        ints = read.seat_ints[line, slot]
        return cls(
            round=seat_round,
            number=ints[:, rd.SI_NUMBER],
            cards=read.seat_cards[line, slot].astype(np.int64),
            card_count=ints[:, rd.SI_CARDS],
            toss=ints[:, rd.SI_TOSS],
            poker=ints[:, rd.SI_POKER],
            hand_count=ints[:, rd.SI_HANDS],
            wager_mask=ints[:, rd.SI_WAGERS],
            result_mask=ints[:, rd.SI_RESULTS],
            wagers=read.wager_cents[line, slot],
            results=read.result_cents[line, slot],
            hands=_hands(read, line, slot, np.maximum(ints[:, rd.SI_HANDS], 0)),
        )


def _hands(read: rd.Read, line: np.ndarray, slot: np.ndarray, counts: np.ndarray) -> Hands:
    seat = np.repeat(np.arange(len(line)), counts)
    start = np.cumsum(counts) - counts
    index = np.arange(len(seat)) - start[seat]
    at = (line[seat], slot[seat], index)
    ints = read.hand_ints[at]
    return Hands(seat, index, read.hand_cards[at].astype(np.int64), ints[:, rd.HI_CARDS],
                 ints[:, rd.HI_DOUBLED].astype(bool), read.hand_cents[at], start)  # fmt: skip


def key_mask(keys) -> int:
    """The bits of some wager keys (reader.WAGER_KEYS)."""
    return sum(1 << rd.WAGER_KEYS.index(k) for k in keys)


MAIN = rd.WAGER_KEYS.index("main")
