"""The engine's answers remembered per summary code: asked once per distinct code, the
same answer for every row of a code, in any order, across batches and after a reset."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.games.blackjack.answers import Answers


def asking(codes):
    asked = []

    def answer(i: int) -> tuple[int, int]:
        asked.append(int(codes[i]))
        return (int(codes[i]) * 2, int(codes[i]) % 7)

    return asked, answer


def expected(codes) -> np.ndarray:
    return np.column_stack([codes * 2, codes % 7])


def test_each_code_is_asked_once_and_every_row_gets_its_answer():
    answers = Answers(2)
    rng = np.random.default_rng(5)
    seen: set[int] = set()
    for _ in range(6):  # batches, each with codes seen before and new ones
        codes = rng.integers(-50, 400, size=300)
        asked, answer = asking(codes)
        found = answers.of(codes, answer)
        assert (found == expected(codes)).all()
        assert len(asked) == len(set(asked))  # once per code within the batch
        assert not set(asked) & seen  # and never again later
        assert set(asked) == set(codes.tolist()) - seen
        seen |= set(asked)


def test_a_full_table_starts_again_and_still_answers_right():
    answers = Answers(2, most=50)
    rng = np.random.default_rng(6)
    for _ in range(5):
        codes = rng.integers(0, 40, size=100)
        assert (answers.of(codes, asking(codes)[1]) == expected(codes)).all()
    codes = np.arange(80)  # more distinct codes than it keeps
    asked, answer = asking(codes)
    assert (answers.of(codes, answer) == expected(codes)).all()
    assert sorted(asked) == list(range(80))


def test_no_codes_no_answers():
    assert Answers(3).of(np.zeros(0, np.int64), lambda i: (1, 2, 3)).shape == (0, 3)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.lists(
            st.integers(-(2**63), 2**63 - 1)
            | st.integers(-3, 3)
            | st.sampled_from([k << 40 for k in range(8)]),  # differing in high bits only
            max_size=400,
        ),
        min_size=1,
        max_size=8,
    )
)
def test_any_int64_codes_are_asked_once_across_batches_as_the_table_grows(batches):
    answers, seen = Answers(2), set()
    for batch in batches:
        asked, answer = asking_of(batch)
        assert answers.of(np.array(batch, np.int64), answer).tolist() == [
            [c, len(str(c))] for c in batch
        ]
        assert sorted(asked) == sorted(set(batch) - seen)
        seen |= set(batch)


def asking_of(batch: list[int]):
    """As :func:`asking`, with answers that hold any int64 code."""
    asked = []

    def answer(i: int) -> tuple[int, int]:
        asked.append(batch[i])
        return batch[i], len(str(batch[i]))

    return asked, answer
