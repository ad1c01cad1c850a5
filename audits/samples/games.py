"""The games the samples deal, by code (:data:`SAMPLE_GAMES`): one :class:`SampleGame` each,
so that callers (the sample month, the kernels' warm-up, the benchmark) deal any of them the
same way.

Each game's samples live in a module of its own here, the one the engine's catalog names for
it (:data:`games.engine.catalog.GAMES`, ``module``): :mod:`.toss_one`, and :mod:`.ante_up`
and :mod:`.tie_bonus` on the blackjack family's :mod:`.blackjack`; the module exports the
game's :class:`SampleGame` as ``SAMPLE_GAME``.  No list here names the games:
:data:`SAMPLE_GAMES` holds every game of the catalog, in its order, each from its module (a
game without one fails on import).
"""

from __future__ import annotations

from importlib import import_module

from games.engine import catalog

from .sample_game import SampleGame

__all__ = ["SAMPLE_GAMES", "SampleGame"]


def _module_game(definition: catalog.GameDefinition) -> SampleGame:
    """The ``SAMPLE_GAME`` of the game's module here (the module the catalog names)."""
    module = f"{__package__}.{definition.module}"
    game = import_module(module).SAMPLE_GAME
    if game.code != definition.code:
        raise ImportError(f"{module}.SAMPLE_GAME is {game.code}'s, not {definition.code}'s")
    return game


#: every game of the engine's catalog, by code, from its own module
SAMPLE_GAMES: dict[str, SampleGame] = {
    code: _module_game(definition) for code, definition in catalog.GAMES.items()
}
