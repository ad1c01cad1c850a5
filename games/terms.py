"""The terms a round is held to: an authorization's dates, options and shoe, its approval's
status and conditions on the day, and the refusal (with the record it cites) when one is
broken.  :func:`games.selectors.rules_in_force` asks them of each candidate authorization."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from zoneinfo import ZoneInfo

from games.models import Approval, ApprovalStatus, Authorization, Game, Table, Venue


@dataclass(frozen=True)
class Refusal:
    """Why a round was not played under approved rules, and the record that says so."""

    code: str
    reason: str
    cited: str = "registry: venues, tables and games"


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


def not_authorized(venue: Venue, table: Table, game: Game, of_game: list[Authorization]) -> Refusal:
    """Why a table has no authorization of the game: none at the venue, or only at others."""
    where = f"{venue.code}/{table.code}"
    if not of_game:
        return Refusal(
            "game_not_authorized",
            f"{game.code} is not authorized at {venue.code}",
            f"registry: authorizations of {venue.code}",
        )
    tables = sorted({a.table.code for a in of_game if a.table_id})
    return Refusal(
        "table_not_authorized",
        f"{game.code} is authorized at {venue.code} only at table(s) "
        f"{', '.join(tables)}, not at {where}",
        "; ".join(authorization_citation(a) for a in of_game),
    )


#: which refusal a round gets when several authorizations of its table each fail: the term
#: nearest to being met first
REASON_ORDER = (
    "options_not_approved",
    "options_not_authorized",
    "decks_not_approved",
    "decks_not_authorized",
    "conditions_not_met",
    "approval_not_in_force",
    "authorization_ended",
    "not_yet_authorized",
)


def authorization_problem(authorization, venue, decks, options, day) -> Refusal | None:
    """The first term of ``authorization`` (and of its approval) that a round at ``venue``
    on ``day`` with ``options`` and a shoe of ``decks`` breaks, or None."""
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
    unmet = conditions_unmet(authorization, venue, day)
    if unmet:
        reason = f"the approval's conditions were not met by {day}: " + "; ".join(unmet)
        return Refusal("conditions_not_met", reason, f"{cited}; {approval_citation(approval)}")
    return _options_problem(authorization, options) or _decks_problem(authorization, decks)


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
    for event in sorted(approval.events.all(), key=lambda e: (e.at, e.pk)):
        if event.at.astimezone(zone).date() > day:
            break
        status = event.to_status
    return status


def conditions_unmet(authorization: Authorization, venue: Venue, day: date) -> list[str]:
    required = sorted(
        (c for c in authorization.approval.conditions.all()
         if c.operator_class_id == venue.operator_class_id and c.venue_must_meet),
        key=lambda c: c.pk,
    )  # fmt: skip
    met = {m.condition_id: m.met_on for m in authorization.conditions_met.all()}
    unmet = []
    for condition in required:
        met_on = met.get(condition.pk)
        if met_on is None or met_on > day:
            when = f" (met {met_on})" if met_on else ""
            unmet.append(f"{condition.get_kind_display()}{when}")
    return unmet
