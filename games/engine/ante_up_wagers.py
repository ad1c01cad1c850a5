"""Ante Up 21: the wager structures the rules forbid, each with its rule (the checks depend
on the game, :class:`~.ante_up.AnteUp21`; the game knows nothing of them)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from . import ante_up_rules as R
from .ante_up import AnteUp21
from .blackjack import Violation


def _stake(wagers: Mapping, key: str) -> Decimal:
    return Decimal(wagers.get(key) or 0)


def wager_violations(
    game: AnteUp21, wagers: Mapping, poker: str | None, up_card: int
) -> list[Violation]:
    """Violations of a seat's wagers.

    Codes: ``ante_without_21``, ``ante_above_21``, ``bet_not_equal_ante``,
    ``bet_after_fold``, ``bet_without_ante``, ``poker_bonus_not_fixed_stake``,
    ``poker_bonus_without_poker``, ``insurance_not_offered``,
    ``insurance_above_half``.
    """
    main, ante, bet = (_stake(wagers, k) for k in ("main", "ante", "bet"))
    found: list[Violation] = []
    add = found.append
    if ante and not main:
        add(Violation("ante_without_21", "an ANTE without a 21 bet", R.R_BOTH_SPOTS, wager="ante"))
    if ante > main > 0:
        message = f"the ANTE of {ante} is above the 21 bet of {main}"
        add(Violation("ante_above_21", message, R.R_ANTE_MAX, wager="ante"))
    found += _bet(ante, bet, poker)
    found += _poker_bonus(game, wagers, ante, bet, poker)
    found += game.insurance_violations(main, _stake(wagers, "insurance"), up_card)
    return found


def _bet(ante: Decimal, bet: Decimal, poker: str | None) -> list[Violation]:
    if not ante:
        if bet:
            return [
                Violation("bet_without_ante", "a BET without an ANTE", R.R_BOTH_SPOTS, None, "bet")
            ]
        return []
    if poker == "fold":
        if bet:
            return [Violation("bet_after_fold", "a BET on a folded hand", R.R_FOLD, None, "bet")]
        return []
    if bet != ante:
        message = f"the BET of {bet} is not the ANTE of {ante}"
        return [Violation("bet_not_equal_ante", message, R.R_BET_EQUALS_ANTE, None, "bet")]
    return []


def _poker_bonus(game: AnteUp21, wagers, ante, bet, poker) -> list[Violation]:
    stake = _stake(wagers, "poker_bonus")
    if not stake:
        return []
    found = []
    if stake != game.poker_bonus_stake:
        message = f"a Poker Bonus of {stake}, not the fixed stake of {game.poker_bonus_stake}"
        found.append(
            Violation("poker_bonus_not_fixed_stake", message, R.R_PB_STAKE, wager="poker_bonus")
        )
    needs_bet = game.params["poker_bonus_requires"] == "bet"
    played = bool(ante) and (not needs_bet or (poker != "fold" and bool(bet)))
    if not played:
        what = "a BET on the poker hand" if needs_bet else "an ANTE"
        source = game.cite("poker_bonus_requires", "a Poker Bonus player must play poker")
        found.append(
            Violation(
                "poker_bonus_without_poker",
                f"a Poker Bonus without {what}",
                source,
                wager="poker_bonus",
            )
        )
    return found
