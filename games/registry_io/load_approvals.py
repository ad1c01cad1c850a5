"""Approvals: submitted and moved along their pipeline by replaying the file's events."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.core.exceptions import ValidationError

from games.models import (
    Approval,
    ApprovalStatus,
    ConditionKind,
    Game,
    Jurisdiction,
    OperatorClass,
    Paytable,
    RuleVersion,
)
from games.services.approvals import (
    ConditionSpec,
    approval_content,
    approval_submit,
    approval_transition,
)
from games.services.hashing import canonical_json

from . import values as v
from .records import Rec

APPROVAL_KEYS = ("allowed_options", "paytables", "conditions", "source_document")
DECISIONS = (ApprovalStatus.APPROVED, ApprovalStatus.DENIED)


@dataclass(frozen=True)
class Event:
    rec: Rec
    status: str
    at: datetime
    actor: str
    reason: str
    decision_date: date | None


def find_rule_version(rec: Rec, game_key: str = "game", version_key: str = "rule_version"):
    code = rec.get(game_key, v.text)
    game = Game.objects.filter(code=code).first()
    if game is None:
        rec.fail(f"no game {code!r} in the registry or the files loaded", game_key)
    number = rec.get(version_key, v.integer)
    found = RuleVersion.objects.filter(game=game, version=number).first()
    if found is None:
        rec.fail(f"{code} has no rule version {number}", version_key)
    return found


def find_jurisdiction(rec: Rec, key: str = "jurisdiction") -> Jurisdiction:
    code = rec.get(key, v.text)
    found = Jurisdiction.objects.filter(code=code).first()
    if found is None:
        rec.fail(f"no jurisdiction {code!r} in the registry or the files loaded", key)
    return found


def load_approvals(items: list[Rec]) -> None:
    for rec in items:
        rec.expect(
            required=("jurisdiction", "game", "rule_version", "reference", "events"),
            optional=APPROVAL_KEYS,
        )
        jurisdiction = find_jurisdiction(rec)
        rule_version = find_rule_version(rec)
        reference = rec.get("reference", v.text)
        paytables = [_paytable(item, rule_version) for item in rec.items("paytables")]
        conditions = [_condition(item, jurisdiction) for item in rec.items("conditions")]
        allowed = rec.get("allowed_options", v.options_map, {})
        source_document = rec.get("source_document", v.optional_text, "")
        events = _events(rec, jurisdiction)
        existing = Approval.objects.filter(
            jurisdiction=jurisdiction, rule_version=rule_version, reference=reference
        ).first()
        if existing is None:
            first = events[0]
            try:
                approval = approval_submit(
                    jurisdiction=jurisdiction,
                    rule_version=rule_version,
                    reference=reference,
                    allowed_options=allowed,
                    paytables=paytables,
                    conditions=conditions,
                    actor=first.actor,
                    reason=first.reason,
                    source_document=source_document,
                    at=first.at,
                )
            except ValidationError as exc:
                rec.invalid(exc)
            rec.count("approval", "created")
            rec.count("approval_event", "created")
            recorded = 1
        else:
            approval = existing
            recorded = _check_recorded(rec, approval, events)
            given = _content(jurisdiction, rule_version, reference, allowed, paytables, conditions)
            given["decision_date"] = _decision_date(events[:recorded])
            _compare(rec, approval, given)
            if rec.has("source_document") and approval.source_document != source_document:
                rec.warn(f"{reference}: the source document differs from the registry's")
            rec.count("approval", "present")
            for _ in range(recorded):
                rec.count("approval_event", "present")
        for event in events[recorded:]:
            try:
                approval = approval_transition(
                    approval,
                    event.status,
                    actor=event.actor,
                    reason=event.reason,
                    decision_date=event.decision_date,
                    at=event.at,
                )
            except ValidationError as exc:
                event.rec.invalid(exc, "status")
            rec.count("approval_event", "created")


def _paytable(rec: Rec, rule_version: RuleVersion) -> Paytable:
    rec.expect(required=("wager_key", "code", "version"))
    lookup = {
        "wager_key": rec.get("wager_key", v.text),
        "code": rec.get("code", v.code),
        "version": rec.get("version", v.integer),
    }
    found = Paytable.objects.filter(rule_version=rule_version, **lookup).first()
    if found is None:
        rec.fail(
            f"{rule_version} has no paytable {lookup['wager_key']} #{lookup['code']} "
            f"version {lookup['version']}"
        )
    return found


def _condition(rec: Rec, jurisdiction: Jurisdiction) -> ConditionSpec:
    rec.expect(required=("operator_class", "kind", "text"), optional=("venue_must_meet",))
    code = rec.get("operator_class", v.text)
    operator_class = OperatorClass.objects.filter(jurisdiction=jurisdiction, code=code).first()
    if operator_class is None:
        rec.fail(f"{jurisdiction.code} has no operator class {code!r}", "operator_class")
    kind = rec.get("kind", v.text)
    if kind not in ConditionKind.values:
        rec.fail(
            f"unknown condition kind {kind!r} (one of {', '.join(ConditionKind.values)})", "kind"
        )
    return ConditionSpec(
        operator_class, kind, rec.get("text", v.text), rec.get("venue_must_meet", v.boolean, False)
    )


def _events(rec: Rec, jurisdiction: Jurisdiction) -> list[Event]:
    items = rec.items("events")
    if not items:
        rec.fail("an approval needs at least its submission event", "events")
    zone = ZoneInfo(jurisdiction.timezone)
    events: list[Event] = []
    for i, item in enumerate(items):
        item.expect(required=("status", "at", "actor", "reason"), optional=("decision_date",))
        status = item.get("status", v.text)
        if status not in ApprovalStatus.values:
            item.fail(
                f"unknown status {status!r} (one of {', '.join(ApprovalStatus.values)})", "status"
            )
        if (i == 0) != (status == ApprovalStatus.SUBMITTED):
            item.fail("the first event, and only the first, is 'submitted'", "status")
        at = item.get("at", v.moment)
        if events and at < events[-1].at:
            item.fail("events must be in the order they happened", "at")
        decided = item.get("decision_date", v.day, None)
        if decided is not None and status not in DECISIONS:
            item.fail("only an approved or denied event has a decision date", "decision_date")
        if decided is None and status in DECISIONS:
            decided = at.astimezone(zone).date()
        events.append(
            Event(item, status, at, item.get("actor", v.text), item.get("reason", v.text), decided)
        )
    return events


def _check_recorded(rec: Rec, approval: Approval, events: list[Event]) -> int:
    """How many of the file's events are recorded already; refuse a history that differs."""
    recorded = list(approval.events.order_by("at", "pk"))
    for i, (stored, event) in enumerate(zip(recorded, events, strict=False)):
        same = (stored.to_status, stored.at, stored.actor_label, stored.reason) == (
            event.status,
            event.at,
            event.actor,
            event.reason,
        )
        if not same:
            event.rec.conflict(
                f"approval {approval.reference!r} recorded event {i + 1} as {stored.to_status} "
                f"at {stored.at.astimezone(event.at.tzinfo).isoformat()} by "
                f"{stored.actor_label!r} ({stored.reason!r}); "
                f"{rec.file.name} says {event.status} at {event.at.isoformat()} by "
                f"{event.actor!r} ({event.reason!r}): recorded events never change"
            )
    if len(recorded) > len(events):
        later = ", ".join(e.to_status for e in recorded[len(events) :])
        rec.warn(f"approval {approval.reference!r} has later events than the file: {later}")
    return min(len(recorded), len(events))


