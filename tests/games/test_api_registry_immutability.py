"""The registry API: approved records stay as they are, and approvals move only by transition."""

from __future__ import annotations

import pytest

from compliance.api_errors import json_exception_handler
from games.models import Approval, ApprovalStatus, ImmutableRecordError, WagerLimit

# ruff: noqa: F811 (the fixtures imported from api_support are test arguments)
from tests.games.api_support import (  # noqa: F401
    API,
    as_user,
    fast_passwords,
    ok,
    results,
    reviewer,
    staff,
    url,
    world,
)

# ------------------------------------------------------------------ immutability over HTTP


@pytest.mark.parametrize("who", ["reviewer", "admin"])
@pytest.mark.parametrize("method", ["put", "patch", "delete"])
@pytest.mark.parametrize("record", ["approval", "rules", "lucky3"])
def test_approved_records_cannot_be_edited_or_deleted(world, as_user, who, method, record):
    """Not by the jurisdiction's reviewer, not even by an administrator (a superuser)."""
    resource = {"approval": "approvals", "rules": "rule-versions", "lucky3": "paytables"}[record]
    instance = getattr(world, record)
    model = type(instance)
    before = model.objects.filter(pk=instance.pk).values().get()
    client = as_user(getattr(world, who))
    response = getattr(client, method)(
        url(resource, instance.pk), {"status": "revoked", "title": "changed"}, format="json"
    )
    if who == "admin":  # administrators manage users and roles, never the registry's content
        assert response.status_code == 403
    else:
        assert response.status_code == 405
        assert response.json()["message"] == f'Method "{method.upper()}" not allowed.'
    assert model.objects.filter(pk=instance.pk).values().get() == before


def test_limits_cannot_be_replaced_or_deleted(world, reviewer):
    assert reviewer.put(url("limits", world.limit_400.pk), {}, format="json").status_code == 405
    assert reviewer.delete(url("limits", world.limit_400.pk)).status_code == 405
    assert WagerLimit.objects.filter(pk=world.limit_400.pk).exists()


def test_transition_along_a_forbidden_edge_is_400(world, reviewer):
    response = reviewer.post(
        url("approvals", world.approval.pk, "transition"),
        {"to_status": "under_review", "reason": "reopen"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "message": "an approval that is approved can move to revoked, superseded, not under_review",
        "field": "status",
        "errors": {
            "status": [
                "an approval that is approved can move to revoked, superseded, not under_review"
            ]
        },
    }
    approval = Approval.objects.get(pk=world.approval.pk)
    assert approval.status == ApprovalStatus.APPROVED
    assert approval.events.count() == 3


def test_transition_needs_a_known_status_and_a_reason(world, reviewer):
    transition = url("approvals", world.pending.pk, "transition")
    response = reviewer.post(transition, {"to_status": "done", "reason": "x"}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "to_status")
    response = reviewer.post(transition, {"to_status": "denied", "reason": " "}, format="json")
    assert (response.status_code, response.json()["field"]) == (400, "reason")
    assert Approval.objects.get(pk=world.pending.pk).status == "submitted"


def test_revoking_an_approval_is_a_transition(world, reviewer):
    response = reviewer.post(
        url("approvals", world.approval.pk, "transition"),
        {"to_status": "revoked", "reason": "licence withdrawn", "decision_date": "2030-01-01"},
        format="json",
    )
    revoked = ok(response)
    assert revoked["status"] == "revoked"
    assert revoked["decision_date"] == "2017-04-27"  # the decision stays as it was
    assert revoked["content_hash"] == world.approval.content_hash


def test_error_handler_maps_immutable_records_to_409(world):
    response = json_exception_handler(ImmutableRecordError("frozen"), {})
    assert (response.status_code, response.data) == (409, {"message": "frozen", "field": None})
