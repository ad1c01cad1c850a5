"""Toss One 21's screen against the exact path, round by round.

Within the shapes the screen reads itself (string amounts, every wager placed and settled,
no blackjack-family fields) it must count a round clean exactly when the exact path finds
nothing; outside them it may only leave the round to the exact path.
"""

from __future__ import annotations

import json
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples import generate_toss_one
from audits.validation.games import GAMES, check_judge, check_round
from audits.validation.games.toss_one.screen import TossOneScreen
from audits.validation.parse import parse_line
from audits.validation.rejected import Rejected
from audits.validation.screen.batch import Batch
from games.engine.cards import CARD_CODES
from tests.audits.conftest import ROUND
from tests.audits.validation.test_checks_toss_one import RULES

OPTIONS = {"blackjack_pays": "3:2", "lucky3_paytable": "1"}
SCREEN = TossOneScreen(RULES, OPTIONS, 6, check_judge(GAMES["toss-one-21"]))
LATEST = np.iinfo(np.int64).max
AMOUNTS = ["0", "1", "2", "5", "7.50", "10", "25", "37.50", "60", "400", "500", "-5", "-25",
           "5.005"]  # fmt: skip


def screened(lines: list[bytes]) -> np.ndarray:
    """Which lines the screen counts clean (a line it cannot decode: not counted)."""
    length = np.array([len(line) for line in lines], np.int64)
    starts = np.cumsum(length + 1) - length - 1
    batch = Batch(b"\n".join(lines), starts, starts + length, LATEST)
    rows = np.flatnonzero(batch.ok)
    clean = np.zeros(len(lines), bool)
    if rows.size:
        verdict = SCREEN.screen(batch, rows, lines, np.arange(1, len(lines) + 1))
        clean[rows[verdict.clean]] = True
    return clean


def exact(line: bytes) -> list | None:
    """The exact path's findings, None for a rejected line."""
    try:
        return check_round(parse_line(line, 1), RULES)
    except Rejected:
        return None


def test_the_format_example_is_clean_on_both_paths():
    line = json.dumps(ROUND).encode()
    assert screened([line]).tolist() == [True] and exact(line) == []


def test_every_round_of_a_faulty_sample_is_judged_alike(tmp_path):
    path = tmp_path / "sample.jsonl"
    generate_toss_one(path, rounds=1500, fault_rate=0.3, seed=3)
    lines = path.read_bytes().splitlines()
    counted = screened(lines)
    clean = [exact(line) == [] for line in lines]
    assert all(c for c, s in zip(clean, counted, strict=True) if s)  # nothing faulty counted
    assert counted.sum() >= 0.95 * sum(clean) > 0  # and nearly every clean round counted


def _mutated(rng: random.Random) -> dict:
    data = json.loads(json.dumps(ROUND))
    data["dealer"]["toss"] = "KD"
    seat = data["seats"][0]
    for _ in range(rng.randint(1, 3)):
        what = rng.choice(["card", "toss", "dealer_card", "dealer_toss", "stake", "result", "key"])
        if what == "card":
            seat["cards"][rng.randrange(4)] = rng.choice(CARD_CODES)
        elif what == "toss":
            seat["toss"] = rng.choice([None, *seat["cards"], rng.choice(CARD_CODES)])
        elif what == "dealer_card":
            data["dealer"]["cards"][rng.randrange(4)] = rng.choice(CARD_CODES)
        elif what == "dealer_toss":
            data["dealer"]["toss"] = rng.choice([None, *data["dealer"]["cards"]])
        elif what == "stake":
            seat["wagers"][rng.choice(list(seat["wagers"]))] = rng.choice(AMOUNTS)
        elif what == "result":
            seat["results"][rng.choice(list(seat["results"]))] = rng.choice(AMOUNTS)
        else:
            key = rng.choice(["main", "lucky3", "bonus4", "extra"])
            seat["wagers"].pop(key, None) if rng.random() < 0.5 else None
            seat["results"].pop(key, None) if rng.random() < 0.5 else None
    return data


def in_screen_domain(data: dict) -> bool:
    """Shapes the screen is meant to read itself (else it may leave them to the exact path)."""
    return all(
        all(isinstance(v, str) and v != "0" for v in seat.get("wagers", {}).values())
        and set(seat.get("wagers", {})) == set(seat.get("results", {}))
        for seat in data.get("seats", [])
    )


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.booleans())
def test_random_changes_to_a_clean_round_are_judged_alike(seed, compact):
    data = _mutated(random.Random(seed))
    separators = (",", ":") if compact else (", ", ": ")
    line = json.dumps(data, separators=separators).encode()
    counted, found = screened([line])[0], exact(line)
    if counted:
        assert found == []
    elif in_screen_domain(data) and found == []:
        raise AssertionError(f"the screen left a clean round it should read: {data}")
