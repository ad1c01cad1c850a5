"""Investigation pages: the cases awaiting me and every case I may see, a case's whole thread
with the step my role may take next, opening a case from ticked findings or deviations, and
evidence downloads.  Every decision is :mod:`audits.investigations.cases`'s; a case outside the
user's scope is 404, as one that does not exist."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from audits.doors.pages import role_required
from audits.investigations import cases as service
from audits.investigations.downloads import evidence_response
from audits.investigations.models import CaseCause, CaseOutcome, CaseStatus


def _case(request, pk: int):
    try:
        return service.case_get(request.user, pk)
    except service.CaseNotFound as error:
        raise Http404(str(error)) from None


@role_required
def case_list(request):
    wanted = request.GET.get("status", "")
    cases = service.cases_visible_to(request.user)
    if wanted in CaseStatus.values:
        cases = cases.filter(status=wanted)
    context = {
        "queue": service.case_queue(request.user),
        "cases": cases[:500],
        "statuses": CaseStatus.choices,
        "wanted": wanted,
    }
    return render(request, "web/cases.html", context)


@role_required
def case_detail(request, pk: int):
    case = _case(request, pk)
    context = {
        "case": case,
        "steps": case.steps.select_related("by").prefetch_related("evidence"),
        "findings": case.findings.select_related("submission").order_by("submission", "line"),
        "deviations": case.deviations.all(),
        "can_answer": service.case_answerable_by(request.user, case)
        and case.status == CaseStatus.AWAITING_LICENSEE,
        "can_decide": service.case_decidable_by(request.user, case)
        and case.status != CaseStatus.CLOSED,
        "answer_awaits_reviewer": case.status in service.WITH_REVIEWER,
        "causes": CaseCause.choices,
        "outcomes": CaseOutcome.choices,
        "zone": case.licensee.jurisdiction.timezone,
    }
    return render(request, "web/case.html", context)


@role_required
@require_POST
def case_open(request):
    try:
        case = service.case_open(
            request.user,
            title=request.POST.get("title", ""),
            text=request.POST.get("text", ""),
            finding_ids=request.POST.getlist("findings"),
            deviation_ids=request.POST.getlist("deviations"),
        )
    except service.CaseNotFound as error:
        raise Http404(str(error)) from None
    except service.CaseRefused as error:
        messages.error(request, str(error))
        return redirect(_back(request))
    messages.success(request, f"Case {case.pk} opened: it awaits the licensee's answer.")
    return redirect("web-case", pk=case.pk)


def _back(request) -> str:
    """The page the form was on, if it is one of ours (never another site's address)."""
    back = request.POST.get("back", "")
    safe = url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return back if safe and back.startswith("/") and not back.startswith("//") else "/cases/"


@role_required
@require_POST
def case_answer(request, pk: int):
    case = _case(request, pk)
    try:
        service.case_answer(
            request.user, case,
            text=request.POST.get("text", ""),
            cause=request.POST.get("cause", ""),
            corrective_action=request.POST.get("corrective_action", ""),
            files=request.FILES.getlist("evidence"),
        )  # fmt: skip
    except service.CaseRefused as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "Your answer is sent: the case awaits the reviewer.")
    return redirect("web-case", pk=case.pk)


@role_required
@require_POST
def case_decide(request, pk: int):
    case = _case(request, pk)
    try:
        step = service.case_decide(
            request.user, case,
            decision=request.POST.get("decision", ""),
            text=request.POST.get("text", ""),
            outcome=request.POST.get("outcome", ""),
        )  # fmt: skip
    except service.CaseRefused as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Case {case.pk}: {step.get_kind_display()}.")
    return redirect("web-case", pk=case.pk)


@role_required
def case_evidence(request, pk: int, evidence: int):
    return evidence_response(_case(request, pk), evidence)
