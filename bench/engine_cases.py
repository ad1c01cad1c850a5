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
