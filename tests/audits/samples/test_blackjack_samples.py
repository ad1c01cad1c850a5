"""Sample logs of the blackjack family: played by the stated strategy, settled by the game's
one settlement, and validated to exactly their answer key."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from audits.samples.blackjack import generate_blackjack
from audits.submissions.intake import submission_submit
from audits.validation.findings import CODES, FORMAT, ROUND_FORMAT_CODES

GAMES = ("ante-up-21", "blackjack-tie-bonus")


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_is_validated_to_exactly_its_answer_key(wa, tmp_path, game):
    path = tmp_path / f"{game}.jsonl"
    report = generate_blackjack(path, game=game, rounds=800, days=4, fault_rate=0.04, seed=11)
    with open(path, "rb") as stream:
        submission = submission_submit(stream, name=path.name, licensee=wa, via="command",
                                       now=True).submission  # fmt: skip
    assert submission.status == "done" and submission.rounds_total == 800
    found = set(submission.findings.values_list("line", "code"))
    assert found == set(report.faults) and len(report.faults) >= 20
    # a rejected line is no round; a read round's unknown wager key is a round with a finding
    dirty = {line for line, code in report.faults
             if CODES[code][0] != FORMAT or code in ROUND_FORMAT_CODES}  # fmt: skip
    assert submission.clean_rounds == 800 - len(dirty)


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_bytes(tmp_path, game):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    generate_blackjack(one, game=game, rounds=200, seed=5)
    generate_blackjack(two, game=game, rounds=200, seed=5)
    assert one.read_bytes() == two.read_bytes()


def test_tables_play_like_real_tables(tmp_path):
    path = tmp_path / "ante.jsonl"
    generate_blackjack(path, game="ante-up-21", rounds=3000, fault_rate=0, seed=2)
    rounds = [json.loads(line) for line in path.read_text().splitlines()]
    seats = [seat for r in rounds for seat in r["seats"]]
    actions = Counter()
    for seat in seats:
        hands = seat["hands"]
        actions["split"] += len(hands) > 1
        actions["double"] += any(h["doubled"] for h in hands)
        actions["hit"] += any(len(h["cards"]) > 2 and not h["doubled"] for h in hands)
        actions[seat["poker"]] += 1
    assert all(actions[a] > 20 for a in ("split", "double", "hit", "bet", "fold")), actions
    drew = sum(len(r["dealer"]["cards"]) > 2 for r in rounds)
    assert 0.3 < drew / len(rounds) < 0.95


def test_docs_name_every_planted_fault_and_every_code_left_out():
    from pathlib import Path

    from audits.samples.blackjack import family_sampling
    from audits.samples.blackjack_faults import NOT_PLANTED, faults_of

    text = (Path(__file__).resolve().parents[3] / "docs" / "samples.md").read_text()
    for game in GAMES:
        for kind in faults_of(family_sampling(game).faults):
            assert kind in text, kind
    for code in NOT_PLANTED:
        assert f"`{code}`" in text, code
        assert code in CODES
