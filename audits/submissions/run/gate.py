"""The gate a line passes: the rules in force at its place, for the submitting licensee.

Asked of the registry (through the submission's :class:`~games.rules_resolver.RulesResolver`)
once per place and epoch of the registry (the span of time in which nothing in force at the
venue changes): the screen asks, and hands the answer on with the lines it leaves to the
exact path, which asks again only for a place or a time the answer does not cover.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from audits.submissions.run.rules_context import GameRulesCache
from audits.validation.context import GameRules
from games.selectors import RulesInForce


@dataclass(frozen=True)
class Gate:
    """What the registry says of a place and time, for the submitting licensee."""

    key: tuple  # (venue, table, game, options, decks): the place asked about
    answer: RulesInForce
    #: the venue is another licensee's: the round is a finding of the submitter's, nothing else
    foreign: bool
    #: the rules to judge the round by: in force, at a venue of the submitter's (else None)
    rules: GameRules | None
    #: POSIX times of the epoch the answer holds for (start, end), within one gaming day;
    #: only the moment asked about for an unknown venue
    span: tuple[float, float]
    #: the venue's gaming day over the span (None for an unknown venue): the ledger's day
    gaming_day: date | None = None

    def asked_for(self, venue, table, game, options, decks, played_at: datetime) -> bool:
        moment = played_at.timestamp()
        return (
            self.span[0] <= moment < self.span[1] or moment == self.span[0]
        ) and self.key == _key(venue, table, game, options, decks)


def gate_for(
    resolver, rules_cache: GameRulesCache, licensee_id: int, *, venue: str, table: str,
    game: str, options: dict, decks: int, played_at: datetime,
) -> Gate:  # fmt: skip
    answer = resolver.resolve(
        venue=venue, table=table, game=game, options=options, at=played_at, decks=decks
    )
    foreign = answer.venue is not None and answer.venue.licensee_id != licensee_id
    rules = rules_cache.for_answer(answer) if answer.in_force and not foreign else None
    moment = played_at.timestamp()
    span = resolver.span_bounds(venue, played_at) or (moment, moment)
    day = resolver.gaming_day(venue, played_at)
    if day is not None:  # one gaming day at most, so that every round of a gate shares it
        span = (max(span[0], day[1]), min(span[1], day[2]))
    key = _key(venue, table, game, options, decks)
    return Gate(key, answer, foreign, rules, span, day[0] if day else None)


def _key(venue, table, game, options, decks) -> tuple:
    declared = tuple(sorted((k, str(v)) for k, v in options.items()))
    return venue, table, game, declared, decks
