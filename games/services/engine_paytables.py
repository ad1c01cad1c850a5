"""A registry paytable as the rules engine sees it."""

from __future__ import annotations

from games.engine.paytables import Paytable as EnginePaytable
from games.engine.paytables import make_paytable
from games.engine.sources import Source
from games.models import Paytable


def engine_paytable(paytable: Paytable) -> EnginePaytable:
    """The rules engine's view of a registry paytable, citing the registry version."""
    name = f"paytable {paytable.wager_key} #{paytable.code} v{paytable.version}"
    source = Source(name, "", paytable.source)
    return make_paytable(
        paytable.wager_key,
        paytable.code,
        paytable.entries,
        source,
        tuple(paytable.entries),
        paytable.illustrative,
    )
