"""A batch of lines scanned once, in compiled code: where each field's raw JSON value lies.

The screen needs, per line, where the round id, the time, the place, the dealer and each seat
are written; what they say it reads later, in columns.  :func:`scan_lines` walks each line's
top-level object once (numba) and records each field's span (start and end in the batch's
bytes) and each seat's.  It walks only what it can vouch for and gives up on the rest: a
line is *scanned* only when it is one object of known keys, each once, with string values
free of escapes and control bytes (the round id plain ASCII too), objects where objects
belong and a list of at most seven objects for the seats; ``v`` is ``1`` and ``shift``, if
written, ``null``.  Any other line is *not scanned*, and the caller decodes it as before
(:mod:`.decode`), which reads every spelling JSON allows.

The scanner proves the top level's structure, not what nested values hold: each span is
shown to be valid JSON by whoever reads it (a template check, or msgspec on one value of
each distinct spelling, all others proven byte-equal to it: :func:`factorize_spans`).  A
span that is not valid JSON is read as nothing, and its round goes to the exact path.
"""

from __future__ import annotations

import numpy as np

from .kernel import compiled
from .templates import NO_TEMPLATES, Templates, template_width

FIELDS = ("v", "round", "played_at", "venue", "table", "game", "options", "shoe", "dealer",
          "seats", "shift")  # fmt: skip
V, ROUND, PLAYED_AT, VENUE, TABLE, GAME, OPTIONS, SHOE, DEALER, SEATS, SHIFT = range(len(FIELDS))
MOST_SEATS = 7
#: what a field's value must be: a number or literal, a string, an object, a list, anything,
#: or a list of objects (whose spans are kept: the seats, a seat's hands)
SCALAR, STRING, OBJECT, LIST, ANY, OBJECTS = range(6)
_KINDS = np.array([SCALAR, STRING, STRING, STRING, STRING, STRING, OBJECT, OBJECT, OBJECT,
                   OBJECTS, SCALAR], np.int64)  # fmt: skip
_REQUIRED = np.array([f not in ("options", "shift") for f in FIELDS], np.bool_)


def key_table(fields) -> tuple[np.ndarray, np.ndarray]:
    """An object's known keys as the scanner matches them: their bytes (a row each, zero
    padded) and lengths."""
    lengths = np.array([len(f) for f in fields], np.int64)
    keys = np.zeros((len(fields), int(lengths.max())), np.uint8)
    for i, f in enumerate(fields):
        keys[i, : len(f)] = np.frombuffer(f.encode(), np.uint8)
    return keys, lengths


_KEYS, _KEY_LENGTHS = key_table(FIELDS)

_QUOTE, _BACKSLASH, _COLON, _COMMA = 34, 92, 58, 44
_OPEN_OBJECT, _CLOSE_OBJECT, _OPEN_LIST, _CLOSE_LIST = 123, 125, 91, 93
#: per byte: 0 plain, 1 a quote, 2 a byte no scanned string holds (escape, control), 3 beyond
#: ASCII; in nested values also 4 an opening and 5 a closing bracket
_IN_STRING = np.zeros(256, np.uint8)
_IN_STRING[_QUOTE] = 1
_IN_STRING[_BACKSLASH] = 2
_IN_STRING[:32] = 2
_IN_STRING[128:] = 3
_NESTED = np.zeros(256, np.uint8)
_NESTED[_QUOTE] = 1
_NESTED[[_OPEN_OBJECT, _OPEN_LIST]] = 4
_NESTED[[_CLOSE_OBJECT, _CLOSE_LIST]] = 5
#: per byte: 1 ends a number or literal, 2 cannot be in one
_SCALAR = np.zeros(256, np.uint8)
_SCALAR[[_COMMA, _CLOSE_OBJECT, _CLOSE_LIST, 32, 9, 10, 13]] = 1
_SCALAR[[_QUOTE, _OPEN_OBJECT, _OPEN_LIST, _COLON]] = 2
_ONE, _NULL = np.frombuffer(b"1", np.uint8), np.frombuffer(b"null", np.uint8)


