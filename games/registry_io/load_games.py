"""Manufacturers, games, and the immutable rule versions and paytables (through the services)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Max

from games.engine.catalog import GAMES
from games.engine.defined.evaluate import definition_checked
from games.engine.defined.language import DefinitionError
from games.models import Game, Manufacturer, Paytable, RuleVersion
from games.services.defined_wagers import rule_version_side_wagers, side_wagers_checked
from games.services.hashing import canonical_json, content_hash
from games.services.rules import (
    _checked_decks,
    _checked_entries,
    _checked_options,
    _checked_parameters,
    paytable_content,
    paytable_create,
    rule_version_content,
    rule_version_create,
)

from . import values as v
from .records import Rec, upsert
from .yamlfile import join

#: The keys that define a rule version's content (what its content hash covers).
RULE_VERSION_CONTENT = (
    "title",
    "rules",
    "parameters",
    "options",
    "decks_allowed",
    "source_document",
    "side_wagers",
)
RULE_VERSION_KEYS = (*RULE_VERSION_CONTENT, "note", "paytables")
PAYTABLE_KEYS = ("entry_sources", "illustrative")


def load_manufacturers(items: list[Rec]) -> None:
    for rec in items:
        rec.expect(required=("name",), optional=("address",))
        address = rec.get("address", v.optional_text, None)
        upsert(
            rec,
            "manufacturer",
            Manufacturer,
            {"name": rec.get("name", v.text)},
            {"address": address} if address is not None else {},
        )


def load_games(items: list[Rec]) -> None:
    for rec in items:
        rec.expect(required=("code",), optional=("name", "manufacturer", "rule_versions"))
        values: dict[str, Any] = {}
        if rec.has("name"):
            values["name"] = rec.get("name", v.text)
        if rec.has("manufacturer"):
            values["manufacturer"] = _manufacturer(rec)
        game = upsert(
            rec, "game", Game, {"code": rec.get("code", v.text)}, values, new_requires=("name",)
        )
        for item in rec.items("rule_versions"):
            rule_version = _rule_version(item, game)
            for table in item.items("paytables"):
                _paytable(table, rule_version)


def _manufacturer(rec: Rec) -> Manufacturer | None:
    name = rec.get("manufacturer", v.optional_text)
    if not name:
        return None
    found = Manufacturer.objects.filter(name=name).first()
    if found is None:
        rec.fail(f"no manufacturer {name!r} in the registry or the files loaded", "manufacturer")
    return found


def _rule_version(rec: Rec, game: Game) -> RuleVersion:
    rec.expect(required=("version",), optional=RULE_VERSION_KEYS)
    number = rec.get("version", v.integer)
    existing = RuleVersion.objects.filter(game=game, version=number).first()
    if not any(rec.has(k) for k in RULE_VERSION_CONTENT):
        # a reference to a registered version, e.g. to add a paytable to it
        if existing is None:
            rec.require(("title",), f"{game.code} v{number} is not in the registry yet")
        rec.count("rule_version", "present")
        return existing
    rec.require(("title", "rules", "decks_allowed"), "a rule version's content")
    if game.code not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise rec.file.error(
            rec.path.rsplit(".rule_versions", 1)[0] + ".code",
            f"the rules engine has no game {game.code!r} (known: {known})",
        )
    spec = {
        "title": rec.get("title", v.text),
        "rules": _rules(rec),
        "parameters": rec.get("parameters", v.mapping, {}),
        "options": rec.get("options", v.options_map, {}),
        "decks_allowed": rec.get("decks_allowed", v.int_list),
        "source_document": rec.get("source_document", v.optional_text, ""),
    }
    spec["side_wagers"] = _side_wagers(rec, game, spec["source_document"])
    note = rec.get("note", v.optional_text, "")
    candidate = _candidate_rule_version(rec, game, number, spec)
    if existing is not None:
        _compare_rule_version(rec, existing, candidate)
        if rec.has("note") and existing.note != note:
            rec.warn(f"{existing}: the note differs from the registry's (notes are not changed)")
        rec.count("rule_version", "present")
        return existing
    try:
        created = rule_version_create(
            game=game, version=number, note=note, actor=rec.load.actor, **spec
        )
    except ValidationError as exc:
        rec.invalid(exc)
    rec.count("rule_version", "created")
    return created


def _side_wagers(rec: Rec, game: Game, document: str) -> list[dict]:
    """The side wagers the version defines as data, each checked by the engine where it is
    in the file (a wrong name is refused at its own line)."""
    items = rec.data.get("side_wagers") or []
    if not isinstance(items, list):
        rec.fail("expected a list of side wager definitions", "side_wagers")
    for i, data in enumerate(items):
        where = join(join(rec.path, "side_wagers"), i)
        try:
            definition_checked(data, where, document)
        except DefinitionError as exc:
            raise rec.file.error(exc.path, exc.reason) from None
    try:
        return side_wagers_checked(game.code, items, document)
    except ValidationError as exc:
        rec.invalid(exc, "side_wagers")


def _rules(rec: Rec) -> list[dict[str, str]]:
    rules = []
    for item in rec.items("rules"):
        item.expect(required=("number", "text"))
        rules.append({"number": item.get("number", v.code), "text": item.get("text", v.text)})
    if not rules:
        rec.fail("a rule version needs its numbered rules", "rules")
    numbers = [r["number"] for r in rules]
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        rec.fail(f"rule number(s) given twice: {', '.join(repeated)}", "rules")
    return rules


def _candidate_rule_version(rec: Rec, game: Game, number: int, spec: dict) -> RuleVersion:
    """The rule version the file describes, normalized as ``rule_version_create`` does."""
    try:
        candidate = RuleVersion(
            game=game,
            version=number,
            title=spec["title"],
            rules=spec["rules"],
            parameters=_checked_parameters(game, spec["parameters"]),
            options=_checked_options(game, spec["options"],
                                     [d["key"] for d in spec["side_wagers"]]),
            decks_allowed=_checked_decks(spec["decks_allowed"]),
            source_document=spec["source_document"],
            side_wagers=spec["side_wagers"],
        )  # fmt: skip
    except ValidationError as exc:
        rec.invalid(exc)
    candidate.content_hash = content_hash(rule_version_content(candidate))
    return candidate


def _compare_rule_version(rec: Rec, existing: RuleVersion, candidate: RuleVersion) -> None:
    if existing.content_hash == candidate.content_hash:
        return
    differing = _differing(rule_version_content(existing), rule_version_content(candidate))
    following = (existing.game.rule_versions.aggregate(m=Max("version"))["m"] or 0) + 1
    state = "frozen" if existing.frozen else "a draft (the services cannot edit it)"
    rec.conflict(
        f"{existing.game.code} rule version {existing.version} is {state} and differs from "
        f"{rec.file.name} ({', '.join(differing)}): create version {following}"
    )


def _paytable(rec: Rec, rule_version: RuleVersion) -> Paytable:
    rec.expect(
        required=("wager_key", "code", "version", "entries", "source"), optional=PAYTABLE_KEYS
    )
    wager_key = rec.get("wager_key", v.text)
    code = rec.get("code", v.code)
    number = rec.get("version", v.integer)
    entries = rec.get("entries", v.text_map)
    entry_sources = rec.get("entry_sources", v.text_map, {})
    unknown = sorted(set(entry_sources) - set(entries))
    if unknown:
        rec.fail(
            f"sources given for outcomes not in the entries: {', '.join(unknown)}", "entry_sources"
        )
    try:
        checked = _checked_entries(rule_version.game.code, wager_key, entries,
                                   rule_version_side_wagers(rule_version))  # fmt: skip
    except ValidationError as exc:
        rec.invalid(exc)
    candidate = Paytable(
        rule_version=rule_version,
        wager_key=wager_key,
        code=code,
        version=number,
        entries=checked,
        source=rec.get("source", v.text),
        illustrative=rec.get("illustrative", v.boolean, False),
    )
    candidate.content_hash = content_hash(paytable_content(candidate))
    existing = Paytable.objects.filter(
        rule_version=rule_version, wager_key=wager_key, code=code, version=number
    ).first()
    if existing is not None:
        _compare_paytable(rec, existing, candidate)
        if rec.has("entry_sources") and existing.entry_sources != entry_sources:
            rec.warn(f"{existing}: the entry sources differ from the registry's (not changed)")
        rec.count("paytable", "present")
        return existing
    try:
        created = paytable_create(
            rule_version=rule_version,
            wager_key=wager_key,
            code=code,
            entries=entries,
            source=candidate.source,
            entry_sources=entry_sources,
            illustrative=candidate.illustrative,
            version=number,
            actor=rec.load.actor,
        )
    except ValidationError as exc:
        rec.invalid(exc)
    rec.count("paytable", "created")
    return created


def _compare_paytable(rec: Rec, existing: Paytable, candidate: Paytable) -> None:
    if existing.content_hash == candidate.content_hash:
        return
    differing = _differing(paytable_content(existing), paytable_content(candidate))
    same = Paytable.objects.filter(
        rule_version=existing.rule_version, wager_key=existing.wager_key, code=existing.code
    )
    following = (same.aggregate(m=Max("version"))["m"] or 0) + 1
    rec.conflict(
        f"{existing.rule_version.game.code} rule version {existing.rule_version.version} "
        f"paytable {existing.wager_key} #{existing.code} version {existing.version} is frozen "
        f"and differs from {rec.file.name} ({', '.join(differing)}): "
        f"create version {following}"
    )


def _differing(stored: dict[str, Any], given: dict[str, Any]) -> list[str]:
    return [k for k in stored if canonical_json(stored[k]) != canonical_json(given.get(k))]
