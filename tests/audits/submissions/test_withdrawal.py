"""A mistaken submission withdrawn by its licensee's staff, and reinstated by the commission:
kept whole, out of later reports, monitoring and duplicate checks while withdrawn, back as
it was when reinstated; every door held against the wrong user."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db.models import Sum
from django.test import Client
from rest_framework.test import APIClient

from audits.monitoring.models import LedgerDay, SeatDay
from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.samples import generate_toss_one
from audits.submissions.models import Submission, SubmissionEvent
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.submissions.withdrawal import (
    WithdrawalRefused,
    submission_reinstate,
    submission_withdraw,
)
from games.models import Venue
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
API = "/api/audits/submissions"


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def ledger(submission) -> dict:
    return LedgerDay.objects.filter(submission=submission).aggregate(
        rounds=Sum("rounds"), wagered=Sum("wagered"), net=Sum("net_result")
    )


def month_report(venue_code="WA-CR-0042") -> dict:
    venue = Venue.objects.get(code=venue_code)
    return report_figures(report_request(kind="venue", venue=venue, period="2026-10"))


def submit(path, licensee) -> Submission:
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name=path.name, licensee=licensee)
    return submission_validate_now(submission)


def test_withdrawn_it_leaves_reports_and_monitoring_and_comes_back_reinstated(
    validated,
    people,  # noqa: F811
):
    before = ledger(validated)
    assert before["rounds"] and SeatDay.objects.filter(submission=validated).exists()
    issued = month_report()
    assert issued["summary"]["rounds"] == 1200

    answer = api(people.staff).post(
        f"{API}/{validated.uuid}/withdraw/", {"reason": "the wrong month"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["withdrawn_at"] and answer.json()["withdrawal_reason"] == "the wrong month"
    assert answer.json()["events"][0] | {"at": None} == {
        "kind": "withdrawn", "by": "staff", "at": None, "reason": "the wrong month",
        "other": None,
    }  # fmt: skip
    assert ledger(validated)["rounds"] is None
    assert not SeatDay.objects.filter(submission=validated).exists()
    assert month_report()["summary"]["rounds"] == 0  # later reports leave it out
    assert issued["summary"]["rounds"] == 1200  # what was issued keeps its figures
    assert validated.findings.count() == Submission.objects.get().findings.count()  # kept whole
    with pytest.raises(ValidationError):
        report_request(kind="submission", submission=Submission.objects.get())

    listed = api(people.reviewer).get(f"{API}/?withdrawn=true").json()["results"]
    assert [s["id"] for s in listed] == [str(validated.uuid)]
    assert api(people.reviewer).get(f"{API}/?withdrawn=false").json()["results"] == []

    answer = api(people.reviewer).post(
        f"{API}/{validated.uuid}/reinstate/", {"reason": "it was the right month"}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["withdrawn_at"] is None
    assert ledger(validated) == before
    assert month_report()["summary"]["rounds"] == 1200
    kinds = list(SubmissionEvent.objects.values_list("kind", "by__username"))
    assert kinds == [("withdrawn", "staff"), ("reinstated", "reviewer")]


def test_every_door_of_withdrawal_refuses_the_wrong_user(validated, people):  # noqa: F811
    url = f"{API}/{validated.uuid}"
    reason = {"reason": "a mistake"}
    assert api(people.other_staff).post(f"{url}/withdraw/", reason).status_code == 404
    assert api(people.or_reviewer).post(f"{url}/withdraw/", reason).status_code == 404
    assert api(people.reviewer).post(f"{url}/withdraw/", reason).status_code == 403
    assert APIClient().post(f"{url}/withdraw/", reason).status_code in (401, 403)
    assert api(people.staff).post(f"{url}/withdraw/", {"reason": "  "}).status_code == 400
    assert api(people.staff).post(f"{url}/reinstate/", reason).status_code == 403
    assert api(people.reviewer).post(f"{url}/reinstate/", reason).status_code == 409
    assert api(people.staff).post(f"{url}/withdraw/", reason).status_code == 200
    assert api(people.staff).post(f"{url}/withdraw/", reason).status_code == 409
    assert api(people.other_staff).post(f"{url}/reinstate/", reason).status_code == 404
    assert api(people.staff).post(f"{url}/reinstate/", reason).status_code == 403
    assert Submission.objects.get().withdrawn


def test_an_unfinished_submission_is_not_withdrawn(validated, people):  # noqa: F811
    Submission.objects.filter(pk=validated.pk).update(status="validating")
    with pytest.raises(WithdrawalRefused, match="finished"):
        submission_withdraw(Submission.objects.get(), user=people.staff, reason="too soon")


def test_a_withdrawn_files_rounds_are_not_already_submitted_for_the_next(
    validated,
    people,
    tmp_path,  # noqa: F811
):
    again = tmp_path / "october-corrected.jsonl"
    generate_toss_one(again, rounds=1200, start="2026-10-10", days=4, fault_rate=0.0, seed=9)
    submission_withdraw(validated, user=people.staff, reason="the corrected file follows")
    corrected = submit(again, people.licensee)
    codes = set(corrected.findings.values_list("code", flat=True))
    assert "duplicate_round_submitted" not in codes and "resent_after_withdrawal" in codes
    assert ledger(corrected)["rounds"] == 1200 and month_report()["summary"]["rounds"] == 1200


def test_the_mistaken_second_file_withdrawn_leaves_the_first_as_it_was(
    validated,
    people,
    tmp_path,  # noqa: F811
):
    """The README's mistake: the same days dealt again and submitted; withdrawn, the month's
    monitoring and reports are the first file's alone."""
    first = ledger(validated)
    again = tmp_path / "again.jsonl"
    generate_toss_one(again, rounds=1200, start="2026-10-10", days=4, fault_rate=0.02, seed=9)
    mistaken = submit(again, people.licensee)
    assert mistaken.findings.filter(code="duplicate_round_submitted").count() > 1000
    submission_withdraw(mistaken, user=people.staff, reason="dealt the same days again")
    report = month_report()
    assert [i["sha256"] for i in report["inputs"]] == [validated.sha256]
    assert ledger(validated) == first and ledger(mistaken)["rounds"] is None
    submission_reinstate(mistaken, user=people.reviewer, reason="the commission keeps both")
    assert len(month_report()["inputs"]) == 2


