"""Dealing rounds from a shuffled shoe: seats, wagers, best tosses, the engine's settlement.

A :class:`Dealer` owns the seeded ``random.Random``, the shoe and the caches
keyed on a hand's ranks; the writer's fast path reads its attributes directly,
and the slow path (:mod:`audits.samples.faults`) deals through its methods.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import combinations

from audits.validation.parse import ParsedSeat
from games.engine.cards import CARD_CODES, RANK
from games.engine.results import WagerResult
from games.engine.toss_one import TossOne21
from games.engine.toss_one_hands import BUST, rank_key
from games.engine.toss_one_rules import GAME

from .settlement import sample_rules, sample_settle
from .stakes import Stakes, written

#: Main stakes and their share of seats (%); Lucky 3 and Bonus 4 stakes (% of seats).
MAIN_STAKES = ((5, 30), (10, 30), (25, 25), (50, 10), (100, 5))
LUCKY3_STAKES = ((None, 60), (1, 24), (5, 16))  # on 40% of seats
BONUS4_STAKES = ((None, 70), (1, 18), (5, 12))  # on 30% of seats
LUCKY3_SHARE, BONUS4_SHARE = 0.4, 0.3

PENETRATION = 0.75  # the shoe is reshuffled once three quarters of it are dealt

#: Per rank key: (hand id, total, ranks a correct toss may take, four-card total).
HandInfo = tuple[int, int, frozenset[int] | None, int]


def stake_table(stakes: Sequence[tuple[int | None, int]]) -> list[int | None]:
    """100 entries, each stake repeated by its share: indexed by ``int(random() * 100)``."""
    table = [stake for stake, share in stakes for _ in range(share)]
    assert len(table) == 100
    return table


@dataclass
class Seat:
    number: int
    cards: list[int]
    wagers: dict[str, str]
    toss: int | str | None = None  # index among the cards, None, or a code not in the hand
    results: dict[str, str] = field(default_factory=dict)


@dataclass
class Deal:
    dealer: list[int]
    seats: list[Seat]
    dealer_toss: int | None = None
    options: dict[str, str] = field(default_factory=dict)


class Dealer:
    """Deals rounds of ``seats`` seats from a shoe of ``decks`` decks, seeded by ``seed``."""

    def __init__(self, *, seats: int, decks: int, seed: int, options: dict[str, str],
                 parameters: dict | None = None, stakes: str = "few",
                 most_stake: int = 400_00):  # fmt: skip
        self.seats, self.decks = seats, decks
        self.options = options
        self.rng = random.Random(seed)
        self.parameters = dict(parameters or {})
        self.engine = TossOne21(self.parameters)
        self.shoe = [card for card in range(52) for _ in range(decks)]
        self.cut = max(int(len(self.shoe) * PENETRATION), 4 * (seats + 1))
        self.pos = len(self.shoe)  # shuffle before the first round
        self.seat_sets = list(combinations(range(1, 8), seats))
        few = tuple(stake_table(t) for t in (MAIN_STAKES, LUCKY3_STAKES, BONUS4_STAKES))
        self.stakes = Stakes(self.rng, stakes, most=most_stake, few=few)
        self.hand_info: dict[int, HandInfo] = {}
        self.hand_ids: dict[tuple[int, bool, int], int] = {}

    # -- dealing -----------------------------------------------------------------
    def block(self) -> list[int]:
        """The next round's cards in the order dealt: one to each seat then the dealer, x4."""
        need = 4 * (self.seats + 1)
        if self.pos + need > self.cut:
            self.rng.shuffle(self.shoe)
            self.pos = 0
        block = self.shoe[self.pos : self.pos + need]
        self.pos += need
        return block

    def stakes_drawn(self) -> tuple[int, int | None, int | None]:
        """A seat's (main, Lucky 3, Bonus 4) stakes in cents (None: not placed)."""
        stakes = self.stakes
        return stakes.main(), stakes.side(1, LUCKY3_SHARE), stakes.side(2, BONUS4_SHARE)

    def wagers(self) -> dict[str, str]:
        main, lucky3, bonus4 = self.stakes_drawn()
        wagers = {"main": written(main)}
        if lucky3:
            wagers["lucky3"] = written(lucky3)
        if bonus4:
            wagers["bonus4"] = written(bonus4)
        return wagers

    def deal(self) -> Deal:
        block = self.block()
        stride = self.seats + 1
        numbers = self.seat_sets[int(self.rng.random() * len(self.seat_sets))]
        seats = [Seat(n, block[i::stride], self.wagers()) for i, n in enumerate(numbers)]
        return Deal(block[self.seats :: stride], seats, options=dict(self.options))

    # -- hands -------------------------------------------------------------------
    def info(self, key: int, cards: Sequence[int]) -> HandInfo:
        """(hand id, total, ranks a correct toss may take, four-card total) of a rank key."""
        info = self.hand_info.get(key)
        if info is None:
            engine = self.engine
            hand = engine.best_hand(cards)
            shape = engine.shape(cards)
            hand_key = (hand.total, hand.blackjack, hand.kicker)
            hid = self.hand_ids.setdefault(hand_key, len(self.hand_ids))
            ranks = None
            if hand.total != BUST:  # the tosses that keep the best hand and the best kicker
                kicker = engine.kicker_key
                ranks = frozenset(r for r in shape.toss_ranks if kicker[r] == hand.kicker)
            info = self.hand_info[key] = (hid, hand.total, ranks, shape.four_total)
        return info

    def best_toss(self, cards: Sequence[int]) -> int | None:
        """The first card whose toss leaves the best hand (the dealer's toss)."""
        ranks = self.info(rank_key(cards), cards)[2]
        if ranks is None:
            return None
        return next(i for i, c in enumerate(cards) if RANK[c] in ranks)

    def player_toss(self, cards: Sequence[int], options: dict[str, str]) -> int | None:
        """A player's toss: the best hand, then the best for Lucky 3 (the par sheet's basis)."""
        if self.info(rank_key(cards), cards)[1] != 21:
            return self.best_toss(cards)
        return self.engine.player_toss(cards, self.paytables(options)["lucky3"])

    def toss_best(self, deal: Deal) -> None:
        """Every hand of ``deal`` tosses its best card: the dealer the first that leaves his
        best hand, the players as :meth:`player_toss`."""
        deal.dealer_toss = self.best_toss(deal.dealer)
        for seat in deal.seats:
            seat.toss = self.player_toss(seat.cards, deal.options)

    # -- settlement --------------------------------------------------------------
    def paytables(self, options: dict[str, str]) -> dict:
        """The paytables a round under ``options`` is settled by."""
        return sample_rules(GAME, options, self.parameters).paytables

    def settle_cards(
        self,
        cards: Sequence[int],
        dealer: Sequence[int],
        wagers: dict[str, Decimal],
        toss: int | str | None,
        options: dict[str, str],
    ) -> list[WagerResult]:
        """One seat's results, as the game's one settlement gives them (``toss``: the index
        of the card tossed, a card code as recorded, or None)."""
        code = CARD_CODES[cards[toss]] if isinstance(toss, int) else toss
        seat = ParsedSeat(1, tuple(cards), code, wagers, {}, None, None)
        settled = sample_settle(GAME, options, self.decks, dealer, [seat],
                                parameters=self.parameters)  # fmt: skip
        return settled.seat(1).results

    def settle_all(self, deal: Deal) -> None:
        """Every seat's results, as the game's one settlement gives them."""
        for seat in deal.seats:
            wagers = {k: Decimal(v) for k, v in seat.wagers.items()}
            settled = self.settle_cards(seat.cards, deal.dealer, wagers, seat.toss, deal.options)
            seat.results = {r.key: str(r.net) for r in settled}

    def clean_deal(self) -> Deal:
        """A round without a fault: best tosses, settled as the engine settles."""
        deal = self.deal()
        self.toss_best(deal)
        self.settle_all(deal)
        return deal
