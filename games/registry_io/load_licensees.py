"""Licensees, venues and tables, and what each venue is authorized to run (through the services)."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from games.models import (
    Approval,
    Authorization,
    ConditionMet,
    Licensee,
    OperatorClass,
    Table,
    Venue,
)
from games.services.venues import authorization_create, condition_met_record

from . import values as v
from .load_approvals import find_jurisdiction, find_rule_version
from .records import Rec, upsert

AUTHORIZATION_KEYS = ("table", "options", "decks", "effective_to", "conditions_met")


def load_licensees(items: list[Rec]) -> None:
    for rec in items:
        rec.expect(required=("jurisdiction", "license_number"), optional=("name", "venues"))
        jurisdiction = find_jurisdiction(rec)
        name = rec.get("name", v.text, None)
        licensee = upsert(
            rec,
            "licensee",
            Licensee,
            {"jurisdiction": jurisdiction, "license_number": rec.get("license_number", v.text)},
            {"name": name} if name is not None else {},
            new_requires=("name",),
        )
        for item in rec.items("venues"):
            _venue(item, licensee)


def _venue(rec: Rec, licensee: Licensee) -> None:
    rec.expect(required=("code",), optional=("name", "operator_class", "tables", "authorizations"))
    code = rec.get("code", v.text)
    other = Venue.objects.filter(code=code).exclude(licensee=licensee).first()
    if other is not None:
        rec.fail(f"venue {code} belongs to licensee {other.licensee} in the registry", "code")
    values = {}
    if rec.has("name"):
        values["name"] = rec.get("name", v.text)
    if rec.has("operator_class"):
        class_code = rec.get("operator_class", v.text)
        found = OperatorClass.objects.filter(
            jurisdiction=licensee.jurisdiction, code=class_code
        ).first()
        if found is None:
            rec.fail(
                f"{licensee.jurisdiction.code} has no operator class {class_code!r}",
                "operator_class",
            )
        values["operator_class"] = found
    venue = upsert(
        rec,
        "venue",
        Venue,
        {"licensee": licensee, "code": code},
        values,
        new_requires=("name", "operator_class"),
    )
    for item in rec.items("tables"):
        item.expect(required=("code",))
        upsert(item, "table", Table, {"venue": venue, "code": item.get("code", v.text)}, {})
    for item in rec.items("authorizations"):
        _authorization(item, venue)


def _authorization(rec: Rec, venue: Venue) -> None:
    rec.expect(
        required=("game", "rule_version", "approval", "effective_from"),
        optional=AUTHORIZATION_KEYS,
    )
    rule_version = find_rule_version(rec)
    reference = rec.get("approval", v.text)
    jurisdiction = venue.licensee.jurisdiction
    approval = Approval.objects.filter(
        jurisdiction=jurisdiction, rule_version=rule_version, reference=reference
    ).first()
    if approval is None:
        rec.fail(f"no approval {reference!r} of {rule_version} in {jurisdiction.code}", "approval")
    table = None
    table_code = rec.get("table", v.optional_text, "")
    if table_code:
        table = venue.tables.filter(code=table_code).first()
        if table is None:
            rec.fail(f"{venue.code} has no table {table_code!r}", "table")
    effective_from = rec.get("effective_from", v.day)
    given = {
        "options": rec.get("options", v.option_values, {}),
        "decks": sorted(set(rec.get("decks", v.int_list, []))),
        "effective_to": rec.get("effective_to", v.optional_day, None),
    }
    met = [_condition_met(item, approval, venue) for item in rec.items("conditions_met")]
    existing = Authorization.objects.filter(
        venue=venue, table=table, approval=approval, effective_from=effective_from
    ).first()
    if existing is None:
        try:
            authorization_create(
                venue=venue,
                approval=approval,
                table=table,
                effective_from=effective_from,
                conditions_met=[
                    (condition, met_on, evidence) for _, condition, met_on, evidence in met
                ],
                actor=rec.load.actor,
                **given,
            )
        except ValidationError as exc:
            rec.invalid(exc)
        rec.count("authorization", "created")
        for _ in met:
            rec.count("condition_met", "created")
        return
    differing = [k for k, x in given.items() if rec.has(k) and getattr(existing, k) != x]
    if differing:
        rec.conflict(
            f"the authorization of {existing} differs from {rec.file.name} "
            f"({', '.join(differing)}): the services cannot amend an authorization; "
            "authorize again from a new effective_from"
        )
    rec.count("authorization", "present")
    for item, condition, met_on, evidence in met:
        recorded = ConditionMet.objects.filter(authorization=existing, condition=condition).first()
        if recorded is None:
            try:
                condition_met_record(existing, condition, met_on, evidence)
            except ValidationError as exc:
                item.invalid(exc)
            item.count("condition_met", "created")
        elif (recorded.met_on, recorded.evidence) != (met_on, evidence):
            item.conflict(
                f"{venue.code} recorded {condition.get_kind_display()} as met on "
                f"{recorded.met_on} ({recorded.evidence!r}); {rec.file.name} says {met_on} "
                f"({evidence!r}): a recorded condition is not changed by a load"
            )
        else:
            item.count("condition_met", "present")


def _condition_met(rec: Rec, approval: Approval, venue: Venue):
    rec.expect(required=("operator_class", "kind", "met_on", "evidence"))
    class_code = rec.get("operator_class", v.text)
    kind = rec.get("kind", v.text)
    if class_code != venue.operator_class.code:
        rec.fail(
            f"{venue.code} is a {venue.operator_class.code}, not a {class_code}", "operator_class"
        )
    found = list(approval.conditions.filter(operator_class__code=class_code, kind=kind))
    if len(found) != 1:
        problem = "no" if not found else "more than one"
        rec.fail(
            f"{approval.reference!r} has {problem} {kind!r} condition for {class_code}", "kind"
        )
    return rec, found[0], rec.get("met_on", v.day), rec.get("evidence", v.text)
