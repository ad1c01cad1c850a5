"""The reader's objects of a round: options, shoe and dealer, each object's keys known and
written once (:mod:`.reader`; the seats: :mod:`.seat_objects`)."""

from __future__ import annotations

from .jit import compiled, inlined
from .layout import (
    _CLOSE_OBJECT,
    _COLON,
    _OPEN_OBJECT,
    _QUOTE,
    L_DEALER_CARDS,
    L_DEALER_TOSS,
    L_DECKS,
    MOST_DEALER_CARDS,
    MOST_OPTIONS,
    NO_CARD,
    S_DEALER_ID,
    S_OPTIONS,
    S_SHOE,
)
from .tokens import (
    _cards,
    _int,
    _key,
    _name,
    _next,
    _string_end,
    _toss,
    _ws,
)

# -- objects -------------------------------------------------------------------------------


@inlined
def _object_start(d, i, e, white):
    """Inside the object at ``i``: where its first member starts, or -2 for ``{}``, -1 for
    no object."""
    if i >= e or d[i] != _OPEN_OBJECT:
        return -1
    i = _ws(d, i + 1, e, white)
    if i < e and d[i] == _CLOSE_OBJECT:
        return -2
    return i


@compiled
def _options(d, i, e, white, spans, r, keys):
    """The options: an object of at most :data:`MOST_OPTIONS` distinct plain keys (``keys``
    holds their spans as they are read), each a plain string or a whole number; its span
    kept (read once per spelling by the caller)."""
    start = i
    j = _object_start(d, i, e, white)
    if j == -2:
        spans[r, S_OPTIONS, 0], spans[r, S_OPTIONS, 1] = start, _ws(d, i + 1, e, white) + 1
        return spans[r, S_OPTIONS, 1]
    n = 0
    while j >= 0:
        end = _string_end(d, j, e)
        if end < 0 or n == MOST_OPTIONS:
            return -1
        for k in range(n):  # a key written twice: the exact path says so
            if keys[k, 1] - keys[k, 0] == end - j:
                same = True
                for t in range(end - j):
                    if d[keys[k, 0] + t] != d[j + t]:
                        same = False
                        break
                if same:
                    return -1
        keys[n, 0], keys[n, 1] = j, end
        n += 1
        j = _ws(d, end, e, white)
        if j >= e or d[j] != _COLON:
            return -1
        j = _ws(d, j + 1, e, white)
        if j < e and d[j] == _QUOTE:
            j = _string_end(d, j, e)
        else:
            j, _ = _int(d, j, e)
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    if j < 0:
        return -1
    spans[r, S_OPTIONS, 0], spans[r, S_OPTIONS, 1] = start, j
    return j


@compiled
def _shoe(d, i, e, keys, lengths, white, spans, line_ints, r):
    start = i
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    k, j = _key(d, j, e, keys, lengths, white, 0)
    if k != 0:
        return -1
    j, decks = _int(d, j, e)
    j, more = _next(d, j, e, white, _CLOSE_OBJECT)
    if j < 0 or more:
        return -1
    line_ints[r, L_DECKS] = decks
    spans[r, S_SHOE, 0], spans[r, S_SHOE, 1] = start, j
    return j


@compiled
def _dealer(d, i, e, keys, lengths, white, rank_of, suit_of, spans, line_ints, dealer_cards, r):
    j = _object_start(d, i, e, white)
    if j < 0:
        return -1
    seen, hint = 0, 0
    line_ints[r, L_DEALER_TOSS] = NO_CARD
    while j >= 0:
        k, j = _key(d, j, e, keys, lengths, white, hint)
        hint = k + 1
        if k < 0 or seen & (1 << k):
            return -1
        seen |= 1 << k
        if k == 0:
            j, count = _cards(d, j, e, white, rank_of, suit_of, dealer_cards[r],
                              MOST_DEALER_CARDS)  # fmt: skip
            line_ints[r, L_DEALER_CARDS] = count
        elif k == 1:
            j = _toss(d, j, e, rank_of, suit_of, line_ints[r], L_DEALER_TOSS)
        else:
            j = _name(d, j, e, spans, r, S_DEALER_ID)
        j, more = _next(d, j, e, white, _CLOSE_OBJECT)
        if not more:
            break
    return j if j >= 0 and seen & 1 else -1
