"""Investigations: a case's whole life (opened, answered with evidence, asked again,
accepted and closed), who may take each step (and who may not even see the case), the
evidence kept unchanged, every step kept, the notices sent, and overdue cases."""

from __future__ import annotations

import hashlib
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from audits.investigations import cases as service
from audits.investigations.cases import (
    CaseInvalid,
    CaseNotFound,
    CaseRefused,
    case_answer,
    case_decide,
    case_get,
    case_open,
    case_queue,
)
from audits.investigations.models import Case, CaseStep
from audits.monitoring.models import Deviation
from games.models.immutability import ImmutableRecordError
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

EVIDENCE = b"%PDF-1.4 surveillance notes\x00\xff binary as sent\n"


@pytest.fixture
def folks(people):  # noqa: F811
    for user, address in ((people.staff, "staff@casino.test"),
                          (people.other_staff, "other@casino.test"),
                          (people.reviewer, "reviewer@wsgc.test"),
                          (people.or_reviewer, "reviewer@oregon.test")):  # fmt: skip
        user.email = address
        user.save()
    return people


@pytest.fixture
def overpaid(validated):  # noqa: F811
    found = list(validated.findings.filter(code="overpaid")[:2])
    assert len(found) == 2
    return found


def _open(user, findings, **more):
    return case_open(user, title="Overpayments at T2", text="Explain these overpayments.",
                     finding_ids=[f.pk for f in findings], **more)  # fmt: skip


def _answer(user, case, files=()):
    return case_answer(user, case, text="The dealer paid 3:2 on a push; retrained.",
                       cause="dealer_error", corrective_action="Dealer retrained on 2026-11-02.",
                       files=files)  # fmt: skip


