"""Who sees which case and who may open, answer or decide one (the rules are in
:mod:`.cases`); a case outside a user's scope is as absent as one that does not exist."""

from __future__ import annotations

from django.db.models import QuerySet

from audits.investigations.models import Case, CaseStatus
from games.access import ADMIN, REVIEWER, STAFF, licensees_visible_to, membership_of, user_role

WITH_REVIEWER = (CaseStatus.AWAITING_REVIEWER, CaseStatus.ESCALATED)


class CaseRefused(Exception):
    """The step is not allowed (who, or the case's state); nothing was kept."""


class CaseForbidden(CaseRefused):
    """The user's role may not take this step on this case."""


class CaseNotFound(CaseRefused):
    """Not there, or not the user's to see (the same answer either way)."""


class CaseInvalid(CaseRefused):
    """A field is missing or wrong: ``field`` names it."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


# -- who sees what ---------------------------------------------------------------------------


def cases_visible_to(user) -> QuerySet[Case]:
    """Those of the licensees the user sees (reviewers: their jurisdiction's; staff: their
    own; administrators: every one)."""
    if user_role(user) is None:
        return Case.objects.none()
    return Case.objects.filter(licensee__in=licensees_visible_to(user)).select_related(
        "licensee__jurisdiction", "opened_by"
    )


def case_queue(user) -> QuerySet[Case]:
    """The cases awaiting the user: staff their licensee's answer, reviewers their decision."""
    role = user_role(user)
    if role == STAFF:
        return cases_visible_to(user).filter(status=CaseStatus.AWAITING_LICENSEE)
    if role == REVIEWER:
        return cases_visible_to(user).filter(status__in=WITH_REVIEWER)
    return Case.objects.none()


def case_answerable_by(user, case: Case) -> bool:
    """The user is of the case's licensee's compliance staff (whatever the case's state)."""
    membership = membership_of(user)
    return (membership is not None and membership.role == STAFF
            and membership.licensee_id == case.licensee_id)  # fmt: skip


def case_decidable_by(user, case: Case) -> bool:
    """The user is a reviewer of the case's licensee's jurisdiction (whatever its state)."""
    membership = membership_of(user)
    return (membership is not None and membership.role == REVIEWER
            and membership.jurisdiction_id == case.licensee.jurisdiction_id)  # fmt: skip


def case_opener_check(user) -> str:
    """The role the user opens cases in (a reviewer's or staff's); else CaseForbidden."""
    role = user_role(user)
    if role not in (REVIEWER, STAFF):
        raise CaseForbidden("only commission reviewers and casino compliance staff open cases"
                          if role != ADMIN else "administrators do not open cases")  # fmt: skip
    return role


def case_answerer_check(user, case: Case) -> None:
    """CaseForbidden unless the user may answer the case (:func:`case_answerable_by`)."""
    if not case_answerable_by(user, case):
        raise CaseForbidden("only the licensee's compliance staff answer a case")


def case_decider_check(user, case: Case) -> None:
    """CaseForbidden unless the user may decide the case (:func:`case_decidable_by`)."""
    if not case_decidable_by(user, case):
        raise CaseForbidden("only a reviewer of the licensee's jurisdiction decides a case")


def case_get(user, pk) -> Case:
    case = cases_visible_to(user).filter(pk=pk).first()
    if case is None:
        raise CaseNotFound("no such case that you may see")
    return case
