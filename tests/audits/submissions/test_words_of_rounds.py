"""Every outcome every game's settlement gives has words, and the round view reads in them:
hands' totals as the engine reads them, outcomes as a sentence, never a key."""

from __future__ import annotations

from collections import Counter
from datetime import date

import pytest

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.submissions.round_view import submission_round
from audits.submissions.run.rules_context import GameRulesCache
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.validation.games import settle_round
from audits.validation.parse import parse_line
from games.engine.words import outcome_has_words
from games.selectors import rules_in_force

pytestmark = pytest.mark.django_db
START = date(2026, 10, 1)


@pytest.fixture
def sample(wa, tmp_path):
    path = tmp_path / "sample.jsonl"
    venue = sample_venue_get("WA-CR-0042", START)
    sample_month_generate(path, venue, start=START, days=1, rounds=400, fault_rate=0.0, seed=11)
    return path


def test_every_outcome_of_every_game_has_words(sample):
    rules, seen, defined = GameRulesCache(), Counter(), {}
    for number, raw in enumerate(sample.read_bytes().splitlines(), start=1):
        parsed = parse_line(raw, number)
        answer = rules_in_force(
            venue=parsed.venue, table=parsed.table, game=parsed.game,
            options=parsed.options, at=parsed.played_at, decks=parsed.decks,
        )  # fmt: skip
        in_force = rules.for_answer(answer)
        defined.update({(parsed.game, k): d for k, d in in_force.defined.items()})
        for seat in settle_round(parsed, in_force).seats.values():
            seen.update((parsed.game, r.key, r.outcome) for r in seat.results)
    assert {game for game, _, _ in seen} == {"toss-one-21", "ante-up-21", "blackjack-tie-bonus"}
    assert len(seen) > 60
    # the side wagers the registry defines as data (the demo's tie bonus game from October
    # 2026) word their outcomes in their definitions; every one dealt has its own words
    assert {key for _, key, _ in seen} >= {"three_card", "pairs"}
    worded = {(g, k, o) for g, k, o in seen
              if (g, k) in defined and o in (*defined[(g, k)].outcome_keys, "lose")}  # fmt: skip
    missing = sorted(key for key in set(seen) - worded if not outcome_has_words(key[2], key[1]))
    assert not missing, f"outcomes without words: {missing}"


def test_the_round_view_reads_totals_and_outcomes_in_words(sample, wa):
    with open(sample, "rb") as stream:
        submission, _ = submission_store(stream, original_name=sample.name, licensee=wa)
    submission = submission_validate_now(submission)
    games, totals = set(), 0
    for number in range(1, 1201, 9):
        view = submission_round(submission, number)
        games.add(view.parsed.game)
        assert view.dealer_total, (number, view.parsed.game)
        for seat in view.seats:
            shown = [seat.total] if seat.total else [h.total for h in seat.hands]
            assert shown and all(shown), (number, seat.number)
            totals += len(shown)
            for wager in seat.wagers:
                assert wager.outcome and "_" not in wager.outcome, (number, wager)
    assert len(games) == 3 and totals > 100
