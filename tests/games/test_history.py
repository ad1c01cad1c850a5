"""Every change to every registry record is kept, with who and when."""

from decimal import Decimal

from games.models import Approval, WagerLimit
from games.services.approvals import approval_transition


def test_approval_history_records_each_step_and_who(registry):
    history = Approval.history.filter(id=registry.approval.pk).order_by("history_date")
    assert [h.status for h in history] == ["submitted", "under_review", "approved"]
    assert all(h.history_user == registry.reviewer for h in history)
    events = list(registry.approval.events.order_by("at"))
    assert [(e.from_status, e.to_status) for e in events] == [
        ("", "submitted"),
        ("submitted", "under_review"),
        ("under_review", "approved"),
    ]
    assert events[-1].actor == registry.reviewer and events[-1].reason


def test_revocation_is_recorded_with_its_reason(registry):
    approval_transition(registry.approval, "revoked", actor=registry.reviewer, reason="misconduct")
    last = registry.approval.events.order_by("-at").first()
    assert (last.to_status, last.reason, last.actor_label) == ("revoked", "misconduct", "reviewer")


def test_limit_edits_keep_the_previous_value(registry):
    limit = WagerLimit.objects.get(pk=registry.limit_400.pk)
    limit.note = "clarified"
    limit.amount = Decimal("400.00")
    limit._history_user = registry.reviewer
    limit.save()
    versions = list(limit.history.order_by("history_date"))
    assert [v.note for v in versions] == ["", "clarified"]
    assert versions[-1].history_user == registry.reviewer
    assert versions[-1].history_type == "~"


def test_rule_version_history_shows_its_freezing(registry):
    versions = list(registry.rules.history.order_by("history_date"))
    assert [v.frozen for v in versions] == [False, True]
