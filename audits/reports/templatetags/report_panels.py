"""What the reports room shows on other rooms' pages, so that those pages need not know who
may see or ask for a report: ``{% submission_reports submission %}`` on a submission's page."""

from __future__ import annotations

from django import template

from audits.reports.access import reports_visible_to, user_can_request_report
from audits.reports.standing import reports_standing

register = template.Library()


@register.inclusion_tag("web/_submission_reports.html", takes_context=True)
def submission_reports(context, submission) -> dict:
    """The submission's reports the user may see, and the button to ask for one when the
    user may and the submission is done."""
    user = context["request"].user
    return {
        "submission": submission,
        "reports": reports_standing(reports_visible_to(user).filter(submission=submission)),
        "can_ask": user_can_request_report(user, submission=submission),
        "csrf_token": context.get("csrf_token"),
    }
