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
    #: the record a refusal rests on: the authorization or approval, with its reference and
    #: dates (what a finding cites)
    cited: str = ""
    decks: int | None = None
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
            "cited": self.cited or None,
            "decks": self.decks,
            "venue": self.venue.code if self.venue else None,
            "table": self.table.code if self.table else None,
            "game": self.game.code if self.game else None,
            "limits": [limit.to_dict() for limit in self.limits],
        }
        if self.in_force:
            data.update(_approved_dict(self))
        return data


def _approved_dict(answer: RulesInForce) -> dict[str, Any]:
    approval, rules, authorization = answer.approval, answer.rule_version, answer.authorization
    return {
        "authorization": {
            "id": authorization.pk,
            "table": authorization.table.code if authorization.table_id else None,
            "options": authorization.options,
            "decks": authorization.decks or None,
            "effective_from": authorization.effective_from.isoformat(),
            "effective_to": _iso(authorization.effective_to),
            "conditions_met": [
                {
                    "condition": m.condition.get_kind_display(),
                    "met_on": m.met_on.isoformat(),
                    "evidence": m.evidence,
                }
                for m in authorization.conditions_met.select_related("condition")
            ],  # fmt: skip
            "citation": authorization_citation(authorization),
        },
        "approval": {
            "id": approval.pk,
            "reference": approval.reference,
            "decision_date": approval.decision_date.isoformat(),
            "allowed_options": approval.allowed_options,
            "content_hash": approval.content_hash,
            "citation": approval_citation(approval),
        },
        "rule_version": {
            "id": rules.pk,
            "version": rules.version,
            "content_hash": rules.content_hash,
            "parameters": rules.parameters,
            "decks_allowed": rules.decks_allowed,
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


def _iso(day: date | None) -> str | None:
    return day.isoformat() if day else None


def authorization_citation(authorization: Authorization) -> str:
    """An authorization as a finding cites it: where, under which approval, from when."""
    where = f"table {authorization.table.code}" if authorization.table_id else "all tables"
    until = f" to {authorization.effective_to}" if authorization.effective_to else ""
    return (
        f"authorization of {authorization.venue.code} ({where}) under "
        f"{authorization.approval.reference}, from {authorization.effective_from}{until}"
    )


def approval_citation(approval: Approval) -> str:
    decided = f", decided {approval.decision_date}" if approval.decision_date else ""
    return f"{approval.reference} ({approval.jurisdiction.code}{decided})"


def local_date_of(at: datetime, timezone_name: str) -> date:
    if at.tzinfo is None:
        raise ValueError("the time must carry its offset (RFC 3339)")
    return at.astimezone(ZoneInfo(timezone_name)).date()


def rules_in_force(
    *,
    venue: str,
    table: str,
    game: str,
    options: dict[str, str],
    at: datetime,
    decks: int | None = None,
) -> RulesInForce:
    """What applied to a round at ``venue``/``table`` of ``game`` with ``options`` (and a shoe
    of ``decks``, when given) at ``at``: every term of the authorization and of its approval,
    or the first term the round breaks, with the record that sets it."""
    answer = RulesInForce(False, at, decks=decks)
    answer.venue = Venue.objects.select_related("licensee__jurisdiction").filter(code=venue).first()
    if answer.venue is None:
        return _refuse(answer, Refusal("unknown_venue", f"no venue {venue!r} is registered"))
    answer.table = answer.venue.tables.filter(code=table).first()
    if answer.table is None:
        return _refuse(answer, Refusal("unknown_table", f"{venue} has no table {table!r}"))
    answer.game = Game.objects.filter(code=game).first()
    if answer.game is None:
        return _refuse(answer, Refusal("unknown_game", f"no game {game!r} is registered"))
    jurisdiction = answer.venue.licensee.jurisdiction
    answer.local_date = day = local_date_of(at, jurisdiction.timezone)
    answer.limits = limits_in_force(answer.venue, answer.table, answer.game, day)
    return _authorized(answer, {k: str(v) for k, v in options.items()}, day)


@dataclass(frozen=True)
class Refusal:
    """Why a round was not played under approved rules, and the record that says so."""

    code: str
    reason: str
    cited: str = "registry: venues, tables and games"


def _refuse(answer: RulesInForce, refusal: Refusal) -> RulesInForce:
    answer.reason_code, answer.reason, answer.cited = refusal.code, refusal.reason, refusal.cited
    return answer


def _authorized(answer: RulesInForce, options: dict[str, str], day: date) -> RulesInForce:
    of_game = (
        Authorization.objects.filter(venue=answer.venue, approval__rule_version__game=answer.game)
        .select_related("approval__rule_version", "approval__jurisdiction", "venue", "table")
        .order_by("table_id", "-effective_from")
    )
    candidates = [a for a in of_game if a.table_id in (None, answer.table.pk)]
    if not candidates:
        return _refuse(answer, _not_authorized(answer, list(of_game)))
    failures = []
    for authorization in candidates:
        refusal = _authorization_problem(authorization, answer, options, day)
        if refusal is None:
            return _accept(answer, authorization, options)
        failures.append(refusal)
    return _refuse(answer, min(failures, key=lambda f: _REASON_ORDER.index(f.code)))


def _not_authorized(answer: RulesInForce, of_game: list[Authorization]) -> Refusal:
    where = f"{answer.venue.code}/{answer.table.code}"
    if not of_game:
        return Refusal(
            "game_not_authorized",
            f"{answer.game.code} is not authorized at {answer.venue.code}",
            f"registry: authorizations of {answer.venue.code}",
        )
    tables = sorted({a.table.code for a in of_game if a.table_id})
    return Refusal(
        "table_not_authorized",
        f"{answer.game.code} is authorized at {answer.venue.code} only at table(s) "
        f"{', '.join(tables)}, not at {where}",
        "; ".join(authorization_citation(a) for a in of_game),
    )


#: which refusal a round gets when several authorizations of its table each fail: the term
#: nearest to being met first
_REASON_ORDER = (
    "options_not_approved",
    "options_not_authorized",
    "decks_not_approved",
    "decks_not_authorized",
    "conditions_not_met",
    "approval_not_in_force",
    "authorization_ended",
    "not_yet_authorized",
)


def _authorization_problem(authorization, answer, options, day) -> Refusal | None:
    cited = authorization_citation(authorization)
    if authorization.effective_from > day:
        reason = (
            f"played on {day}, before the authorization's first day, {authorization.effective_from}"
        )
        return Refusal("not_yet_authorized", reason, cited)
    if authorization.effective_to and authorization.effective_to < day:
        reason = (
            f"played on {day}, after the authorization's last day, {authorization.effective_to}"
        )
        return Refusal("authorization_ended", reason, cited)
    approval = authorization.approval
    status = approval_status_on(approval, day)
    if status != ApprovalStatus.APPROVED:
        reason = f"on {day}, the day it was played, {approval.reference} was {status}"
        return Refusal("approval_not_in_force", reason, approval_citation(approval))
    unmet = conditions_unmet(authorization, answer.venue, day)
    if unmet:
        reason = f"the approval's conditions were not met by {day}: " + "; ".join(unmet)
        return Refusal("conditions_not_met", reason, f"{cited}; {approval_citation(approval)}")
    return _options_problem(authorization, options) or _decks_problem(authorization, answer.decks)


def _options_problem(authorization, options) -> Refusal | None:
    approval = authorization.approval
    required = approval.rule_version.options
    missing = sorted(set(required) - set(options))
    if missing:
        reason = f"the round does not declare the option(s) {', '.join(missing)}"
        return Refusal("options_not_approved", reason, approval_citation(approval))
    for name, value in options.items():
        allowed = approval.allowed_options.get(name, [])
        if value not in allowed:
            approved = f"approved: {', '.join(allowed)}" if allowed else "no such option"
            reason = f"{name} {value} is not an approved variant ({approved})"
            return Refusal("options_not_approved", reason, approval_citation(approval))
        fixed = authorization.options.get(name)
        if fixed is not None and fixed != value:
            reason = f"{name} {value}: the venue is authorized to run {name} {fixed} only"
            return Refusal("options_not_authorized", reason, authorization_citation(authorization))
    return None


def _decks_problem(authorization, decks: int | None) -> Refusal | None:
    """The shoe against the approved rule version's deck counts, then the authorization's."""
    if decks is None:
        return None
    approved = list(authorization.approval.rule_version.decks_allowed)
    if decks not in approved:
        reason = f"{_a(decks)}-deck shoe; the approved rules allow {_counts(approved)} decks"
        return Refusal("decks_not_approved", reason, approval_citation(authorization.approval))
    authorized = list(authorization.decks or [])
    if authorized and decks not in authorized:
        reason = f"{_a(decks)}-deck shoe; the venue is authorized for {_counts(authorized)} decks"
        return Refusal("decks_not_authorized", reason, authorization_citation(authorization))
    return None


def _a(number: int) -> str:
    """ "a 6", "an 8": the article a number takes when spoken."""
    return f"an {number}" if str(number).startswith(("8", "11", "18")) else f"a {number}"


def _counts(numbers: list[int]) -> str:
    numbers = sorted(numbers)
    return (
        " or ".join(map(str, numbers))
        if len(numbers) < 3
        else (", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}")
    )


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
    answer.cited = authorization_citation(authorization)
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
        .select_related("regulation", "table", "operator_class")
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
