"""Templates of raw JSON: the compiled reader says what the numpy check and readers say."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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



@pytest.mark.parametrize("pattern", list(EXAMPLES), ids=["seat", "spaced seat", "dealer"])
@pytest.mark.parametrize("whole", [True, False])
def test_reading_in_place_says_what_reading_at_says(pattern: Pattern, whole: bool):
    """Values of the template's shape read into their own rows, where they end given; values
    too short or too long (for ``whole``), already read, or of another shape left alone."""
    example = np.frombuffer(EXAMPLES[pattern] + b"{}}", np.uint8)
    rng = np.random.default_rng(17)  # a fixed seed: the same mutations every run
    rows = np.repeat(example[None, :], 2000, axis=0)
    for row in rows[1:]:
        at = rng.integers(0, pattern.width, rng.integers(0, 3))
        row[at] = rng.choice(BYTES, len(at))
    n, data = len(rows), rows.tobytes()
    starts = np.arange(n) * rows.shape[1]
    lengths = pattern.width + rng.integers(-1, 3, n)  # shorter, exactly, or more than it
    earlier = rng.random(n) < 0.1  # read already (by another template)
    after = np.where(earlier, 7, -1)
    digits, cards, tosses = (np.full((n, len(at)), -9)
                             for at in (pattern.digits_at, pattern.cards_at, pattern.tosses_at))
    pattern.read_into(np.frombuffer(data, np.uint8), starts, lengths, whole, after, digits, cards,
                      tosses)  # fmt: skip
    ok, *want = pattern.read_at(Spans(data, starts, lengths), np.arange(n))
    fits = lengths == pattern.width if whole else lengths > pattern.width
    read = ok & fits & ~earlier
    assert 0 < read.sum() < (ok & ~earlier).sum()  # some of the shape do not fit
    assert (after[read] == starts[read] + pattern.width).all()
    assert (after[earlier] == 7).all() and (after[~read & ~earlier] == -1).all()
    for out, expected in zip((digits, cards, tosses), want, strict=True):
        assert (out[read] == expected[read]).all() and (out[~read] == -9).all()


WORDS = [b"null", b"true", b"{}", b"0123456789"]


@st.composite
def near_words(draw) -> tuple[bytes, list[bytes]]:
    """A word and values next to it: itself, longer, shorter, a byte changed, anything."""
    word = draw(st.sampled_from(WORDS))
    near = st.sampled_from([word, word + b"x", word[:-1], word[:-1] + b"?", b"x" + word[1:]])
    return word, draw(st.lists(st.one_of(near, st.binary(max_size=12)), max_size=20))


@settings(max_examples=200, deadline=None)
@given(near_words())
def test_values_that_are_a_word_are_the_values_equal_to_it(drawn):
    """Values next to each other in one buffer and a value not read (start -1, empty)."""
    word, values = drawn
    data = b"\n".join(values)
    length = np.array([len(v) for v in values] + [0], np.int64)
    start = np.append(np.cumsum(length[:-1] + 1) - length[:-1] - 1, -1)
    got = Spans(data, start, length).are(word)
    assert got.tolist() == [v == word for v in values] + [False]
