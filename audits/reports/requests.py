"""A user's request for a report, as the API and the web pages receive it.

Names are resolved within what the user may see (an unseen submission,
venue or jurisdiction is "not found", as if it did not exist), the right to
ask is checked, and generation is queued once the request is committed.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from audits.reports.access import reports_visible_to, user_can_request_report
from audits.reports.lifecycle import report_reissue, report_request
from audits.reports.models import Report, ReportKind, ReportStatus
from audits.submissions.access import submissions_visible_to
from audits.submissions.queue import task_named
from games.access import jurisdictions_visible_to, venues_visible_to


class NotVisible(Exception):
    """The named record does not exist for this user."""


@transaction.atomic
def report_request_by(user, data: dict) -> Report:
    """Queue the report ``data`` describes (kind, submission, venue, jurisdiction, period,
    or ``replaces``) on behalf of ``user``."""
    if data.get("replaces"):
        return _reissue(user, data["replaces"])
    scope = _scope(user, data)
    if not user_can_request_report(user, **{k: v for k, v in scope.items() if k != "period"}):
        raise PermissionDenied("you may not ask for reports on that scope")
    report = report_request(
        kind=_kind(data, scope), requested_by=user, requested_via=f"user {user}", **scope
    )
    _queue(report)
    return report


def _scope(user, data: dict) -> dict:
    if data.get("submission"):
        found = submissions_visible_to(user).filter(uuid=data["submission"]).first()
        if found is None:
            raise NotVisible("no such submission")
        return {"submission": found}
    if data.get("venue"):
        found = venues_visible_to(user).filter(code=data["venue"]).first()
        if found is None:
            raise NotVisible("no such venue")
        return {"venue": found, "period": data.get("period", "")}
    if data.get("jurisdiction"):
        found = jurisdictions_visible_to(user).filter(code=data["jurisdiction"]).first()
        if found is None:
            raise NotVisible("no such jurisdiction")
        return {"jurisdiction": found, "period": data.get("period", "")}
    raise ValidationError({"kind": "name a submission, a venue or a jurisdiction"})


def _kind(data: dict, scope: dict) -> str:
    implied = next(k for k in ("submission", "venue", "jurisdiction") if k in scope)
    kind = data.get("kind") or implied
    if kind != implied:
        raise ValidationError({"kind": f"a {kind} report does not name a {implied}"})
    return ReportKind(kind)


def _reissue(user, replaced_id) -> Report:
    old = reports_visible_to(user).filter(uuid=replaced_id).first()
    if old is None:
        raise NotVisible("no such report")
    if old.status != ReportStatus.DONE:
        raise ValidationError({"replaces": "only an issued report is reissued"})
    if hasattr(old, "replaced_by"):
        raise ValidationError({"replaces": f"already replaced by {old.replaced_by.uuid}"})
    scope = {"submission": old.submission, "venue": old.venue}
    if old.kind == ReportKind.JURISDICTION:
        scope = {"jurisdiction": old.jurisdiction}
    if not user_can_request_report(user, **{k: v for k, v in scope.items() if v is not None}):
        raise PermissionDenied("you may not ask for reports on that scope")
    report = report_reissue(old, requested_by=user, requested_via=f"user {user}")
    _queue(report)
    return report


def _queue(report: Report) -> None:
    generate_report = task_named("generate_report")
    transaction.on_commit(lambda: generate_report.delay(report.pk))
