"""The one settlement, as the sample generators call it.

What a generator dealt is built into a round and settled by
:func:`audits.validation.games.settle_round`, the function validation's exact path, its
screen and the round view read, under rules built for the sample from the rule version's
parameters and the round's options.  No generator settles on its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache

from audits.validation.context import GameRules
from audits.validation.games import GAMES, settle_round
from audits.validation.parse import ParsedRound, ParsedSeat
from audits.validation.settlement import RoundSettlement
from games.engine.catalog import game as engine_game


@cache
def _rules(game: str, options: tuple, parameters: tuple) -> GameRules:
    chosen = dict(options)
    engine = GAMES[game].engine(dict(parameters))
    if hasattr(engine, "variant"):  # the blackjack family: the options are the engine's
        engine = engine.variant(chosen)
    definition = engine_game(game)
    paytables = definition.paytables_for({**definition.default_options, **chosen})
    return GameRules(
        game=game, engine=engine, paytables=paytables, limits=(),
        wagers=tuple(definition.wagers), rule_version=f"{game} (sample)",
    )  # fmt: skip


def sample_rules(
    game: str, options: Mapping[str, str], parameters: Mapping | None = None,
    defined: Mapping[str, tuple] | None = None,
) -> GameRules:
    """The rules a sample round of ``game`` under ``options`` is settled by, the engine built
    from the rule version's ``parameters`` (cached); ``defined``: the side wagers the rule
    version defines as data, each key with its definition and the paytable in force."""
    rules = _rules(game, tuple(sorted(options.items())), tuple(sorted((parameters or {}).items())))
    if not defined:
        return rules
    return replace(
        rules, wagers=(*rules.wagers, *defined),
        defined={k: definition for k, (definition, _) in defined.items()},
        paytables={**rules.paytables, **{k: table for k, (_, table) in defined.items()}},
    )  # fmt: skip


def sample_settle(
    game: str,
    options: Mapping[str, str],
    decks: int,
    dealer_cards: Sequence[int],
    seats: list[ParsedSeat],
    dealer_toss: str | None = None,
    parameters: Mapping | None = None,
    defined: Mapping[str, tuple] | None = None,
) -> RoundSettlement:
    """What the game's one settlement pays on every wager of the dealt round."""
    parsed = ParsedRound(
        line=0, round="", played_at=None, venue="", table="", game=game,
        options=dict(options), decks=decks, dealer_cards=tuple(dealer_cards),
        dealer_toss=dealer_toss, seats=seats,
    )  # fmt: skip
    return settle_round(parsed, sample_rules(game, options, parameters, defined))