def test_the_whole_life_of_a_case(folks, overpaid, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        case = _open(folks.reviewer, overpaid)
    assert case.status == "awaiting_licensee" and set(case.findings.all()) == set(overpaid)
    assert [m.to for m in mail.outbox] == [["staff@casino.test"]]  # not the other licensee
    assert f"/cases/{case.pk}/" in mail.outbox[0].body
    assert list(case_queue(folks.staff)) == [case] and not case_queue(folks.reviewer).exists()

    mail.outbox.clear()
    upload = SimpleUploadedFile("notes <1>.pdf", EVIDENCE, content_type="application/pdf")
    with django_capture_on_commit_callbacks(execute=True):
        answer = _answer(folks.staff, case, files=[upload])
    kept = answer.evidence.get()
    assert kept.sha256 == hashlib.sha256(EVIDENCE).hexdigest() and kept.size == len(EVIDENCE)
    assert service.evidence_path(kept).read_bytes() == EVIDENCE  # stored unchanged
    assert kept.name == "notes <1>.pdf"
    assert [m.to for m in mail.outbox] == [["reviewer@wsgc.test"]]
    assert list(case_queue(folks.reviewer)) == [case] and not case_queue(folks.staff).exists()

    case_decide(folks.reviewer, case, decision="ask_again", text="Which dealer? Which shift?")
    _answer(folks.staff, case)
    case_decide(folks.reviewer, case, decision="escalate", text="Repeated: to the supervisor.")
    closed = case_decide(folks.reviewer, case, decision="accept", text="Accepted.",
                         outcome="corrected")  # fmt: skip
    case.refresh_from_db()
    assert (case.status, case.outcome) == ("closed", "corrected") and case.closed_at
    assert closed.status_after == "closed"
    assert [(s.kind, s.by.username, s.status_after) for s in case.steps.all()] == [
        ("opened", "reviewer", "awaiting_licensee"),
        ("answered", "staff", "awaiting_reviewer"),
        ("asked_again", "reviewer", "awaiting_licensee"),
        ("answered", "staff", "awaiting_reviewer"),
        ("escalated", "reviewer", "escalated"),
        ("accepted", "reviewer", "closed"),
    ]


def test_no_one_outside_the_licensee_and_its_jurisdiction_sees_or_touches_a_case(folks, overpaid):
    case = _open(folks.reviewer, overpaid)
    for outsider in (folks.other_staff, folks.or_reviewer, folks.nobody):
        with pytest.raises(CaseNotFound):
            case_get(outsider, case.pk)
        assert not service.cases_visible_to(outsider).exists()
    with pytest.raises(CaseNotFound):  # another licensee's staff names our findings
        _open(folks.other_staff, overpaid)
    with pytest.raises(CaseNotFound):  # another jurisdiction's reviewer
        _open(folks.or_reviewer, overpaid)
    with pytest.raises(CaseRefused, match="compliance staff"):
        _answer(folks.other_staff, case)
    with pytest.raises(CaseRefused, match="reviewer of the licensee's jurisdiction"):
        case_decide(folks.or_reviewer, case, decision="close", text="x", outcome="no_fault")
    with pytest.raises(CaseRefused, match="administrators"):
        _open(folks.admin, overpaid)


def test_each_role_takes_only_its_own_steps_in_their_turn(folks, overpaid):
    case = _open(folks.staff, overpaid)  # staff may open a case on their own findings too
    with pytest.raises(CaseRefused, match="compliance staff"):
        _answer(folks.reviewer, case)
    with pytest.raises(CaseRefused, match="no answer to accept"):
        case_decide(folks.reviewer, case, decision="accept", text="ok", outcome="corrected")
    with pytest.raises(CaseRefused, match="reviewer"):
        case_decide(folks.staff, case, decision="close", text="done", outcome="no_fault")
    _answer(folks.staff, case)
    with pytest.raises(CaseRefused, match="no answer is awaited"):
        _answer(folks.staff, case)
    with pytest.raises(CaseInvalid) as missing:
        case_decide(folks.reviewer, case, decision="accept", text="ok")
    assert missing.value.field == "outcome"
    case_decide(folks.reviewer, case, decision="close", text="Withdrawn.", outcome="withdrawn")
    with pytest.raises(CaseRefused, match="closed"):
        case_decide(folks.reviewer, case, decision="close", text="again", outcome="no_fault")
    with pytest.raises(CaseRefused, match="no answer is awaited"):
        _answer(folks.staff, case)


def test_bad_fields_are_refused_naming_them_and_nothing_is_kept(folks, overpaid, wa):
    for kwargs, field in (
        ({"title": "", "text": "x", "finding_ids": [overpaid[0].pk]}, "title"),
        ({"title": "t", "text": " ", "finding_ids": [overpaid[0].pk]}, "text"),
        ({"title": "t", "text": "x"}, "findings"),
        ({"title": "t", "text": "x", "finding_ids": ["one"]}, "findings"),
    ):
        with pytest.raises(CaseInvalid) as error:
            case_open(folks.reviewer, **kwargs)
        assert error.value.field == field
    theirs = _deviation(folks.other)
    with pytest.raises(CaseInvalid, match="one licensee"):
        _open(folks.reviewer, overpaid, deviation_ids=[theirs.pk])
    case = _open(folks.reviewer, overpaid)
    with pytest.raises(CaseInvalid) as error:
        case_answer(folks.staff, case, text="x", cause="bad luck")
    assert error.value.field == "cause"
    assert Case.objects.count() == 1 and case.steps.count() == 1


def test_a_deviation_can_be_a_case(folks, wa):
    deviation = _deviation(wa)
    case = case_open(folks.reviewer, title="Hold at T3", text="Explain the hold on 12 October.",
                     deviation_ids=[deviation.pk])  # fmt: skip
    assert list(case.deviations.all()) == [deviation] and case.licensee == wa
    assert list(deviation.cases.all()) == [case]


def test_evidence_over_the_limit_is_refused_and_nothing_is_kept(folks, overpaid, settings):
    settings.CASE_EVIDENCE_MAX_BYTES = 10
    case = _open(folks.reviewer, overpaid)
    with pytest.raises(CaseInvalid, match="larger than 10 bytes"):
        _answer(folks.staff, case, files=[SimpleUploadedFile("big.bin", EVIDENCE)])
    case.refresh_from_db()
    assert case.status == "awaiting_licensee"
    assert not any(p.is_file() for p in service.media_path("evidence").rglob("*"))


def test_steps_are_never_edited_or_deleted(folks, overpaid):
    case = _open(folks.reviewer, overpaid)
    step = case.steps.get()
    step.text = "something else"
    with pytest.raises(ImmutableRecordError):
        step.save()
    with pytest.raises(ImmutableRecordError):
        CaseStep.objects.filter(case=case).delete()
    with pytest.raises(ImmutableRecordError):
        CaseStep.objects.filter(case=case).update(text="x")


def test_a_case_open_past_the_jurisdictions_days_is_overdue(folks, overpaid, wa):
    case = _open(folks.reviewer, overpaid)
    assert wa.jurisdiction.case_overdue_days == 30 and not case.overdue
    Case.objects.filter(pk=case.pk).update(opened_at=timezone.now() - timedelta(days=31))
    case.refresh_from_db()
    assert case.overdue
    case_decide(folks.reviewer, case, decision="close", text="Closed late.", outcome="no_fault")
    case.refresh_from_db()
    assert not case.overdue


def _deviation(licensee) -> Deviation:
    return Deviation.objects.create(
        licensee=licensee, venue="WA-CR-0042", table="T3", game="toss-one-21",
        wager_key="main", period="day", first_day=date(2026, 10, 12),
        last_day=date(2026, 10, 12), wagers=900, wagered=Decimal("19000"),
        house_won=Decimal("2900"), observed_hold=0.1526, theoretical_hold=0.0041,
        interval_low=-0.0611, interval_high=0.0701, p_value=0.00012,
        confidence=Decimal("0.95"), method="exact", basis=[{"table": "T3"}],
    )  # fmt: skip


def test_evidence_is_on_the_disk_before_its_row_is_written(folks, overpaid, monkeypatch):
    from audits.investigations.models import CaseEvidence
    from compliance import durable

    synced, real_fsync = [], durable.os.fsync

    def fsync(descriptor):
        info = durable.os.fstat(descriptor)
        synced.append(((info.st_dev, info.st_ino), CaseEvidence.objects.count()))
        real_fsync(descriptor)

    monkeypatch.setattr(durable.os, "fsync", fsync)
    case = _open(folks.reviewer, overpaid)
    _answer(folks.staff, case, files=[SimpleUploadedFile("notes.pdf", EVIDENCE)])
    kept = service.evidence_path(CaseEvidence.objects.get())
    assert kept.read_bytes() == EVIDENCE
    node = lambda p: (p.stat().st_dev, p.stat().st_ino)  # noqa: E731
    folders = [kept.parent, kept.parent.parent, kept.parent.parent.parent]  # up to the media's
    assert synced == [(node(kept), 0), *((node(f), 0) for f in folders)]
