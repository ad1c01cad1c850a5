"""Corrections, never deletions, as a licensee's staff and an attacker would try them: a day
withdrawn and sent again with results changed is linked round by round and what changed is
said; a reinstatement never counts rounds twice; once a signed report covers a submission
or its live day has closed, a withdrawal is a request a reviewer decides; the commission
sees each step on its first page and the venue's monitoring page."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime

import pytest
from django.db.models import Sum
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from audits.live.close import live_days_close
from audits.live.tokens import table_token_create
from audits.monitoring.models import LedgerDay
from audits.reports.models import Report
from audits.submissions.models import Submission, SubmissionEvent
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.submissions.withdrawal import (
    WithdrawalRefused,
    submission_reinstate,
    submission_withdraw,
)
from games.models import Venue
from tests.audits.conftest import round_line
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
API = "/api/audits/submissions"
CHANGED = 5


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def counted_rounds() -> int:
    """The rounds monitoring counts for the demo venue, whatever the submission."""
    return LedgerDay.objects.filter(wager_key="").aggregate(n=Sum("rounds"))["n"] or 0


def send(content: bytes, licensee, name: str) -> Submission:
    submission, _ = submission_store(io.BytesIO(content), original_name=name, licensee=licensee)
    return submission_validate_now(submission)


def with_results_changed(lines: list[bytes], count: int) -> tuple[list[bytes], list[str]]:
    """``lines`` with the first seat's main result of ``count`` rounds changed (byte for byte
    as the generator writes them otherwise); the rounds changed."""
    changed, rounds = list(lines), []
    for index in range(0, len(lines), len(lines) // (count + 1)):
        try:
            record = json.loads(lines[index])
            record["seats"][0]["results"]["main"] = "999"
        except (ValueError, KeyError, IndexError, TypeError):
            continue  # a line the sample planted unreadable
        changed[index] = json.dumps(record, separators=(",", ":")).encode()
        rounds.append(record["round"])
        if len(rounds) == count:
            break
    return changed, rounds


def test_a_day_withdrawn_and_sent_again_is_linked_round_by_round(validated, people, tmp_path):  # noqa: F811
    first_count = counted_rounds()
    lines = (tmp_path / "october.jsonl").read_bytes().splitlines()
    submission_withdraw(validated, user=people.staff, reason="results to correct")
    assert counted_rounds() == 0
    again, rounds = with_results_changed(lines, CHANGED)
    corrected = send(b"\n".join(again) + b"\n", people.licensee, "october-again.jsonl")

    resent = corrected.findings.filter(code="resent_after_withdrawal")
    assert resent.count() == validated.rounds_total
    errors = resent.filter(severity="error")
    assert sorted(errors.values_list("round_id", flat=True)) == sorted(rounds)
    for finding in errors:
        assert "$.seats[0].results.main" in finding.message and '-> "999"' in finding.message
        assert validated.original_name in finding.message
    assert resent.filter(severity="warning").count() == validated.rounds_total - CHANGED
    assert not corrected.findings.filter(code="duplicate_round_submitted").exists()
    assert counted_rounds() == first_count  # the corrected day, once

    (event,) = SubmissionEvent.objects.filter(submission=validated, kind="corrected")
    assert event.other == corrected
    with pytest.raises(WithdrawalRefused, match="october-again.jsonl"):
        submission_reinstate(validated, user=people.reviewer, reason="keep the first")
    assert counted_rounds() == first_count  # never twice
    submission_withdraw(corrected, user=people.staff, reason="the first was right")
    submission_reinstate(validated, user=people.reviewer, reason="the first was right")
    assert counted_rounds() == first_count


def test_the_same_bytes_sent_again_are_a_note_not_an_error(wa, people):  # noqa: F811
    first = send(round_line() + b"\n", wa, "a.jsonl")
    submission_withdraw(first, user=people.staff, reason="sent too soon")
    second = send(round_line() + b"\n" + round_line(round="R2") + b"\n", wa, "b.jsonl")
    (finding,) = second.findings.filter(code="resent_after_withdrawal")
    assert finding.severity == "warning" and "as it was in line 1 of a.jsonl" in finding.message
    assert finding.line == 1


def _signed_report_of(submission: Submission) -> Report:
    return Report.objects.create(
        kind="submission", submission=submission, jurisdiction=submission.licensee.jurisdiction,
        requested_via="test", status="done", issued_at=timezone.now(),
    )  # fmt: skip


def test_a_reported_submissions_withdrawal_waits_for_a_reviewer(validated, people):  # noqa: F811
    rounds = counted_rounds()
    report = _signed_report_of(validated)
    url = f"{API}/{validated.uuid}"
    answer = api(people.staff).post(f"{url}/withdraw/", {"reason": "a late fix"}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["withdrawn_at"] is None and answer.json()["withdrawal_requested_at"]
    assert [e["kind"] for e in answer.json()["events"]] == ["requested"]
    assert str(report.uuid) in answer.json()["events"][0]["reason"]
    assert counted_rounds() == rounds  # it counts until accepted
    assert api(people.staff).post(f"{url}/withdraw/", {"reason": "again"}).status_code == 409

    reviewer = Client()
    reviewer.force_login(people.reviewer)
    first_page = reviewer.get("/").content.decode()
    assert (
        "Withdrawals awaiting your decision" in first_page and validated.original_name in first_page
    )

    decide = {"decision": "refuse", "reason": "the report stands"}
    assert api(people.staff).post(f"{url}/withdrawal/", decide).status_code == 403
    assert api(people.other_staff).post(f"{url}/withdrawal/", decide).status_code == 404
    assert api(people.or_reviewer).post(f"{url}/withdrawal/", decide).status_code == 404
    refused = api(people.reviewer).post(f"{url}/withdrawal/", decide, format="json")
    assert refused.status_code == 200 and refused.json()["withdrawal_requested_at"] is None
    assert counted_rounds() == rounds
    assert api(people.reviewer).post(f"{url}/withdrawal/", decide).status_code == 409

    submission_withdraw(validated, user=people.staff, reason="asked once more")
    page = f"/submissions/{validated.uuid}/"
    assert "Accept the withdrawal" in reviewer.get(page).content.decode()
    reviewer.post(f"{page}withdrawal/accept/", {"reason": "a proven error"})
    assert Submission.objects.get(pk=validated.pk).withdrawn and counted_rounds() == 0
    kinds = list(
        SubmissionEvent.objects.filter(submission=validated).values_list("kind", flat=True)
    )
    assert kinds == ["requested", "refused", "requested", "accepted"]
    first_page = reviewer.get("/").content.decode()
    for words in ("Withdrawal refused", "Withdrawal accepted", "the report stands"):
        assert words in first_page
    ledger_page = reviewer.get("/monitoring/venues/WA-CR-0042/").content.decode()
    assert "a proven error" in ledger_page and "Withdrawal requested" in ledger_page


def test_a_closed_live_days_withdrawal_waits_for_a_reviewer(wa, people):  # noqa: F811
    secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit 1")[1]
    posted = APIClient().post(
        "/api/live/venues/WA-CR-0042/tables/T2/rounds/", data=round_line() + b"\n",
        content_type="application/x-ndjson", HTTP_AUTHORIZATION=f"Table {secret}",
    )  # fmt: skip
    assert posted.status_code == 201
    (day,) = live_days_close(datetime(2027, 1, 1, tzinfo=UTC))
    submission = submission_withdraw(Submission.objects.get(pk=day.submission_id),
                                     user=people.staff, reason="a table's clock")  # fmt: skip
    assert not submission.withdrawn and submission.withdrawal_requested_at is not None
    (event,) = submission.events.all()
    assert "its live gaming day has closed" in event.reason


def test_a_month_padded_past_the_cap_hides_none_of_its_rounds(wa, people, settings):  # noqa: F811
    settings.AUDITS_FINDINGS_STORED = 50
    rounds = [round_line(round=f"R{i}") for i in range(80)]
    junk = [b"{not a round %d" % i for i in range(120)]
    padded = send(b"\n".join(rounds + junk) + b"\n", wa, "padded.jsonl")
    assert padded.findings_capped and padded.rounds_total == 80
    assert counted_rounds() == 80  # every round judged, counted, marked incomplete
    honest = send(b"\n".join(rounds) + b"\n", wa, "honest.jsonl")
    assert honest.finding_count == 80  # each a duplicate_round_submitted, stored or counted
    assert counted_rounds() == 80  # once, whichever file holds them
    reviewer = Client()
    reviewer.force_login(people.reviewer)
    first_page = reviewer.get("/").content.decode()
    assert "Incomplete submissions" in first_page and "padded.jsonl" in first_page
    ledger_page = reviewer.get("/monitoring/venues/WA-CR-0042/").content.decode()
    assert "padded.jsonl</a> (incomplete)" in ledger_page


def test_the_venue_report_lists_the_corrections_in_its_period(validated, people):  # noqa: F811
    import pdfplumber

    from audits.reports.figures import report_figures
    from audits.reports.lifecycle import report_request
    from audits.reports.render import report_pdf

    submission_withdraw(validated, user=people.staff, reason="sent for the wrong venue")
    venue = Venue.objects.get(code="WA-CR-0042")
    figures = report_figures(report_request(kind="venue", venue=venue, period="2026-10"))
    (listed,) = figures["corrections"]["listed"]
    assert (listed["kind"], listed["file_name"], listed["by"]) == (
        "withdrawn", validated.original_name, "staff")  # fmt: skip
    assert figures["summary"]["rounds"] == 0  # the withdrawn file is out of the figures
    with pdfplumber.open(io.BytesIO(report_pdf(figures))) as pdf:
        words = " ".join(page.extract_text() or "" for page in pdf.pages)
    assert "Corrections in the period" in words and "sent for the wrong venue" in words
    november = report_figures(report_request(kind="venue", venue=venue, period="2026-11"))
    assert november["corrections"] == {"listed": [], "count": 0}
