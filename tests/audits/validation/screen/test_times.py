"""Times read in compiled code: the same instant as the exact path reads, or none."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import numpy as np
import pytest

from audits.validation.screen.times import EPOCH, MICROSECOND, MISSING, epoch_micros

WRITTEN = [
    "2026-10-01T10:00:03-07:00", "2026-10-01T17:00:03Z", "2024-02-29T23:59:59+14:00",
    "2023-02-29T10:00:00Z", "2026-13-01T10:00:00Z", "2026-04-31T10:00:00Z", "2026-10-01T24:00:00Z",
    "2026-10-01T10:60:00Z", "2026-10-01T10:00:60Z", "2026-10-01T10:00:00+24:00",
    "2026-10-01T10:00:00+05:60", "2026-10-01T10:00:00*05:00", "2026-10-01 10:00:00Z",
    "0999-10-01T10:00:00Z", "9000-01-01T00:00:00Z", "2026-1a-01T10:00:00Z", "1600-02-29T00:00:00Z",
    "1900-02-29T00:00:00Z", "2026-10-01T10:00:00", "2026-10-01T10:00:00.5Z", "not a time",
]  # fmt: skip


def exact(text: str) -> int:
    """What the exact path makes of it (``parse._time``)."""
    try:
        value = datetime.fromisoformat(text)
    except ValueError:
        return MISSING
    return MISSING if value.tzinfo is None else (value.astimezone(UTC) - EPOCH) // MICROSECOND


def test_each_spelling_read_as_the_exact_path_reads_it():
    raws = [json.dumps(t).encode() for t in WRITTEN]
    assert epoch_micros(raws).tolist() == [exact(t) for t in WRITTEN]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_times_and_their_mutations(seed):
    rng = np.random.default_rng(seed)  # fixed seeds: the same times every run
    texts = []
    for _ in range(2000):
        seconds = int(rng.integers(-2_000_000_000, 4_000_000_000))
        offset = int(rng.integers(-14 * 4, 14 * 4 + 1)) * 15
        sign = "-" if offset < 0 else "+"
        text = datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S") + (
            "Z" if rng.random() < 0.3 else f"{sign}{abs(offset) // 60:02d}:{abs(offset) % 60:02d}"
        )
        if rng.random() < 0.3:  # a byte changed to a digit or a separator
            at = int(rng.integers(0, len(text)))
            text = text[:at] + str(rng.choice(list("0123456789-:+TZ"))) + text[at + 1 :]
        texts.append(text)
    got = epoch_micros([json.dumps(t).encode() for t in texts]).tolist()
    assert got == [exact(t) for t in texts]
