"""What a round is judged against: the engine game and the paytables and limits in force.

Built once per (rule version, paytables, limits) by the pipeline from the
registry's answer, then shared by every round it applies to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from games.engine.defined.language import SideWagerDefinition
from games.engine.paytables import Paytable


@dataclass(frozen=True, slots=True)
class Limit:
    """A wager limit in force: ``kind`` is max_single_wager, min_single_wager or
    max_aggregate_payout; ``wager_key`` empty means any wager."""

    kind: str
    amount: Decimal
    wager_key: str
    citation: str  # regulation (and filing) or the table limit's source
    scope: str


@dataclass
class GameRules:
    game: str
    engine: Any  # TossOne21 | AnteUp21 | TieBonusBlackjack, built from the rule version
    paytables: Mapping[str, Paytable]
    limits: tuple[Limit, ...]
    wagers: tuple[str, ...]  # the wager keys the game has
    rule_version: str = ""  # e.g. "toss-one-21 v1 (hash ...)", for messages
    #: what identifies these rules in force (rule version, paytables, limits); () when they
    #: were built by hand (a test's, a sample's)
    key: tuple = ()
    #: the side wagers the rule version defines as data, by key (their keys are in
    #: ``wagers`` too); the engine's one evaluator settles them (games.engine.defined)
    defined: Mapping[str, SideWagerDefinition] = field(default_factory=dict)
