"""The report pages: ask for a submission's report, the reports one may see, verify a PDF
(anyone), and the reviewers' report schedules."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST
from django_celery_beat.models import PeriodicTask

from audits.doors.pages import PAGE, form_status
from audits.reports import access as report_access
from audits.reports.asking import report_periods_until, report_scopes_for
from audits.reports.models import ReportStatus
from audits.reports.pages.forms import ReportAskForm, ScheduleForm
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
from audits.reports.standing import reports_standing
from audits.reports.verification import MAX_PDF_BYTES, report_check, report_zone
from audits.signing.identity import SigningSetupError
from compliance.views import limited_per_address
from games.access import ADMIN, jurisdiction_managed_by, user_role


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
@require_http_methods(["GET", "POST"])
def report_list(request):
    """The reports one may see; and the form asking for a venue's or the jurisdiction's
    report of a month or quarter, for those who may ask for one."""
    scopes = report_scopes_for(request.user)
    periods = report_periods_until(timezone.localdate())
    form = ReportAskForm(request.POST or None, scopes=scopes, periods=periods)
    if request.method == "POST":
        if not scopes:
            raise PermissionDenied("you may not ask for reports")
        if form.is_valid():
            try:
                report = report_request_by(request.user, form.request_data())
            except NotVisible as exc:
                raise Http404(str(exc)) from exc
            except (ValidationError, PeriodError) as exc:
                form.add_error(None, " ".join(getattr(exc, "messages", [str(exc)])))
            else:
                issued = report.status == ReportStatus.DONE
                messages.success(request, f"Report {report.uuid}: " + (
                    "issued already, listed below." if issued else "asked for, being generated."
                ))  # fmt: skip
                return redirect("web-reports")
    reports = report_access.reports_visible_to(request.user).select_related(
        "venue", "submission", "jurisdiction"
    )
    page = Paginator(reports.order_by("-requested_at", "-pk"), PAGE).get_page(
        request.GET.get("page")
    )
    page.object_list = reports_standing(page.object_list)
    context = {"page": page, "form": form if scopes else None}
    return render(request, "web/reports.html", context, status=form_status(form))


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
                verification = report_check(upload.read())
            except SigningSetupError:
                error = "Reports cannot be verified here: this server has no trust roots set up."
                return render(request, "web/report_verify.html", {"error": error}, status=503)
    status = 400 if error else 200
    zone = report_zone(verification.issued_report) if verification else None
    context = {"verification": verification, "error": error, "zone": zone}
    return render(request, "web/report_verify.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def schedule_list(request):
    """Reviewers: their jurisdiction's report schedules; create one, pause or resume one."""
    jurisdiction = jurisdiction_managed_by(request.user)
    if jurisdiction is None and user_role(request.user) == ADMIN and request.method == "GET":
        return render(request, "web/schedules.html", {"admin_only": True})
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
    return render(request, "web/schedules.html", context, status=form_status(form))


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
