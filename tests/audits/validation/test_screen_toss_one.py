"""The fast path's Toss One 21 screen agrees with the full checks.

Within the shapes the screen handles (string amounts, every wager placed and
settled, no blackjack-family fields) it must call a round clean exactly when
the full path finds nothing; outside them it may only say "not sure".
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from audits.samples import generate_toss_one
from audits.services.fast_path import quick_round
from audits.validation.games import check_round
from audits.validation.parse import Rejected, parse_line
from audits.validation.screen_toss_one import TossOneScreen
from games.engine.cards import CARD_CODES
from tests.audits.conftest import ROUND
from tests.audits.validation.test_checks_toss_one import RULES

SCREEN = TossOneScreen(RULES)
AMOUNTS = [
    "0",
    "1",
    "2",
    "5",
    "7.50",
    "10",
    "25",
    "37.50",
    "60",
    "400",
    "500",
    "-5",
    "-25",
    "5.005",
]


def judged(line: bytes) -> tuple[bool, list | None]:
    """(the screen's verdict, the full path's findings or None for a rejected line)."""
    try:
        full = check_round(parse_line(line, 1), RULES)
    except Rejected:
        full = None
    decoded = quick_round(line)
    return (decoded is not None and SCREEN(decoded[0]) is not None), full


def in_screen_domain(data: dict) -> bool:
    """Shapes the screen is meant to settle itself (else it may defer to the full path)."""
    return all(
        isinstance(data.get("v"), int)
        and all(isinstance(v, str) and v not in ("0",) for v in seat.get("wagers", {}).values())
        and set(seat.get("wagers", {})) == set(seat.get("results", {}))
        for seat in data.get("seats", [])
    )


def test_the_format_example_is_clean_on_both_paths():
    assert judged(json.dumps(ROUND).encode()) == (True, [])


def test_every_round_of_a_faulty_sample_is_judged_alike(tmp_path):
    path = tmp_path / "sample.jsonl"
    generate_toss_one(path, rounds=1500, fault_rate=0.3, seed=3)
    taken = clean = 0
    for raw in path.read_bytes().splitlines():
        quick, full = judged(raw)
        if quick:
            assert full == [], raw
            taken += 1
        clean += full == []
    assert taken >= 0.95 * clean > 0  # the screen takes nearly every clean round


def _mutated(rng: random.Random) -> dict:
    data = json.loads(json.dumps(ROUND))
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


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_changes_to_a_clean_round_are_judged_alike(seed):
    data = _mutated(random.Random(seed))
    quick, full = judged(json.dumps(data).encode())
    if quick:
        assert full == []
    elif in_screen_domain(data) and full == []:
        raise AssertionError(f"the screen deferred a clean round it should settle: {data}")
