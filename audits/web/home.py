"""The home page: what the service is (signed out), each role's dashboard (signed in)."""

from __future__ import annotations

from django.shortcuts import render

from audits.reports import access as report_access
from audits.reports.models import ReportStatus
from audits.submissions import access
from games.access import approvals_visible_to, user_role
from games.pages import approvals_awaiting_action


def home(request):
    """Signed out: what the service is and where to sign in; signed in: the dashboard."""
    if not request.user.is_authenticated:
        return render(request, "home.html")
    submissions = access.submissions_visible_to(request.user).select_related("licensee")
    reports = report_access.reports_visible_to(request.user).select_related("venue", "submission")
    approvals = approvals_visible_to(request.user)
    return render(
        request,
        "web/dashboard.html",
        {
            "role": user_role(request.user),
            "submissions": submissions.order_by("-submitted_at")[:10],
            "reports": reports.filter(status=ReportStatus.DONE).order_by("-issued_at")[:10],
            "awaiting": approvals_awaiting_action(approvals)[:20],
        },
    )