def scan_lines(data: np.ndarray, starts: np.ndarray, ends: np.ndarray,
               seat_starts: Templates = NO_TEMPLATES):  # fmt: skip
    """``(scanned, spans, seats, seat_count)`` of the lines ``data[starts[i]:ends[i]]``:
    ``spans[i, f]`` the start and end of field ``f``'s value (:data:`FIELDS`; -1 where not
    written), ``seats[i, s]`` of seat ``s``; all meaningful only where ``scanned[i]``.  A
    seat that starts with one of ``seat_starts`` is stepped over to the template's end
    (:mod:`.templates`)."""
    n = len(starts)
    spans = np.full((n, len(FIELDS), 2), -1, np.int64)
    seats = np.full((n, MOST_SEATS, 2), -1, np.int64)
    seat_count = np.zeros(n, np.int64)
    scanned = np.zeros(n, np.bool_)
    _scan(data, starts, ends, _KEYS, _KEY_LENGTHS, _KINDS, _REQUIRED, seat_starts.arrays, spans,
          seats, seat_count, scanned)  # fmt: skip
    return scanned, spans, seats, seat_count


@compiled
def _scan(data, starts, ends, keys, key_lengths, kinds, required, seat_starts, spans, seats,
          seat_count, scanned):  # fmt: skip
    for r in range(len(starts)):
        count = _line(data, starts[r], ends[r], keys, key_lengths, kinds, seat_starts, spans[r],
                      seats[r])  # fmt: skip
        if count < 0:
            continue
        ok = True
        for f in range(len(required)):
            if required[f] and spans[r, f, 0] < 0:
                ok = False
        ok = ok and span_is(data, spans[r, V], _ONE)
        if spans[r, SHIFT, 0] >= 0:
            ok = ok and span_is(data, spans[r, SHIFT], _NULL)
        scanned[r] = ok
        seat_count[r] = count


@compiled
def span_is(data, span, word):
    """Whether the span holds exactly ``word``."""
    if span[1] - span[0] != len(word):
        return False
    for j in range(len(word)):
        if data[span[0] + j] != word[j]:
            return False
    return True


@compiled
def _space(data, i, end):
    while i < end:
        c = data[i]
        if c != 32 and c != 9 and c != 10 and c != 13:
            break
        i += 1
    return i


@compiled
def _string_end(data, i, end, ascii_only):
    """After the string starting at ``i`` (a quote); -1 for an escape, a control byte, or
    (``ascii_only``) a byte beyond ASCII."""
    i += 1
    while i < end:
        kind = _IN_STRING[data[i]]
        if kind:
            if kind == 1:
                return i + 1
            if kind == 2 or ascii_only:
                return -1
        i += 1
    return -1


@compiled
def _nested_end(data, i, end):
    """After the object or list starting at ``i``, by its brackets outside strings (what it
    holds is proven by its reader); -1 where it does not close."""
    return _closing(data, i, end, 0)


@compiled
def _closing(data, i, end, depth):
    """After the bracket that closes the ``depth`` brackets open at ``i`` (outside any
    string), counting those that open and close from ``i`` on; -1 where it does not
    close."""
    while i < end:
        kind = _NESTED[data[i]]
        if kind:
            if kind == 1:
                i = _string_end(data, i, end, False)
                if i < 0:
                    return -1
                continue
            if kind == 4:
                depth += 1
            else:
                depth -= 1
                if depth == 0:
                    return i + 1
        i += 1
    return -1


@compiled
def _scalar_end(data, i, end):
    """After a number or literal starting at ``i``: at the next separator or space."""
    start = i
    while i < end:
        kind = _SCALAR[data[i]]
        if kind == 1:
            break
        if kind == 2:
            return -1
        i += 1
    return i if i > start else -1


@compiled
def _field(data, a, b, keys, key_lengths, guess):
    """The field whose key is ``data[a:b]``, -1 for none; field ``guess`` (the one that
    follows the last in :data:`FIELDS`, as lines are usually written) is tried first."""
    if guess < len(key_lengths) and _is_key(data, a, b, keys, key_lengths, guess):
        return guess
    for f in range(len(key_lengths)):
        if f != guess and _is_key(data, a, b, keys, key_lengths, f):
            return f
    return -1


@compiled
def _is_key(data, a, b, keys, key_lengths, f):
    if key_lengths[f] != b - a:
        return False
    for j in range(b - a):
        if data[a + j] != keys[f, j]:
            return False
    return True


