"""The reader's JSON tokens and values, compiled into the kernels that call them.

White space, strings, keys (each looked up in its object's field table), literals,
integers, amounts in the published form read into integer cents, and cards
(:mod:`.reader` for what a line must be to be read).
"""

from __future__ import annotations

from .jit import inlined
from .layout import (
    _BACKSLASH,
    _CLOSE_LIST,
    _COLON,
    _COMMA,
    _DOT,
    _MINUS,
    _NINE,
    _OPEN_LIST,
    _QUOTE,
    _ZERO,
    NO_CARD,
)

# -- tokens --------------------------------------------------------------------------------


@inlined
def _ws(d, i, e, white):
    while i < e and white[d[i]]:
        i += 1
    return i


@inlined
def _next(d, i, e, white, closing):
    """After a value: ``(i, True)`` at the next member past a comma, ``(i, False)`` past the
    closing bracket; ``(-1, False)`` for anything else."""
    if i < 0:
        return -1, False
    i = _ws(d, i, e, white)
    if i >= e:
        return -1, False
    if d[i] == _COMMA:
        return _ws(d, i + 1, e, white), True
    if d[i] == closing:
        return i + 1, False
    return -1, False


@inlined
def _string_end(d, i, e):
    """After the string at ``i`` (a quote), -1 for anything but plain ASCII (an escape, a
    control byte, a byte beyond ASCII) or no closing quote."""
    if i >= e or d[i] != _QUOTE:
        return -1
    i += 1
    while i < e:
        c = d[i]
        if c == _QUOTE:
            return i + 1
        if c == _BACKSLASH or c < 32 or c > 126:
            return -1
        i += 1
    return -1


@inlined
def _key(d, i, e, keys, lengths, white, hint):
    """The known key at ``i`` (its index in the table; -1 unknown or not a key) and where
    its value starts; ``hint``, the key expected here (the one after the last), is tried
    first."""
    end = _string_end(d, i, e)
    if end < 0:
        return -1, -1
    n = end - i - 2
    found = -1
    if hint < len(lengths) and _is_key(d, i + 1, n, keys, lengths, hint):
        found = hint
    else:
        for k in range(len(lengths)):
            if _is_key(d, i + 1, n, keys, lengths, k):
                found = k
                break
    j = _ws(d, end, e, white)
    if found < 0 or j >= e or d[j] != _COLON:
        return -1, -1
    return found, _ws(d, j + 1, e, white)


@inlined
def _is_key(d, i, n, keys, lengths, k):
    """Whether the ``n`` bytes at ``i`` are key ``k`` of the table."""
    if lengths[k] != n:
        return False
    for j in range(n):
        if d[i + j] != keys[k, j]:
            return False
    return True


@inlined
def _text(d, i, e, spans, r, slot, nullable):
    """A plain string: its characters' span in ``spans[r, slot]``."""
    if nullable and _is_null(d, i, e):
        return i + 4
    end = _string_end(d, i, e)
    if end < 0:
        return -1
    spans[r, slot, 0], spans[r, slot, 1] = i + 1, end - 1
    return end


@inlined
def _name(d, i, e, spans, r, slot):
    """A dealer's or shift's name (1 to 64 characters, no control character) or null."""
    if _is_null(d, i, e):
        return i + 4
    end = _string_end(d, i, e)
    if end < 0 or end - i - 2 < 1 or end - i - 2 > 64:
        return -1
    spans[r, slot, 0], spans[r, slot, 1] = i + 1, end - 1
    return end


@inlined
def _is_null(d, i, e):
    return i + 4 <= e and d[i] == 110 and d[i + 1] == 117 and d[i + 2] == 108 and d[i + 3] == 108


@inlined
def _literal(d, i, e):
    """``(end, value)`` of true (1), false (0) or null (-1) at ``i``; end -1 for none."""
    if _is_null(d, i, e):
        return i + 4, -1
    if i + 4 <= e and d[i] == 116 and d[i + 1] == 114 and d[i + 2] == 117 and d[i + 3] == 101:
        return i + 4, 1
    if (i + 5 <= e and d[i] == 102 and d[i + 1] == 97 and d[i + 2] == 108 and d[i + 3] == 115
            and d[i + 4] == 101):  # fmt: skip
        return i + 5, 0
    return -1, 0


