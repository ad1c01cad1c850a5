"""The fast path's screen for Toss One 21: is this round certainly clean?

It asks every question :func:`.checks_toss_one.check_toss_one` asks, in the
cheapest order, and answers False ("not sure") at the first doubt; the full
path then settles the round again and reports what is wrong.  The engine
answers from card codes (:meth:`TossOne21.seat_nets`), so a clean seat costs
a few table look-ups.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from .context import GameRules
from .quick import QuickRound, quick_amount

ZERO = Decimal(0)


class TossOneScreen:
    """Built once per :class:`GameRules`: the limits folded into one bound per wager key."""

    def __init__(self, rules: GameRules):
        self.engine = rules.engine
        self.paytables = rules.paytables
        self.decks = frozenset(rules.decks_allowed)
        settled = {"main", *rules.paytables}
        keys = [k for k in rules.wagers if k in settled]  # the wagers this screen settles
        self.max_stake = {key: _bound(rules, key, "max_single_wager", min) for key in keys}
        self.min_main = _bound(rules, "main", "min_single_wager", max)
        self.max_paid = _bound(rules, None, "max_aggregate_payout", min)

    def __call__(self, record: QuickRound) -> bool:
        """True when the round is certainly clean; False when the full path must judge it."""
        decks = record.shoe.decks
        if decks not in self.decks:
            return False
        dealer = record.dealer
        dealer_id = self.engine.dealer_id(dealer.cards, dealer.toss)
        if dealer_id is None:
            return False
        codes = list(dealer.cards)
        for seat in record.seats:
            codes += seat.cards
        if len(codes) - len(set(codes)) >= decks:
            # some card may be over the shoe: a card n times repeats it n - 1 times
            if max(Counter(codes).values()) > decks:
                return False
        blackjack_pays = str(record.options.get("blackjack_pays", "3:2"))
        paid = ZERO
        for seat in record.seats:
            seat_paid = self._seat(seat, dealer_id, blackjack_pays)
            if seat_paid is None:
                return False
            paid += seat_paid
        return self.max_paid is None or paid <= self.max_paid

    def _seat(self, seat, dealer_id: int, blackjack_pays: str) -> Decimal | None:
        """What a clean seat paid out, or None when it may not be clean.

        One function on purpose: this runs for every seat of every round.
        """
        wagers, results = seat.wagers, seat.results
        if seat.hands is not None or seat.poker is not None or wagers.keys() != results.keys():
            return None
        if "main" not in wagers:
            return None
        stakes = {}
        max_stake = self.max_stake
        for key, raw in wagers.items():
            stake = quick_amount(raw)
            if stake is None or stake <= 0 or key not in max_stake:
                return None
            bound = max_stake[key]
            if bound is not None and stake > bound:
                return None
            stakes[key] = stake
        if self.min_main is not None and stakes["main"] < self.min_main:
            return None
        nets = self.engine.seat_nets(
            seat.cards, seat.toss, dealer_id, stakes, blackjack_pays, self.paytables
        )
        if nets is None:
            return None
        paid = ZERO
        for key, raw in results.items():
            result = quick_amount(raw)
            if result is None or result != nets[key]:
                return None
            if result > 0:
                paid += result
        return paid


def _bound(rules: GameRules, key: str | None, kind: str, pick) -> Decimal | None:
    """The tightest limit of ``kind`` on wager ``key`` (limits without a key apply to all;
    ``None``: every limit of that kind, as for the round's aggregate payout)."""
    amounts = [
        lim.amount
        for lim in rules.limits
        if lim.kind == kind and (key is None or not lim.wager_key or lim.wager_key == key)
    ]
    return pick(amounts) if amounts else None
