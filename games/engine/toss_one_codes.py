"""Toss One 21 settled straight from a hand log's card codes: validation's fast path.

A mixin of :class:`.toss_one.TossOne21`, over the tables that class builds:
``_best_ids``, ``_main``, ``_hands``, ``_hand_ids``, ``kicker_key`` and
``_rounding``.  It adds a table keyed by the codes' rank key, so a seat whose
toss is correct costs a few look-ups, and remembers each (stake, odds)
amount.  Every answer equals :meth:`TossOne21.settle_seat`'s (property tests
in ``tests/engine/test_toss_one_seat_nets.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from .cards import CARD_INDEX, RANKS
from .odds import settle_amount
from .paytables import Paytable
from .toss_one_hands import BUST, CODE_BIT, SHAPES_BY_KEY
from .toss_one_lookups import blackjack_odds, bonus4_rows


class SettlementFromCodes:
    """``seat_outcomes`` and ``wager_net`` (the screen's), ``seat_nets``, ``dealer_id``."""

    def _build_code_tables(self) -> None:
        self._amounts: dict[tuple[Decimal, int, int], Decimal] = {}
        self._seat_table = {key: self._seat_entry(key) for key in SHAPES_BY_KEY}

    def seat_outcomes(
        self,
        codes: Sequence[str],
        toss: str | None,
        dealer_id: int,
        blackjack_pays: str,
        lucky3_table: Paytable | None,
    ) -> tuple[int | str, str | None, int] | None:
        """What decides each wager of a seat whose toss is correct, from its card codes.

        Validation's fast path: ``(main, lucky3, bonus4)`` where ``main`` is +1 or
        -1 (an even-money win or a loss) or the blackjack payout for a player
        blackjack, ``lucky3`` is the Lucky 3 category paid (None when the hand is
        not 21, or when no ``lucky3_table`` is given: pass it only for a seat with a
        Lucky 3 bet, since naming the category costs more than the rest), and
        ``bonus4`` the four-card total.  With the stake, each token
        gives the net result through :meth:`wager_net`, exactly as
        :meth:`settle_seat` settles it.  None when the codes are not four cards
        or the toss breaks rule 3 (the full path reports it).
        """
        entry = self._entry(codes)
        if entry is None:
            return None
        if toss is None:
            player_id = entry[0]
        elif toss in codes:
            player_id = entry[1].get(toss[0])
        else:
            return None
        if player_id is None:
            return None
        sign = self._main[player_id][dealer_id][2]
        lucky3 = None
        if entry[3] == 21 and lucky3_table is not None:  # None when no Lucky 3 bet is judged
            cards = [CARD_INDEX[code] for code in codes]
            index = None if toss is None else codes.index(toss)
            lucky3 = self._lucky3_paid(cards, index, lucky3_table)
        return (sign or blackjack_pays), lucky3, entry[4]

    def wager_net(
        self, wager: str, token, stake: Decimal, paytables: Mapping[str, Paytable]
    ) -> Decimal:
        """The net result of ``stake`` on ``wager`` given its token from :meth:`seat_outcomes`."""
        if wager == "main":
            if token == 1 or token == -1:
                return stake * token
            return self._amount(stake, blackjack_odds(token))
        if wager == "lucky3":
            odds = None if token is None else paytables["lucky3"].odds(token)
        elif wager == "bonus4":
            odds = bonus4_rows(paytables["bonus4"])[token][1]
        else:
            raise KeyError(wager)
        return -stake if odds is None else self._amount(stake, odds)

    def seat_nets(
        self,
        codes: Sequence[str],
        toss: str | None,
        dealer_id: int,
        stakes: Mapping[str, Decimal],
        blackjack_pays: str,
        paytables: Mapping[str, Paytable],
    ) -> dict[str, Decimal] | None:
        """Net result of each placed wager of a seat whose toss is correct, from card codes:
        :meth:`seat_outcomes` then :meth:`wager_net`; None as for :meth:`seat_outcomes`."""
        lucky3 = paytables.get("lucky3") if "lucky3" in stakes else None
        outcomes = self.seat_outcomes(codes, toss, dealer_id, blackjack_pays, lucky3)
        if outcomes is None:
            return None
        index = {"main": 0, "lucky3": 1, "bonus4": 2}
        return {
            key: self.wager_net(key, outcomes[index[key]], stake, paytables)
            for key, stake in stakes.items()
        }

    def dealer_id(self, codes: Sequence[str], toss: str | None) -> int | None:
        """The dealer's best hand from card codes, or None when the toss breaks rule 3."""
        entry = self._entry(codes)
        if entry is None:
            return None
        if toss is None:
            return entry[0]
        return entry[2] if toss in codes and toss[0] in entry[1] else None

    def _entry(self, codes: Sequence[str]) -> tuple | None:
        try:
            a, b, c, d = codes
            return self._seat_table[CODE_BIT[a] + CODE_BIT[b] + CODE_BIT[c] + CODE_BIT[d]]
        except (ValueError, KeyError, TypeError):
            return None

    def _seat_entry(self, key: int) -> tuple:
        """``(id if bust, {tossed rank char: id kept}, best id, total, four-card total)``."""
        shape, best_id = SHAPES_BY_KEY[key], self._best_ids[key]
        kept = {}
        if shape.total != BUST:
            best = self._hands[best_id]
            for rank in shape.toss_ranks:
                kicker = self.kicker_key[rank]
                kept[RANKS[rank]] = self._hand_ids[(best.total, best.blackjack, kicker)]
        bust_id = best_id if shape.total == BUST else None
        return bust_id, kept, best_id, shape.total, shape.four_total

    def _amount(self, stake: Decimal, odds: Fraction) -> Decimal:
        """``settle_amount`` with this rule version's rounding, remembered per (stake, odds)."""
        key = (stake, odds.numerator, odds.denominator)
        amount = self._amounts.get(key)
        if amount is None:
            amount = settle_amount(stake, odds, self._rounding)
            if len(self._amounts) < 100_000:
                self._amounts[key] = amount
        return amount
