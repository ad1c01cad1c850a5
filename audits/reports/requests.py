"""A user's request for a report, as the API and the web pages receive it.

Names are resolved within what the user may see (an unseen submission,
venue or jurisdiction is "not found", as if it did not exist), the right to
ask is checked, and generation is queued once the request is committed.
The same report asked for again (kind, scope and period) while it is being made or
once issued is that report, not another PDF: a newer one is asked for with ``replaces``.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from audits.reports.access import reports_visible_to, user_can_request_report
from audits.reports.lifecycle import report_reissue, report_request
from audits.reports.models import Report, ReportKind, ReportStatus
from audits.submissions.access import submissions_visible_to
from audits.submissions.queue import task_named
from compliance.locks import transaction_lock
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
    kind = _kind(data, scope)
    same = _same_report(kind, scope)
    if same is not None:
        return same
    report = report_request(kind=kind, requested_by=user, requested_via=f"user {user}", **scope)
    _queue(report)
    return report


def _same_report(kind: str, scope: dict) -> Report | None:
    """The report of that kind, scope and period queued, being made or issued (the newest,
    not replaced); none failed. Requests for one scope decide one after the other."""
    named = {"submission": None, "venue": None, "period": "", **scope}
    key = "\x00".join(str(getattr(v, "pk", v)) for v in (kind, *named.values()))
    transaction_lock(f"report request\x00{key}")
    return (
        Report.objects.filter(kind=kind, replaced_by__isnull=True, **named)
        .exclude(status=ReportStatus.FAILED)
        .order_by("-requested_at", "-pk")
        .first()
    )


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
