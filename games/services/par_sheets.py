"""The par sheets stored with a registry record, per deck count: a paytable's (its wagers',
computed by the engine, or a defined side wager's exact sheet from its definition alone) and
a rule version's wagers without a paytable (on freezing)."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from django.conf import settings

from games.engine.catalog import compute_parsheet
from games.engine.catalog import game as engine_game
from games.engine.paytables import make_paytable
from games.engine.sources import Source
from games.models import ParSheet, Paytable, RuleVersion

from .defined_wagers import defined_sheet_dict, rule_version_side_wagers
from .engine_paytables import engine_paytable
from .hashing import canonical_json
from .sheet_cache import sheet_keep, sheet_read


def store_paytable_sheets(paytable: Paytable) -> None:
    """The sheets of the wagers the paytable prices, per deck count (the tie bonus paytable
    prices every tie wager)."""
    rule_version = paytable.rule_version
    defined = rule_version_side_wagers(rule_version).get(paytable.wager_key)
    if defined is not None:
        _store_defined_sheets(paytable, defined)
        return
    priced = engine_game(rule_version.game.code).priced_by(paytable.wager_key)
    decks_allowed = list(rule_version.decks_allowed)
    sheets = _sheets([
        (rule_version.game.code, decks, canonical_json(rule_version.parameters),
         canonical_json({paytable.wager_key: paytable.entries}), ",".join(priced))
        for decks in decks_allowed
    ])  # fmt: skip
    for decks, sheet in zip(decks_allowed, sheets, strict=True):
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
    variants = [
        (decks, {"blackjack_pays": bj} if bj else {})
        for decks in rule_version.decks_allowed
        for bj in pays
    ]
    sheets = _sheets([
        (rule_version.game.code, decks, canonical_json({**rule_version.parameters, **options}),
         "{}", ",".join(keys))
        for decks, options in variants
    ])  # fmt: skip
    for (decks, options), sheet in zip(variants, sheets, strict=True):
        for key, wager in sheet["wagers"].items():
            ParSheet.objects.create(
                rule_version=rule_version,
                decks=decks,
                options=options,
                wager_key=key,
                house_edge=wager["house_edge"],
                sheet=wager,
            )


#: an engine sheet's inputs: game code, deck count, parameters, paytables and wagers (as JSON
#: and a comma-separated list)
SheetKey = tuple[str, int, str, str, str]

#: the engine's sheets this process has computed or read (the engine is deterministic)
_SHEETS: dict[SheetKey, dict[str, Any]] = {}


def _sheets(keys: list[SheetKey]) -> list[dict[str, Any]]:
    """The engine's sheets of ``keys``, in order: kept by this process, read from the folder
    (:mod:`.sheet_cache`), or computed, those in neither by :setting:`PARSHEET_PROCESSES`
    processes at once."""
    wanted = list(dict.fromkeys(keys))
    for key in wanted:
        if key not in _SHEETS and (kept := sheet_read(*_inputs(key))) is not None:
            _SHEETS[key] = kept
    missing = [key for key in wanted if key not in _SHEETS]
    for key, sheet in zip(missing, _computed_all(missing), strict=True):
        sheet_keep(sheet, *_inputs(key))
        _SHEETS[key] = sheet
    return [_SHEETS[key] for key in keys]


def _inputs(key: SheetKey) -> tuple[str, ...]:
    code, decks, settings_json, tables, wagers = key
    return code, str(decks), settings_json, tables, wagers


def _computed_all(keys: list[SheetKey]) -> list[dict[str, Any]]:
    """Each key's sheet computed, in processes of their own when the setting asks for more
    than one and this process may start them (a Celery worker's pool processes may not)."""
    processes = min(settings.PARSHEET_PROCESSES, len(keys))
    if processes <= 1 or multiprocessing.current_process().daemon:
        return [_computed(*key) for key in keys]
    forked = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(processes, mp_context=forked) as pool:
        return list(pool.map(_computed, *zip(*keys, strict=True)))


def _computed(code: str, decks: int, parameters: str, tables: str, wagers: str) -> dict[str, Any]:
    parsed_tables = json.loads(tables)
    replaced = {
        wager: make_paytable(wager, "registry", entries, Source("registry"), tuple(entries))
        for wager, entries in parsed_tables.items()
    }
    sheet = compute_parsheet(
        code,
        decks,
        json.loads(parameters),
        sensitivity=False,
        paytables=replaced,
        only=frozenset(wagers.split(",")),
    )
    return sheet.to_dict()
