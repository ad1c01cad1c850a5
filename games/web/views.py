"""The registry pages everyone with a role reads (reviewers also see their actions)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from games import access
from games.documents import rule_document_get, rule_documents_list
from games.models import TRANSITIONS
from games.pages import (
    approvals_awaiting_action,
    limit_timeline,
    rule_version_diff,
    rule_version_previous,
)
from games.services.defined_wagers import rule_version_side_wagers_in_words

from .forms import AmendForm, PaytableVersionForm, TransitionForm


def _require_role(user) -> str:
    role = access.user_role(user)
    if role is None:
        raise PermissionDenied("you have no role in the registry (ask an administrator)")
    return role


@login_required
def registry_home(request):
    _require_role(request.user)
    jurisdictions = access.jurisdictions_visible_to(request.user).order_by("name")
    if len(jurisdictions) == 1:
        return redirect("registry-jurisdiction", code=jurisdictions[0].code)
    return render(request, "registry/home.html", {"jurisdictions": jurisdictions})


@login_required
def jurisdiction_detail(request, code: str):
    _require_role(request.user)
    jurisdiction = get_object_or_404(access.jurisdictions_visible_to(request.user), code=code)
    today = timezone.localdate()
    limits = access.limits_visible_to(request.user).filter(regulation__jurisdiction=jurisdiction)
    context = {
        "jurisdiction": jurisdiction,
        "operator_classes": access.operator_classes_visible_to(request.user).filter(
            jurisdiction=jurisdiction
        ),
        "regulations": access.regulations_visible_to(request.user)
        .filter(jurisdiction=jurisdiction)
        .order_by("citation"),
        "timeline": limit_timeline(limits, today),
        "today": today,
        "can_manage": access.user_can_manage_registry(request.user, jurisdiction),
    }
    return render(request, "registry/jurisdiction.html", context)


@login_required
def game_list(request):
    _require_role(request.user)
    versions = access.rule_versions_visible_to(request.user).select_related("game")
    games = {}
    for version in versions.order_by("game__name", "version"):
        games.setdefault(version.game, []).append(version)
    return render(request, "registry/games.html", {"games": games})


@login_required
def rule_version_detail(request, pk: int):
    _require_role(request.user)
    version = get_object_or_404(
        access.rule_versions_visible_to(request.user).select_related("game__manufacturer"), pk=pk
    )
    previous = rule_version_previous(version)
    if previous and not access.rule_versions_visible_to(request.user).filter(pk=previous.pk):
        previous = None
    context = {
        "version": version,
        "previous": previous,
        "diff": rule_version_diff(previous, version) if previous else None,
        "paytables": access.paytables_visible_to(request.user).filter(rule_version=version),
        "sheets": version.par_sheets.filter(paytable=None).order_by("wager_key", "decks"),
        "side_wagers": rule_version_side_wagers_in_words(version),
        "approvals": access.approvals_visible_to(request.user)
        .filter(rule_version=version)
        .select_related("jurisdiction"),
    }
    return render(request, "registry/rule_version.html", context)


@login_required
def paytable_detail(request, pk: int):
    role = _require_role(request.user)
    paytable = get_object_or_404(
        access.paytables_visible_to(request.user).select_related("rule_version__game"), pk=pk
    )
    approvals = access.approvals_visible_to(request.user).filter(paytable_links__paytable=paytable)
    amendable = _amendable(request.user, paytable)
    context = {
        "paytable": paytable,
        "sources": [
            (o, odds, paytable.entry_sources.get(o, "")) for o, odds in paytable.entries.items()
        ],
        "sheets": paytable.par_sheets.order_by("decks"),
        "approvals": approvals.select_related("jurisdiction"),
        "other_versions": access.paytables_visible_to(request.user)
        .filter(
            rule_version=paytable.rule_version_id, wager_key=paytable.wager_key, code=paytable.code
        )
        .exclude(pk=paytable.pk)
        .order_by("version"),
        "version_form": PaytableVersionForm(paytable=paytable) if role == "reviewer" else None,
        "amend_form": AmendForm(approvals=amendable) if amendable.exists() else None,
    }
    return render(request, "registry/paytable.html", context)


def _amendable(user, paytable):
    """Approvals of the paytable's rule version this reviewer may amend with it."""
    managed = access.jurisdiction_managed_by(user)
    if managed is None:
        return access.approvals_visible_to(user).none()
    return (
        access.approvals_visible_to(user)
        .filter(jurisdiction=managed, rule_version=paytable.rule_version_id)
        .exclude(paytable_links__paytable=paytable)
        .order_by("pk")
    )


@login_required
def approval_list(request):
    _require_role(request.user)
    approvals = access.approvals_visible_to(request.user).select_related(
        "jurisdiction", "rule_version__game"
    )
    context = {
        "awaiting": approvals_awaiting_action(approvals),
        "decided": approvals.exclude(pk__in=approvals_awaiting_action(approvals)).order_by("-pk"),
    }
    return render(request, "registry/approvals.html", context)


@login_required
def approval_detail(request, pk: int):
    _require_role(request.user)
    approval = get_object_or_404(
        access.approvals_visible_to(request.user).select_related(
            "jurisdiction", "rule_version__game"
        ),
        pk=pk,
    )
    can_manage = access.user_can_manage_registry(request.user, approval.jurisdiction)
    context = {
        "approval": approval,
        "paytables": approval.paytable_links.select_related("paytable").order_by(
            "paytable__wager_key", "paytable__code"
        ),
        "conditions": access.approval_conditions_visible_to(request.user)
        .filter(approval=approval)
        .select_related("operator_class"),
        "events": approval.events.order_by("at", "pk"),
        "authorizations": access.authorizations_visible_to(request.user)
        .filter(approval=approval)
        .select_related("venue", "table"),
        "form": TransitionForm(status=approval.status)
        if can_manage and TRANSITIONS[approval.status]
        else None,
    }
    return render(request, "registry/approval.html", context)


@login_required
def venue_list(request):
    _require_role(request.user)
    venues = (
        access.venues_visible_to(request.user)
        .select_related("licensee", "operator_class")
        .prefetch_related("tables", "authorizations__approval__rule_version__game",
                          "authorizations__table", "authorizations__conditions_met__condition")
        .order_by("licensee__name", "code")
    )  # fmt: skip
    return render(request, "registry/venues.html", {"venues": venues})


@login_required
def document_list(request):
    _require_role(request.user)
    return render(request, "registry/documents.html", {"documents": rule_documents_list()})


@login_required
def document_detail(request, file: str):
    _require_role(request.user)
    document = rule_document_get(file)
    if document is None:
        raise Http404("no rule document of that name")
    return render(request, "registry/document.html", {"document": document})
