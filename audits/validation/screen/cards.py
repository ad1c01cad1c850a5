"""Card lists and tosses as numpy columns, read from their raw JSON without per-card Python.

A card list as hand logs write it, ``["AS","JS","QH","JD"]`` (or with a space after each
comma), has its bytes at fixed positions once its length is known: a template
(:class:`~.fixed.Pattern`) proves the shape and gives each card's rank and suit.  A list in
any other spelling (escapes, other spacing) is not read here: its row is -1 and its round
goes to the exact path, which reads every spelling JSON allows.  Lists of any length up to
a most lying in one buffer (the blackjack family's hands) are walked card by card in one
compiled pass that accepts exactly what those templates accept (:func:`card_lists_at`).  A
toss is ``null`` or one quoted code; another spelling is decoded one by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import msgspec
import numpy as np

from games.engine.cards import CARD_INDEX

from .fixed import Joined, Pattern, Spans
from .kernel import compiled
from .templates import RANK_OF, SUIT_OF

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


def card_lists_at(spans: Spans, most: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`ragged_cards` of values lying in one buffer, in one compiled pass: each value
    walked once, where the templates of every count were tried one after the other."""
    return _read_lists(spans, most, False)


def two_cards_at(spans: Spans) -> np.ndarray:
    """``(len(spans), 2)``: each value's two cards (:func:`card_matrix` of two), a row of -1
    where it is not a list of two plain card codes."""
    return _read_lists(spans, 2, True)[0]


def _read_lists(spans: Spans, most: int, exact: bool) -> tuple[np.ndarray, np.ndarray]:
    cards = np.full((len(spans), most), NOT_A_CARD, np.int64)
    counts = np.empty(len(spans), np.int64)
    _card_lists(spans.array, spans.start, spans.length, RANK_OF, SUIT_OF, exact, cards, counts)
    return cards, counts


_OPEN, _CLOSE, _QUOTE, _COMMA, _SPACE = (ord(c) for c in '[]",' + " ")


@compiled
def _card_lists(data, starts, lengths, rank_of, suit_of, exact, cards, counts):
    """Each value's cards and count (:func:`_card_list`); ``exact``: a list of fewer cards
    than a row holds is none."""
    for r in range(len(starts)):
        n = _card_list(data, starts[r], starts[r] + lengths[r], rank_of, suit_of, cards, r)
        counts[r] = _undone(cards, r, n) if exact and 0 <= n < cards.shape[1] else n


@compiled
def _card_list(data, a, end, rank_of, suit_of, cards, r):
    """How many cards the list ``data[a:end]`` holds, each put in row ``r`` of ``cards``, as
    the templates of :func:`card_patterns` read it: quoted card codes separated by ``","``
    throughout or by ``", "`` throughout, as many as the row holds at most; -1 for any other
    value (its row back to -1)."""
    if end - a < 2 or data[a] != _OPEN or data[end - 1] != _CLOSE:
        return -1
    if end - a == 2:
        return 0
    i, n, gap = a + 1, 0, 0  # gap: the separator's width, as the first one sets it
    while True:  # a card, then the end or a separator and another card
        if n == cards.shape[1] or i + 4 > end - 1 or data[i] != _QUOTE or data[i + 3] != _QUOTE:
            return _undone(cards, r, n)
        rank, suit = rank_of[data[i + 1]], suit_of[data[i + 2]]
        if rank < 0 or suit < 0:
            return _undone(cards, r, n)
        cards[r, n] = rank * 4 + suit
        n += 1
        i += 4
        if i == end - 1:
            return n
        if data[i] != _COMMA:
            return _undone(cards, r, n)
        if gap == 0:
            gap = 2 if data[i + 1] == _SPACE else 1
        if gap == 2 and data[i + 1] != _SPACE:
            return _undone(cards, r, n)
        i += gap


@compiled
def _undone(cards, r, n):
    for j in range(n):
        cards[r, j] = -1
    return -1


def within_shoe(dealer: np.ndarray, seats: np.ndarray, seat_round: np.ndarray, n: int,
                decks: int) -> np.ndarray:  # fmt: skip
    """Per round: no card more often than a shoe of ``decks`` holds.  ``dealer``: each
    round's cards, ``seats``: each seat's (a row per seat, of round ``seat_round``); -1: no
    card.  Counted in one compiled pass over both."""
    ok = np.ones(n, np.bool_)
    _count_cards(dealer, seats, seat_round, decks, np.zeros((n, 52), np.int16), ok)
    return ok


@compiled
def _count_cards(dealer, seats, seat_round, decks, counts, ok):
    for r in range(dealer.shape[0]):
        for j in range(dealer.shape[1]):
            _count(counts, ok, r, dealer[r, j], decks)
    for s in range(seats.shape[0]):
        for j in range(seats.shape[1]):
            _count(counts, ok, seat_round[s], seats[s, j], decks)


@compiled
def _count(counts, ok, r, card, decks):
    if card >= 0:
        counts[r, card] += 1
        if counts[r, card] > decks:
            ok[r] = False


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
