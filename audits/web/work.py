"""Each role's work, for its first page: what awaits the user, most pressing first, each
item linking to where it is acted on.

A commission reviewer: withdrawals waiting for a decision and the latest corrections,
deviations not yet in a case, cases awaiting a decision and those
overdue, the submissions with the most money paid wrong, approvals awaiting action.
Casino staff: cases awaiting their licensee's answer, their latest submissions and what
they found, the reports issued about them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db.models import DecimalField, F, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from audits.investigations.case_access import case_queue, cases_visible_to
from audits.investigations.models import CaseStatus
from audits.monitoring.deviations import deviations_of
from audits.reports import access as report_access
from audits.reports.models import ReportStatus
from audits.reports.standing import reports_standing
from audits.submissions import access
from audits.submissions.corrections import (
    corrections_latest,
    corrections_waiting,
    submissions_incomplete,
)
from audits.submissions.models import SubmissionStatus
from audits.submissions.summary import submissions_so_far
from games.access import REVIEWER, STAFF, approvals_visible_to, user_role, venues_visible_to
from games.pages import approvals_awaiting_action

DEVIATION_DAYS = 92  # how far back a deviation still asks to be looked at
LISTED = 10
ZERO = Value(0, output_field=DecimalField(max_digits=16, decimal_places=2))


@dataclass
class Work:
    role: str | None
    cases_awaiting: list = field(default_factory=list)
    cases_overdue: list = field(default_factory=list)
    deviations: list = field(default_factory=list)
    money_wrong: list = field(default_factory=list)
    approvals: list = field(default_factory=list)
    submissions: list = field(default_factory=list)
    reports: list = field(default_factory=list)
    corrections_waiting: list = field(default_factory=list)
    corrections: list = field(default_factory=list)
    incomplete: list = field(default_factory=list)


def work_of(user) -> Work:
    """What awaits ``user`` on their first page."""
    role = user_role(user)
    work = Work(role)
    submissions = access.submissions_visible_to(user).select_related("licensee")
    latest = submissions.select_related("live_day").order_by("-submitted_at")[:LISTED]
    work.submissions = submissions_so_far(latest)
    reports = report_access.reports_visible_to(user).select_related("venue", "submission")
    issued = reports.filter(status=ReportStatus.DONE).order_by("-issued_at")[:LISTED]
    work.reports = reports_standing(issued)
    work.cases_awaiting = list(case_queue(user).order_by("opened_at")[:LISTED])
    if role == STAFF:
        return work
    work.corrections_waiting = corrections_waiting(submissions)[:LISTED]
    work.corrections = corrections_latest(submissions, LISTED)
    work.incomplete = submissions_incomplete(submissions, LISTED)
    open_cases = cases_visible_to(user).exclude(status=CaseStatus.CLOSED).order_by("opened_at")
    work.cases_overdue = [case for case in open_cases if case.overdue][:LISTED]
    work.deviations = _deviations_to_look_at(user)
    work.money_wrong = _most_money_wrong(submissions)
    if role == REVIEWER or user.is_superuser:
        work.approvals = approvals_awaiting_action(approvals_visible_to(user))[:LISTED]
    return work


def _deviations_to_look_at(user) -> list:
    """Deviations of the last months at the user's venues that no case takes up yet."""
    today = timezone.localdate()
    venues = list(venues_visible_to(user))
    found = deviations_of(venues, today - timedelta(days=DEVIATION_DAYS), today)
    return list(found.filter(cases__isnull=True).order_by("-last_day", "p_value")[:LISTED])


def _most_money_wrong(submissions) -> list:
    """Finished submissions, not withdrawn, by the money found paid wrong (over + under)."""
    counted = submissions.filter(status=SubmissionStatus.DONE, withdrawn_at__isnull=True)
    wrong = counted.annotate(
        over=Coalesce(Sum("totals__overpaid"), ZERO),
        under=Coalesce(Sum("totals__underpaid"), ZERO),
    ).annotate(wrong=F("over") + F("under"))
    return list(wrong.filter(wrong__gt=0).order_by("-wrong", "-submitted_at")[:5])
