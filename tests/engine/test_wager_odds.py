"""Every settled wager says how its net was reached: ``net == settle_amount(at_risk, odds)``
with the rule version's rounding, for every game, outcome and stake (odd cents included),
so that validation can settle many stakes of one outcome in integer cents."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from games.engine.ante_up import AnteUp21
from games.engine.blackjack import PlayerHand
from games.engine.blackjack_sim import simulate
from games.engine.odds import settle_amount
from games.engine.tie_bonus import TieBonusBlackjack
from games.engine.tie_bonus_rules import TIE_WAGERS
from games.engine.toss_one import TossOne21
from games.engine.toss_one_rules import PAYTABLES

ROUNDINGS = ("down_to_cent", "half_up_to_cent")


def _stake(rng: random.Random) -> Decimal:
    return Decimal(rng.randrange(1, 100_000)) / 100


def _held(results, rounding: str) -> None:
    assert results
    for r in results:
        assert r.net == settle_amount(r.risked, r.odds, rounding), r
        assert r.risked in (r.stake, r.stake / 2)  # the stake, or the first of a doubled hand


@pytest.mark.parametrize("rounding", ROUNDINGS)
def test_toss_one_21(rounding):
    rng = random.Random(7)
    game = TossOne21({"payout_rounding": rounding})
    tables = {"lucky3": PAYTABLES[("lucky3", "1")], "bonus4": PAYTABLES[("bonus4", "1")]}
    for _ in range(3000):
        cards = [c % 52 for c in rng.sample(range(312), 8)]
        wagers = {k: _stake(rng) for k in ("main", "lucky3", "bonus4")}
        toss = game.best_hand(cards[:4]).toss
        pays = rng.choice(["3:2", "6:5"])
        _held(game.settle_seat(cards[:4], cards[4:], wagers, pays, tables,
                               toss if toss >= 0 else None), rounding)  # fmt: skip


@pytest.mark.parametrize("rounding", ROUNDINGS)
def test_the_blackjack_family(rounding):
    rng = random.Random(11)
    for game in (AnteUp21({"payout_rounding": rounding}),
                 TieBonusBlackjack({"payout_rounding": rounding})):  # fmt: skip
        for player, played, dealer in simulate(game, 6, 2000, 3, None, True):
            cards = played[0].cards
            hands = played if len(played) > 1 else [
                PlayerHand(cards, doubled=len(cards) == 3 and rng.random() < 0.5)
            ]
            main = _stake(rng)
            _held(game.settle_main(hands, dealer, main), rounding)
            _held([game.settle_insurance(_stake(rng), dealer)], rounding)
            if isinstance(game, AnteUp21):
                ante = _stake(rng)
                wagers = {"main": main, "ante": ante, "bet": ante, "poker_bonus": Decimal(1)}
                _held(game.settle_seat(tuple(player[:2]), hands, dealer, wagers,
                                       rng.choice(["bet", "fold"])), rounding)  # fmt: skip
            else:
                wagers = {"main": main, **{w: _stake(rng) for w in TIE_WAGERS}}
                _held(game.settle_seat(tuple(player[:2]), hands, dealer, wagers), rounding)
