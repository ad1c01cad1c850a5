"""Par sheets: probability, pay and contribution of every outcome of a wager.

A sheet is exact (fractions from combinatorics over the shoe) unless its
``method`` says it is a simulation, in which case it carries the number of
rounds and a 95% confidence interval for the return.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from .odds import format_odds

EXACT = "exact combinatorial analysis over the shoe"
SIMULATION = "simulation"


@dataclass(frozen=True)
class OutcomeLine:
    outcome: str
    probability: Fraction
    pays: Fraction  # net result per unit staked

    @property
    def contribution(self) -> Fraction:
        return self.probability * self.pays

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "probability": float(self.probability),
            "probability_exact": str(self.probability),
            "pays": float(self.pays),
            "pays_odds": format_odds(self.pays),
            "contribution": float(self.contribution),
            "contribution_exact": str(self.contribution),
        }


@dataclass(frozen=True)
class WagerSheet:
    key: str
    title: str
    lines: tuple[OutcomeLine, ...]
    method: str = EXACT
    basis: str = "per unit staked on this wager"
    notes: tuple[str, ...] = ()
    rounds: int | None = None
    ci95_return: tuple[float, float] | None = None

    @property
    def expected(self) -> Fraction:
        return sum((line.contribution for line in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        return -self.expected

    @property
    def return_to_player(self) -> Fraction:
        return 1 + self.expected

    @property
    def hit_frequency(self) -> Fraction:
        return sum((ln.probability for ln in self.lines if ln.pays > 0), Fraction(0))

    @property
    def total_probability(self) -> Fraction:
        return sum((line.probability for line in self.lines), Fraction(0))

    def to_dict(self) -> dict[str, Any]:
        data = {
            "title": self.title,
            "method": self.method,
            "basis": self.basis,
            "notes": list(self.notes),
            "house_edge": float(self.house_edge),
            "house_edge_exact": str(self.house_edge),
            "return": float(self.return_to_player),
            "return_exact": str(self.return_to_player),
            "hit_frequency": float(self.hit_frequency),
            "hit_frequency_exact": str(self.hit_frequency),
            "outcomes": [line.to_dict() for line in self.lines],
        }
        if self.method == SIMULATION:
            data["rounds"] = self.rounds
            data["ci95_return"] = list(self.ci95_return or ())
        return data


@dataclass(frozen=True)
class ParSheet:
    game: str
    decks: int
    parameters: dict[str, Any]
    options: dict[str, Any]
    wagers: tuple[WagerSheet, ...]
    notes: tuple[str, ...] = field(default=())
    #: open point -> other value -> wager -> house edge under that value
    alternatives: dict[str, dict[str, dict]] = field(default_factory=dict)

    def wager(self, key: str) -> WagerSheet:
        return next(w for w in self.wagers if w.key == key)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "decks": self.decks,
            "parameters": self.parameters,
            "options": self.options,
            "notes": list(self.notes),
            "wagers": {w.key: w.to_dict() for w in self.wagers},
            "alternatives": self.alternatives,
        }


def lines_from_weights(
    weights: dict[str, int], pays: dict[str, Fraction], total: int
) -> tuple[OutcomeLine, ...]:
    """Outcome lines from integer combination counts out of ``total``."""
    return tuple(
        OutcomeLine(outcome, Fraction(count, total), pays[outcome])
        for outcome, count in sorted(weights.items(), key=lambda kv: (-pays[kv[0]], kv[0]))
        if count
    )


BINOMIAL = [[comb(n, k) for k in range(9)] for n in range(8 * 16 * 4 + 1)]