@compiled
def _object_list(data, i, end, items, item_starts):
    """``(end, count)`` of the list of objects starting at ``i``, each one's span in
    ``items``; ``(-1, 0)`` when it is not a list of at most ``len(items)`` objects.  An
    object that starts with one of the templates ``item_starts`` is read on from the
    template's end, inside the object."""
    i = _space(data, i + 1, end)
    if i < end and data[i] == _CLOSE_LIST:
        return i + 1, 0
    count = 0
    while True:
        if i >= end or data[i] != _OPEN_OBJECT or count == len(items):
            return -1, 0
        skip = template_width(data, i, end, item_starts)
        after = _closing(data, i + skip, end, 1) if skip else _nested_end(data, i, end)
        if after < 0:
            return -1, 0
        items[count, 0], items[count, 1] = i, after
        count += 1
        i = _space(data, after, end)
        if i >= end:
            return -1, 0
        if data[i] == _CLOSE_LIST:
            return i + 1, count
        if data[i] != _COMMA:
            return -1, 0
        i = _space(data, i + 1, end)


@compiled
def value_end(data, i, end, kind, ascii_only):
    """After the value starting at ``i`` if it is of ``kind`` (not :data:`OBJECTS`), else
    -1."""
    c = data[i]
    if c == _QUOTE:
        return _string_end(data, i, end, ascii_only) if kind == STRING or kind == ANY else -1
    if c == _OPEN_OBJECT:
        return _nested_end(data, i, end) if kind == OBJECT or kind == ANY else -1
    if c == _OPEN_LIST:
        return _nested_end(data, i, end) if kind == LIST or kind == ANY else -1
    return _scalar_end(data, i, end) if kind == SCALAR or kind == ANY else -1


@compiled
def walk_object(data, i, end, keys, key_lengths, kinds, ascii_field, item_starts, spans,
                items):  # fmt: skip
    """``(end, count)`` of the object starting at ``i`` (an opening brace): each known
    key's value span in ``spans``, the objects of its :data:`OBJECTS` field in ``items``
    (``count`` of them; :func:`_object_list` with ``item_starts``, a
    :attr:`~.templates.Templates.arrays`); ``(-1, 0)`` for a key not known or written
    twice, a value not of its kind, or anything but an object.  ``ascii_field``: the field
    whose string must be plain ASCII (-1 for none)."""
    count, f = 0, -1
    i = _space(data, i + 1, end)
    if i < end and data[i] == _CLOSE_OBJECT:
        return i + 1, 0
    while True:
        if i >= end or data[i] != _QUOTE:
            return -1, 0
        key_end = _string_end(data, i, end, True)
        if key_end < 0:
            return -1, 0
        f = _field(data, i + 1, key_end - 1, keys, key_lengths, f + 1)
        if f < 0 or spans[f, 0] >= 0:  # a key not known, or written twice
            return -1, 0
        i = _space(data, key_end, end)
        if i >= end or data[i] != _COLON:
            return -1, 0
        i = _space(data, i + 1, end)
        if i >= end:
            return -1, 0
        if kinds[f] == OBJECTS:
            after = -1
            if data[i] == _OPEN_LIST:
                after, count = _object_list(data, i, end, items, item_starts)
        else:
            after = value_end(data, i, end, kinds[f], f == ascii_field)
        if after < 0:
            return -1, 0
        spans[f, 0], spans[f, 1] = i, after
        i = _space(data, after, end)
        if i >= end:
            return -1, 0
        if data[i] == _CLOSE_OBJECT:
            return i + 1, count
        if data[i] != _COMMA:
            return -1, 0
        i = _space(data, i + 1, end)


@compiled
def _line(data, i, end, keys, key_lengths, kinds, seat_starts, spans, seats):
    """The number of seats of the line ``data[i:end]``, its spans filled; -1 where it is
    not a line the scanner vouches for."""
    i = _space(data, i, end)
    if i >= end or data[i] != _OPEN_OBJECT:
        return -1
    after, count = walk_object(data, i, end, keys, key_lengths, kinds, ROUND, seat_starts, spans,
                               seats)  # fmt: skip
    return count if after >= 0 and _space(data, after, end) == end else -1
