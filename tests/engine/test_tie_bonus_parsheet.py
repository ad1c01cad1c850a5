"""Tie bonus par sheets: one simulation settles the main wager and every tie wager."""

from __future__ import annotations

from games.engine import tie_bonus_rules as R
from games.engine.parsheet import SIMULATION
from games.engine.tie_bonus import TieBonusBlackjack
from games.engine.tie_bonus_parsheet import tie_bonus_sheets

ROUNDS = 20_000
SHEETS = tie_bonus_sheets(TieBonusBlackjack(), 6, rounds=ROUNDS, seed=11)
BY_KEY = {sheet.key: sheet for sheet in SHEETS}


def prob(key: str, outcome: str):
    return next((ln.probability for ln in BY_KEY[key].lines if ln.outcome == outcome), 0)


def test_every_wager_has_a_simulated_sheet():
    assert list(BY_KEY) == ["main", *R.TIE_WAGERS]
    for sheet in SHEETS:
        assert sheet.method == SIMULATION and sheet.rounds == ROUNDS
        assert sheet.total_probability == 1
        low, high = sheet.ci95_return
        assert low <= float(sheet.return_to_player) <= high
        assert "basic strategy" in sheet.notes[0]


def test_sides_are_the_sum_of_their_totals():
    left = sum(prob("tie_left", f"left_{t}") for t in (17, 18, 19))
    assert left == prob("tie_17", "tie_17") + prob("tie_18", "tie_18") + prob("tie_19", "tie_19")
    right = sum(prob("tie_right", f"right_{t}") for t in ("20", "21", "blackjack"))
    straight = prob("tie_20", "tie_20") + prob("tie_21", "tie_21")
    assert right == straight + prob("tie_blackjack", "tie_blackjack")


def test_tie_frequencies_are_plausible():
    """Both naturals: about 0.0475 squared; a tie at 18 about 1.8% with this strategy."""
    assert 0.001 < float(prob("tie_blackjack", "tie_blackjack")) < 0.004
    assert 0.012 < float(prob("tie_18", "tie_18")) < 0.024
    assert BY_KEY["tie_18"].lines[0].pays == 45  # the documented figure


def test_sheets_are_deterministic_and_follow_options():
    again = tie_bonus_sheets(TieBonusBlackjack(), 6, rounds=2_000, seed=11)
    assert again == tie_bonus_sheets(TieBonusBlackjack(), 6, rounds=2_000, seed=11)
    six_five = tie_bonus_sheets(
        TieBonusBlackjack(), 6, {"blackjack_pays": "6:5"}, rounds=2_000, seed=11
    )
    assert six_five[0].expected < again[0].expected
    assert six_five[1:] == again[1:]
