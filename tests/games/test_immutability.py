"""Approved records can never be edited or deleted: not by the ORM, not by
``QuerySet.update()``, not by raw SQL.  Run on SQLite and on PostgreSQL."""

from datetime import date

import pytest
from django.db import DatabaseError, connection, transaction

from games.models import (
    Approval,
    ApprovalCondition,
    ApprovalEvent,
    ApprovalPaytable,
    ApprovalStatus,
    ConditionKind,
    ImmutableRecordError,
    ParSheet,
    Paytable,
    RuleVersion,
)
from games.services.approvals import approval_transition
from games.services.rules import rule_version_create
from tests.games.conftest import TOSS_RULES


def refused_by_database(sql: str, params=()) -> None:
    with pytest.raises(DatabaseError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def refused_by_database_orm(action) -> None:
    with pytest.raises(DatabaseError), transaction.atomic():
        action()


# -- rule versions and paytables -----------------------------------------------


def test_frozen_rule_version_refuses_orm_save_and_delete(registry):
    rules = RuleVersion.objects.get(pk=registry.rules.pk)
    rules.title = "edited"
    with pytest.raises(ImmutableRecordError):
        rules.save()
    with pytest.raises(ImmutableRecordError):
        rules.delete()
    with pytest.raises(ImmutableRecordError):
        RuleVersion.objects.filter(pk=rules.pk).update(title="edited")
    with pytest.raises(ImmutableRecordError):
        RuleVersion.objects.filter(pk=rules.pk).delete()


def test_frozen_rule_version_refuses_a_bypassing_manager_and_raw_sql(registry):
    pk = registry.rules.pk
    refused_by_database_orm(lambda: RuleVersion._base_manager.filter(pk=pk).update(title="x"))
    refused_by_database("UPDATE games_ruleversion SET title = 'x' WHERE id = %s", [pk])
    refused_by_database("UPDATE games_ruleversion SET frozen = %s WHERE id = %s", [False, pk])
    refused_by_database("DELETE FROM games_ruleversion WHERE id = %s", [pk])
    assert RuleVersion.objects.get(pk=pk).title == registry.rules.title


def test_paytable_is_frozen_on_creation(registry):
    pk = registry.lucky3.pk
    with pytest.raises(ImmutableRecordError):
        Paytable.objects.filter(pk=pk).update(entries={})
    refused_by_database("UPDATE games_paytable SET source = 'x' WHERE id = %s", [pk])
    refused_by_database("DELETE FROM games_paytable WHERE id = %s", [pk])
    assert Paytable.objects.get(pk=pk).entries == registry.lucky3.entries


def test_a_draft_rule_version_may_still_be_edited(registry):
    draft = rule_version_create(
        game=registry.toss,
        title="draft",
        rules=TOSS_RULES,
        parameters={},
        options={"blackjack_pays": ["3:2"]},
        decks_allowed=[1],
    )
    assert draft.version == 2 and not draft.frozen
    RuleVersion.objects.filter(pk=draft.pk).update(title="draft, edited")
    assert RuleVersion.objects.get(pk=draft.pk).title == "draft, edited"


# -- par sheets and events: append-only --------------------------------------------


def test_par_sheets_and_approval_events_are_append_only(registry):
    sheet = ParSheet.objects.filter(paytable=registry.lucky3).first()
    event = ApprovalEvent.objects.filter(approval=registry.approval).first()
    with pytest.raises(ImmutableRecordError):
        ParSheet.objects.filter(pk=sheet.pk).update(house_edge=0)
    with pytest.raises(ImmutableRecordError):
        event.delete()
    refused_by_database("UPDATE games_parsheet SET house_edge = 0 WHERE id = %s", [sheet.pk])
    refused_by_database("DELETE FROM games_approvalevent WHERE id = %s", [event.pk])
    refused_by_database("UPDATE games_approvalevent SET reason = 'x' WHERE id = %s", [event.pk])


# -- approvals --------------------------------------------------------------------------


def test_approved_approval_content_never_changes(registry):
    approval = Approval.objects.get(pk=registry.approval.pk)
    approval.reference = "edited"
    with pytest.raises(ImmutableRecordError):
        approval.save()
    with pytest.raises(ImmutableRecordError):
        Approval.objects.get(pk=approval.pk).delete()
    pk = approval.pk
    refused_by_database("UPDATE games_approval SET reference = 'x' WHERE id = %s", [pk])
    refused_by_database("UPDATE games_approval SET content_hash = 'x' WHERE id = %s", [pk])
    refused_by_database("UPDATE games_approval SET status = 'submitted' WHERE id = %s", [pk])
    refused_by_database("DELETE FROM games_approval WHERE id = %s", [pk])
    assert Approval.objects.get(pk=pk).reference == registry.approval.reference


def test_decided_approval_keeps_its_paytables_and_conditions(registry):
    approval, pk = registry.approval, registry.approval.pk
    refused_by_database("DELETE FROM games_approvalpaytable WHERE approval_id = %s", [pk])
    refused_by_database_orm(
        lambda: ApprovalCondition.objects.create(
            approval=approval,
            operator_class=registry.card_room,
            kind=ConditionKind.MODIFICATIONS,
            text="added later",
        )
    )
    refused_by_database(
        "UPDATE games_approvalcondition SET text = 'x' WHERE approval_id = %s", [pk]
    )
    assert ApprovalPaytable.objects.filter(approval=approval).count() == 2


def test_approved_approval_may_only_move_to_revoked_or_superseded(registry):
    with pytest.raises(Exception, match="cannot go from approved to submitted|can move to"):
        approval_transition(registry.approval, ApprovalStatus.SUBMITTED, reason="x")
    revoked = approval_transition(
        registry.approval,
        ApprovalStatus.REVOKED,
        actor=registry.reviewer,
        reason="test",
    )
    assert revoked.status == ApprovalStatus.REVOKED
    assert revoked.content_hash == registry.approval.content_hash
    refused_by_database("UPDATE games_approval SET status = 'approved' WHERE id = %s", [revoked.pk])


def test_raw_sql_may_move_an_approved_approval_only_along_the_pipeline(registry):
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_approval SET status = 'superseded' WHERE id = %s", [registry.approval.pk]
        )
    assert Approval.objects.get(pk=registry.approval.pk).status == "superseded"


def test_content_hash_is_bound_at_approval(registry):
    from games.services.approvals import approval_content
    from games.services.hashing import content_hash

    assert registry.approval.content_hash == content_hash(approval_content(registry.approval))
    assert registry.approval.decision_date == date(2017, 4, 27)
