"""The wager limits in force at a venue's table for a game on a day, with the regulation
each rests on and the phrase a finding uses for its scope."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.db.models import Q

from games.models import Game, Table, Venue, WagerLimit


@dataclass(frozen=True)
class LimitInForce:
    kind: str
    amount: Decimal
    scope: str
    wager_key: str
    regulation: str
    source: str
    filing: str
    effective_from: date
    effective_to: date | None

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "amount": str(self.amount)}


def limits_in_force(venue: Venue, table: Table, game: Game, day: date) -> list[LimitInForce]:
    rows = (
        WagerLimit.objects.filter(regulation__jurisdiction=venue.licensee.jurisdiction)
        .filter(effective_from__lte=day)
        .filter(Q(effective_to__isnull=True) | Q(effective_to__gte=day))
        .filter(Q(operator_class__isnull=True) | Q(operator_class_id=venue.operator_class_id))
        .filter(Q(game__isnull=True) | Q(game=game))
        .filter(Q(table__isnull=True) | Q(table=table))
        .select_related("regulation", "table", "operator_class")
        .order_by("kind", "amount")
    )
    return [
        LimitInForce(
            kind=row.kind,
            amount=row.amount,
            scope=limit_scope(row),
            wager_key=row.wager_key,
            regulation=row.regulation.citation,
            source=row.source,
            filing=row.filing,
            effective_from=row.effective_from,
            effective_to=row.effective_to,
        )
        for row in rows
    ]


def limit_scope(limit: WagerLimit) -> str:
    """What a limit applies to, as a phrase that follows its amount ("the limit of 400.00 on
    any single wager at commercial card rooms")."""
    if limit.kind == "max_aggregate_payout":
        what = "on a round's payouts in all"
    elif limit.wager_key:
        what = f"on each {limit.wager_key} wager"
    else:
        what = "on any single wager"
    if limit.table_id:
        return f"{what} at table {limit.table.code}"
    if limit.operator_class_id:
        return f"{what} at {limit.operator_class.name.lower()}"
    return what
