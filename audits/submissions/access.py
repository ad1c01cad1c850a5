"""Who may see and submit hand logs: plain selectors over a user's role (who may see and ask
for reports: :mod:`audits.reports.access`).

The roles are the registry's (:mod:`games.access`):

``admin``
    Superusers see every submission.  They submit nothing: a hand log is
    filed by the casino or, on its behalf, by the commission.
``reviewer``
    A commission reviewer sees the submissions of the licensees of their
    jurisdiction, and may submit a hand log for any of those licensees.
``staff``
    Casino compliance staff see their own licensee's submissions, and submit
    for their own licensee only (it is the default).  They withdraw their own
    licensee's submissions; reviewers of its jurisdiction reinstate them.

Anyone else sees and submits nothing.  A submission outside a user's scope is
absent from :func:`submissions_visible_to`, so the API answers 404 for it,
exactly as for one that does not exist.
"""

from __future__ import annotations

from django.db.models import QuerySet

from audits.submissions.models import Submission
from games.access import ADMIN, REVIEWER, STAFF, licensees_visible_to, membership_of, user_role
from games.models import Licensee


def submissions_visible_to(user) -> QuerySet[Submission]:
    """Those of the licensees the user sees (every one for administrators)."""
    role = user_role(user)
    if role == ADMIN:
        return Submission.objects.all()
    if role in (REVIEWER, STAFF):
        return Submission.objects.filter(licensee__in=licensees_visible_to(user))
    return Submission.objects.none()


def licensees_submittable_by(user) -> QuerySet[Licensee]:
    """The licensees ``user`` may submit hand logs for: staff their own, reviewers their
    jurisdiction's; nobody else any (administrators included, unless also a reviewer)."""
    membership = membership_of(user)
    if membership is None:
        return Licensee.objects.none()
    if membership.role == REVIEWER:
        return Licensee.objects.filter(jurisdiction=membership.jurisdiction_id)
    if membership.role == STAFF:
        return Licensee.objects.filter(pk=membership.licensee_id)
    return Licensee.objects.none()


def user_can_submit(user) -> bool:
    """Casino staff and commission reviewers submit hand logs."""
    membership = membership_of(user)
    return membership is not None and membership.role in (REVIEWER, STAFF)


def user_can_submit_for(user, licensee: Licensee) -> bool:
    return licensees_submittable_by(user).filter(pk=licensee.pk).exists()


def default_licensee_of(user) -> Licensee | None:
    """The licensee a submission is for when the caller names none: staff's own."""
    membership = membership_of(user)
    if membership is not None and membership.role == STAFF:
        return membership.licensee
    return None


def user_can_withdraw(user, submission: Submission) -> bool:
    """Casino staff withdraw their own licensee's submissions (a mistaken file is theirs)."""
    membership = membership_of(user)
    return (
        membership is not None
        and membership.role == STAFF
        and membership.licensee_id == submission.licensee_id
    )


def user_can_reinstate(user, submission: Submission) -> bool:
    """Commission reviewers of the licensee's jurisdiction reinstate a withdrawn submission."""
    membership = membership_of(user)
    return (
        membership is not None
        and membership.role == REVIEWER
        and membership.jurisdiction_id == submission.licensee.jurisdiction_id
    )
