"""Par sheets for the tie bonus game, simulated.

Whether the player's hand ties the dealer's depends on how the player plays,
so every wager is simulated under the rule version's basic strategy
(:mod:`.basic_strategy`, the sample players' play), with
the number of rounds, the seed and a 95% interval for each wager's return.
One pass of rounds settles the main wager and every tie wager.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from . import tie_bonus_rules as R
from .basic_strategy import BasicStrategy
from .blackjack_sim import (
    DEFAULT_SEED,
    main_result,
    net_outcome,
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
    strategy: BasicStrategy | None = None,
) -> tuple[WagerSheet, ...]:
    """The main wager and the eight tie wagers, from one simulation of ``rounds`` rounds."""
    game = game.variant(options)
    table = (paytables or {}).get("tie_bonus") or R.PAYTABLES[("tie_bonus", "1")]
    strategy = strategy or BasicStrategy.of(game)
    main: Counter[str] = Counter()
    pays: dict[str, Fraction] = {}
    ties: Counter[str | None] = Counter()
    for _, hands, dealer in simulate(game, decks, rounds, seed, strategy):
        net = main_result(game, hands, dealer)
        pays[net_outcome(net)] = net
        main[net_outcome(net)] += 1
        ties[tie_status(hands, dealer)[0]] += 1
    note = simulation_note(strategy, rounds, seed, decks)
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
