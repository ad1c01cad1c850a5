"""Approvals: submission, the status pipeline, and the content an approval is bound to."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from games.models import (
    TRANSITIONS,
    Approval,
    ApprovalCondition,
    ApprovalEvent,
    ApprovalPaytable,
    ApprovalStatus,
    Jurisdiction,
    OperatorClass,
    Paytable,
    RuleVersion,
)

from .hashing import content_hash
from .history import attribute_to
from .rules import rule_version_freeze


@dataclass(frozen=True)
class ConditionSpec:
    operator_class: OperatorClass
    kind: str
    text: str
    venue_must_meet: bool = False


def approval_content(approval: Approval) -> dict[str, Any]:
    """Exactly what an approval approves; its hash is the approval's content hash."""
    return {
        "jurisdiction": approval.jurisdiction.code,
        "rule_version": approval.rule_version.content_hash,
        "reference": approval.reference,
        "allowed_options": approval.allowed_options,
        "decision_date": approval.decision_date,
        "paytables": sorted(link.paytable.content_hash for link in approval.paytable_links.all()),
        "conditions": sorted(
            (c.operator_class.code, c.kind, c.text, c.venue_must_meet)
            for c in approval.conditions.all()
        ),
    }


def _actor_label(actor) -> str:
    return getattr(actor, "username", None) or str(actor or "system")


def _record(approval: Approval, before: str, after: str, actor, reason: str, at=None) -> None:
    ApprovalEvent.objects.create(
        approval=approval,
        from_status=before,
        to_status=after,
        actor=actor if getattr(actor, "pk", None) else None,
        actor_label=_actor_label(actor),
        at=at or timezone.now(),
        reason=reason,
    )


def _check_options(rule_version: RuleVersion, allowed: Mapping[str, Sequence[str]], paytables):
    offered = rule_version.options
    for name, values in allowed.items():
        if name not in offered:
            raise ValidationError({"allowed_options": f"the rule version has no option {name!r}"})
        extra = [v for v in values if str(v) not in offered[name]]
        if extra:
            raise ValidationError({"allowed_options": f"{name}: {extra} not offered"})
    for paytable in paytables:
        if paytable.rule_version_id != rule_version.pk:
            raise ValidationError({"paytables": f"{paytable} belongs to another rule version"})


@transaction.atomic
def approval_submit(
    *,
    jurisdiction: Jurisdiction,
    rule_version: RuleVersion,
    reference: str,
    allowed_options: Mapping[str, Sequence[str]],
    paytables: Iterable[Paytable],
    conditions: Iterable[ConditionSpec],
    actor=None,
    reason: str = "submitted for approval",
    source_document: str = "",
    at=None,
) -> Approval:
    """Submit a rule version with its paytables for approval; freezes the rule version."""
    paytables = list(paytables)
    _check_options(rule_version, allowed_options, paytables)
    rule_version_freeze(rule_version, actor)
    approval = Approval(
        jurisdiction=jurisdiction,
        rule_version=rule_version,
        reference=reference,
        allowed_options={k: [str(v) for v in vs] for k, vs in allowed_options.items()},
        source_document=source_document,
    )
    attribute_to(approval, actor)
    approval.save()
    for paytable in paytables:
        ApprovalPaytable.objects.create(approval=approval, paytable=paytable)
    for spec in conditions:
        if spec.operator_class.jurisdiction_id != jurisdiction.pk:
            raise ValidationError({"conditions": f"{spec.operator_class} is not of {jurisdiction}"})
        ApprovalCondition.objects.create(
            approval=approval,
            operator_class=spec.operator_class,
            kind=spec.kind,
            text=spec.text,
            venue_must_meet=spec.venue_must_meet,
        )
    _record(approval, "", ApprovalStatus.SUBMITTED, actor, reason, at)
    return approval


@transaction.atomic
def approval_transition(
    approval: Approval,
    to_status: str,
    *,
    actor=None,
    reason: str,
    decision_date: date | None = None,
    at=None,
) -> Approval:
    """Move an approval one step along its pipeline, recording who, when and why."""
    approval = Approval.objects.select_for_update().get(pk=approval.pk)
    before = approval.status
    if to_status not in TRANSITIONS.get(before, ()):
        allowed = ", ".join(TRANSITIONS.get(before, ())) or "nothing"
        raise ValidationError(
            {"status": f"an approval that is {before} can move to {allowed}, not {to_status}"}
        )
    if not reason.strip():
        raise ValidationError({"reason": "every step of the pipeline needs a reason"})
    if to_status in (ApprovalStatus.APPROVED, ApprovalStatus.DENIED):
        approval.decision_date = decision_date or timezone.localdate()
    if to_status == ApprovalStatus.APPROVED:
        approval.content_hash = content_hash(approval_content(approval))
    approval.status = to_status
    attribute_to(approval, actor)
    approval.save()
    _record(approval, before, to_status, actor, reason, at)
    return approval


@transaction.atomic
def approval_amend(
    base: Approval,
    *,
    paytable: Paytable,
    reference: str,
    actor=None,
    reason: str = "",
    at=None,
) -> Approval:
    """Submit ``base`` again with a new paytable version in place of the one it replaces.

    The new approval covers the same rule version, options and conditions as
    ``base``; among its paytables, the one of the same wager and code (any
    version) gives way to ``paytable``.  ``base`` is left as it is: once the
    amendment is approved, a reviewer supersedes it.
    """
    if paytable.rule_version_id != base.rule_version_id:
        raise ValidationError({"paytable": f"{paytable} is not of {base.rule_version}"})
    kept = [
        link.paytable
        for link in base.paytable_links.select_related("paytable")
        if (link.paytable.wager_key, link.paytable.code) != (paytable.wager_key, paytable.code)
    ]
    return approval_submit(
        jurisdiction=base.jurisdiction,
        rule_version=base.rule_version,
        reference=reference,
        allowed_options=base.allowed_options,
        paytables=[*kept, paytable],
        conditions=[
            ConditionSpec(c.operator_class, c.kind, c.text, c.venue_must_meet)
            for c in base.conditions.select_related("operator_class")
        ],
        actor=actor,
        reason=reason or f"amends {base.reference}: {paytable} replaces its earlier version",
        source_document=base.source_document,
        at=at,
    )
