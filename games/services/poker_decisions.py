"""Ante Up 21's fold/bet decisions kept on disk between processes, beside the par sheets.

Under ``best_two_of_hand`` the engine learns each situation's decision from 200,000
simulated rounds (:func:`games.engine.ante_up_parsheet.bet_decisions`): about 5 s in every
process that deals Ante Up 21's samples (each test process, each ``generate_handlog``, the
bench).  The engine is deterministic, so the decisions are kept as the sheets are
(:mod:`.sheet_cache`: under the fingerprint of the engine's sources, a file per game's
parameters and deck count) and read back equal; a process keeps those it has read.
"""

from __future__ import annotations

from games.engine.ante_up import AnteUp21
from games.engine.ante_up_parsheet import Situation, bet_decisions

from .hashing import canonical_json
from .sheet_cache import sheet_keep, sheet_read

KIND = "ante-up-21 bet decisions"


def ante_up_bet_decisions(game: AnteUp21, decks: int) -> dict[Situation, bool]:
    """The engine's fold/bet decision of each situation of ``game`` at ``decks`` decks: read
    from the folder where it was kept, else computed by the engine and kept."""
    inputs = (KIND, canonical_json(game.params), str(decks))
    if inputs not in _READ:
        _READ[inputs] = _kept(inputs) or _computed(game, decks, inputs)
    return _READ[inputs]


#: the decisions this process has read or computed, by their inputs
_READ: dict[tuple[str, ...], dict[Situation, bool]] = {}


def _kept(inputs: tuple[str, ...]) -> dict[Situation, bool] | None:
    kept = sheet_read(*inputs)
    if kept is None:
        return None
    try:
        return {(low, high, up): bool(bet) for low, high, up, bet in kept["decisions"]}
    except (KeyError, TypeError, ValueError):
        return None  # not what this code keeps: computed again


def _computed(game: AnteUp21, decks: int, inputs: tuple[str, ...]) -> dict[Situation, bool]:
    decisions = bet_decisions(game, decks)
    rows = [[*situation, bet] for situation, bet in sorted(decisions.items())]
    sheet_keep({"decisions": rows}, *inputs)
    return decisions
