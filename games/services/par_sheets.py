"""The par sheets stored with a registry record, per deck count: a paytable's (its wagers',
computed by the engine, or a defined side wager's exact sheet from its definition alone) and
a rule version's wagers without a paytable (on freezing)."""

from __future__ import annotations

import json
from functools import lru_cache, partial
from typing import Any

from games.engine.catalog import compute_parsheet
from games.engine.catalog import game as engine_game
from games.engine.paytables import make_paytable
from games.engine.sources import Source
from games.models import ParSheet, Paytable, RuleVersion

from .defined_wagers import defined_sheet_dict, rule_version_side_wagers
from .engine_paytables import engine_paytable
from .hashing import canonical_json
from .sheet_cache import sheet_kept


def store_paytable_sheets(paytable: Paytable) -> None:
    """The sheets of the wagers the paytable prices, per deck count (the tie bonus paytable
    prices every tie wager)."""
    rule_version = paytable.rule_version
    defined = rule_version_side_wagers(rule_version).get(paytable.wager_key)
    if defined is not None:
        _store_defined_sheets(paytable, defined)
        return
    priced = engine_game(rule_version.game.code).priced_by(paytable.wager_key)
    for decks in rule_version.decks_allowed:
        sheet = _sheet(
            rule_version.game.code,
            decks,
            canonical_json(rule_version.parameters),
            canonical_json({paytable.wager_key: paytable.entries}),
            ",".join(priced),
        )
        for key, wager in sheet["wagers"].items():
            ParSheet.objects.create(
                rule_version=rule_version,
                paytable=paytable,
                decks=decks,
                options={},
                wager_key=key,
                house_edge=wager["house_edge"],
                sheet=wager,
            )


def _store_defined_sheets(paytable: Paytable, definition) -> None:
    """A defined side wager's exact sheet per deck count, from its definition alone."""
    for decks in paytable.rule_version.decks_allowed:
        sheet = defined_sheet_dict(definition, engine_paytable(paytable), decks)
        ParSheet.objects.create(
            rule_version=paytable.rule_version, paytable=paytable, decks=decks, options={},
            wager_key=paytable.wager_key, house_edge=sheet["house_edge"], sheet=sheet,
        )  # fmt: skip


def store_main_sheets(rule_version: RuleVersion) -> None:
    """The sheets of the wagers without a paytable, per deck count and option value: exact
    where the cards alone decide, simulated under the engine's named strategy (its rounds,
    seed and interval in the sheet) where the players' choices matter.  The engine is
    deterministic, so each variant is computed once per process however many versions ask.
    """
    keys = list(engine_game(rule_version.game.code).rule_sheets)
    if not keys:
        return
    pays = rule_version.options.get("blackjack_pays") or [None]
    for decks in rule_version.decks_allowed:
        for bj in pays:
            options = {"blackjack_pays": bj} if bj else {}
            sheet = _sheet(
                rule_version.game.code,
                decks,
                canonical_json({**rule_version.parameters, **options}),
                "{}",
                ",".join(keys),
            )
            for key, wager in sheet["wagers"].items():
                ParSheet.objects.create(
                    rule_version=rule_version,
                    decks=decks,
                    options=options,
                    wager_key=key,
                    house_edge=wager["house_edge"],
                    sheet=wager,
                )


@lru_cache(maxsize=256)
def _sheet(code: str, decks: int, settings: str, tables: str, wagers: str) -> dict[str, Any]:
    """The engine's sheet (cached in the process and on disk: the engine is deterministic,
    :mod:`.sheet_cache`)."""
    compute = partial(_computed, code, decks, settings, tables, wagers)
    return sheet_kept(compute, code, str(decks), settings, tables, wagers)


def _computed(code: str, decks: int, settings: str, tables: str, wagers: str) -> dict[str, Any]:
    parsed_tables = json.loads(tables)
    replaced = {
        wager: make_paytable(wager, "registry", entries, Source("registry"), tuple(entries))
        for wager, entries in parsed_tables.items()
    }
    settings_dict = json.loads(settings)
    sheet = compute_parsheet(
        code,
        decks,
        settings_dict,
        sensitivity=False,
        paytables=replaced,
        only=frozenset(wagers.split(",")),
    )
    return sheet.to_dict()
