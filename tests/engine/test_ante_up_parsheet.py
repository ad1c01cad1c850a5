"""Ante Up 21 par sheets: exact poker and Poker Bonus sheets, simulated 21 wager."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from games.engine.ante_up import (
    ANTE_PAYS,
    BET_PAYS,
    AnteUp21,
    bonus_category,
    poker_key,
    poker_outcome,
)
from games.engine.ante_up_parsheet import (
    _situations,
    ante_up_sheets,
    poker_bonus_sheet,
    poker_decisions,
    poker_sheet,
)
from games.engine.ante_up_rules import PAYTABLES
from games.engine.ante_up_split import ante_alone, bet_alone
from games.engine.blackjack import is_natural
from games.engine.parsheet import EXACT, SIMULATION

TABLE = PAYTABLES[("poker_bonus", "1")]


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_exact_sheets_sum_to_one(decks):
    assert poker_sheet(decks).total_probability == 1
    assert poker_sheet(decks, always_bet=True).total_probability == 1
    assert poker_bonus_sheet(decks, TABLE).total_probability == 1


def test_dealer_qualification_and_natural_by_hand():
    """Betting every hand, the dealer's two cards are any two of the deck.

    Not qualified: two distinct ranks of 2..J, 45 * 16 of C(52, 2) = 1326, 120/221.
    Natural: up ace and hole ten or the reverse, 2 * 4 * 16 of 52 * 51.
    """
    sheet = poker_sheet(1, always_bet=True)
    by = {line.outcome: line.probability for line in sheet.lines}
    assert by["dealer_not_qualified"] == Fraction(120, 221)
    natural = sum(p for o, p in by.items() if o.startswith("dealer_natural"))
    assert natural == Fraction(2 * 4 * 16, 52 * 51)
    assert "fold" not in by


def test_optimal_decision_beats_always_betting_and_folding():
    for decks in (1, 6):
        optimal, always = poker_sheet(decks), poker_sheet(decks, always_bet=True)
        assert optimal.expected > always.expected > -1
        assert optimal.to_dict()["method"] == EXACT


def test_optimal_decisions():
    decisions = poker_decisions(1)
    assert len(decisions) == 91 * 13
    assert all(decisions[(r, r, up)] for r in range(13) for up in range(13))  # pairs bet
    two_three = [up for up in range(13) if not decisions[(1, 2, up)]]
    assert two_three == [0, 11, 12]  # 3-2 folds against an ace, queen or king up


def test_situation_weights_agree_with_card_enumeration():
    """Player K-9 with a queen up, one deck: rank weights against every real hole card."""
    player, up = (12 * 4, 8 * 4 + 1), 11 * 4 + 2  # KS 9H, QD
    outcomes: Counter[str] = Counter()
    for hole in set(range(52)) - {*player, up}:
        dealer = (up, hole)
        outcomes[poker_outcome(poker_key(player), poker_key(dealer), is_natural(dealer))[0]] += 1
    holes = next(h for s, _, h in _situations(1) if s == (8, 12, 11))
    assert _sum(holes) == outcomes


def _sum(holes):
    total: Counter[str] = Counter()
    for outcome, w in holes:
        total[outcome] += w
    return total


def test_poker_bonus_one_deck_closed_form():
    """Pair in the first two cards 3/51; the up card matches 2/50; no suited trips."""
    sheet = poker_bonus_sheet(1, TABLE)
    by = {line.outcome: line.probability for line in sheet.lines}
    assert by["three_of_a_kind"] == Fraction(3, 51) * Fraction(2, 50)
    assert by["pair"] == Fraction(3, 51) * Fraction(48, 50)
    assert "suited_three_of_a_kind" not in by
    assert sheet.expected == by["pair"] * 10 + by["three_of_a_kind"] * 30 - by["lose"]


def test_poker_bonus_one_deck_against_enumeration():
    counts: Counter[str | None] = Counter()
    for a, b in combinations(range(52), 2):
        for up in range(52):
            if up not in (a, b):
                counts[bonus_category((a, b), up)] += 1
    sheet = poker_bonus_sheet(1, TABLE)
    total = 1326 * 50
    by = {line.outcome: line.probability for line in sheet.lines}
    assert by["pair"] == Fraction(counts["pair"], total)
    assert by["three_of_a_kind"] == Fraction(counts["three_of_a_kind"], total)


def test_suited_three_of_a_kind_needs_three_decks():
    """Three identical cards: the second card matches the first with probability

    (d-1)/(52d-1), then the up card both with (d-2)/(52d-2).
    """
    for decks in (1, 2):
        by = {ln.outcome: ln.probability for ln in poker_bonus_sheet(decks, TABLE).lines}
        assert "suited_three_of_a_kind" not in by
    by = {ln.outcome: ln.probability for ln in poker_bonus_sheet(3, TABLE).lines}
    assert by["suited_three_of_a_kind"] == Fraction(2, 155) * Fraction(1, 154)


def test_sheets_of_the_game():
    main, ante, bet, bonus = ante_up_sheets(AnteUp21(), 6, rounds=20_000, seed=3)
    assert (main.key, ante.key, bet.key, bonus.key) == ("main", "ante", "bet", "poker_bonus")
    assert {main.method, ante.method, bet.method} == {SIMULATION} and bonus.method == EXACT
    for sheet in (main, ante, bet):
        assert sheet.total_probability == 1 and sheet.rounds <= 20_000
        low, high = sheet.ci95_return
        assert low < float(sheet.return_to_player) < high
    assert set(ante.to_dict()["outcomes"][0]) >= {"probability", "pays"}
    assert {line.pays for line in ante.lines} <= set(ANTE_PAYS.values())
    assert {line.pays for line in bet.lines} <= set(BET_PAYS.values())
    exact = ante_up_sheets(AnteUp21({"poker_hand": "first_two"}), 6, rounds=2_000)[1:3]
    assert {s.method for s in exact} == {EXACT}
    assert exact == (ante_alone(poker_sheet(6)), bet_alone(poker_sheet(6)))


def test_simulated_sheets_are_deterministic():
    game = AnteUp21()
    first = ante_up_sheets(game, 1, rounds=3_000, seed=5)
    assert first == ante_up_sheets(game, 1, rounds=3_000, seed=5)
