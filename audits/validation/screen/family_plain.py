"""A blackjack-family seat in its usual spelling, read member by member as logs write it.

Hand logs write a seat compactly and its keys in one order::

    {"seat":1,"cards":["8S","6D"],"wagers":{...},"results":{...},
     "hands":[{"cards":[...],"doubled":false,"result":"-25"}],"poker":"fold"}

(``results`` and ``poker`` may be left out).  :func:`plain_seat` compares each key with
what is expected there, bytes against bytes, and finds each value's end with the scanner's
own readers (:func:`~.scan.value_end`), so it finds the very spans the object reader
(:func:`~.scan.walk_object`) would find, without reading and looking up each key.  A seat
written any other way (spaces, another order, another key) is not plain: the object reader
reads it.
"""

from __future__ import annotations

import numpy as np

from .kernel import compiled
from .scan import ANY, LIST, OBJECT, SCALAR, value_end

#: a seat's members in the order logs write them: (what comes before the value, the field,
#: its kind, whether it may be left out); the hands' list is read by :func:`_hands`
SEAT_STEPS = (
    ('{"seat":', 0, SCALAR, False),
    (',"cards":', 1, LIST, False),
    (',"wagers":', 2, OBJECT, False),
    (',"results":', 3, OBJECT, True),
    (',"hands":[', 5, -1, False),
    (',"poker":', 6, ANY, True),
)
HAND_STEPS = (
    ('{"cards":', 0, LIST, False),
    (',"doubled":', 2, SCALAR, True),
    (',"result":', 1, ANY, False),
)
HANDS_STEP = -1  # the kind of the step that reads the hands


def steps(table) -> tuple[np.ndarray, ...]:
    """A step table as the kernel takes it: literals (a zero-padded row each), their lengths,
    fields, kinds and whether each may be left out."""
    lits = [t[0].encode() for t in table]
    out = np.zeros((len(lits), max(map(len, lits))), np.uint8)
    for k, lit in enumerate(lits):
        out[k, : len(lit)] = np.frombuffer(lit, np.uint8)
    return (out, np.array([len(x) for x in lits], np.int64),
            *(np.array([t[j] for t in table], np.int64) for j in (1, 2, 3)))  # fmt: skip


SEAT_TABLE, HAND_TABLE = steps(SEAT_STEPS), steps(HAND_STEPS)
_CLOSE_OBJECT, _CLOSE_LIST, _COMMA = 125, 93, 44


@compiled
def plain_seat(data, a, end, seat, hand, spans, hands):
    """The number of hands of the plain seat ``data[a:end]``, its fields' spans in
    ``spans`` and each hand's in ``hands`` (at most ``len(hands)``); -1 where the seat is
    not plain (the spans are then not to be used)."""
    lits, lengths, fields, kinds, optional = seat
    i, count = a, 0
    for k in range(len(lengths)):
        at = _literal(data, i, end, lits[k], lengths[k])
        if at < 0:
            if optional[k]:
                continue
            return -1
        if kinds[k] == HANDS_STEP:
            i, count = _hands(data, at, end, hand, hands)
            spans[fields[k], 0], spans[fields[k], 1] = at - 1, i
        else:
            i = value_end(data, at, end, kinds[k], False)
            spans[fields[k], 0], spans[fields[k], 1] = at, i
        if i < 0:
            return -1
    return count if i == end - 1 and data[i] == _CLOSE_OBJECT else -1


@compiled
def _hands(data, i, end, hand, hands):
    """``(after the list, count)`` of the plain hands from ``i`` (after the list's
    opening bracket); ``(-1, 0)`` where they are not."""
    lits, lengths, fields, kinds, optional = hand
    count = 0
    while i < end and data[i] != _CLOSE_LIST:
        if count == len(hands) or (count and data[i] != _COMMA):
            return -1, 0
        i += 1 if count else 0
        for k in range(len(lengths)):
            at = _literal(data, i, end, lits[k], lengths[k])
            if at < 0:
                if optional[k]:
                    continue
                return -1, 0
            i = value_end(data, at, end, kinds[k], False)
            if i < 0:
                return -1, 0
            hands[count, fields[k], 0], hands[count, fields[k], 1] = at, i
        if i >= end or data[i] != _CLOSE_OBJECT:
            return -1, 0
        i += 1
        count += 1
    return (i + 1, count) if i < end else (-1, 0)


@compiled
def _literal(data, i, end, lit, n):
    """After the ``n`` bytes of ``lit`` if they are written at ``i``; else -1."""
    if i < 0 or i + n > end:
        return -1
    for j in range(n):
        if data[i + j] != lit[j]:
            return -1
    return i + n
