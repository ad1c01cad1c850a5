"""What was in force: for a venue, table, game, declared options and a time.

:func:`rules_in_force` answers which authorization, approval, rule version,
paytables and limits applied, or why none did.  Everything is decided on the
jurisdiction's local date of the time asked about (limits, approvals and
authorizations take effect on dates).  :class:`games.rules_resolver.RulesResolver`
caches answers for the length of one submission.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models import Q

from games.engine.catalog import game as engine_game
from games.models import (
    Approval,
    ApprovalStatus,
    Authorization,
    Game,
    Paytable,
    RuleVersion,
    Table,
    Venue,
    WagerLimit,
)


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


@dataclass
class RulesInForce:
    """The answer: ``in_force`` with what applied, or the reason nothing did."""

    in_force: bool
    at: datetime
    local_date: date | None = None
    reason_code: str = ""
    reason: str = ""
    venue: Venue | None = None
    table: Table | None = None
    game: Game | None = None
    authorization: Authorization | None = None
    approval: Approval | None = None
    rule_version: RuleVersion | None = None
    paytables: dict[str, Paytable] = field(default_factory=dict)
    limits: list[LimitInForce] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "in_force": self.in_force,
            "at": self.at.isoformat(),
            "local_date": self.local_date.isoformat() if self.local_date else None,
            "reason_code": self.reason_code or None,
            "reason": self.reason or None,
            "venue": self.venue.code if self.venue else None,
            "table": self.table.code if self.table else None,
            "game": self.game.code if self.game else None,
            "limits": [limit.to_dict() for limit in self.limits],
        }
        if self.in_force:
            data.update(_approved_dict(self))
        return data


def _approved_dict(answer: RulesInForce) -> dict[str, Any]:
    approval, rules = answer.approval, answer.rule_version
    return {
        "authorization": {
            "id": answer.authorization.pk,
            "effective_from": answer.authorization.effective_from.isoformat(),
            "options": answer.authorization.options,
        },
        "approval": {
            "id": approval.pk,
            "reference": approval.reference,
            "decision_date": approval.decision_date.isoformat(),
            "content_hash": approval.content_hash,
        },
        "rule_version": {
            "id": rules.pk,
            "version": rules.version,
            "content_hash": rules.content_hash,
            "parameters": rules.parameters,
        },
        "paytables": {
            key: {
                "id": p.pk,
                "code": p.code,
                "version": p.version,
                "content_hash": p.content_hash,
                "entries": p.entries,
            }
            for key, p in answer.paytables.items()
        },
    }


def local_date_of(at: datetime, timezone_name: str) -> date:
    if at.tzinfo is None:
        raise ValueError("the time must carry its offset (RFC 3339)")
    return at.astimezone(ZoneInfo(timezone_name)).date()


def rules_in_force(
    *, venue: str, table: str, game: str, options: dict[str, str], at: datetime
) -> RulesInForce:
    """What applied to a round at ``venue``/``table`` of ``game`` with ``options`` at ``at``."""
    answer = RulesInForce(False, at)
    answer.venue = Venue.objects.select_related("licensee__jurisdiction").filter(code=venue).first()
    if answer.venue is None:
        return _refuse(answer, "unknown_venue", f"no venue {venue!r} is registered")
    answer.table = answer.venue.tables.filter(code=table).first()
    if answer.table is None:
        return _refuse(answer, "unknown_table", f"{venue} has no table {table!r}")
    answer.game = Game.objects.filter(code=game).first()
    if answer.game is None:
        return _refuse(answer, "unknown_game", f"no game {game!r} is registered")
    jurisdiction = answer.venue.licensee.jurisdiction
    answer.local_date = day = local_date_of(at, jurisdiction.timezone)
    answer.limits = limits_in_force(answer.venue, answer.table, answer.game, day)
    return _authorized(answer, {k: str(v) for k, v in options.items()}, day)


def _refuse(answer: RulesInForce, code: str, reason: str) -> RulesInForce:
    answer.reason_code, answer.reason = code, reason
    return answer


def _authorized(answer: RulesInForce, options: dict[str, str], day: date) -> RulesInForce:
    candidates = list(
        Authorization.objects.filter(venue=answer.venue, approval__rule_version__game=answer.game)
        .filter(Q(table=answer.table) | Q(table__isnull=True))
        .select_related("approval__rule_version")
        .order_by("table_id", "-effective_from")
    )
    if not candidates:
        return _refuse(
            answer,
            "game_not_authorized",
            f"{answer.game.code} is not authorized at {answer.venue.code}/{answer.table.code}",
        )
    failures = []
    for authorization in candidates:
        problem = _authorization_problem(authorization, answer.venue, options, day)
        if problem is None:
            return _accept(answer, authorization, options)
        failures.append(problem)
    code, reason = min(failures, key=lambda f: _REASON_ORDER.index(f[0]))
    return _refuse(answer, code, reason)


_REASON_ORDER = (
    "options_not_approved",
    "conditions_not_met",
    "approval_not_in_force",
    "authorization_ended",
    "not_yet_authorized",
)


def _authorization_problem(authorization, venue, options, day) -> tuple[str, str] | None:
    if authorization.effective_from > day:
        return "not_yet_authorized", f"authorized only from {authorization.effective_from}"
    if authorization.effective_to and authorization.effective_to < day:
        return "authorization_ended", f"authorization ended on {authorization.effective_to}"
    status = approval_status_on(authorization.approval, day)
    if status != ApprovalStatus.APPROVED:
        return "approval_not_in_force", f"{authorization.approval.reference} was {status} on {day}"
    unmet = conditions_unmet(authorization, venue, day)
    if unmet:
        return "conditions_not_met", "conditions not met by then: " + "; ".join(unmet)
    return _options_problem(authorization, options)


def _options_problem(authorization, options) -> tuple[str, str] | None:
    approval = authorization.approval
    required = authorization.approval.rule_version.options
    missing = sorted(set(required) - set(options))
    if missing:
        return "options_not_approved", f"options not declared: {', '.join(missing)}"
    for name, value in options.items():
        if value not in approval.allowed_options.get(name, []):
            return "options_not_approved", f"{name}={value} is not approved"
        fixed = authorization.options.get(name)
        if fixed is not None and fixed != value:
            return "options_not_approved", f"{name}={value}: this venue is authorized for {fixed}"
    return None


def approval_status_on(approval: Approval, day: date) -> str:
    """The approval's status at the end of ``day`` (jurisdiction local), from its events."""
    zone = ZoneInfo(approval.jurisdiction.timezone)
    status = "not yet submitted"
    for event in approval.events.order_by("at", "pk"):
        if event.at.astimezone(zone).date() > day:
            break
        status = event.to_status
    return status


