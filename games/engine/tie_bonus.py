"""Blackjack with tie bonus wagers (004): the tie categories, settlement and wager limits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from . import tie_bonus_rules as R
from .blackjack import BlackjackRules, PlayerHand, Violation, hand_total, is_natural
from .odds import settle_amount
from .paytables import Paytable
from .results import LOSE, WagerResult
from .sources import Source

BLACKJACK = "blackjack"


def category(cards: Sequence[int], natural_possible: bool) -> str | None:
    """A hand's tie category: its total ("17"), "blackjack", or ``None`` when bust.

    ``natural_possible`` is False on a split hand (play 6, play 10): a split
    ace and a ten make "21".
    """
    if natural_possible and is_natural(cards):
        return BLACKJACK
    total = hand_total(cards)[0]
    return None if total > 21 else str(total)


def tie_status(
    hands: Sequence[PlayerHand], dealer: Sequence[int]
) -> tuple[str | None, str, Source]:
    """The category the seat tied the dealer on (or ``None``), a reason and its rule.

    The reason is the outcome name of a losing tie wager when there is no tie.
    """
    if len(hands) > 2:
        return None, "more_than_one_split", R.R_RESPLIT
    first = hands[0]
    if first.surrendered:
        return None, "surrendered", R.R_TIE
    player = category(first.cards, len(hands) == 1)
    dealer_category = category(dealer, True)
    if player is None:
        return None, "player_bust", R.R_TIE
    if player == BLACKJACK and dealer_category != BLACKJACK:
        return None, "player_blackjack", R.R_PLAYER_BLACKJACK
    if player == dealer_category:
        return player, "tie", R.R_FIRST_HAND if len(hands) > 1 else R.R_TIE
    if {player, dealer_category} == {"21", BLACKJACK}:
        return None, "21_against_blackjack", R.R_21_VS_BLACKJACK
    return None, "no_tie", R.R_TIE


class TieBonusBlackjack(BlackjackRules):
    """The rules of one rule version of the tie bonus game (parameters resolved)."""

    def __init__(self, parameters: Mapping | None = None):
        # a rule version stored before decks_allowed became the rule version's own field
        current = {k: v for k, v in (parameters or {}).items() if k not in R.RETIRED_PARAMETERS}
        super().__init__(current, R.PARAMETERS, R.SOURCES)

    def settle_tie(
        self,
        wager: str,
        stake: Decimal,
        hands: Sequence[PlayerHand],
        dealer: Sequence[int],
        paytable: Paytable,
    ) -> WagerResult:
        """One tie wager (``tie_17`` ... ``tie_right``)."""
        tied, reason, source = tie_status(hands, dealer)
        if tied is None:
            return WagerResult(wager, stake, -stake, reason, source, LOSE)
        if tied not in R.TIE_WAGERS[wager]:
            rule = R.R_SIDES if wager in ("tie_left", "tie_right") else R.R_SEVERAL
            return WagerResult(wager, stake, -stake, f"tie_on_{tied}", rule, LOSE)
        outcome = R.outcome_name(wager, tied)
        odds = paytable.odds(outcome)
        if odds is None:
            return WagerResult(wager, stake, -stake, outcome, paytable.source, LOSE)
        net = settle_amount(stake, odds, self.rounding)
        return WagerResult(wager, stake, net, outcome, paytable.source_of(outcome), odds)

    def settle_seat(
        self,
        first_two: Sequence[int],
        hands: Sequence[PlayerHand],
        dealer: Sequence[int],
        wagers: Mapping[str, Decimal],
        paytables: Mapping[str, Paytable] | None = None,
        options: Mapping[str, str] | None = None,
    ) -> list[WagerResult]:
        """Every wager of a seat: the main wager of each hand first (key ``"main"``, in
        the hands' order), then insurance and the tie wagers as placed."""
        game = self.variant(options)
        table = (paytables or {}).get("tie_bonus") or R.PAYTABLES[("tie_bonus", "1")]
        main = Decimal(wagers.get("main") or 0)
        results = game.settle_main(hands, dealer, main) if main else []
        for key, value in wagers.items():
            stake = Decimal(value or 0)
            if not stake or key == "main":
                continue
            if key == "insurance":
                results.append(game.settle_insurance(stake, dealer))
            elif key in R.TIE_WAGERS:
                results.append(game.settle_tie(key, stake, hands, dealer, table))
        return results

    def wager_violations(self, wagers: Mapping, up_card: int) -> list[Violation]:
        """``bonus_without_primary``, ``left_side_above_half``, ``right_side_above_half``,
        ``bonus_above_primary`` and the insurance checks."""
        stake = {k: Decimal(v or 0) for k, v in wagers.items()}
        main = stake.get("main", Decimal(0))
        left = sum((stake.get(k, Decimal(0)) for k in R.LEFT), Decimal(0))
        right = sum((stake.get(k, Decimal(0)) for k in R.RIGHT), Decimal(0))
        found = []
        if not main and left + right:
            message = "tie bonus wagers without the primary (main) wager"
            found.append(_v("bonus_without_primary", message, R.R_SPOTS))
        elif main:
            if left * 2 > main:
                message = (
                    f"the left-side (LS) tie wagers, {left} in all, exceed half the primary {main}"
                )
                found.append(_v("left_side_above_half", message, R.R_LIMITS))
            if right * 2 > main:
                message = f"the right-side (RS) tie wagers, {right} in all, exceed half the "
                message += f"primary {main}"
                found.append(_v("right_side_above_half", message, R.R_LIMITS))
            if left + right > main:
                message = f"the tie wagers, {left + right} in all, exceed the primary {main}"
                found.append(_v("bonus_above_primary", message, R.R_LIMITS))
        return found + self.insurance_violations(main, stake.get("insurance", Decimal(0)), up_card)


def _v(code: str, message: str, source: Source) -> Violation:
    return Violation(code, message, source)


def aggregate_excess(results: Sequence[WagerResult], limit: Decimal | None) -> Decimal:
    """How far a seat's total winnings exceed an aggregate payout limit (setup 6), or 0."""
    if limit is None:
        return Decimal(0)
    won = sum((r.net for r in results if r.net > 0), Decimal(0))
    return max(won - limit, Decimal(0))
