"""The submission pages: the list, the upload, a submission with its findings, a retry."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from audits.doors.pages import PAGE, form_status
from audits.submissions import access
from audits.submissions.finding_kinds import submission_findings_by_kind
from audits.submissions.intake import submission_retry, submission_submit
from audits.submissions.models import SubmissionStatus
from audits.submissions.pages.forms import FindingFilterForm, UploadForm
from audits.submissions.progress import submission_progress
from audits.submissions.storage import SubmissionRefused, SubmissionTooLarge, max_upload_bytes
from audits.submissions.summary import submission_summary, submissions_so_far
from audits.submissions.verdict import submission_verdict
from audits.submissions.withdrawal import (
    WithdrawalRefused,
    submission_reinstate,
    submission_withdraw,
    submission_withdrawal_decide,
)
from games.access import REVIEWER, STAFF, user_role


@login_required
def submission_list(request):
    records = access.submissions_visible_to(request.user).select_related("licensee", "live_day")
    page = Paginator(records.order_by("-submitted_at", "-pk"), PAGE).get_page(
        request.GET.get("page")
    )
    page.object_list = submissions_so_far(page.object_list)
    return render(request, "web/submissions.html", {"page": page})


@login_required
@require_http_methods(["GET", "POST"])
def submission_upload(request):
    licensees = access.licensees_submittable_by(request.user)
    if not licensees.exists():
        raise PermissionDenied("only casino compliance staff and commission reviewers submit")
    form = UploadForm(request.POST or None, request.FILES or None, licensees=licensees)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            submitted = submission_submit(
                upload, name=upload.name, licensee=form.cleaned_data["licensee"],
                user=request.user, via="web", max_bytes=max_upload_bytes(),
            )  # fmt: skip
        except SubmissionRefused as exc:
            form.add_error("file", str(exc))
            status = 413 if isinstance(exc, SubmissionTooLarge) else 400
            return render(request, "web/submission_upload.html", {"form": form}, status=status)
        if submitted.retried:
            messages.info(request, "This file was submitted before and had failed: it is "
                          "being validated again.")  # fmt: skip
        elif not submitted.created:
            messages.info(request, "This file was submitted before: here is its submission.")
        return redirect("web-submission", uuid=submitted.submission.uuid)
    return render(request, "web/submission_upload.html", {"form": form}, status=form_status(form))


@login_required
@require_POST
def submission_retry_page(request, uuid):
    submission = access.submissions_visible_to(request.user).filter(uuid=uuid).first()
    if submission is None:
        raise Http404("no such submission")
    if not access.user_can_submit_for(request.user, submission.licensee):
        raise PermissionDenied("you may not submit hand logs for this licensee")
    if submission.status == SubmissionStatus.FAILED:
        submission_retry(submission)
        messages.info(request, "The file is being validated again.")
    return redirect("web-submission", uuid=submission.uuid)


@login_required
def submission_detail(request, uuid):
    submission = access.submissions_visible_to(request.user).filter(uuid=uuid).first()
    if submission is None:
        raise Http404("no such submission")
    games = submission.totals.order_by("game").values_list("game", flat=True).distinct()
    zone = submission.licensee.jurisdiction.timezone
    filters = FindingFilterForm(_filters_given(request.GET), games=list(games), zone=zone)
    findings = submission.findings.order_by("line", "seat", "wager_key", "code")
    chosen = {}
    if filters.is_valid():
        findings = filters.apply(findings)
        chosen = {k: v for k, v in filters.cleaned_data.items() if v not in ("", None)}
    page = Paginator(findings, PAGE).get_page(request.GET.get("page"))
    kinds, most = submission_findings_by_kind(submission)
    summary = submission_summary(submission)
    context = {
        "kinds": kinds,
        "most": most,
        "submission": submission,
        "summary": summary,
        "verdict": submission_verdict(submission, summary),
        "totals": submission.totals.order_by("venue", "table", "game", "wager_key"),
        "filters": filters,
        "csv_query": urlencode({**chosen, "format": "csv"}),
        "page": page,
        "can_retry": submission.status == SubmissionStatus.FAILED
        and access.user_can_submit_for(request.user, submission.licensee),
        "currency": submission.licensee.jurisdiction.currency,
        "can_open_case": submission.status == SubmissionStatus.DONE
        and not submission.withdrawn
        and user_role(request.user) in (REVIEWER, STAFF),
        "can_withdraw": not submission.withdrawn
        and submission.withdrawal_requested_at is None
        and submission.status in (SubmissionStatus.DONE, SubmissionStatus.FAILED)
        and access.user_can_withdraw(request.user, submission),
        "can_reinstate": submission.withdrawn
        and access.user_can_reinstate(request.user, submission),
        "can_decide": submission.withdrawal_requested_at is not None
        and access.user_can_reinstate(request.user, submission),
        "events": submission.events.select_related("by", "other"),
        "progress": submission_progress(submission),
    }
    if request.GET.get("fragment") == "findings":  # the filters, changed in place
        return render(request, "web/_findings_results.html", context)
    return render(request, "web/submission_detail.html", context)


def _filters_given(query):
    """The findings' filters of the query string (None: none given, so none bound)."""
    given = query.copy()
    for key in ("page", "fragment"):
        given.pop(key, None)
    return given or None


@login_required
@require_POST
def submission_withdrawal_page(request, uuid, act: str):
    """Withdraw (staff) or reinstate (reviewers) a submission, with the reason given."""
    submission = access.submissions_visible_to(request.user).filter(uuid=uuid).first()
    if submission is None:
        raise Http404("no such submission")
    allowed, service = WITHDRAWAL_ACTS[act]
    if not allowed(request.user, submission):
        raise PermissionDenied(f"you may not {act} this submission")
    try:
        after = service(submission, user=request.user, reason=request.POST.get("reason", ""))
    except WithdrawalRefused as exc:
        messages.error(request, f"Not done: {exc}.")
    else:
        messages.success(request, WITHDRAWAL_DONE[act](after))
    return redirect("web-submission", uuid=submission.uuid)


def _decide(accept: bool):
    def decide(submission, *, user, reason):
        return submission_withdrawal_decide(submission, user=user, accept=accept, reason=reason)

    return decide


WITHDRAWAL_ACTS = {
    "withdraw": (access.user_can_withdraw, submission_withdraw),
    "reinstate": (access.user_can_reinstate, submission_reinstate),
    "accept": (access.user_can_reinstate, _decide(True)),
    "refuse": (access.user_can_reinstate, _decide(False)),
}
WITHDRAWAL_DONE = {
    "withdraw": lambda s: (
        "The submission is withdrawn; the reason is kept with it."
        if s.withdrawn
        else "The withdrawal is requested: a signed report covers the submission or its live day "
        "has closed, so a reviewer of the commission decides; until then it counts."
    ),  # fmt: skip
    "reinstate": lambda s: "The submission is reinstated; the reason is kept with it.",
    "accept": lambda s: "The withdrawal is accepted: the submission is withdrawn.",
    "refuse": lambda s: "The withdrawal is refused: the submission counts as it was.",
}