def conditions_unmet(authorization: Authorization, venue: Venue, day: date) -> list[str]:
    required = authorization.approval.conditions.filter(
        operator_class=venue.operator_class, venue_must_meet=True
    )
    met = {m.condition_id: m.met_on for m in authorization.conditions_met.all()}
    unmet = []
    for condition in required:
        met_on = met.get(condition.pk)
        if met_on is None or met_on > day:
            when = f" (met {met_on})" if met_on else ""
            unmet.append(f"{condition.get_kind_display()}{when}")
    return unmet


def _accept(answer: RulesInForce, authorization: Authorization, options) -> RulesInForce:
    answer.in_force = True
    answer.authorization = authorization
    answer.approval = authorization.approval
    answer.rule_version = authorization.approval.rule_version
    answer.paytables = paytables_for(answer.approval, options)
    return answer


def paytables_for(approval: Approval, options: dict[str, str]) -> dict[str, Paytable]:
    """The approved paytable version of each paytable wager, for the declared options."""
    definition = engine_game(approval.rule_version.game.code)
    chosen: dict[str, Paytable] = {}
    for link in approval.paytable_links.select_related("paytable").order_by("-paytable__version"):
        paytable = link.paytable
        option = definition.paytable_options.get(paytable.wager_key)
        declared = option in approval.rule_version.options  # else one approved table serves
        if declared and options.get(option) != paytable.code:
            continue
        chosen.setdefault(paytable.wager_key, paytable)
    return chosen


def limits_in_force(venue: Venue, table: Table, game: Game, day: date) -> list[LimitInForce]:
    rows = (
        WagerLimit.objects.filter(regulation__jurisdiction=venue.licensee.jurisdiction)
        .filter(effective_from__lte=day)
        .filter(Q(effective_to__isnull=True) | Q(effective_to__gte=day))
        .filter(Q(operator_class__isnull=True) | Q(operator_class=venue.operator_class))
        .filter(Q(game__isnull=True) | Q(game=game))
        .filter(Q(table__isnull=True) | Q(table=table))
        .select_related("regulation", "table")
        .order_by("kind", "amount")
    )
    return [
        LimitInForce(
            kind=row.kind,
            amount=row.amount,
            scope=_scope(row),
            wager_key=row.wager_key,
            regulation=row.regulation.citation,
            source=row.source,
            filing=row.filing,
            effective_from=row.effective_from,
            effective_to=row.effective_to,
        )
        for row in rows
    ]


def _scope(limit: WagerLimit) -> str:
    if limit.table_id:
        return f"table {limit.table.code}"
    if limit.wager_key:
        return f"wager {limit.wager_key}"
    return "any single wager" if limit.kind != "max_aggregate_payout" else "each round's payouts"
