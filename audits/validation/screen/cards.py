"""Card lists and tosses as numpy columns, read from their raw JSON without per-card Python.

A card list as hand logs write it, ``["AS","JS","QH","JD"]`` (or with a space after each
comma), has its bytes at fixed positions once its length is known: a template
(:class:`~.fixed.Pattern`) proves the shape and gives each card's rank and suit.  A list in
any other spelling (escapes, other spacing) is not read here: its row is -1 and its round
goes to the exact path, which reads every spelling JSON allows.  A toss is ``null`` or one
quoted code; another spelling is decoded one by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import msgspec
import numpy as np

from games.engine.cards import CARD_INDEX

from .fixed import Joined, Pattern, Spans

NOT_A_CARD = -1
TOSS = Pattern("%T")


@cache
def card_patterns(count: int) -> tuple[Pattern, ...]:
    """The compact (``","``) and spaced (``", "``) spellings of ``count`` codes."""
    if count < 2:
        return (Pattern("[" + "%C" * count + "]"),)
    return tuple(Pattern("[" + separator.join(["%C"] * count) + "]") for separator in (",", ", "))


def card_matrix(raws: Sequence, count: int) -> np.ndarray:
    """``(len(raws), count)`` card ints (rank * 4 + suit); a row of -1 where the list is
    not ``count`` plain card codes."""
    out = np.full((len(raws), count), NOT_A_CARD, np.int64)
    joined = Joined(raws)
    for pattern in card_patterns(count):
        which, matrix = joined.rows(pattern.width, pattern.check)
        out[which] = pattern.cards(matrix)
    return out


def ragged_cards(raws: Sequence, most: int) -> tuple[np.ndarray, np.ndarray]:
    """Lists of 0 to ``most`` cards: ``(cards, counts)``, cards ``(len(raws), most)`` padded
    with -1 and ``counts`` the number read (-1 where the list is not plain card codes)."""
    n = len(raws)
    cards = np.full((n, most), NOT_A_CARD, np.int64)
    counts = np.full(n, -1, np.int64)
    joined = Joined(raws)
    for count in range(most + 1):
        for pattern in card_patterns(count):
            which, matrix = joined.rows(pattern.width, pattern.check)
            new = counts[which] < 0
            if count:
                cards[which[new], :count] = pattern.cards(matrix[new])
            counts[which[new]] = count
    return cards, counts


def card_matrix_at(spans: Spans, count: int) -> np.ndarray:
    """:func:`card_matrix` of values lying in one buffer."""
    out = np.full((len(spans), count), NOT_A_CARD, np.int64)
    for pattern in card_patterns(count):
        which = np.flatnonzero(spans.length == pattern.width)
        ok, _, cards, _ = pattern.read_at(spans, which)
        out[which[ok]] = cards[ok]
    return out


def ragged_cards_at(spans: Spans, most: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`ragged_cards` of values lying in one buffer."""
    cards = np.full((len(spans), most), NOT_A_CARD, np.int64)
    counts = np.full(len(spans), -1, np.int64)
    for count in range(most + 1):
        for pattern in card_patterns(count):
            which = np.flatnonzero(spans.length == pattern.width)
            ok, _, read, _ = pattern.read_at(spans, which)
            cards[which[ok], :count] = read[ok]
            counts[which[ok]] = count
    return cards, counts


def within_shoe(dealer: np.ndarray, seats: np.ndarray, seat_round: np.ndarray, n: int,
                decks: int) -> np.ndarray:  # fmt: skip
    """Per round: no card more often than a shoe of ``decks`` holds.  ``dealer``: each
    round's cards, ``seats``: each seat's (a row per seat, of round ``seat_round``); -1: no
    card."""
    width_dealer, width_seat = dealer.shape[1], seats.shape[1]
    rows = np.concatenate([np.repeat(np.arange(n), width_dealer),
                           np.repeat(seat_round, width_seat)])  # fmt: skip
    every = np.concatenate([dealer.ravel(), seats.ravel()])
    real = every >= 0
    flat = rows[real] * 52 + every[real]
    return np.bincount(flat, minlength=n * 52).reshape(n, 52).max(axis=1) <= decks


def toss_cards(raws: Sequence) -> np.ndarray:
    """Each toss as its card int: -1 for null, -2 for anything else than a card code."""
    out = np.full(len(raws), -3, np.int64)
    which, m = Joined(raws).rows(TOSS.width, TOSS.check)
    out[which] = TOSS.tosses(m)[:, 0]
    for i in np.flatnonzero(out == -3).tolist():
        out[i] = _toss_card(bytes(raws[i]))
    return out


_TOSS = msgspec.json.Decoder(str | None)


def _toss_card(raw: bytes) -> int:
    try:
        code = _TOSS.decode(raw)
    except msgspec.DecodeError:
        return -2
    return -1 if code is None else CARD_INDEX.get(code, -2)
