"""Templates of raw JSON: the compiled reader says what the numpy check and readers say."""

from __future__ import annotations

import numpy as np
import pytest

from audits.validation.screen.fixed import Pattern, Spans
from audits.validation.screen.toss_one import DEALER_PATTERNS, SEAT_PATTERNS

EXAMPLES = {
    SEAT_PATTERNS[0]: b'{"seat":3,"cards":["AS","TD","9C","2H"],"toss":"TD","wagers":',
    SEAT_PATTERNS[1]: b'{"seat": 7, "cards": ["KH", "QS", "5D", "6C"], "toss": null, "wagers": ',
    DEALER_PATTERNS[0]: b'{"cards":["AS","TD","9C","2H"],"toss":null}',
}
#: bytes a mutation writes: every kind a template tells apart
BYTES = np.frombuffer(b'"{}[],:0 9nulASTDHCKQX\\\xff', np.uint8)


@pytest.mark.parametrize("pattern", list(EXAMPLES), ids=["seat", "spaced seat", "dealer"])
def test_the_compiled_reader_agrees_with_the_numpy_check(pattern: Pattern):
    example = np.frombuffer(EXAMPLES[pattern], np.uint8)
    assert len(example) == pattern.width
    rng = np.random.default_rng(13)  # a fixed seed: the same mutations every run
    rows = np.repeat(example[None, :], 3000, axis=0)
    for row in rows[1:]:  # the first row as written, the others with 1 to 3 bytes changed
        at = rng.integers(0, pattern.width, rng.integers(1, 4))
        row[at] = rng.choice(BYTES, len(at))
    data = rows.tobytes()
    spans = Spans(data, np.arange(len(rows)) * pattern.width, np.full(len(rows), pattern.width))
    ok, digits, cards, tosses = pattern.read_at(spans, np.arange(len(rows)))
    expected = pattern.check(rows)
    assert ok[0] and 0 < ok.sum() < len(rows)
    assert ok.tolist() == expected.tolist()
    if pattern.digits_at:
        assert (digits[ok] == pattern.digits(rows[ok])).all()
    assert (cards[ok] == pattern.cards(rows[ok])).all()
    assert (tosses[ok] == pattern.tosses(rows[ok])).all()
