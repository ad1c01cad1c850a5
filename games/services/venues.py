"""Venue authorizations and the dated limits that apply to them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date

from django.core.exceptions import ValidationError
from django.db import transaction

from games.models import (
    Approval,
    ApprovalCondition,
    Authorization,
    ConditionMet,
    Table,
    Venue,
)

from .history import attribute_to


def _check_variant(approval: Approval, options: Mapping[str, str]) -> dict[str, str]:
    for name, value in options.items():
        allowed = approval.allowed_options.get(name)
        if allowed is None or str(value) not in allowed:
            raise ValidationError(
                {"options": f"{name}={value} is not an approved variant ({allowed or 'none'})"}
            )
    return {k: str(v) for k, v in options.items()}


@transaction.atomic
def authorization_create(
    *,
    venue: Venue,
    approval: Approval,
    options: Mapping[str, str],
    effective_from: date,
    table: Table | None = None,
    decks: Iterable[int] = (),
    effective_to: date | None = None,
    conditions_met: Iterable[tuple[ApprovalCondition, date, str]] = (),
    actor=None,
) -> Authorization:
    """Authorize a venue (or one table) to run an approved variant from a date."""
    if approval.jurisdiction_id != venue.licensee.jurisdiction_id:
        raise ValidationError({"approval": "the approval is for another jurisdiction"})
    if effective_to is not None and effective_to < effective_from:
        raise ValidationError({"effective_to": "the last day comes before the first"})
    if table is not None and table.venue_id != venue.pk:
        raise ValidationError({"table": f"{table} is not a table of {venue}"})
    decks = sorted(set(decks))
    if any(d not in approval.rule_version.decks_allowed for d in decks):
        raise ValidationError(
            {"decks": f"{decks} not within {approval.rule_version.decks_allowed}"}
        )
    authorization = Authorization(
        venue=venue,
        table=table,
        approval=approval,
        options=_check_variant(approval, options),
        decks=decks,
        effective_from=effective_from,
        effective_to=effective_to,
    )
    attribute_to(authorization, actor)
    authorization.save()
    for condition, met_on, evidence in conditions_met:
        condition_met_record(authorization, condition, met_on, evidence)
    return authorization


def condition_met_record(
    authorization: Authorization, condition: ApprovalCondition, met_on: date, evidence: str
) -> ConditionMet:
    """Record the day a venue met one of its approval's conditions."""
    if condition.approval_id != authorization.approval_id:
        raise ValidationError({"condition": "the condition belongs to another approval"})
    if condition.operator_class_id != authorization.venue.operator_class_id:
        raise ValidationError({"condition": "the condition is for another operator class"})
    return ConditionMet.objects.create(
        authorization=authorization, condition=condition, met_on=met_on, evidence=evidence
    )
