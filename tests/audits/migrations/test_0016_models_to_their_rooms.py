"""Migration 0016 and the rooms' 0001: the models move from the one ``audits`` app to the apps
of their rooms.  A database at ``audits`` 0015, with rows in every kind of table, upgrades
with nothing lost: the same rows under the new models, the same links (foreign keys and the
cases' findings), the same content types (so permissions stay granted); and it goes back."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from audits.investigations.models import Case
from audits.monitoring.models import LedgerDay
from audits.reports.models import Report
from audits.submissions.models import Finding, Submission
from tests.audits.migrations.support import old_chunk

BEFORE = ("audits", "0015_findings_cap")
#: the other apps as 0015 knows them
OTHERS = [("games", "0005_jurisdiction_monitoring_rules")]
ROOMS = {"submission": "submissions", "ledgerday": "monitoring", "case": "investigations",
         "report": "reports", "finding": "submissions", "seatday": "monitoring"}  # fmt: skip


@pytest.fixture
def migrated_back(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE, *OTHERS])
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def _old_rows(apps, user_id: int) -> dict:
    """One row of each kind of table, linked as the services link them, in 0015's models."""
    submission, chunk = old_chunk(apps)
    model = lambda name: apps.get_model("audits", name)  # noqa: E731
    finding = model("Finding").objects.create(
        submission=submission, chunk=chunk, line=7, code="overpaid", group="payout",
        severity="error", message="paid 10.00, due 5.00", rule="rule 8",
        expected=Decimal("5.00"), recorded=Decimal("10.00"))  # fmt: skip
    ledger = model("LedgerDay").objects.create(
        submission=submission, licensee=submission.licensee, venue="V", table="T1", game="g",
        wager_key="main", gaming_day="2026-10-01", wagered=Decimal("125.50"), rounds=3)  # fmt: skip
    case = model("Case").objects.create(licensee=submission.licensee, title="overpaid",
                                        status="awaiting_licensee", opened_by_id=user_id)
    case.findings.add(finding)
    report = model("Report").objects.create(
        kind="submission", submission=submission, jurisdiction=submission.licensee.jurisdiction,
        licensee=submission.licensee, requested_via="a test")  # fmt: skip
    return {"submission": submission.pk, "finding": finding.pk, "ledger": ledger.pk,
            "case": case.pk, "report": report.pk}  # fmt: skip


def test_a_database_at_0015_upgrades_with_every_row_and_link_kept_and_goes_back(migrated_back):
    types = ContentType.objects.filter(app_label="audits", model__in=ROOMS)
    type_ids = {t.model: t.pk for t in types}
    assert set(type_ids) == set(ROOMS)  # at 0015 they are the audits app's
    user = User.objects.create_user("reader")
    user.user_permissions.add(Permission.objects.get(codename="view_submission"))
    apps = migrated_back.loader.project_state([BEFORE, *OTHERS]).apps
    old = _old_rows(apps, user.pk)

    migrated_back.loader.build_graph()
    migrated_back.migrate(migrated_back.loader.graph.leaf_nodes())

    submission = Submission.objects.get(pk=old["submission"])
    assert submission.original_name == "old.jsonl"
    finding = Finding.objects.get(pk=old["finding"])
    assert (finding.submission_id, finding.recorded, finding.code) == (
        submission.pk, Decimal("10.00"), "overpaid")  # fmt: skip
    assert LedgerDay.objects.get(pk=old["ledger"]).wagered == Decimal("125.50")
    assert list(Case.objects.get(pk=old["case"]).findings.all()) == [finding]
    assert Report.objects.get(pk=old["report"]).submission == submission
    assert list(submission.reports.all()) == list(Report.objects.filter(pk=old["report"]))
    moved = {t.model: (t.app_label, t.pk) for t in ContentType.objects.filter(model__in=ROOMS)}
    assert moved == {name: (ROOMS[name], type_ids[name]) for name in ROOMS}
    assert User.objects.get(pk=user.pk).has_perm("submissions.view_submission")
    assert not ContentType.objects.filter(app_label="audits", model="submission").exists()

    # back to 0015 (one test with the upgrade: each migration of the whole schema takes seconds)
    migrated_back.loader.build_graph()
    migrated_back.migrate([BEFORE, *OTHERS])
    back = {t.model: (t.app_label, t.pk) for t in ContentType.objects.filter(model__in=ROOMS)}
    assert back == {name: ("audits", type_ids[name]) for name in ROOMS}
    assert not ContentType.objects.filter(app_label="submissions", model="submission").exists()
    apps = migrated_back.loader.project_state([BEFORE, *OTHERS]).apps
    assert apps.get_model("audits", "Submission")._meta.db_table == "audits_submission"
    assert apps.get_model("audits", "Submission").objects.get(pk=old["submission"])
    assert User.objects.get(pk=user.pk).has_perm("audits.view_submission")
