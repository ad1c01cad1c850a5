"""Jurisdictions, their operator classes and regulations, and dated wager limits."""

from __future__ import annotations

from datetime import time
from decimal import Decimal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.core.exceptions import ValidationError

from games.models import (
    Game,
    Jurisdiction,
    LimitKind,
    OperatorClass,
    Regulation,
    Table,
    Venue,
    WagerLimit,
)
from games.services.limits import wager_limit_create, wager_limit_update

from . import values as v
from .records import Rec, upsert

JURISDICTION_KEYS = (
    "name", "currency", "timezone", "gaming_day_start", "deviation_confidence",
    "deviation_tails", "deviation_min_wagers", "case_overdue_days", "paper_size",
    "operator_classes", "regulations",
)  # fmt: skip
LIMIT_KEYS = (
    "effective_to",
    "operator_class",
    "game",
    "wager_key",
    "venue",
    "table",
    "filing",
    "note",
)


def _timezone(value) -> str:
    name = v.text(value)
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{name!r} is not a time zone such as America/Los_Angeles") from None
    return name


def _time_of_day(value) -> time:
    text = v.text(value)
    try:
        return time.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a time of day such as 06:00") from None


def _confidence(value) -> Decimal:
    """A confidence level written as a string such as ``"0.95"``, from 0.5 to 0.9999."""
    level = v.money(value)
    if not Decimal("0.5") <= level <= Decimal("0.9999") or level.as_tuple().exponent < -4:
        raise ValueError(f'{value!r} is not a confidence level from 0.5 to 0.9999, e.g. "0.95"')
    return level


def _count(value) -> int:
    number = v.integer(value)
    if number < 1:
        raise ValueError(f"expected a number of wagers of at least 1, not {value!r}")
    return number


def _days(value) -> int:
    number = v.integer(value)
    if not 1 <= number <= 3650:
        raise ValueError(f"expected a number of days from 1 to 3650, not {value!r}")
    return number


def _paper(value) -> str:
    paper = v.text(value).lower()
    if paper not in ("letter", "a4"):
        raise ValueError(f"expected a paper size, letter or a4, not {value!r}")
    return paper


def _tails(value) -> str:
    if value not in ("both", "low"):
        raise ValueError(f"expected both or low, not {value!r}")
    return value


def load_jurisdictions(items: list[Rec]) -> None:
    """Jurisdictions, operator classes and regulations (limits come later: they name tables)."""
    for rec in items:
        rec.expect(required=("code",), optional=JURISDICTION_KEYS)
        fields = {
            "name": rec.get("name", v.text, None),
            "currency": rec.get("currency", v.text, None),
            "timezone": rec.get("timezone", _timezone, None),
            "gaming_day_start": rec.get("gaming_day_start", _time_of_day, None),
            "deviation_confidence": rec.get("deviation_confidence", _confidence, None),
            "deviation_tails": rec.get("deviation_tails", _tails, None),
            "deviation_min_wagers": rec.get("deviation_min_wagers", _count, None),
            "case_overdue_days": rec.get("case_overdue_days", _days, None),
            "paper_size": rec.get("paper_size", _paper, None),
        }
        jurisdiction = upsert(
            rec,
            "jurisdiction",
            Jurisdiction,
            {"code": rec.get("code", v.text)},
            {k: x for k, x in fields.items() if x is not None},
            new_requires=("name", "timezone"),
        )
        for item in rec.items("operator_classes"):
            item.expect(required=("code",), optional=("name",))
            name = item.get("name", v.text, None)
            upsert(
                item,
                "operator_class",
                OperatorClass,
                {"jurisdiction": jurisdiction, "code": item.get("code", v.text)},
                {"name": name} if name is not None else {},
                new_requires=("name",),
            )
        for item in rec.items("regulations"):
            item.expect(required=("citation",), optional=("title", "url", "limits"))
            given = {"title": item.get("title", v.text, None), "url": item.get("url", v.text, None)}
            upsert(
                item,
                "regulation",
                Regulation,
                {"jurisdiction": jurisdiction, "citation": item.get("citation", v.text)},
                {k: x for k, x in given.items() if x is not None},
                new_requires=("title",),
            )


