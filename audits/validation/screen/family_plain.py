"""A blackjack-family seat in its usual spelling, read member by member as logs write it.

Hand logs write a seat compactly and its keys in one order::

    {"seat":1,"cards":["8S","6D"],"wagers":{...},"results":{...},
     "hands":[{"cards":[...],"doubled":false,"result":"-25"}],"poker":"fold"}

(some members may be left out).  :func:`plain_seat` compares each key with what is expected
there, bytes against bytes, and finds each value's end with the scanner's own readers
(:func:`~.scan.value_end`), so it finds the very spans the object reader
(:func:`~.scan.walk_object`) would find, without reading and looking up each key.  A seat
written any other way (spaces, another order, another key) is not plain: the object reader
reads it.  The members expected, and the fields they fill, are the caller's
(:func:`members`, :mod:`.family_seats`).
"""

from __future__ import annotations

import numpy as np

from .kernel import compiled, same_bytes
from .scan import value_end

_CLOSE_OBJECT, _CLOSE_LIST, _COMMA = 125, 93, 44


def members(written: list[tuple[str, int, int, bool]]) -> tuple[np.ndarray, ...]:
    """Members in the order logs write them, ``(what comes before the value, its field, its
    kind, whether it may be left out)``, as the kernel takes them: the literals (a
    zero-padded row each), their lengths, fields, kinds and whether each may be left out."""
    lits = [m[0].encode() for m in written]
    out = np.zeros((len(lits), max(map(len, lits))), np.uint8)
    for k, lit in enumerate(lits):
        out[k, : len(lit)] = np.frombuffer(lit, np.uint8)
    return (out, np.array([len(x) for x in lits], np.int64),
            *(np.array([m[j] for m in written], np.int64) for j in (1, 2, 3)))  # fmt: skip


@compiled
def plain_seat(data, a, end, seat, spans, hands):
    """The number of hands of the plain seat ``data[a:end]``, its fields' spans in
    ``spans`` and each hand's in ``hands`` (at most ``len(hands)``); -1 where the seat is
    not plain (the spans are then not to be used).  ``seat``: :func:`members` before the
    hands, the hands' opening (one member: its field is the hands'), the members after
    them, and a hand's members."""
    before, opening, after, hand = seat
    i = _members(data, a, end, before, spans)
    at = _literal(data, i, end, opening[0][0], opening[1][0])
    if at < 0:
        return -1
    i, count = _hands(data, at, end, hand, hands)
    if i < 0:
        return -1
    spans[opening[2][0], 0], spans[opening[2][0], 1] = at - 1, i
    i = _members(data, i, end, after, spans)
    return count if i == end - 1 and data[i] == _CLOSE_OBJECT else -1


@compiled
def _members(data, i, end, written, spans):
    """After the members ``written`` (:func:`members`) from ``i``, their values' spans put;
    -1 where they are not written so."""
    lits, lengths, fields, kinds, optional = written
    for k in range(len(lengths)):
        at = _literal(data, i, end, lits[k], lengths[k])
        if at < 0:
            if optional[k]:
                continue
            return -1
        i = value_end(data, at, end, kinds[k], False)
        if i < 0:
            return -1
        spans[fields[k], 0], spans[fields[k], 1] = at, i
    return i


@compiled
def _hands(data, i, end, hand, hands):
    """``(after the list, count)`` of the plain hands from ``i`` (after the list's
    opening bracket); ``(-1, 0)`` where they are not."""
    count = 0
    while i < end and data[i] != _CLOSE_LIST:
        if count == len(hands) or (count and data[i] != _COMMA):
            return -1, 0
        i = _members(data, i + 1 if count else i, end, hand, hands[count])
        if i < 0 or i >= end or data[i] != _CLOSE_OBJECT:
            return -1, 0
        i += 1
        count += 1
    return (i + 1, count) if i < end else (-1, 0)


@compiled
def _literal(data, i, end, lit, n):
    """After the ``n`` bytes of ``lit`` if they are written at ``i``, with a value after
    them before ``end``; else -1."""
    if i < 0 or i + n >= end or not same_bytes(data, i, lit, 0, n):
        return -1
    return i + n
