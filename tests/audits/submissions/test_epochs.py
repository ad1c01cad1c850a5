"""A place's epochs (audits/submissions/run/fast_path.py, ``Epochs``): a batch's rounds all
in one epoch that no other touches are that epoch's at once; whenever that shortcut answers,
it is the epoch each round's own search (the first holding its time) finds."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.submissions.run.fast_path import Epochs

SPANS = st.lists(st.tuples(st.integers(0, 100), st.integers(1, 40)), max_size=5)
TIMES = st.lists(st.integers(-10, 150), min_size=1, max_size=30)


@settings(max_examples=400)
@given(SPANS, TIMES)
def test_the_shortcut_names_the_epoch_every_round_would_find(spans, times):
    epochs = Epochs()
    for at, (start, length) in enumerate(spans):
        epochs.add(start, start + length, f"gate {at}")
    micros = np.array(times, np.int64)
    alone = epochs.alone_holding(int(micros.min()), int(micros.max()))
    first = epochs.first_of(micros)
    if alone is not None:
        assert (first == alone).all()
        assert sum(1 for s, n in spans if s < micros.max() + 1 and micros.min() < s + n) == 1


def test_one_day_a_batch_and_the_next_day_apart():
    epochs = Epochs()
    epochs.add(0, 100, "monday")
    assert epochs.alone_holding(10, 99) == 0
    assert epochs.alone_holding(10, 100) is None  # a round past the day's end
    epochs.add(100, 200, "tuesday")
    assert epochs.alone_holding(100, 150) == 1
    assert epochs.alone_holding(90, 150) is None  # the batch spans both days