def _decision_date(events: list[Event]) -> date | None:
    decided = [e.decision_date for e in events if e.status in DECISIONS]
    return decided[-1] if decided else None


def _content(jurisdiction, rule_version, reference, allowed, paytables, conditions) -> dict:
    """What the file's approval approves, as ``approval_content`` describes a stored one."""
    return {
        "jurisdiction": jurisdiction.code,
        "rule_version": rule_version.content_hash,
        "reference": reference,
        "allowed_options": {k: [str(x) for x in xs] for k, xs in allowed.items()},
        "paytables": sorted(p.content_hash for p in paytables),
        "conditions": sorted(
            (c.operator_class.code, c.kind, c.text, c.venue_must_meet) for c in conditions
        ),
    }


def _compare(rec: Rec, approval: Approval, given: dict[str, Any]) -> None:
    stored = approval_content(approval)
    differing = [k for k in stored if canonical_json(stored[k]) != canonical_json(given.get(k))]
    if not differing:
        return
    if approval.status in (ApprovalStatus.SUBMITTED, ApprovalStatus.UNDER_REVIEW):
        advice = "the services cannot amend a submitted approval: deny it and submit a new one"
    else:
        advice = "decided approvals never change: submit a new approval (a new reference)"
    rec.conflict(
        f"approval {approval.reference!r} ({approval.jurisdiction.code}, {approval.rule_version}) "
        f"is {approval.status} and differs from {rec.file.name} ({', '.join(differing)}): {advice}"
    )
