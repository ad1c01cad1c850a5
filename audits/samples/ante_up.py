"""Ante Up 21's samples: how its players stake (an ANTE, the poker decision, a Poker Bonus),
when the dealer completes his hand (any poker BET, PLAY 21 5), and its own deliberate errors
(:mod:`.blackjack` deals and plays the family's rounds with them)."""

from __future__ import annotations

from decimal import Decimal

from games.engine.ante_up_parsheet import situation
from games.engine.ante_up_rules import GAME
from games.services.poker_decisions import ante_up_bet_decisions

from .blackjack import family_game
from .blackjack_faults import Fault, bets, both, folds, folds_with_bonus, set_stake, stake_of
from .family import FamilySampling, Seat
from .stakes import written


def _wagers(seat: Seat, rnd) -> None:
    """An ANTE (the 21 bet, or less), a BET of it where the par sheet's fold/bet decision
    bets the poker hand (else a fold), a Poker Bonus on three seats in ten."""
    main, stakes = seat.main, seat.stakes
    few = stakes.mode == "few"
    lower = main // 200 * 100 if few else None  # half, in whole dollars
    ante = main if rnd() < 0.7 else (lower if few else stakes.at_most(main))
    seat.wagers["ante"] = written(ante)
    if ante_up_bet_decisions(seat.rules, seat.decks)[situation(seat.cards, seat.up)]:
        seat.wagers["bet"] = written(ante)
        seat.record["poker"] = "bet"
    else:
        seat.record["poker"] = "fold"
    if rnd() < 0.3:
        seat.wagers["poker_bonus"] = "1"


def _completes(seats: list[dict]) -> bool:
    """Any poker BET makes the dealer complete his hand (PLAY 21 5)."""
    return any(seat.get("poker") == "bet" for seat in seats)


def _removed(seat: dict) -> None:
    return None


ANTE_UP_FAULTS: dict[str, Fault] = {
    "ante_above_21": Fault(
        "ante_above_21",
        dealt=both(
            set_stake("ante", lambda s: stake_of(s, "main") * 2, bets),
            set_stake("bet", lambda s: stake_of(s, "main") * 2),
        ),
    ),
    "bet_not_equal_ante": Fault(
        "bet_not_equal_ante", dealt=set_stake("bet", lambda s: stake_of(s, "ante") * 2, bets)
    ),
    "bet_after_fold": Fault(
        "bet_after_fold", dealt=set_stake("bet", lambda s: stake_of(s, "ante"), folds)
    ),
    "bet_without_ante": Fault(
        "bet_without_ante",
        dealt=both(set_stake("ante", _removed, bets), set_stake("poker_bonus", _removed)),
    ),
    "poker_bonus_not_fixed_stake": Fault(
        "poker_bonus_not_fixed_stake", dealt=set_stake("poker_bonus", lambda s: Decimal(5))
    ),
    "poker_bonus_without_poker": Fault(
        "poker_bonus_without_poker", dealt=set_stake("ante", lambda s: None, folds_with_bonus)
    ),
    "decks_not_authorized": Fault("decks_not_authorized", decks=8),
    "ante_without_21": Fault("ante_without_21", dealt=set_stake("main", lambda s: None, folds)),
}


SAMPLING = FamilySampling(GAME, "T5", _wagers, _completes, ANTE_UP_FAULTS)
SAMPLE_GAME = family_game(SAMPLING)
