"""Wager limits: dated values of a regulation's limits, created and corrected with history.

Unlike rule versions and approvals, a limit is not frozen: it is a dated
value, and the registry's history (django-simple-history) keeps every earlier
state of it with who changed it and when.  A new value from a later date is a
new limit; the current one is closed by setting its ``effective_to``.  What a
limit applies to (its regulation, kind and scope) never changes: a different
scope is a different limit.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from games.models import Game, OperatorClass, Regulation, Table, WagerLimit

from .history import attribute_to

#: The fields :func:`wager_limit_update` may change: the value, its dates and its sources.
EDITABLE_FIELDS = ("amount", "effective_from", "effective_to", "source", "filing", "note")


def _check_scope(limit: WagerLimit) -> None:
    jurisdiction_id = limit.regulation.jurisdiction_id
    if limit.operator_class and limit.operator_class.jurisdiction_id != jurisdiction_id:
        raise ValidationError(
            {"operator_class": f"{limit.operator_class} is not of {limit.regulation.jurisdiction}"}
        )
    if limit.table and limit.table.venue.licensee.jurisdiction_id != jurisdiction_id:
        raise ValidationError({"table": f"{limit.table} is not in {limit.regulation.jurisdiction}"})


def _check_no_overlap(limit: WagerLimit) -> None:
    """Two values of the same limit (same kind and scope) may not be in force on one day."""
    end = limit.effective_to or date.max
    clash = (
        WagerLimit.objects.filter(
            regulation=limit.regulation,
            kind=limit.kind,
            operator_class=limit.operator_class,
            game=limit.game,
            wager_key=limit.wager_key,
            table=limit.table,
            effective_from__lte=end,
        )
        .filter(Q(effective_to__isnull=True) | Q(effective_to__gte=limit.effective_from))
        .exclude(pk=limit.pk)
        .first()
    )
    if clash is not None:
        hint = ""
        if clash.effective_to is None and clash.effective_from < limit.effective_from:
            hint = f"; close it first (effective_to {limit.effective_from - timedelta(days=1)})"
        raise ValidationError(
            {"effective_from": f"overlaps limit {clash.pk} ({clash}) of the same scope{hint}"}
        )


def _validated_save(limit: WagerLimit, actor) -> WagerLimit:
    limit.full_clean()
    _check_scope(limit)
    _check_no_overlap(limit)
    attribute_to(limit, actor)
    limit.save()
    return limit


@transaction.atomic
def wager_limit_create(
    *,
    regulation: Regulation,
    kind: str,
    amount: Decimal,
    effective_from: date,
    source: str,
    effective_to: date | None = None,
    operator_class: OperatorClass | None = None,
    game: Game | None = None,
    wager_key: str = "",
    table: Table | None = None,
    filing: str = "",
    note: str = "",
    actor=None,
) -> WagerLimit:
    """A new dated value of a limit of ``regulation``, validated by the model and its scope."""
    limit = WagerLimit(
        regulation=regulation,
        kind=kind,
        amount=amount,
        effective_from=effective_from,
        effective_to=effective_to,
        operator_class=operator_class,
        game=game,
        wager_key=wager_key,
        table=table,
        source=source,
        filing=filing,
        note=note,
    )
    return _validated_save(limit, actor)


@transaction.atomic
def wager_limit_update(limit: WagerLimit, *, actor=None, **changes) -> WagerLimit:
    """Correct a limit's value, dates or sources (:data:`EDITABLE_FIELDS`); history keeps it."""
    refused = sorted(set(changes) - set(EDITABLE_FIELDS))
    if refused:
        raise ValidationError(
            {refused[0]: "what a limit applies to never changes; create a new limit instead"}
        )
    limit = WagerLimit.objects.select_for_update().get(pk=limit.pk)
    for name, value in changes.items():
        setattr(limit, name, value)
    return _validated_save(limit, actor)