def test_the_submission_page_withdraws_and_reinstates(validated, people):  # noqa: F811
    page = f"/submissions/{validated.uuid}/"
    staff, reviewer = Client(), Client()
    staff.force_login(people.staff)
    reviewer.force_login(people.reviewer)
    assert b"Withdraw this submission" in staff.get(page).content
    assert b"Withdraw this submission" not in reviewer.get(page).content
    other = Client()
    other.force_login(people.other_staff)
    assert other.post(f"{page}withdraw/", {"reason": "x"}).status_code == 404
    assert reviewer.post(f"{page}withdraw/", {"reason": "x"}).status_code == 403
    assert staff.post(f"{page}withdraw/", {"reason": ""}).status_code == 302
    assert not Submission.objects.get().withdrawn  # no reason, nothing done
    staff.post(f"{page}withdraw/", {"reason": "sent twice <b>by mistake</b>"})
    shown = reviewer.get(page).content.decode()
    assert "Withdrawn" in shown and "sent twice &lt;b&gt;by mistake&lt;/b&gt;" in shown
    assert "Reinstate this submission" in shown
    assert "withdrawn" in reviewer.get("/submissions/").content.decode()
    reviewer.post(f"{page}reinstate/", {"reason": "needed for the audit"})
    assert not Submission.objects.get().withdrawn
    assert "needed for the audit" in staff.get(page).content.decode()


def test_generate_handlog_does_not_deal_days_already_submitted(validated, tmp_path):  # noqa: F811
    out = tmp_path / "again.jsonl"
    with pytest.raises(CommandError, match="already submitted in october.jsonl"):
        call_command("generate_handlog", str(out), "--start", "2026-10-01", "--days", "31")
    assert not out.exists()
    with pytest.raises(CommandError, match="--start 2026-10-14"):
        call_command("generate_handlog", str(out), "--start", "2026-10-12", "--days", "1",
                     "--rounds", "10")  # fmt: skip
    call_command("generate_handlog", str(out), "--start", "2026-10-14", "--days", "1",
                 "--rounds", "10")  # fmt: skip
    call_command("generate_handlog", str(out), "--start", "2026-10-11", "--days", "1",
                 "--rounds", "10", "--reuse-round-ids")  # fmt: skip
    first = json.loads(out.read_text().splitlines()[0])
    assert first["played_at"].startswith("2026-10-11")
