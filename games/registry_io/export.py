"""``export_registry``: the whole registry as one YAML document that ``load_registry`` reads."""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo

import yaml

from games.models import (
    Approval,
    Authorization,
    Game,
    Jurisdiction,
    Licensee,
    Manufacturer,
    WagerLimit,
)

from .load_approvals import DECISIONS

HEADER = (
    "# Registry export (manage.py export_registry); load it with manage.py load_registry.\n"
    "# Format: docs/registry-format.md\n"
)


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True

    def increase_indent(self, flow: bool = False, indentless: bool = False):
        return super().increase_indent(flow, False)


def _str(dumper: yaml.SafeDumper, data: str):
    style = "|" if "\n" in data else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)


_Dumper.add_representer(str, _str)


def export_registry() -> str:
    data = {
        "jurisdictions": [_jurisdiction(j) for j in Jurisdiction.objects.order_by("code")],
        "manufacturers": [_manufacturer(m) for m in Manufacturer.objects.order_by("name")],
        "games": [_game(g) for g in Game.objects.order_by("code")],
        "approvals": [_approval(a) for a in _approvals()],
        "licensees": [_licensee(li) for li in _licensees()],
    }
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    return HEADER + body


def _some(**fields: Any) -> dict[str, Any]:
    """The fields, without the empty optional ones."""
    return {k: x for k, x in fields.items() if x not in (None, "", [], {})}


def _jurisdiction(j: Jurisdiction) -> dict[str, Any]:
    return {
        "code": j.code,
        "name": j.name,
        "currency": j.currency,
        "timezone": j.timezone,
        "gaming_day_start": j.gaming_day_start.strftime("%H:%M"),
        "deviation_confidence": str(j.deviation_confidence.normalize()),
        "deviation_tails": j.deviation_tails,
        "deviation_min_wagers": j.deviation_min_wagers,
        "case_overdue_days": j.case_overdue_days,
        "paper_size": j.paper_size,
        "operator_classes": [
            {"code": c.code, "name": c.name} for c in j.operator_classes.order_by("code")
        ],
        "regulations": [
            _some(
                citation=r.citation,
                title=r.title,
                url=r.url,
                limits=[_limit(lim) for lim in _limits(r)],
            )
            for r in j.regulations.order_by("citation")
        ],
    }


def _limits(regulation):
    return (
        WagerLimit.objects.filter(regulation=regulation)
        .select_related("operator_class", "game", "table__venue")
        .order_by("kind", "effective_from", "pk")
    )


def _limit(lim: WagerLimit) -> dict[str, Any]:
    return _some(
        kind=lim.kind,
        amount=str(lim.amount),
        effective_from=lim.effective_from.isoformat(),
        effective_to=lim.effective_to.isoformat() if lim.effective_to else None,
        operator_class=lim.operator_class.code if lim.operator_class else None,
        game=lim.game.code if lim.game else None,
        wager_key=lim.wager_key,
        venue=lim.table.venue.code if lim.table else None,
        table=lim.table.code if lim.table else None,
        source=lim.source,
        filing=lim.filing,
        note=lim.note,
    )


def _manufacturer(m: Manufacturer) -> dict[str, Any]:
    return _some(name=m.name, address=m.address)


def _game(g: Game) -> dict[str, Any]:
    return _some(
        code=g.code,
        name=g.name,
        manufacturer=g.manufacturer.name if g.manufacturer else None,
        rule_versions=[_rule_version(rv) for rv in g.rule_versions.order_by("version")],
    )


def _rule_version(rv) -> dict[str, Any]:
    out = {
        "version": rv.version,
        "title": rv.title,
        "rules": [{"number": r["number"], "text": r["text"]} for r in rv.rules],
        "parameters": rv.parameters,
        "options": rv.options,
        "decks_allowed": rv.decks_allowed,
    }
    paytables = [_paytable(p) for p in rv.paytables.order_by("wager_key", "code", "version")]
    return out | _some(source_document=rv.source_document, side_wagers=rv.side_wagers,
                       note=rv.note, paytables=paytables)  # fmt: skip


def _paytable(p) -> dict[str, Any]:
    return _some(
        wager_key=p.wager_key,
        code=p.code,
        version=p.version,
        entries=p.entries,
        entry_sources=p.entry_sources,
        source=p.source,
    ) | {"illustrative": p.illustrative}


def _approvals():
    return Approval.objects.select_related("jurisdiction", "rule_version__game").order_by(
        "jurisdiction__code", "rule_version__game__code", "rule_version__version", "pk"
    )


def _approval(a: Approval) -> dict[str, Any]:
    zone = ZoneInfo(a.jurisdiction.timezone)
    links = a.paytable_links.select_related("paytable").order_by(
        "paytable__wager_key", "paytable__code", "paytable__version"
    )
    conditions = a.conditions.select_related("operator_class").order_by("pk")
    return _some(
        jurisdiction=a.jurisdiction.code,
        game=a.rule_version.game.code,
        rule_version=a.rule_version.version,
        reference=a.reference,
        allowed_options=a.allowed_options,
        paytables=[
            {
                "wager_key": x.paytable.wager_key,
                "code": x.paytable.code,
                "version": x.paytable.version,
            }
            for x in links
        ],
        conditions=[
            {
                "operator_class": c.operator_class.code,
                "kind": c.kind,
                "text": c.text,
                "venue_must_meet": c.venue_must_meet,
            }
            for c in conditions
        ],
        source_document=a.source_document,
        events=[_event(e, a, zone) for e in a.events.order_by("at", "pk")],
    )


def _event(e, approval: Approval, zone: ZoneInfo) -> dict[str, Any]:
    out = {
        "status": e.to_status,
        "at": e.at.astimezone(zone).isoformat(),
        "actor": e.actor_label,
        "reason": e.reason,
    }
    if e.to_status in DECISIONS and approval.decision_date:
        out["decision_date"] = approval.decision_date.isoformat()
    return out


def _licensees():
    return Licensee.objects.select_related("jurisdiction").order_by(
        "jurisdiction__code", "license_number"
    )


def _licensee(li: Licensee) -> dict[str, Any]:
    return {
        "jurisdiction": li.jurisdiction.code,
        "name": li.name,
        "license_number": li.license_number,
        "venues": [
            _some(
                code=venue.code,
                name=venue.name,
                operator_class=venue.operator_class.code,
                tables=[{"code": t.code} for t in venue.tables.order_by("code")],
                authorizations=[_authorization(a) for a in _authorizations(venue)],
            )
            for venue in li.venues.select_related("operator_class").order_by("code")
        ],
    }


def _authorizations(venue):
    return (
        Authorization.objects.filter(venue=venue)
        .select_related("table", "approval__rule_version__game")
        .order_by("effective_from", "pk")
    )


def _authorization(a: Authorization) -> dict[str, Any]:
    met = a.conditions_met.select_related("condition__operator_class").order_by("pk")
    return _some(
        game=a.approval.rule_version.game.code,
        rule_version=a.approval.rule_version.version,
        approval=a.approval.reference,
        table=a.table.code if a.table else None,
        options=a.options,
        decks=a.decks,
        effective_from=a.effective_from.isoformat(),
        effective_to=a.effective_to.isoformat() if a.effective_to else None,
        conditions_met=[
            {
                "operator_class": m.condition.operator_class.code,
                "kind": m.condition.kind,
                "met_on": m.met_on.isoformat(),
                "evidence": m.evidence,
            }
            for m in met
        ],
    )
