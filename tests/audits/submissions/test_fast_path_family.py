"""The blackjack family's screen (Ante Up 21, the tie bonus game) against the exact path:
the same findings, rounds, clean rounds and totals, whatever the lines hold."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audits.samples.blackjack import generate_blackjack
from audits.submissions.models import Submission
from audits.submissions.run.chunk_run import ChunkRun
from tests.audits.conftest import changed

pytestmark = pytest.mark.django_db

GAMES = ("ante-up-21", "blackjack-tie-bonus")


def judged(submission, lines: list[bytes], fast: bool):
    run = ChunkRun(submission, fast=fast)
    run.feed(1, lines)
    run.close()
    seen = sorted(run.seen, key=lambda s: s.line)
    return (sorted(run.findings, key=repr), seen, dict(run.totals), (run.rounds, run.rejected),
            dict(run.dealers), dict(run.seats))  # fmt: skip


def sample(tmp_path, game: str, rounds: int, seed: int, fault_rate: float = 0.04) -> list[bytes]:
    path = tmp_path / f"{game}-{seed}.jsonl"
    generate_blackjack(path, game=game, rounds=rounds, days=2, fault_rate=fault_rate, seed=seed)
    return path.read_bytes().splitlines()


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_with_faults_is_judged_the_same_with_and_without_the_screen(
    wa, caplog, tmp_path, game
):
    lines = with_dealers(sample(tmp_path, game, 1500, seed=3))
    submission = Submission(licensee=wa)
    fast = judged(submission, lines, fast=True)
    assert fast == judged(submission, lines, fast=False)
    assert not [r for r in caplog.records if "the screen failed" in r.getMessage()]
    assert len(fast[0]) >= 40  # the faults were found, on both paths
    dealers, seats = fast[4], fast[5]
    assert {key[4] for key in dealers} == {"D-1", "D-2"}  # every third round names nobody
    assert {key[5] for key in dealers} > {"", "main"} and sum(seats.values()) >= 1500


def with_dealers(lines: list[bytes]) -> list[bytes]:
    """The lines with a dealer named on two rounds in three (D-1, D-2), none on the third."""
    tagged = []
    for i, line in enumerate(lines):
        try:
            record = json.loads(line)
        except ValueError:
            tagged.append(line)
            continue
        if i % 3 and isinstance(record.get("dealer"), dict):
            record["dealer"]["id"] = f"D-{i % 3}"
        tagged.append(json.dumps(record).encode())
    return tagged


@pytest.mark.parametrize("game", GAMES)
def test_the_screen_counts_most_clean_rounds_itself(wa, tmp_path, game):
    lines = sample(tmp_path, game, 3000, seed=4, fault_rate=0)
    run = ChunkRun(Submission(licensee=wa), fast=True)
    left = run.fast.screen(list(range(1, len(lines) + 1)), lines)
    # surrenders and the first round of each kind of seat go to the exact path
    assert len(left) < len(lines) * 0.06, len(left)


def _base_rounds(game: str, rounds: int = 6, splits: int = 4) -> list[dict]:
    """The first rounds of a clean sample with every wager of the game in play, and its
    first rounds with a split seat (one of three hands among them)."""
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "base.jsonl"
        generate_blackjack(path, game=game, rounds=3000, days=1, fault_rate=0, seed=8)
        found = [json.loads(line) for line in path.read_bytes().splitlines()]
    keys = {key for r in found for s in r["seats"] for key in s["wagers"]}
    assert {"main", "tie_left", "tie_21"} <= keys or {"main", "ante", "bet", "poker_bonus"} <= keys
    split = [r for r in found if _split_seat(r) is not None][:splits]
    assert len(split) == splits
    return found[:rounds] + split + [_resplit(split[-1], game)]


def _split_seat(record: dict) -> dict | None:
    """The first seat of the round that split a pair other than aces into two hands."""
    for seat in record["seats"]:
        hands = seat.get("hands") or ()
        if len(hands) == 2 and seat["cards"][0][0] == seat["cards"][1][0] != "A":
            return seat
    return None


def _resplit(record: dict, game: str) -> dict:
    """The round with its split seat's pair split again into a third hand (standing on a
    deuce), every result settled again by the game's one settlement: a clean round of three
    hands, which the samples do not deal."""
    from audits.samples.settlement import sample_settle
    from audits.validation.parse import parse_line

    record = json.loads(json.dumps(record))
    seat = _split_seat(record)
    rank = seat["cards"][0][0]
    used = {c for h in seat["hands"] for c in h["cards"]}
    third = next(rank + suit for suit in "CDHS" if rank + suit not in used)
    seat["hands"].append({"cards": [third, "2C"], "doubled": False, "result": "0"})
    parsed = parse_line(json.dumps(record).encode(), 1)
    settled = sample_settle(game, parsed.options, parsed.decks, parsed.dealer_cards, parsed.seats)
    for each in record["seats"]:
        results = settled.seat(each["seat"]).results
        mains = iter(r for r in results if r.key == "main")
        for hand in each["hands"]:
            hand["result"] = str(next(mains).net)
        each["results"] = {r.key: str(r.net) for r in results if r.key != "main"}
    return record


@cache
def _base(game: str) -> list[dict]:
    """The game's base rounds, dealt once a process, when a test first asks (not when the
    module is imported: every pass of ``make test`` imports it, and most never ask)."""
    return _base_rounds(game)


SEAT = ("seats", 0)
PATHS = [
    ("v",), ("round",), ("played_at",), ("venue",), ("table",), ("game",), ("options",),
    ("options", "blackjack_pays"), ("shoe", "decks"), ("dealer",), ("dealer", "cards"),
    ("dealer", "cards", 0), ("dealer", "cards", 1), ("dealer", "cards", 2), ("dealer", "toss"),
    ("seats",), (*SEAT, "seat"), (*SEAT, "cards"), (*SEAT, "cards", 1), (*SEAT, "toss"),
    (*SEAT, "wagers"), (*SEAT, "results"), (*SEAT, "poker"), (*SEAT, "hands"),
    (*SEAT, "hands", 0), (*SEAT, "hands", 0, "cards"), (*SEAT, "hands", 0, "cards", 1),
    (*SEAT, "hands", 0, "cards", 2), (*SEAT, "hands", 0, "result"), (*SEAT, "hands", 0, "doubled"),
    (*SEAT, "hands", 1), ("seats", 1, "seat"), ("seats", 1, "hands", 0, "cards", 0),
    *(("seats", seat, "hands", hand, *part) for seat in range(3) for hand in (1, 2)
      for part in (("cards",), ("cards", 0), ("cards", 1), ("cards", 2), ("result",),
                   ("doubled",))),
    *(("seats", seat, "hands", 0, "doubled") for seat in (1, 2)),
    *((*SEAT, "wagers", key) for key in ("main", "ante", "bet", "poker_bonus", "insurance",
                                          "tie_17", "tie_left", "tie_21", "tie_blackjack")),
    *((*SEAT, "results", key) for key in ("ante", "bet", "poker_bonus", "insurance", "tie_left",
                                           "tie_21", "tie_right")),
]  # fmt: skip
CARDS = ["AS", "KD", "7C", "2H", "TS", "AH", "9D", "5S", "6C", "QH", "XX"]
AMOUNTS = ["", "0", "1", "2", "5", "10", "25", "-25", "37.5", "12.50", "-10", "5.005", "1e3", "500"]
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=False),
    st.sampled_from([*AMOUNTS, *CARDS, "3:2", "6:5", "bet", "fold", "T5", "T6", "ante-up-21",
                     "blackjack-tie-bonus", "2026-10-01T10:00:00-07:00", "2026-10-01T10:00:00"]),
    st.lists(st.sampled_from(CARDS), max_size=9),
    st.dictionaries(st.sampled_from(["main", "ante", "bet", "poker_bonus", "insurance", "tie_17",
                                     "tie_left", "tie_21", "x"]),
                    st.sampled_from(AMOUNTS), max_size=4),
    st.builds(lambda cards, result, doubled: {"cards": cards, "result": result, "doubled": doubled},
              st.lists(st.sampled_from(CARDS), min_size=1, max_size=6), st.sampled_from(AMOUNTS),
              st.booleans()),
)  # fmt: skip


def mutated(base: dict, changes) -> bytes:
    return json.dumps(changed(base, changes), separators=(",", ":")).encode()


def spliced(line: bytes, at: int, junk: bytes) -> bytes:
    """Bytes that need not be JSON, written over the line from ``at``."""
    at %= len(line)
    return line[:at] + junk + line[at + len(junk) :]


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_of_three_hands_is_screened_and_judged_as_the_exact_path_does(wa, game):
    lines = [json.dumps(r, separators=(",", ":")).encode() for r in _base(game)]
    submission = Submission(licensee=wa)
    fast = judged(submission, lines, fast=True)
    assert fast == judged(submission, lines, fast=False)
    assert not fast[0]  # every base round is clean, the resplit one too
    run = ChunkRun(submission, fast=True)
    run.fast.screen(list(range(1, len(lines) + 1)), lines)  # each kind of seat judged once
    assert run.fast.screen([1, 2], lines[-2:]) == []  # then split seats are screened alone


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.sampled_from(GAMES),
    st.integers(min_value=0, max_value=10),
    st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3),
    st.one_of(st.none(), st.tuples(st.integers(min_value=0), st.binary(min_size=1, max_size=4))),
)
def test_the_screen_agrees_with_the_exact_path_on_any_line(wa, caplog, game, which, changes, junk):
    lines = [json.dumps(r, separators=(",", ":")).encode() for r in _base(game)]
    lines[which] = mutated(_base(game)[which], changes)
    if junk is not None:
        lines[which] = spliced(lines[which], *junk)
    submission = Submission(licensee=wa)
    assert judged(submission, lines, fast=True) == judged(submission, lines, fast=False)
    assert not [r for r in caplog.records if "the screen failed" in r.getMessage()]
