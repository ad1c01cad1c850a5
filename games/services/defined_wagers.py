"""Side wagers a rule version defines as data (``RuleVersion.side_wagers``): checked when
the version is created, read back as the engine's definitions, priced by paytables and given
exact par sheets from the definition alone (:mod:`games.engine.defined`)."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from functools import lru_cache
from math import comb
from typing import Any

from django.core.exceptions import ValidationError

from games.engine.catalog import GAMES as ENGINE_GAMES
from games.engine.catalog import game as engine_game
from games.engine.defined.evaluate import definition_checked, outcome_table
from games.engine.defined.exact import defined_combinations, defined_sheet
from games.engine.defined.language import DefinitionError, SideWagerDefinition
from games.engine.defined.vocabulary import READS, condition_words
from games.engine.names import wager_words
from games.engine.paytables import Paytable as EnginePaytable
from games.models import Paytable, RuleVersion

from .engine_paytables import engine_paytable
from .hashing import canonical_json


def side_wagers_checked(
    game_code: str, side_wagers: Sequence[Any], source_document: str = ""
) -> list[dict[str, Any]]:
    """The definitions as given, each read and checked by the engine (every name of the
    closed vocabulary, every outcome reachable), keys unique and none the game's own; each
    reads what the game's logs give one (the catalog's ``defined_reads`` of the game)."""
    if not isinstance(side_wagers, list | tuple):
        raise ValidationError({"side_wagers": "a list of side wager definitions"})
    game = engine_game(game_code)
    own, reads = set(game.wagers), game.defined_reads
    keys: set[str] = set()
    if side_wagers and not reads:
        settled_in = [code for code, other in ENGINE_GAMES.items() if other.defined_reads]
        raise ValidationError({"side_wagers": f"{game_code}: validation settles side wagers "
                               f"defined as data in {', '.join(settled_in)} only"})  # fmt: skip
    for i, data in enumerate(side_wagers):
        try:
            definition = definition_checked(data, f"side_wagers[{i}]", source_document)
        except DefinitionError as exc:
            raise ValidationError({"side_wagers": str(exc)}) from exc
        if definition.reads not in reads:
            raise ValidationError({"side_wagers": f"side_wagers[{i}].reads: {game_code}'s logs "
                                   f"give {' and '.join(reads)} only"})  # fmt: skip
        if definition.key in own or definition.key in keys:
            raise ValidationError({"side_wagers": f"side_wagers[{i}].key: {definition.key!r} "
                                   "is already a wager of the game"})  # fmt: skip
        keys.add(definition.key)
    return [dict(data) for data in side_wagers]


def rule_version_side_wagers(rule_version: RuleVersion) -> dict[str, SideWagerDefinition]:
    """The rule version's defined side wagers by key (none for most versions)."""
    if not rule_version.side_wagers:
        return {}
    return _definitions(canonical_json(rule_version.side_wagers), rule_version.source_document)


def defined_wagers_read() -> int:
    """Every rule version's defined side wagers read, with the table of outcomes the screen
    looks their hands up in, kept by this process (a worker does it before its first chunk,
    which would otherwise take about half a second a definition); how many were read."""
    read = 0
    for rule_version in RuleVersion.objects.exclude(side_wagers=[]).only(
        "side_wagers", "source_document"
    ):
        for definition in rule_version_side_wagers(rule_version).values():
            outcome_table(definition)
            read += 1
    return read


#: how long a process keeps the registry's titles of defined side wagers (seconds): a rule
#: version loaded in another process is named within that time
TITLES_KEPT = 60.0
_titles: tuple[float, dict[str, str]] | None = None


def wager_title(key: str) -> str:
    """A wager by name: every game's own (``lucky3`` -> ``Lucky 3``), a side wager a rule
    version defines as data by its title (``three_card`` -> ``Three Card``); any other key
    as it came."""
    known = wager_words(key)
    return known if known != key else side_wager_titles().get(key, key)


