"""What one upload can cost (audits/submissions/run/finding_caps.py): at most so many findings a
line and so many stored a submission; the rest counted by code, the money exact, the submission
saying so on its page, in the API and in its report; its rounds, all judged, count in
monitoring, marked incomplete."""

from __future__ import annotations

import json

import pytest
from django.db.models import Sum
from django.test import Client

from audits.monitoring.models import LedgerDay
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from tests.audits.conftest import round_line
from tests.audits.submissions_support import client, log, people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def _validated(wa, tmp_path, content: bytes, lines_per_chunk: int = 50_000):
    path = tmp_path / "log.jsonl"
    path.write_bytes(content)
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name="log.jsonl", licensee=wa)
    return submission_validate_now(submission, lines_per_chunk)


def _many_wager_keys(n: int, round_id: str = "many") -> bytes:
    seat = {"seat": 1, "cards": ["TS", "AH", "KC", "9D"], "toss": "9D",
            "wagers": {"main": "25", **{f"k{i}": "1" for i in range(n)}},
            "results": {"main": "37.50", **{f"k{i}": "-1" for i in range(n)}}}  # fmt: skip
    return round_line(round=round_id, seats=[seat])


def test_a_line_yields_at_most_its_share_and_one_finding_counts_the_rest(wa, tmp_path):
    line = _many_wager_keys(25_000)
    assert len(line) > 600_000
    submission = _validated(wa, tmp_path, log(line, round_line(round="ok")))
    findings = list(submission.findings.order_by("pk"))
    assert len(findings) == 50  # 49 as found and the one that counts the rest
    assert [f.code for f in findings[:49]] == ["unknown_wager"] * 49
    last = findings[-1]
    assert last.code == "line_findings_truncated" and last.line == 1
    assert "24,951 more findings" in last.message and "unknown_wager 24,951" in last.message
    assert submission.finding_count == 50 and not submission.findings_capped


def test_past_the_submissions_cap_findings_are_counted_by_code_not_stored(
    wa,
    tmp_path,
    settings,
    people,  # noqa: F811
):
    settings.AUDITS_FINDINGS_STORED = 100
    overpaid = [round_line(round=f"o{i}", seats__0__results__main="40") for i in range(150)]
    wrong_toss = [round_line(round=f"t{i}", seats__0__toss="TS") for i in range(60)]
    submission = _validated(wa, tmp_path, log(*overpaid, *wrong_toss), lines_per_chunk=70)
    assert submission.chunk_count == 3
    assert submission.findings.count() == submission.findings_stored == 100
    assert submission.finding_count == 150 + sum(submission.findings_unstored.values()) - 50
    assert sum(submission.findings_unstored.values()) + 100 == submission.finding_count
    assert submission.findings_capped
    # every overpayment is summed, stored or not: 150 rounds paid 2.50 too much
    summary = client(people.staff).get(f"/api/audits/submissions/{submission.uuid}/").json()
    assert summary["summary"]["overpaid"] == "375.00"
    assert summary["summary"]["findings"] == submission.finding_count
    assert summary["summary"]["findings_stored"] == 100
    assert "more findings than the service stores" in summary["summary"]["findings_cap_note"]
    assert sum(summary["summary"]["findings_by_code"].values()) == submission.finding_count
    assert submission.clean_rounds == 0  # every round had a finding, stored or not
    # every round was judged: in monitoring, once, marked incomplete
    assert LedgerDay.objects.filter(submission=submission, wager_key="").aggregate(
        n=Sum("rounds"))["n"] == 210  # fmt: skip
    page = Client()
    page.force_login(people.staff)
    assert b"more findings than the service stores" in page.get(
        f"/submissions/{submission.uuid}/").content  # fmt: skip


def test_duplicates_past_the_cap_are_counted_by_code_and_counted_once_in_the_ledger(
    wa, tmp_path, settings
):
    rounds = [round_line(round=f"d{i}") for i in range(6)]
    _validated(wa, tmp_path, log(*rounds[:4]))  # sent before: 4 rounds
    settings.AUDITS_FINDINGS_STORED = 3
    again = _validated(wa, tmp_path, log(*rounds, rounds[5], rounds[5], rounds[4]))
    stored = sorted(again.findings.values_list("line", "code"))
    assert len(stored) == 3 and again.findings_capped
    found = {"duplicate_round": 3, "duplicate_round_submitted": 4}
    for code, n in found.items():  # each one stored or counted, none twice
        assert sum(1 for _, c in stored if c == code) + again.findings_unstored.get(code, 0) == n
    assert again.finding_count == 7
    # the two new rounds alone reach the ledger: what was read before is taken out again
    assert LedgerDay.objects.filter(submission=again, wager_key="").aggregate(
        n=Sum("rounds"))["n"] == 2  # fmt: skip


def test_a_file_under_the_cap_is_unchanged(wa, tmp_path, settings):
    settings.AUDITS_FINDINGS_STORED = 1000
    submission = _validated(wa, tmp_path, log(
        *(round_line(round=f"o{i}", seats__0__results__main="40") for i in range(30))))  # fmt: skip
    assert (submission.findings_stored, submission.finding_count) == (30, 30)
    assert submission.findings_unstored == {} and not submission.findings_capped
    assert LedgerDay.objects.filter(submission=submission).exists()


def test_the_hostile_file_of_the_issue_stays_small(wa, tmp_path):
    """Four lines of 25,000 unknown wager keys (3 MB): 100,000 findings before; now 200."""
    content = log(*(_many_wager_keys(25_000, f"h{i}") for i in range(4)))
    assert len(content) > 2_500_000
    submission = _validated(wa, tmp_path, content)
    assert submission.findings.count() == 200
    assert json.dumps(submission.findings_unstored) == "{}"
    # the invented keys are counted in no total: one row of rounds and one of the main wager
    assert sorted(submission.totals.values_list("wager_key", flat=True)) == ["", "main"]
    assert LedgerDay.objects.filter(submission=submission).count() == 2
