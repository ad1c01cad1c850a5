"""What was in force: for a venue, table, game, declared options and a time.

:func:`rules_in_force` answers which authorization, approval, rule version,
paytables and limits applied, or why none did.  Everything is decided on the
jurisdiction's local date of the time asked about (limits, approvals and
authorizations take effect on dates).  The terms a round is held to are
:mod:`games.terms`; the limits in force, :mod:`games.limits`.
:class:`games.rules_resolver.RulesResolver` caches answers for the length of one submission.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.db.models import prefetch_related_objects

from games.engine.catalog import game as engine_game
from games.limits import LimitInForce, limits_in_force
from games.models import Approval, Authorization, Game, Paytable, RuleVersion, Table, Venue
from games.registry_reads import RegistryReads, paytable_links
from games.terms import (
    REASON_ORDER,
    Refusal,
    approval_citation,
    authorization_citation,
    authorization_problem,
    not_authorized,
)


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
    reads: RegistryReads | None = None,
) -> RulesInForce:
    """What applied to a round at ``venue``/``table`` of ``game`` with ``options`` (and a shoe
    of ``decks``, when given) at ``at``: every term of the authorization and of its approval,
    or the first term the round breaks, with the record that sets it (``reads``: the
    registry's rows read for earlier questions, to read again from memory)."""
    reads = reads or RegistryReads()
    answer = RulesInForce(False, at, decks=decks)
    answer.venue = reads.venue(venue)
    if answer.venue is None:
        return _refuse(answer, Refusal("unknown_venue", f"no venue {venue!r} is registered"))
    answer.table = reads.table(answer.venue, table)
    if answer.table is None:
        return _refuse(answer, Refusal("unknown_table", f"{venue} has no table {table!r}"))
    answer.game = reads.game(game)
    if answer.game is None:
        return _refuse(answer, Refusal("unknown_game", f"no game {game!r} is registered"))
    jurisdiction = answer.venue.licensee.jurisdiction
    answer.local_date = day = local_date_of(at, jurisdiction.timezone)
    answer.limits = limits_in_force(answer.venue, answer.table, answer.game, day)
    of_game = reads.authorizations(answer.venue, answer.game)
    return _authorized(answer, of_game, {k: str(v) for k, v in options.items()}, day)


def _refuse(answer: RulesInForce, refusal: Refusal) -> RulesInForce:
    answer.reason_code, answer.reason, answer.cited = refusal.code, refusal.reason, refusal.cited
    return answer


def _authorized(answer: RulesInForce, of_game: list[Authorization], options: dict[str, str],
                day: date) -> RulesInForce:  # fmt: skip
    candidates = [a for a in of_game if a.table_id in (None, answer.table.pk)]
    if not candidates:
        return _refuse(answer, not_authorized(answer.venue, answer.table, answer.game, of_game))
    failures = []
    for authorization in candidates:
        refusal = authorization_problem(authorization, answer.venue, answer.decks, options, day)
        if refusal is None:
            return _accept(answer, authorization, options)
        failures.append(refusal)
    return _refuse(answer, min(failures, key=lambda f: REASON_ORDER.index(f.code)))


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
    prefetch_related_objects([approval], paytable_links())  # unless RegistryReads read them
    links = approval.paytable_links.all()
    for paytable in sorted((link.paytable for link in links), key=lambda p: (-p.version, p.pk)):
        # a defined side wager's paytable is chosen by its own option, "<key>_paytable"
        key = paytable.wager_key
        option = definition.paytable_options.get(key, f"{key}_paytable")
        declared = option in approval.rule_version.options  # else one approved table serves
        if declared and options.get(option) != paytable.code:
            continue
        chosen.setdefault(paytable.wager_key, paytable)
    return chosen