def side_wager_titles() -> dict[str, str]:
    """Key -> title of every side wager a rule version of the registry defines (the latest
    version's where two differ), kept :data:`TITLES_KEPT` seconds in a process."""
    global _titles
    now = time.monotonic()
    if _titles is None or now - _titles[0] > TITLES_KEPT:
        titles: dict[str, str] = {}
        for side_wagers in RuleVersion.objects.order_by("pk").values_list("side_wagers", flat=True):
            for data in side_wagers or ():
                if isinstance(data, dict) and isinstance(data.get("key"), str):
                    titles[data["key"]] = str(data.get("title") or data["key"])
        _titles = (now, titles)
    return _titles[1]


def side_wager_titles_forget(**_) -> None:
    """The titles read again when next asked (a rule version was saved)."""
    global _titles
    _titles = None


def side_wager_keys() -> list[str]:
    """Every key a rule version of the registry defines as data, sorted (the screen reads
    these besides every game's own keys)."""
    keys: set[str] = set()
    for side_wagers in RuleVersion.objects.values_list("side_wagers", flat=True):
        keys.update(data["key"] for data in side_wagers or () if isinstance(data, dict))
    return sorted(keys)


@lru_cache(maxsize=64)
def _definitions(side_wagers: str, document: str) -> dict[str, SideWagerDefinition]:
    read = (definition_checked(d, f"side_wagers[{i}]", document)
            for i, d in enumerate(json.loads(side_wagers)))  # fmt: skip
    return {d.key: d for d in read}


def rule_version_side_wagers_in_words(rule_version: RuleVersion) -> list[dict[str, Any]]:
    """Each defined side wager as a reviewer reads it: what it reads, and its outcomes in
    order, each with the conditions that make it (the first that holds counts)."""
    return [
        {
            "key": d.key, "title": d.title, "reads": READS[d.reads][1], "rule": d.rule,
            "ace": d.ace, "runs": any(n == "consecutive" for o in d.outcomes for n, _ in o.when),
            "outcomes": [{"key": o.key, "words": o.words,
                          "when": [condition_words(n, a) for n, a in o.when]}
                         for o in d.outcomes],
        }
        for d in rule_version_side_wagers(rule_version).values()
    ]  # fmt: skip


def defined_sheet_dict(
    definition: SideWagerDefinition, paytable: EnginePaytable, decks: int
) -> dict[str, Any]:
    """The exact sheet as stored and shown: the engine's sheet, each outcome with its
    combinations (hands of distinct cards) out of every hand of the cards read."""
    sheet = defined_sheet(definition, paytable, decks).to_dict()
    counts = defined_combinations(definition, decks)
    for line in sheet["outcomes"]:
        line["combinations"] = counts[line["outcome"]]
        line["words"] = definition.words_of(line["outcome"])
    sheet["hands"] = comb(52 * decks, definition.cards)
    sheet["reads"] = definition.reads
    return sheet


def game_defined_sheets(game_code: str, decks: int) -> dict[str, dict[str, Any]]:
    """Every side wager the registry defines for the game (its latest rule version defining
    it), each with its exact sheet under each of its paytables (the latest version of each
    code): ``{key: {...the first paytable's sheet, "rule_version", "paytable", "paytables":
    {code: sheet}}}``, for the ``parsheet`` command."""
    found: dict[str, dict[str, Any]] = {}
    versions = RuleVersion.objects.filter(game__code=game_code).order_by("-version")
    for rule_version in versions:
        definitions = rule_version_side_wagers(rule_version)
        tables = (Paytable.objects.filter(rule_version=rule_version, wager_key__in=definitions)
                  .order_by("wager_key", "code", "-version"))  # fmt: skip
        for table in tables:
            entry = found.setdefault(table.wager_key, {"rule_version": rule_version.version})
            codes = entry.setdefault("paytables", {})
            if entry["rule_version"] != rule_version.version or table.code in codes:
                continue  # an earlier rule version's, or an earlier version of the code
            sheet = defined_sheet_dict(definitions[table.wager_key], engine_paytable(table), decks)
            codes[table.code] = {**sheet, "paytable_version": table.version}
    for entry in found.values():
        first = min(entry["paytables"])
        entry.update({**entry["paytables"][first], "paytable": first})
    return found
