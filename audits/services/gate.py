"""The gate a line passes once: the rules in force at its place, for the submitting licensee.

Asked of the registry (through the submission's :class:`~games.rules_resolver.RulesResolver`)
once per line, whichever path judges it: the fast path asks, and hands the answer on with a
line it leaves to the full path, which does not ask again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from audits.validation.context import GameRules
from games.selectors import RulesInForce

from .rules_context import GameRulesCache


@dataclass(frozen=True)
class Gate:
    """What the registry says of a place and time, for the submitting licensee."""

    key: tuple  # (venue, table, game, options, decks, played_at): what was asked
    answer: RulesInForce
    #: the venue is another licensee's: the round is a finding of the submitter's, nothing else
    foreign: bool
    #: the rules to judge the round by: in force, at a venue of the submitter's (else None)
    rules: GameRules | None

    def asked_for(self, venue, table, game, options, decks, played_at) -> bool:
        return self.key == _key(venue, table, game, options, decks, played_at)


def gate_for(
    resolver, rules_cache: GameRulesCache, licensee_id: int, *, venue: str, table: str,
    game: str, options: dict, decks: int, played_at: datetime,
) -> Gate:  # fmt: skip
    answer = resolver.resolve(
        venue=venue, table=table, game=game, options=options, at=played_at, decks=decks
    )
    foreign = answer.venue is not None and answer.venue.licensee_id != licensee_id
    rules = rules_cache.for_answer(answer) if answer.in_force and not foreign else None
    return Gate(_key(venue, table, game, options, decks, played_at), answer, foreign, rules)


def _key(venue, table, game, options, decks, played_at) -> tuple:
    declared = tuple(sorted((k, str(v)) for k, v in options.items()))
    return venue, table, game, declared, decks, played_at
