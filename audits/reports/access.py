"""Who may see and ask for audit reports: plain selectors over a user's role (the roles as in
:mod:`audits.submissions.access`)."""

from __future__ import annotations

from django.db.models import QuerySet

from audits.reports.models import Report
from games.access import ADMIN, REVIEWER, STAFF, membership_of, user_role


def reports_visible_to(user) -> QuerySet[Report]:
    """Reviewers see their jurisdiction's reports; staff those of their licensee (never a
    jurisdiction summary, which covers other licensees); administrators every one."""
    role = user_role(user)
    if role == ADMIN:
        return Report.objects.all()
    membership = membership_of(user)
    if role == REVIEWER:
        return Report.objects.filter(jurisdiction=membership.jurisdiction_id)
    if role == STAFF:
        return Report.objects.filter(licensee=membership.licensee_id)
    return Report.objects.none()


def user_can_request_report(user, *, submission=None, venue=None, jurisdiction=None) -> bool:
    """Staff ask for reports of their own submissions and venues; reviewers for anything in
    their jurisdiction (the summary of the jurisdiction included)."""
    membership = membership_of(user)
    if membership is None or membership.role not in (REVIEWER, STAFF):
        return False
    if membership.role == REVIEWER:
        if submission is not None:
            return submission.licensee.jurisdiction_id == membership.jurisdiction_id
        if venue is not None:
            return venue.licensee.jurisdiction_id == membership.jurisdiction_id
        return jurisdiction is not None and jurisdiction.pk == membership.jurisdiction_id
    if submission is not None:
        return submission.licensee_id == membership.licensee_id
    return venue is not None and venue.licensee_id == membership.licensee_id
