"""The tie bonus game's samples: how its players stake (tie wagers on either side, each at
most a quarter of the main wager) and its own deliberate errors (:mod:`.blackjack` deals and
plays the family's rounds with them)."""

from __future__ import annotations

from games.engine.tie_bonus_rules import GAME, LEFT, RIGHT

from .blackjack import family_game
from .blackjack_faults import Fault, both, no_tie_wagers, set_stake, stake_of
from .family import FamilySampling, Seat
from .stakes import written


def _wagers(seat: Seat, rnd) -> None:
    """Each of two tie wagers a side on about one seat in seven: each at most a quarter of
    the main wager, so each side's at most half of it."""
    main, stakes = seat.main, seat.stakes
    for key in ("tie_left", "tie_18", "tie_right", "tie_21"):
        if rnd() < 0.15:
            side = max(main // 1000, 1) * 100 if stakes.mode == "few" else stakes.at_most(main // 4)
            seat.wagers[key] = written(side)


def _the_main(seat: dict):
    return stake_of(seat, "main")


TIE_BONUS_FAULTS: dict[str, Fault] = {
    "left_side_above_half": Fault(
        "left_side_above_half",
        dealt=both(no_tie_wagers(LEFT + RIGHT), set_stake("tie_left", _the_main)),
    ),
    "right_side_above_half": Fault(
        "right_side_above_half",
        dealt=both(no_tie_wagers(LEFT + RIGHT), set_stake("tie_right", _the_main)),
    ),
    "decks_not_approved": Fault("decks_not_approved", decks=4),
    "bonus_without_primary": Fault(
        "bonus_without_primary",
        dealt=set_stake(
            "main",
            lambda s: None,
            lambda seat, dealer: any(k in LEFT + RIGHT for k in seat["wagers"]),
        ),
    ),
}


SAMPLING = FamilySampling(GAME, "T6", _wagers, lambda seats: False, TIE_BONUS_FAULTS)
SAMPLE_GAME = family_game(SAMPLING)
