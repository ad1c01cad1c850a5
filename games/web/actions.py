"""The reviewers' registry actions: a new paytable version, its approval, pipeline steps, limits.

Each checks on the server that the user manages the jurisdiction concerned;
the forms on the pages are only shown to those who may use them.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from games import access
from games.services.approvals import approval_amend, approval_transition
from games.services.limits import wager_limit_create
from games.services.rules import paytable_create

from .forms import AmendForm, LimitForm, PaytableVersionForm, TransitionForm
from .views import _amendable


def _errors(exc: ValidationError) -> str:
    return " ".join(exc.messages)


@login_required
@require_POST
def paytable_new_version(request, pk: int):
    if not access.user_is_reviewer(request.user):
        raise PermissionDenied("only commission reviewers add paytable versions")
    paytable = get_object_or_404(access.paytables_visible_to(request.user), pk=pk)
    form = PaytableVersionForm(request.POST, paytable=paytable)
    if form.is_valid():
        try:
            created = paytable_create(
                rule_version=paytable.rule_version, wager_key=paytable.wager_key,
                code=paytable.code, entries=form.entries(), source=form.cleaned_data["source"],
                actor=request.user,
            )  # fmt: skip
        except ValidationError as exc:
            form.add_error(None, _errors(exc))
        else:
            messages.success(request, f"Paytable {created} created; submit it for approval below.")
            return redirect("registry-paytable", pk=created.pk)
    context = {"paytable": paytable, "version_form": form}
    return render(request, "registry/paytable_version_form.html", context, status=400)


@login_required
@require_POST
def paytable_submit(request, pk: int):
    paytable = get_object_or_404(access.paytables_visible_to(request.user), pk=pk)
    amendable = _amendable(request.user, paytable)
    if not amendable.exists():
        raise PermissionDenied("no approval here that you may amend with this paytable")
    form = AmendForm(request.POST, approvals=amendable)
    if form.is_valid():
        data = form.cleaned_data
        try:
            approval = approval_amend(
                data["base"], paytable=paytable, reference=data["reference"],
                actor=request.user, reason=data["reason"],
            )  # fmt: skip
        except ValidationError as exc:
            messages.error(request, _errors(exc))
        else:
            messages.success(request, f"Submitted for approval as {approval.reference}.")
            return redirect("registry-approval", pk=approval.pk)
    else:
        messages.error(request, "Choose the approval to amend and give a reference and a reason.")
    return redirect("registry-paytable", pk=paytable.pk)


@login_required
@require_POST
def approval_move(request, pk: int):
    approval = get_object_or_404(access.approvals_visible_to(request.user), pk=pk)
    if not access.user_can_manage_registry(request.user, approval.jurisdiction):
        raise PermissionDenied("only the jurisdiction's reviewers move its approvals")
    form = TransitionForm(request.POST, status=approval.status)
    if form.is_valid():
        data = form.cleaned_data
        try:
            approval_transition(
                approval, data["to_status"], actor=request.user, reason=data["reason"],
                decision_date=data["decision_date"],
            )  # fmt: skip
        except ValidationError as exc:
            messages.error(request, _errors(exc))
        else:
            messages.success(request, f"{approval.reference}: now {data['to_status']}.")
    else:
        messages.error(request, "Choose a step allowed from here and give the reason.")
    return redirect("registry-approval", pk=approval.pk)


@login_required
@require_http_methods(["GET", "POST"])
def limit_new(request, code: str):
    jurisdiction = get_object_or_404(access.jurisdictions_visible_to(request.user), code=code)
    if not access.user_can_manage_registry(request.user, jurisdiction):
        raise PermissionDenied("only the jurisdiction's reviewers set its limits")
    games = access.games_visible_to(request.user)
    form = LimitForm(request.POST or None, jurisdiction=jurisdiction, games=games)
    if request.method == "POST" and form.is_valid():
        try:
            limit = wager_limit_create(**form.cleaned_data, actor=request.user)
        except ValidationError as exc:
            form.add_error(None, _errors(exc))
        else:
            messages.success(request, f"Limit saved: {limit}.")
            return redirect("registry-jurisdiction", code=code)
    status = 400 if form.is_bound and form.errors else 200
    context = {"jurisdiction": jurisdiction, "form": form}
    return render(request, "registry/limit_form.html", context, status=status)
