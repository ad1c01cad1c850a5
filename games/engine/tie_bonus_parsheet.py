"""Par sheets for the tie bonus game, simulated.

Whether the player's hand ties the dealer's depends on how the player plays,
so every wager is simulated under a named strategy (``BASIC_NO_SPLIT``), with
the number of rounds, the seed and a 95% interval for each wager's return.
One pass of rounds settles the main wager and every tie wager.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from . import tie_bonus_rules as R
from .blackjack import PlayerHand
from .blackjack_sim import (
    BASIC_NO_SPLIT,
    DEFAULT_SEED,
    Strategy,
    simulate,
    simulated_sheet,
    simulation_note,
)
from .parsheet import WagerSheet
from .paytables import Paytable
from .tie_bonus import TieBonusBlackjack, tie_status

TITLES = {
    "tie_17": "Tie 17",
    "tie_18": "Tie 18",
    "tie_19": "Tie 19",
    "tie_left": "Left side (LS: 17, 18, 19)",
    "tie_20": "Tie 20",
    "tie_21": "Tie 21",
    "tie_blackjack": "Tie Blackjack",
    "tie_right": "Right side (RS: 20, 21, Blackjack)",
}


def tie_bonus_sheets(
    game: TieBonusBlackjack,
    decks: int,
    options: Mapping[str, str] | None = None,
    paytables: Mapping[str, Paytable] | None = None,
    rounds: int = 200_000,
    seed: int = DEFAULT_SEED,
    strategy: Strategy = BASIC_NO_SPLIT,
) -> tuple[WagerSheet, ...]:
    """The main wager and the eight tie wagers, from one simulation of ``rounds`` rounds."""
    game = game.variant(options)
    table = (paytables or {}).get("tie_bonus") or R.PAYTABLES[("tie_bonus", "1")]
    main: Counter[str] = Counter()
    ties: Counter[str | None] = Counter()
    for player, dealer in simulate(game, decks, rounds, seed, strategy):
        hand = PlayerHand(tuple(player))
        main[game.main_outcome(hand, 0, 1, dealer)] += 1
        ties[tie_status((hand,), dealer)[0]] += 1
    note = simulation_note(strategy, rounds, seed, decks)
    pays = {o: game.main_pays(o) for o in main}
    title = f"Main wager (blackjack pays {game.params['blackjack_pays']})"
    sheets = [simulated_sheet("main", title, main, pays, rounds, (note,))]
    for wager in R.TIE_WAGERS:
        sheets.append(_tie_sheet(wager, ties, table, rounds, note))
    return tuple(sheets)


def _tie_sheet(wager: str, ties: Counter, table: Paytable, rounds: int, note: str) -> WagerSheet:
    counts: Counter[str] = Counter()
    pays: dict[str, Fraction] = {"lose": Fraction(-1)}
    for tied, count in ties.items():
        outcome = R.outcome_name(wager, tied) if tied in R.TIE_WAGERS[wager] else "lose"
        odds = table.odds(outcome) if outcome != "lose" else None
        if odds is None:
            outcome = "lose"
        else:
            pays[outcome] = odds
        counts[outcome] += count
    label = f"paytable {table.code}{', illustrative' if table.illustrative else ''}"
    return simulated_sheet(wager, f"{TITLES[wager]} ({label})", counts, pays, rounds, (note,))


def sheets_for(params, decks: int, options, paytables) -> tuple[WagerSheet, ...]:
    """The catalog's sheet function: ``(resolved parameters, decks, options, paytables)``."""
    return tie_bonus_sheets(TieBonusBlackjack(params), decks, options, paytables)
