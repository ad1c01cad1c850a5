"""Seeded settlement workloads for each game, for ``bench/run.py``."""

from __future__ import annotations

from decimal import Decimal

from games.engine.toss_one import TossOne21
from games.engine.toss_one_rules import PAYTABLES

TOSS_TABLES = {"lucky3": PAYTABLES[("lucky3", "1")], "bonus4": PAYTABLES[("bonus4", "1")]}
MAIN_ONLY = {"main": Decimal("25")}
ALL_WAGERS = {"main": Decimal("25"), "lucky3": Decimal("5"), "bonus4": Decimal("5")}


def _toss_one_deals(rng, seats):
    game = TossOne21()
    deals = []
    for _ in range(seats):
        cards = rng.sample(range(52 * 6), 8)
        cards = [c % 52 for c in cards]
        player, dealer = cards[:4], cards[4:]
        deals.append((player, dealer, game.best_hand(player).toss))
    return game, deals


def _settle_toss_one(wagers):
    def settle(work):
        game, deals = work
        for player, dealer, toss in deals:
            game.settle_seat(
                player, dealer, wagers, "3:2", TOSS_TABLES, toss if toss >= 0 else None
            )

    return settle


CASES = {
    "toss-one-21, main only": (_toss_one_deals, _settle_toss_one(MAIN_ONLY)),
    "toss-one-21, main + Lucky 3 + Bonus 4": (_toss_one_deals, _settle_toss_one(ALL_WAGERS)),
}


def _blackjack_rounds(game, seats, seed):
    from games.engine.blackjack_sim import simulate

    rounds = []
    for first_two, hands, dealer in simulate(game, 6, seats, seed, None, True):
        rounds.append((first_two, list(hands), dealer))
    return game, rounds


def _ante_up_rounds(rng, seats):
    from games.engine.ante_up import AnteUp21

    return _blackjack_rounds(AnteUp21(), seats, rng.randrange(1 << 30))


def _settle_ante_up(work):
    game, rounds = work
    wagers = {
        "main": Decimal("25"),
        "ante": Decimal("10"),
        "bet": Decimal("10"),
        "poker_bonus": Decimal("1.00"),
    }
    for first_two, hands, dealer in rounds:
        game.settle_seat(first_two, hands, dealer, wagers, "bet")


def _tie_bonus_rounds(rng, seats):
    from games.engine.tie_bonus import TieBonusBlackjack

    return _blackjack_rounds(TieBonusBlackjack(), seats, rng.randrange(1 << 30))


def _settle_tie_bonus(work):
    game, rounds = work
    wagers = {"main": Decimal("20"), "tie_18": Decimal("5"), "tie_right": Decimal("5")}
    for first_two, hands, dealer in rounds:
        game.settle_seat(first_two, hands, dealer, wagers)


CASES["ante-up-21, 21 + ante/bet + Poker Bonus"] = (_ante_up_rounds, _settle_ante_up)
CASES["blackjack-tie-bonus, main + 2 tie wagers"] = (_tie_bonus_rounds, _settle_tie_bonus)
