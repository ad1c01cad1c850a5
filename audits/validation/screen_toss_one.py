"""The fast path's screen for Toss One 21: is this round certainly clean?

It asks every question :func:`.checks_toss_one.check_toss_one` asks, in the
cheapest order, and answers None ("not sure") at the first doubt; the full
path then settles the round again and reports what is wrong.

A seat costs a few table look-ups: the engine names, from the card codes,
what decides each wager (:meth:`TossOneTables.seat_outcomes`), and whether a
wager is clean then depends only on (wager, that token, stake as written,
result as written).  That verdict is computed once, with ``Decimal`` and the
limits in force, and remembered: a log has few distinct stakes and results.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from .context import GameRules
from .quick import QuickRound, quick_amount

ZERO = Decimal(0)
SLOT = {"main": 0, "lucky3": 1, "bonus4": 2}
MAX_VERDICTS = 200_000  # beyond that, verdicts are computed each time (an unusual log)


class TossOneScreen:
    """Built once per :class:`GameRules`: the limits folded into one bound per wager key."""

    def __init__(self, rules: GameRules):
        self.tables = rules.engine.tables  # the engine's tables and payout arithmetic
        self.paytables = rules.paytables
        self.lucky3 = rules.paytables.get("lucky3")
        settled = {"main", *rules.paytables}
        keys = [k for k in rules.wagers if k in settled and k in SLOT]
        self.max_stake = {key: _bound(rules, key, "max_single_wager", min) for key in keys}
        self.min_main = _bound(rules, "main", "min_single_wager", max)
        self.max_paid = _bound(rules, None, "max_aggregate_payout", min)
        #: (wager, token, stake, result) as written -> what it paid out, or False
        self._verdicts: dict[tuple, Decimal | bool] = {}

    def __call__(self, record: QuickRound) -> list[tuple] | None:
        """The round's wagers as (wager, token, stake, result) when it is certainly clean;
        None when the full path must judge it."""
        decks = record.shoe.decks  # an authorized size: the rules were found in force for it
        dealer = record.dealer
        dealer_id = self.tables.dealer_id(dealer.cards, dealer.toss)
        if dealer_id is None:
            return None
        codes = list(dealer.cards)
        for seat in record.seats:
            codes += seat.cards
        if len(codes) - len(set(codes)) >= decks:
            # some card may be over the shoe: a card n times repeats it n - 1 times
            if max(Counter(codes).values()) > decks:
                return None
        blackjack_pays = str(record.options.get("blackjack_pays", "3:2"))
        wagers: list[tuple] = []
        paid = ZERO
        for seat in record.seats:
            seat_paid = self._seat(seat, dealer_id, blackjack_pays, wagers)
            if seat_paid is None:
                return None
            paid += seat_paid
        if self.max_paid is not None and paid > self.max_paid:
            return None
        return wagers

    def _seat(self, seat, dealer_id: int, blackjack_pays: str, out: list) -> Decimal | None:
        """What a clean seat paid out (its wagers appended to ``out``), or None.

        One function on purpose: this runs for every seat of every round.
        """
        wagers, results = seat.wagers, seat.results
        if seat.hands is not None or seat.poker is not None or wagers.keys() != results.keys():
            return None
        if "main" not in wagers:
            return None
        lucky3 = self.lucky3 if "lucky3" in wagers else None
        tokens = self.tables.seat_outcomes(seat.cards, seat.toss, dealer_id, blackjack_pays, lucky3)
        if tokens is None:
            return None
        paid = ZERO
        verdicts = self._verdicts
        for key, stake in wagers.items():
            slot = SLOT.get(key)
            if slot is None:
                return None
            wager = (key, tokens[slot], stake, results[key])
            verdict = verdicts.get(wager)
            if verdict is None:
                verdict = self._verdict(*wager)
            if verdict is False:
                return None
            paid += verdict
            out.append(wager)
        return paid

    def _verdict(self, key: str, token, raw_stake, raw_result) -> Decimal | bool:
        """What the wager paid out when it is placed within the limits and settled right."""
        verdict = self._judge(key, token, raw_stake, raw_result)
        if len(self._verdicts) < MAX_VERDICTS:
            self._verdicts[(key, token, raw_stake, raw_result)] = verdict
        return verdict

    def _judge(self, key: str, token, raw_stake, raw_result) -> Decimal | bool:
        stake, result = quick_amount(raw_stake), quick_amount(raw_result)
        if stake is None or result is None or stake <= 0 or key not in self.max_stake:
            return False
        bound = self.max_stake[key]
        if bound is not None and stake > bound:
            return False
        if key == "main" and self.min_main is not None and stake < self.min_main:
            return False
        if result != self.tables.wager_net(key, token, stake, self.paytables):
            return False
        return result if result > 0 else ZERO


def _bound(rules: GameRules, key: str | None, kind: str, pick) -> Decimal | None:
    """The tightest limit of ``kind`` on wager ``key`` (limits without a key apply to all;
    ``None``: every limit of that kind, as for the round's aggregate payout)."""
    amounts = [
        lim.amount
        for lim in rules.limits
        if lim.kind == kind and (key is None or not lim.wager_key or lim.wager_key == key)
    ]
    return pick(amounts) if amounts else None
