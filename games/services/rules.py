"""Creating rule versions and paytables, and computing their par sheets.

A rule version is validated against the rules engine (its parameters and
options must be ones the engine knows) and frozen when it is submitted for
approval; paytables are validated against the outcomes their wager can
produce and frozen on creation.  Par sheets are computed when the record is
created and stored with it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from games.engine.catalog import game as engine_game
from games.engine.odds import format_odds
from games.engine.parameters import ParameterError, resolve
from games.engine.paytables import PaytableError, make_paytable
from games.engine.sources import Source
from games.models import Game, Paytable, RuleVersion

from .defined_wagers import rule_version_side_wagers, side_wagers_checked
from .engine_paytables import engine_paytable  # noqa: F401  (imported from here too)
from .hashing import content_hash
from .history import attribute_to
from .par_sheets import store_main_sheets, store_paytable_sheets


def rule_version_content(rule_version: RuleVersion) -> dict[str, Any]:
    content = {
        "game": rule_version.game.code,
        "version": rule_version.version,
        "title": rule_version.title,
        "rules": rule_version.rules,
        "parameters": rule_version.parameters,
        "options": rule_version.options,
        "decks_allowed": rule_version.decks_allowed,
        "source_document": rule_version.source_document,
    }
    if rule_version.side_wagers:  # a version defining none hashes as before they existed
        content["side_wagers"] = rule_version.side_wagers
    return content


def paytable_content(paytable: Paytable) -> dict[str, Any]:
    return {
        "rule_version": paytable.rule_version.content_hash,
        "wager_key": paytable.wager_key,
        "code": paytable.code,
        "version": paytable.version,
        "entries": paytable.entries,
        "source": paytable.source,
        "illustrative": paytable.illustrative,
    }


def _checked_parameters(game: Game, parameters: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return resolve(engine_game(game.code).parameters, parameters)
    except (KeyError, ParameterError) as exc:
        raise ValidationError({"parameters": str(exc).strip('"')}) from exc


def _checked_options(
    game: Game, options: Mapping[str, Sequence[str]], defined: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The options, each the engine's (or the paytable choice of a defined side wager)."""
    known = {**engine_game(game.code).options, **{f"{key}_paytable": () for key in defined}}
    for name, values in options.items():
        if name not in known:
            raise ValidationError({"options": f"{game.code} has no option {name!r}"})
        bad = [v for v in values if v not in known[name] and not name.endswith("_paytable")]
        if bad:
            raise ValidationError({"options": f"{name}: {bad} not among {list(known[name])}"})
    return {name: [str(v) for v in values] for name, values in options.items()}


def _checked_decks(decks: Sequence[int]) -> list[int]:
    if not decks or any(not isinstance(d, int) or not 1 <= d <= 8 for d in decks):
        raise ValidationError({"decks_allowed": "a non-empty list of deck counts from 1 to 8"})
    return sorted(set(decks))


@transaction.atomic
def rule_version_create(
    *,
    game: Game,
    title: str,
    rules: list[dict[str, str]],
    parameters: Mapping[str, Any],
    options: Mapping[str, Sequence[str]],
    decks_allowed: Sequence[int],
    source_document: str = "",
    side_wagers: Sequence[Mapping[str, Any]] = (),
    note: str = "",
    version: int | None = None,
    actor=None,
) -> RuleVersion:
    """A new (draft) rule version of ``game``: the next version number unless given."""
    if version is None:
        version = (game.rule_versions.aggregate(m=Max("version"))["m"] or 0) + 1
    defined = side_wagers_checked(game.code, list(side_wagers), source_document)
    rule_version = RuleVersion(
        game=game,
        version=version,
        title=title,
        rules=rules,
        parameters=_checked_parameters(game, parameters),
        options=_checked_options(game, options, [d["key"] for d in defined]),
        decks_allowed=_checked_decks(decks_allowed),
        source_document=source_document,
        side_wagers=defined,
        note=note,
    )
    rule_version.content_hash = content_hash(rule_version_content(rule_version))
    rule_version.full_clean()
    attribute_to(rule_version, actor)
    rule_version.save()
    return rule_version


def rule_version_freeze(rule_version: RuleVersion, actor=None) -> RuleVersion:
    """Freeze a rule version (on submission for approval); idempotent."""
    if not rule_version.frozen:
        rule_version.frozen = True
        attribute_to(rule_version, actor)
        rule_version.save()
        store_main_sheets(rule_version)
    return rule_version


#: Bounds on a pay ("1000000 to 1", "999 to 1000"), far beyond any real paytable; the par
#: sheet works in floats as well as exact fractions, so unbounded odds cannot be priced.
MAX_ODDS = 1_000_000
MAX_ODDS_DIVISOR = 1_000


def _checked_entries(
    game_code: str, wager_key: str, entries: Mapping[str, str], defined: Mapping | None = None
) -> dict[str, str]:
    """The entries as odds, each outcome one the wager produces: the engine's, or those its
    definition names (``defined``: the rule version's defined side wagers)."""
    defined = defined or {}
    outcomes = (defined[wager_key].outcome_keys if wager_key in defined
                else engine_game(game_code).paytable_outcomes.get(wager_key))  # fmt: skip
    if outcomes is None:
        raise ValidationError({"wager_key": f"{game_code} has no paytable wager {wager_key!r}"})
    try:
        table = make_paytable(wager_key, "-", entries, Source("registry"), outcomes)
    except (PaytableError, ValueError) as exc:
        raise ValidationError({"entries": str(exc)}) from exc
    for outcome, odds in table.entries.items():
        if odds > MAX_ODDS or odds.denominator > MAX_ODDS_DIVISOR:
            given = str(entries[outcome])[:40]
            raise ValidationError(
                {"entries": f"{outcome}: {given!r} is beyond any paytable's odds"}
            )
    return {k: format_odds(v) for k, v in table.entries.items()}


@transaction.atomic
def paytable_create(
    *,
    rule_version: RuleVersion,
    wager_key: str,
    code: str,
    entries: Mapping[str, str],
    source: str,
    entry_sources: Mapping[str, str] | None = None,
    illustrative: bool = False,
    version: int | None = None,
    actor=None,
) -> Paytable:
    """A new, frozen paytable version, with its par sheet for every deck count allowed."""
    defined = rule_version_side_wagers(rule_version)
    checked = _checked_entries(rule_version.game.code, wager_key, entries, defined)
    if version is None:
        same = Paytable.objects.filter(rule_version=rule_version, wager_key=wager_key, code=code)
        version = (same.aggregate(m=Max("version"))["m"] or 0) + 1
    paytable = Paytable(
        rule_version=rule_version,
        wager_key=wager_key,
        code=str(code),
        version=version,
        entries=checked,
        entry_sources=dict(entry_sources or {}),
        source=source,
        illustrative=illustrative,
    )
    paytable.content_hash = content_hash(paytable_content(paytable))
    paytable.full_clean()
    paytable.frozen = True
    attribute_to(paytable, actor)
    paytable.save()
    store_paytable_sheets(paytable)
    return paytable
