"""The pages: dashboard, submissions (list, upload, detail with findings), reports."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST
from django_celery_beat.models import PeriodicTask

from audits import access
from audits.models import ReportStatus, SubmissionStatus
from audits.reports.periods import PeriodError
from audits.reports.requests import NotVisible, report_request_by
from audits.reports.schedules import (
    OutOfScope,
    ScheduleNameTaken,
    report_schedule_create,
    report_schedule_jurisdiction,
    report_schedule_pause,
    report_schedule_row,
    report_schedules_of,
)
from audits.reports.verification import MAX_PDF_BYTES, report_check
from audits.signing.identity import SigningSetupError
from audits.submissions.intake import submission_retry, submission_submit
from audits.submissions.storage import SubmissionRefused, SubmissionTooLarge, max_upload_bytes
from audits.submissions.summary import submission_summary
from compliance.views import limited_per_address
from games.access import REVIEWER, STAFF, approvals_visible_to, jurisdiction_managed_by, user_role
from games.pages import approvals_awaiting_action

from .forms import FindingFilterForm, ScheduleForm, UploadForm

PAGE = 50


def home(request):
    """Signed out: what the service is and where to sign in; signed in: the dashboard."""
    if not request.user.is_authenticated:
        return render(request, "home.html")
    submissions = access.submissions_visible_to(request.user).select_related("licensee")
    reports = access.reports_visible_to(request.user).select_related("venue", "submission")
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


@login_required
def submission_list(request):
    records = access.submissions_visible_to(request.user).select_related("licensee")
    page = Paginator(records.order_by("-submitted_at", "-pk"), PAGE).get_page(
        request.GET.get("page")
    )
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
    return render(request, "web/submission_upload.html", {"form": form}, status=_status(form))


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


def _status(form) -> int:
    return 400 if form.is_bound and form.errors else 200


@login_required
def submission_detail(request, uuid):
    submission = access.submissions_visible_to(request.user).filter(uuid=uuid).first()
    if submission is None:
        raise Http404("no such submission")
    filters = FindingFilterForm(request.GET or None)
    findings = submission.findings.order_by("line", "seat", "wager_key", "code")
    if filters.is_valid():
        findings = filters.apply(findings)
    page = Paginator(findings, PAGE).get_page(request.GET.get("page"))
    context = {
        "submission": submission,
        "summary": submission_summary(submission),
        "totals": submission.totals.order_by("venue", "table", "game", "wager_key"),
        "filters": filters,
        "page": page,
        "reports": access.reports_visible_to(request.user).filter(submission=submission),
        "can_ask": access.user_can_request_report(request.user, submission=submission),
        "can_retry": submission.status == SubmissionStatus.FAILED
        and access.user_can_submit_for(request.user, submission.licensee),
        "currency": submission.licensee.jurisdiction.currency,
        "can_open_case": submission.status == SubmissionStatus.DONE
        and user_role(request.user) in (REVIEWER, STAFF),
    }
    return render(request, "web/submission_detail.html", context)


@login_required
@require_POST
def report_ask(request, uuid):
    try:
        report = report_request_by(request.user, {"submission": uuid})
    except NotVisible as exc:
        raise Http404(str(exc)) from exc
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
        return redirect("web-submission", uuid=uuid)
    messages.success(request, f"Report {report.uuid} requested: it is being generated.")
    return redirect("web-reports")


@login_required
def report_list(request):
    reports = access.reports_visible_to(request.user).select_related(
        "venue", "submission", "jurisdiction"
    )
    page = Paginator(reports.order_by("-requested_at", "-pk"), PAGE).get_page(
        request.GET.get("page")
    )
    return render(request, "web/reports.html", {"page": page})


@limited_per_address("VERIFY_PAGE_RATE")
@require_http_methods(["GET", "POST"])
def report_verify_page(request):
    """Anyone may check a PDF, signed in or not."""
    verification, error = None, None
    if request.method == "POST":
        upload = request.FILES.get("file")
        if upload is None:
            error = "Choose the PDF to check."
        elif upload.size > MAX_PDF_BYTES:
            error = f"A report is at most {MAX_PDF_BYTES:,} bytes."
        else:
            try:
                verification = report_check(upload.read()).to_dict()
            except SigningSetupError:
                error = "Reports cannot be verified here: this server has no trust roots set up."
                return render(request, "web/report_verify.html", {"error": error}, status=503)
    status = 400 if error else 200
    context = {"verification": verification, "error": error}
    return render(request, "web/report_verify.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def schedule_list(request):
    """Reviewers: their jurisdiction's report schedules; create one, pause or resume one."""
    jurisdiction = jurisdiction_managed_by(request.user)
    if jurisdiction is None:
        raise PermissionDenied("only commission reviewers manage report schedules")
    form = ScheduleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            report_schedule_create(
                name=data["name"], kind=data["kind"], scope=data["scope"],
                period=data["period"], crontab=form.crontab(), zone=jurisdiction.timezone,
                within=jurisdiction,
            )  # fmt: skip
        except (ValidationError, PeriodError) as exc:
            form.add_error(None, " ".join(getattr(exc, "messages", [str(exc)])))
        except OutOfScope:
            form.add_error("scope", "no such venue or jurisdiction here")
        except ScheduleNameTaken:
            form.add_error("name", "a schedule of that name exists: pause it, or choose another")
        else:
            messages.success(request, f"Schedule {data['name']!r} saved.")
            return redirect("web-schedules")
    rows = [report_schedule_row(task) for task in report_schedules_of(jurisdiction)]
    context = {"schedules": rows, "form": form}
    return render(request, "web/schedules.html", context, status=_status(form))


@login_required
@require_POST
def schedule_pause(request, pk: int):
    jurisdiction = jurisdiction_managed_by(request.user)
    task = PeriodicTask.objects.filter(pk=pk).first()
    if jurisdiction is None or task is None or report_schedule_jurisdiction(task) != jurisdiction:
        raise Http404("no such schedule")
    report_schedule_pause(task, paused=task.enabled)
    messages.success(
        request, f"Schedule {task.name!r} {'paused' if not task.enabled else 'resumed'}."
    )
    return redirect("web-schedules")
