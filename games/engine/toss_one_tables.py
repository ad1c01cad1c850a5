"""Toss One 21's tables and payout arithmetic: the one place a payout is computed.

Built once per rule version (:attr:`.toss_one.TossOne21.tables`) from the game's public
rules, a :class:`TossOneTables` holds:

- every made hand (best three-card total, blackjack, kicker) numbered, and the best hand of
  each of the 1,820 rank multisets (:attr:`~TossOneTables.best_ids`, by rank key);
- the main wager's outcome for every (player hand, dealer hand) pair
  (:attr:`~TossOneTables.main`);
- the same best hands keyed by the card *codes* of a hand log
  (:meth:`~TossOneTables.seat_outcomes`, :meth:`~TossOneTables.dealer_id`), so that
  validation's screen reads a seat without parsing its cards;
- :meth:`~TossOneTables.wager_net`: what a stake nets for an outcome token, with the rule
  version's rounding. :meth:`.toss_one.TossOne21.settle_seat` and the screen both settle
  through it.

An outcome *token* is what decides a wager's amount: for the main wager +1 or -1 (even money
won or lost) or the declared blackjack payout (``"3:2"``); for Lucky 3 the category paid
(``None``: lost); for Bonus 4 the four-card total.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, NamedTuple, Protocol

from .cards import CARD_INDEX, RANKS
from .odds import settle_amount
from .paytables import Paytable
from .toss_one_hands import BUST, CODE_BIT, SHAPES_BY_KEY, Hand, RankShape
from .toss_one_lookups import blackjack_odds, bonus4_rows

WAGERS = ("main", "lucky3", "bonus4")


class HandEntry(NamedTuple):
    """What a four-card hand is, from its ranks: the ids of the hands it can be played as."""

    bust_id: int | None  # the hand's id when it is bust (no toss is then right), else None
    kept: dict[str, int]  # rank character of a right toss -> the id of the hand kept
    best_id: int
    total: int  # best three-card total (BUST: 0)
    four_total: int  # all four cards, aces 1 (Bonus 4)


class HandRules(Protocol):
    """What the tables read of the game's rules (:class:`~.toss_one.TossOne21`)."""

    params: Mapping[str, Any]
    kicker_key: Sequence[int]

    def best_of_shape(self, shape: RankShape) -> Hand: ...

    def main_entry(self, player: Hand, dealer: Hand) -> tuple: ...

    def lucky3_paid(self, cards: Sequence[int], toss: int | None, table: Paytable) -> str: ...