def load_limits(items: list[Rec]) -> None:
    """The dated limits of each regulation, matched by (regulation, kind, from, scope)."""
    for rec in items:
        jurisdiction = Jurisdiction.objects.get(code=rec.get("code", v.text))
        for item in rec.items("regulations"):
            regulation = Regulation.objects.get(
                jurisdiction=jurisdiction, citation=item.get("citation", v.text)
            )
            for limit in item.items("limits"):
                _load_limit(limit, regulation)


def _load_limit(rec: Rec, regulation: Regulation) -> None:
    rec.expect(required=("kind", "amount", "effective_from", "source"), optional=LIMIT_KEYS)
    kind = rec.get("kind", v.text)
    if kind not in LimitKind.values:
        rec.fail(f"unknown limit kind {kind!r} (one of {', '.join(LimitKind.values)})", "kind")
    lookup = {
        "regulation": regulation,
        "kind": kind,
        "effective_from": rec.get("effective_from", v.day),
        "operator_class": _operator_class(rec, regulation.jurisdiction),
        "game": _game(rec),
        "wager_key": rec.get("wager_key", v.optional_text, ""),
        "table": _table(rec, regulation.jurisdiction),
    }
    given = {
        "amount": rec.get("amount", v.money),
        "source": rec.get("source", v.text),
        "effective_to": rec.get("effective_to", v.optional_day, None),
        "filing": rec.get("filing", v.optional_text, None),
        "note": rec.get("note", v.optional_text, None),
    }
    values = {k: x for k, x in given.items() if x is not None or rec.has(k)}
    existing = WagerLimit.objects.filter(**lookup).first()
    try:
        if existing is None:
            wager_limit_create(**lookup, **values, actor=rec.load.actor)
            rec.count("wager_limit", "created")
            return
        changed = {k: x for k, x in values.items() if getattr(existing, k) != x}
        if not changed:
            rec.count("wager_limit", "present")
            return
        wager_limit_update(existing, actor=rec.load.actor, **changed)
    except ValidationError as exc:
        rec.invalid(exc)
    rec.updated("wager_limit", f"{regulation} limit {existing}", changed)


def _operator_class(rec: Rec, jurisdiction: Jurisdiction) -> OperatorClass | None:
    code = rec.get("operator_class", v.optional_text, "")
    if not code:
        return None
    found = OperatorClass.objects.filter(jurisdiction=jurisdiction, code=code).first()
    if found is None:
        rec.fail(f"{jurisdiction.code} has no operator class {code!r}", "operator_class")
    return found


def _game(rec: Rec) -> Game | None:
    code = rec.get("game", v.optional_text, "")
    if not code:
        return None
    found = Game.objects.filter(code=code).first()
    if found is None:
        rec.fail(f"no game {code!r} in the registry or the files loaded", "game")
    return found


def _table(rec: Rec, jurisdiction: Jurisdiction) -> Table | None:
    venue_code = rec.get("venue", v.optional_text, "")
    table_code = rec.get("table", v.optional_text, "")
    if not venue_code and not table_code:
        return None
    if not (venue_code and table_code):
        rec.fail(
            "a table limit names both its venue and its table", "venue" if table_code else "table"
        )
    venue = Venue.objects.filter(code=venue_code).select_related("licensee").first()
    if venue is None or venue.licensee.jurisdiction_id != jurisdiction.pk:
        rec.fail(f"no venue {venue_code!r} in {jurisdiction.code}", "venue")
    table = venue.tables.filter(code=table_code).first()
    if table is None:
        rec.fail(f"{venue_code} has no table {table_code!r}", "table")
    return table
