"""Paytables: a wager's pay per outcome, as exact odds, each with its source.

A paytable is data.  The engine only knows the outcome names each wager can
produce; the figures come from a rule document or, where the documents give
none, from a clearly labelled illustrative table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .odds import format_odds, parse_odds
from .sources import Source


class PaytableError(ValueError):
    """A paytable that names outcomes its wager cannot produce."""


@dataclass(frozen=True)
class Paytable:
    wager: str
    code: str
    entries: Mapping[str, Fraction]
    source: Source
    illustrative: bool = False
    entry_sources: Mapping[str, Source] = field(default_factory=dict)

    def odds(self, outcome: str) -> Fraction | None:
        """The net odds for ``outcome``; ``None`` when the wager loses."""
        return self.entries.get(outcome)

    def source_of(self, outcome: str) -> Source:
        return self.entry_sources.get(outcome, self.source)

    def to_dict(self) -> dict:
        return {
            "wager": self.wager,
            "code": self.code,
            "source": str(self.source),
            "illustrative": self.illustrative,
            "entries": {k: format_odds(v) for k, v in self.entries.items()},
        }


def make_paytable(
    wager: str,
    code: str,
    entries: Mapping[str, str | int | Fraction],
    source: Source,
    outcomes: tuple[str, ...],
    illustrative: bool = False,
) -> Paytable:
    """Build a paytable, refusing outcome names the wager does not produce."""
    unknown = sorted(set(entries) - set(outcomes))
    if unknown:
        raise PaytableError(
            f"paytable {wager} #{code}: unknown outcome(s) {', '.join(unknown)}; "
            f"known: {', '.join(outcomes)}"
        )
    parsed = {k: parse_odds(v) for k, v in entries.items()}
    return Paytable(wager, code, parsed, source, illustrative)
