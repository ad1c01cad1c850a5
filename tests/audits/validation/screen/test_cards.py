"""Card lists read where they lie in one compiled pass, held to the templates' definition."""

from __future__ import annotations

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st

from audits.validation.screen.cards import card_lists_at, ragged_cards, two_cards_at
from audits.validation.screen.fixed import Spans

CODES = st.sampled_from(["AS", "JS", "QH", "TD", "9C", "2H", "XS", "A?", "aS", 'A"', "A", "ASD"])
SEPARATORS = st.sampled_from([",", ",", ", ", ", ", ",  ", " ,", ";", ""])


@st.composite
def card_lists(draw) -> bytes:
    """A card list as a log might write it: codes good and bad, separators of every width,
    mixed or not, then perhaps a byte changed, dropped or added anywhere."""
    codes = draw(st.lists(CODES, max_size=10))
    same = draw(st.booleans())
    first = draw(SEPARATORS)
    body = b""
    for k, code in enumerate(codes):
        if k:
            body += (first if same else draw(SEPARATORS)).encode()
        body += b'"' + code.encode() + b'"'
    value = bytearray(draw(st.sampled_from([b"[", b"", b" ["])) + body
                      + draw(st.sampled_from([b"]", b"", b"] ", b",]"])))  # fmt: skip
    edit = draw(st.sampled_from(["none", "none", "change", "drop", "add"]))
    if edit != "none" and value:
        at = draw(st.integers(0, len(value) - 1))
        byte = draw(st.sampled_from(b'[]", ASD9XT\\'))
        if edit == "change":
            value[at] = byte
        elif edit == "drop":
            del value[at]
        else:
            value.insert(at, byte)
    return bytes(value)


def spans_of(values: list[bytes]) -> Spans:
    """The values one after the other in one buffer, each where it lies."""
    data = b"\n".join(values)
    length = np.array([len(v) for v in values], np.int64)
    return Spans(data, np.cumsum(length + 1) - length - 1, length)


@settings(max_examples=400, deadline=None)
@given(st.lists(card_lists(), max_size=30), st.sampled_from([0, 1, 2, 4, 8]))
@example([b'["AS",]', b'["AS","JS", "QH"]', b'["AS", "JS","QH"]', b"[]", b"", b'["AS"]',
          b'["AS","JS","QH","TD","9C"]', b'[ "AS"]', b'["AS" ]',
          b'["AS", "JS",,"QH"]', b'["AS", "JS",X"QH"]'], 4)  # fmt: skip
def test_card_lists_read_in_place_are_the_templates_reading(values, most):
    cards, counts = card_lists_at(spans_of(values), most)
    want_cards, want_counts = ragged_cards(values, most)
    assert counts.tolist() == want_counts.tolist()
    assert cards.tolist() == want_cards.tolist()


@settings(max_examples=200, deadline=None)
@given(st.lists(card_lists(), max_size=30))
def test_two_cards_are_a_list_of_exactly_two(values):
    want_cards, want_counts = ragged_cards(values, 2)
    want = np.where((want_counts == 2)[:, None], want_cards, -1)
    assert two_cards_at(spans_of(values)).tolist() == want.tolist()


def test_a_value_not_read_is_no_list():
    """Spans of seats the reader gave up on start at -1 and are empty."""
    spans = Spans(b'["AS","JS"]', np.array([-1, 0]), np.array([0, 11]))
    cards, counts = card_lists_at(spans, 4)
    assert counts.tolist() == [-1, 2] and cards[0].tolist() == [-1] * 4


def shoe_by_counting(dealer, seats, seat_round, n, decks) -> np.ndarray:
    """The shoe check as numpy defines it: every round's cards counted at once."""
    rows = np.concatenate([np.repeat(np.arange(n), dealer.shape[1]),
                           np.repeat(seat_round, seats.shape[1])])  # fmt: skip
    every = np.concatenate([dealer.ravel(), seats.ravel()])
    real = every >= 0
    flat = rows[real] * 52 + every[real]
    return np.bincount(flat, minlength=n * 52).reshape(n, 52).max(axis=1) <= decks


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6), st.integers(1, 8), st.integers(0, 2**32 - 1), st.integers(1, 52))
def test_the_shoe_counted_in_one_pass_is_numpys_count(n, decks, seed, spread):
    """Rounds of a dealer and up to seven seats of up to eight cards drawn from ``spread``
    cards (few: the same card often), -1 padded; the seats' rounds in any order."""
    rng = np.random.default_rng(seed)

    def cards(rows: int) -> np.ndarray:
        drawn = rng.integers(0, spread, (rows, 8))
        return np.where(rng.random((rows, 8)) < 0.3, -1, drawn)

    seat_round = rng.integers(0, n, rng.integers(0, 7 * n + 1))
    dealer, seats = cards(n), cards(len(seat_round))
    want = shoe_by_counting(dealer, seats, seat_round, n, decks)
    from audits.validation.screen.cards import within_shoe

    assert within_shoe(dealer, seats, seat_round, n, decks).tolist() == want.tolist()