class TossOneTables:
    """The tables of one rule version; see the module's docstring."""

    def __init__(self, game: HandRules):
        self.game = game
        self.rounding = game.params["payout_rounding"]
        self.hands: list[Hand] = []
        self.hand_ids: dict[tuple[int, bool, int], int] = {}
        for total in (BUST, *range(3, 22)):
            for kicker in sorted(set(game.kicker_key)) if total != BUST else (0,):
                for blackjack in (False, True) if total == 21 else (False,):
                    self.hand_ids[(total, blackjack, kicker)] = len(self.hands)
                    self.hands.append(Hand(total, blackjack, kicker))
        self.best_ids = {key: self.id_of(game.best_of_shape(s)) for key, s in SHAPES_BY_KEY.items()}
        self.main = [[game.main_entry(p, d) for d in self.hands] for p in self.hands]
        self._amounts: dict[tuple[Decimal, int, int], Decimal] = {}
        #: per rank-multiset key, what a four-card hand of those ranks is (:class:`HandEntry`)
        self.entries = {key: self._codes_entry(key) for key in SHAPES_BY_KEY}

    def id_of(self, hand: Hand) -> int:
        return self.hand_ids[(hand.total, hand.blackjack, hand.kicker)]

    def tossed_id(self, best_id: int, kicker: int) -> int:
        """The best hand made, with the kicker of the card actually tossed."""
        best = self.hands[best_id]
        if kicker == best.kicker:
            return best_id
        return self.hand_ids[(best.total, best.blackjack, kicker)]

    # -- the payout arithmetic ---------------------------------------------------------------
    def wager_net(
        self, wager: str, token, stake: Decimal, paytables: Mapping[str, Paytable]
    ) -> Decimal:
        """The net result of ``stake`` on ``wager`` for its outcome ``token``."""
        return self.amount(stake, self.wager_odds(wager, token, paytables))

    @staticmethod
    def wager_odds(wager: str, token, paytables: Mapping[str, Paytable]) -> Fraction:
        """The net odds ``wager`` is settled at for its outcome ``token`` (-1: lost)."""
        if wager == "main":
            return Fraction(token) if token in (1, -1) else blackjack_odds(token)
        if wager == "lucky3":
            odds = None if token is None else paytables["lucky3"].odds(token)
        elif wager == "bonus4":
            odds = bonus4_rows(paytables["bonus4"])[token][1]
        else:
            raise KeyError(wager)
        return Fraction(-1) if odds is None else odds

    def amount(self, stake: Decimal, odds: Fraction) -> Decimal:
        """``settle_amount`` with the rule version's rounding, remembered per (stake, odds)."""
        key = (stake, odds.numerator, odds.denominator)
        amount = self._amounts.get(key)
        if amount is None:
            amount = settle_amount(stake, odds, self.rounding)
            if len(self._amounts) < 100_000:
                self._amounts[key] = amount
        return amount

    # -- from a hand log's card codes (validation's screen) ----------------------------------
    def seat_outcomes(
        self,
        codes: Sequence[str],
        toss: str | None,
        dealer_id: int,
        blackjack_pays: str,
        lucky3_table: Paytable | None,
    ) -> tuple[int | str, str | None, int] | None:
        """The tokens ``(main, lucky3, bonus4)`` of a seat whose toss is correct, from its
        card codes; None when the codes are not four cards or the toss breaks rule 3 (the
        full path reports it). Pass ``lucky3_table`` only for a seat with a Lucky 3 bet:
        naming the category costs more than the rest."""
        entry = self._entry(codes)
        if entry is None:
            return None
        if toss is None:
            player_id = entry.bust_id
        elif toss in codes:
            player_id = entry.kept.get(toss[0])
        else:
            return None
        if player_id is None:
            return None
        sign = self.main[player_id][dealer_id][2]
        lucky3 = None
        if entry.total == 21 and lucky3_table is not None:
            cards = [CARD_INDEX[code] for code in codes]
            index = None if toss is None else codes.index(toss)
            lucky3 = self.game.lucky3_paid(cards, index, lucky3_table)
        return (sign or blackjack_pays), lucky3, entry.four_total

    def dealer_id(self, codes: Sequence[str], toss: str | None) -> int | None:
        """The dealer's best hand from card codes, or None when the toss breaks rule 3."""
        entry = self._entry(codes)
        if entry is None:
            return None
        if toss is None:
            return entry.bust_id
        return entry.best_id if toss in codes and toss[0] in entry.kept else None

    def _entry(self, codes: Sequence[str]) -> tuple | None:
        try:
            a, b, c, d = codes
            return self.entries[CODE_BIT[a] + CODE_BIT[b] + CODE_BIT[c] + CODE_BIT[d]]
        except (ValueError, KeyError, TypeError):
            return None

    def _codes_entry(self, key: int) -> HandEntry:
        shape, best_id = SHAPES_BY_KEY[key], self.best_ids[key]
        kept = {}
        if shape.total != BUST:
            for rank in shape.toss_ranks:
                kept[RANKS[rank]] = self.tossed_id(best_id, self.game.kicker_key[rank])
        bust_id = best_id if shape.total == BUST else None
        return HandEntry(bust_id, kept, best_id, shape.total, shape.four_total)
