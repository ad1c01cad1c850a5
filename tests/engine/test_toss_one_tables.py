"""The tables' reading of card codes (validation's screen) settles exactly as ``settle_seat``
does: both go through ``TossOneTables.wager_net``, the one payout arithmetic."""

from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import CARD_CODES
from games.engine.toss_one import TossOne21
from games.engine.toss_one_rules import PAYTABLES

TABLES = {"lucky3": PAYTABLES[("lucky3", "2")], "bonus4": PAYTABLES[("bonus4", "1")]}
SLOT = {"main": 0, "lucky3": 1, "bonus4": 2}
READINGS = [
    TossOne21(),
    TossOne21(
        {
            "kicker_ace": "low",
            "kicker_tens": "ranked",
            "dealer_three_card_blackjack": "beats_21",
            "lucky3_hand": "best_21",
            "payout_rounding": "half_up_to_cent",
        }
    ),
]
four_cards = st.lists(st.integers(0, 51), min_size=4, max_size=4)
stakes = st.dictionaries(
    st.sampled_from(["main", "lucky3", "bonus4"]),
    st.sampled_from([Decimal("1"), Decimal("5"), Decimal("7.50"), Decimal("25"), Decimal("0.05")]),
    min_size=1,
)


def nets_from_codes(game, codes, toss, dealer_id, wagers, bj) -> dict | None:
    lucky3 = TABLES["lucky3"] if "lucky3" in wagers else None
    tokens = game.tables.seat_outcomes(codes, toss, dealer_id, bj, lucky3)
    if tokens is None:
        return None
    return {
        key: game.tables.wager_net(key, tokens[SLOT[key]], stake, TABLES)
        for key, stake in wagers.items()
    }


@settings(max_examples=600, derandomize=True)
@given(
    four_cards,
    four_cards,
    st.integers(-1, 3),
    stakes,
    st.sampled_from(["3:2", "6:5"]),
    st.sampled_from(READINGS),
)
def test_codes_settle_as_settle_seat_for_every_correct_toss(player, dealer, toss, wagers, bj, game):
    codes = [CARD_CODES[c] for c in player]
    toss_code = None if toss < 0 else codes[toss]
    index = None if toss < 0 else toss
    dealer_codes = [CARD_CODES[c] for c in dealer]
    dealer_id = game.tables.dealer_id(dealer_codes, None)
    if dealer_id is None:  # the dealer has a three-card hand: name its correct toss
        best = game.best_hand(dealer)
        dealer_id = game.tables.dealer_id(dealer_codes, dealer_codes[best.toss])
    assert dealer_id is not None
    nets = nets_from_codes(game, codes, toss_code, dealer_id, wagers, bj)
    if not game.toss_is_correct(player, index):
        assert nets is None
        return
    results = game.settle_seat(player, dealer, wagers, bj, TABLES, index)
    assert nets == {r.key: r.net for r in results}


def test_dealer_id_refuses_a_wrong_toss_and_cards_that_are_not_four_codes():
    tables = READINGS[0].tables
    assert tables.dealer_id(["AS", "KD", "7C", "2H"], "2H") is None  # KD is the right toss
    assert tables.dealer_id(["AS", "KD", "7C", "2H"], "KD") is not None
    assert tables.dealer_id(["AS", "KD", "7C"], None) is None
    assert tables.dealer_id(["AS", "KD", "7C", "1H"], "KD") is None
    assert tables.seat_outcomes(["TS", "QH", "KD", "9C"], "TS", 0, "3:2", None) is None  # bust
