"""The reader's seats: each seat's cards, toss, wagers and results, poker decision and
hands, every key known and written once (:mod:`.reader`)."""

from __future__ import annotations

from .jit import compiled, inlined
from .layout import (
    _CLOSE_LIST,
    _CLOSE_OBJECT,
    _OPEN_LIST,
    _QUOTE,
    HAND_REQUIRED,
    HI_CARDS,
    HI_DOUBLED,
    L_SEATS,
    MOST_HAND_CARDS,
    MOST_HANDS,
    MOST_SEAT_CARDS,
    MOST_SEATS,
    NO_CARD,
    POKER_BET,
    POKER_FOLD,
    POKER_NONE,
    SEAT_REQUIRED,
    SI_CARDS,
    SI_HANDS,
    SI_NUMBER,
    SI_POKER,
    SI_RESULTS,
    SI_TOSS,
    SI_WAGERS,
)

# -- objects -------------------------------------------------------------------------------
from .objects import _object_start
from .tokens import (
    _amount,
    _cards,
    _int,
    _is_null,
    _key,
    _literal,
    _next,
    _toss,
    _ws,
)


@inlined
def _seats(d, i, e, keys, lengths, hand_keys, hand_lengths, wager_keys, wager_lengths, white,
           rank_of, suit_of, line_ints, seat_ints, seat_cards, wager_cents, result_cents,
           hand_ints, hand_cards, hand_cents, r):  # fmt: skip
    """The seats: a list of one to seven seat objects, each numbered once."""
    if i >= e or d[i] != _OPEN_LIST:
        return -1
    j = _ws(d, i + 1, e, white)
    s, numbers = 0, 0
    while True:
        if s == MOST_SEATS:
            return -1
        j = _seat(d, j, e, keys, lengths, hand_keys, hand_lengths, wager_keys, wager_lengths,
                  white, rank_of, suit_of, seat_ints[r, s], seat_cards[r, s],
                  wager_cents[r, s], result_cents[r, s], hand_ints[r, s], hand_cards[r, s],
                  hand_cents[r, s])  # fmt: skip
        number = seat_ints[r, s, SI_NUMBER]
        if j < 0 or numbers & (1 << number):
            return -1
        numbers |= 1 << number
        s += 1
        j, more = _next(d, j, e, white, _CLOSE_LIST)
        if not more:
            break
    line_ints[r, L_SEATS] = s
    return j


@inlined
def _seat(d, i, e, keys, lengths, hand_keys, hand_lengths, wager_keys, wager_lengths, white,
          rank_of, suit_of, ints, cards, wagers, results, h_ints, h_cards, h_cents):  # fmt: skip
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    seen, hint = 0, 0
    ints[SI_TOSS], ints[SI_HANDS] = NO_CARD, -1
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1
        seen |= 1 << k
        if k == 0:
            j, number = _int(d, j, e)
            if number < 1 or number > MOST_SEATS:
                return -1
            ints[SI_NUMBER] = number
        elif k == 1:
            j, count = _cards(d, j, e, white, rank_of, suit_of, cards, -MOST_SEAT_CARDS)
            ints[SI_CARDS] = count
        elif k == 2:
            j, mask = _amounts(d, j, e, wager_keys, wager_lengths, white, wagers, True)
            ints[SI_WAGERS] = mask
        elif k == 3:
            j, mask = _amounts(d, j, e, wager_keys, wager_lengths, white, results, False)
            ints[SI_RESULTS] = mask
        elif k == 4:
            j = _toss(d, j, e, rank_of, suit_of, ints, SI_TOSS)
        elif k == 5:
            j, count = _hands(d, j, e, hand_keys, hand_lengths, white, rank_of, suit_of, h_ints,
                              h_cards, h_cents)  # fmt: skip
            ints[SI_HANDS] = count
        else:
            j = _poker(d, j, e, ints)
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j if j >= 0 and (seen & SEAT_REQUIRED) == SEAT_REQUIRED else -1


@inlined
def _poker(d, i, e, ints):
    """``"bet"``, ``"fold"`` or null."""
    if _is_null(d, i, e):
        ints[SI_POKER] = POKER_NONE
        return i + 4
    if i + 5 <= e and d[i] == _QUOTE and d[i + 1] == 98 and d[i + 2] == 101 and (
        d[i + 3] == 116 and d[i + 4] == _QUOTE
    ):  # fmt: skip
        ints[SI_POKER] = POKER_BET
        return i + 5
    if i + 6 <= e and d[i] == _QUOTE and d[i + 1] == 102 and d[i + 2] == 111 and (
        d[i + 3] == 108 and d[i + 4] == 100 and d[i + 5] == _QUOTE
    ):  # fmt: skip
        ints[SI_POKER] = POKER_FOLD
        return i + 6
    return -1


@compiled
def _amounts(d, i, e, keys, lengths, white, cents, stakes):
    """``(end, mask)`` of a wagers or results object: each known key's cents and a bit in
    the mask (``stakes``: a stake of 0 is no wager, a negative one is not read)."""
    j = _object_start(d, i, e, white)
    if j == -2:
        return _ws(d, i + 1, e, white) + 1, 0
    if j < 0:
        return -1, 0
    mask, seen, hint = 0, 0, 0
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1, 0
        seen |= 1 << k
        j, value = _amount(d, j, e)
        if j < 0 or (stakes and value < 0):
            return -1, 0
        if value != 0 or not stakes:
            mask |= 1 << k
            cents[k] = value
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j, mask


@compiled
def _hands(d, i, e, keys, lengths, white, rank_of, suit_of, ints, cards, cents):
    """``(end, count)`` of a seat's hands: null (count -1) or a list of at most four.

    Compiled on its own and called, not inlined: inlined into the seat (and it into the
    reader), its hands' loop made the reader's one function so large that numba's passes
    over it took 1.1 GB to compile (and 60 s); called once a seat, it costs the blackjack
    family's reader about a seventh of its speed, and compiling every kernel peaks under
    500 MB (``docs/performance.md``, "Compiling the kernels")."""
    if _is_null(d, i, e):
        return i + 4, -1
    if i >= e or d[i] != _OPEN_LIST:
        return -1, 0
    j = _ws(d, i + 1, e, white)
    if j < e and d[j] == _CLOSE_LIST:
        return j + 1, 0
    h = 0
    while True:
        if h == MOST_HANDS:
            return -1, 0
        j = _hand(d, j, e, keys, lengths, white, rank_of, suit_of, ints[h], cards[h], cents, h)
        h += 1
        j, more = _next(d, j, e, white, _CLOSE_LIST)
        if not more:
            return j, h


@inlined
def _hand(d, i, e, keys, lengths, white, rank_of, suit_of, ints, cards, cents, h):
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    seen, hint = 0, 0
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1
        seen |= 1 << k
        if k == 0:
            j, count = _cards(d, j, e, white, rank_of, suit_of, cards, MOST_HAND_CARDS)
            ints[HI_CARDS] = count
        elif k == 1:
            j, value = _amount(d, j, e)
            cents[h] = value
        else:
            j, value = _literal(d, j, e)
            if value < 0:
                return -1
            ints[HI_DOUBLED] = value
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j if j >= 0 and (seen & HAND_REQUIRED) == HAND_REQUIRED else -1