@inlined
def _ends_number(d, i, e):
    """Whether a number may end at ``i`` (no digit, point or exponent follows)."""
    if i >= e:
        return True
    c = d[i]
    return not (_ZERO <= c <= _NINE or c == _DOT or c == 101 or c == 69)


@inlined
def _one(d, i, e, white):
    if i < e and d[i] == 49 and _ends_number(d, i + 1, e):
        return i + 1
    return -1


@inlined
def _int(d, i, e):
    """``(end, value)`` of a whole number without sign or leading zero (at most 9 digits);
    end -1 for anything else."""
    j, value = i, 0
    while j < e and _ZERO <= d[j] <= _NINE and j - i < 10:
        value = value * 10 + (int(d[j]) - _ZERO)
        j += 1
    if j == i or j - i > 9 or (d[i] == _ZERO and j - i > 1) or not _ends_number(d, j, e):
        return -1, 0
    return j, value


@inlined
def _digits_cents(d, i, e):
    """``(end, cents)`` of an amount's text from ``i``: ``-?(0|[1-9][0-9]{0,10})
    (\\.[0-9]{1,2})?``; end -1 where it is not one."""
    negative = i < e and d[i] == _MINUS
    j = i + 1 if negative else i
    start, whole = j, 0
    while j < e and _ZERO <= d[j] <= _NINE:
        whole = whole * 10 + (int(d[j]) - _ZERO)
        j += 1
        if j - start > 11:
            return -1, 0
    if j == start or (d[start] == _ZERO and j - start > 1):
        return -1, 0
    cents = whole * 100
    if j < e and d[j] == _DOT:
        j += 1
        if j >= e or not (_ZERO <= d[j] <= _NINE):
            return -1, 0
        cents += (int(d[j]) - _ZERO) * 10
        j += 1
        if j < e and _ZERO <= d[j] <= _NINE:
            cents += int(d[j]) - _ZERO
            j += 1
    return j, -cents if negative else cents


@inlined
def _amount(d, i, e):
    """``(end, cents)`` of an amount written as a string or a number; end -1 for none."""
    if i < e and d[i] == _QUOTE:
        j, cents = _digits_cents(d, i + 1, e)
        if j < 0 or j >= e or d[j] != _QUOTE:
            return -1, 0
        return j + 1, cents
    j, cents = _digits_cents(d, i, e)
    if j < 0 or not _ends_number(d, j, e):
        return -1, 0
    return j, cents


@inlined
def _card(d, i, e, rank_of, suit_of):
    """``(end, card)`` of a card string such as ``"TS"``; end -1 for anything else."""
    if i + 4 > e or d[i] != _QUOTE or d[i + 3] != _QUOTE:
        return -1, 0
    rank, suit = rank_of[d[i + 1]], suit_of[d[i + 2]]
    if rank < 0 or suit < 0:
        return -1, 0
    return i + 4, rank * 4 + suit


@inlined
def _cards(d, i, e, white, rank_of, suit_of, out, most):
    """``(end, count)`` of a list of cards, the first ``most`` into ``out``; a list of more
    than ``most`` cards: end -1 when ``most`` is exact (its cards are needed), else its
    count beyond ``most`` is kept (``most`` negative: keep at most ``-most``)."""
    keep = most if most > 0 else -most
    if i >= e or d[i] != _OPEN_LIST:
        return -1, 0
    i = _ws(d, i + 1, e, white)
    count = 0
    if i < e and d[i] == _CLOSE_LIST:
        return i + 1, 0
    while True:
        i, card = _card(d, i, e, rank_of, suit_of)
        if i < 0:
            return -1, 0
        if count < keep:
            out[count] = card
        elif most > 0:
            return -1, 0
        count += 1
        if count > 127:
            return -1, 0
        i, more = _next(d, i, e, white, _CLOSE_LIST)
        if not more:
            return i, count


@inlined
def _toss(d, i, e, rank_of, suit_of, out, slot):
    """A toss: a card, or null (:data:`NO_CARD`)."""
    if _is_null(d, i, e):
        out[slot] = NO_CARD
        return i + 4
    j, card = _card(d, i, e, rank_of, suit_of)
    out[slot] = card
    return j
