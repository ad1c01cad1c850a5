"""A case's whole life in a real browser (Debian's Chromium through Playwright): a reviewer
ticks two findings and opens a case, the licensee's staff find it in their queue and answer
with a file, the reviewer reads the answer and its digest and closes the case with an outcome.

PostgreSQL only (see test_web_browser.py).
"""

from __future__ import annotations

import hashlib

import pytest

from audits.investigations.cases import evidence_path
from audits.investigations.models import Case
from audits.samples import generate_toss_one
from audits.submissions.intake import submission_validate_now
from audits.submissions.storage import submission_store
from tests.audits.submissions_support import people  # noqa: F401  (fixture)
from tests.audits.web.browser_support import (  # noqa: F401  (fixtures)
    browser,
    nothing_refused_by_the_policy,
    screenshot,
)
from tests.audits.web.test_web_browser import postgres, sign_in  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db(transaction=True)
EVIDENCE = b"Surveillance review, table T2, 2026-10-11 21:14: dealer paid 3:2 on a push.\n"


def test_a_case_from_findings_to_its_outcome_in_the_browser(
    postgres,
    browser,
    live_server,
    people,
    tmp_path,  # noqa: F811
):
    log = tmp_path / "october.jsonl"
    generate_toss_one(log, rounds=400, start="2026-10-10", days=2, fault_rate=0.05, seed=21)
    with open(log, "rb") as stream:
        submission, _ = submission_store(stream, original_name=log.name, licensee=people.licensee)
    submission = submission_validate_now(submission)
    overpaid = list(submission.findings.filter(code="overpaid").order_by("line")[:2])
    assert len(overpaid) == 2

    reviewer = sign_in(browser, live_server, people.reviewer)
    reviewer.goto(f"{live_server.url}/submissions/{submission.uuid}/?code=overpaid")
    for finding in overpaid:
        reviewer.get_by_label(f"Finding on line {finding.line} (overpaid) in a case").check()
    reviewer.get_by_label("Title").fill("Two overpayments at T2")
    reviewer.get_by_label("What is to be explained").fill("Who dealt, and what was done?")
    reviewer.get_by_role("button", name="Open a case").click()
    reviewer.wait_for_url("**/cases/*/")
    case = Case.objects.get()
    assert "awaiting the licensee" in reviewer.locator("#case-status").inner_text()
    screenshot(reviewer, "case-opened")

    staff = sign_in(browser, live_server, people.staff)
    staff.get_by_role("link", name="Cases").click()
    staff.get_by_role("region", name="Awaiting you").get_by_role("link", name=str(case.pk)).click()
    staff.wait_for_url(f"**/cases/{case.pk}/")
    evidence = tmp_path / "surveillance.txt"
    evidence.write_bytes(EVIDENCE)
    staff.get_by_label("Explanation").fill("The dealer misread a push as a blackjack.")
    staff.get_by_label("Cause").select_option("dealer_error")
    staff.get_by_label("Corrective action").fill("Dealer retrained; supervisor on the table.")
    staff.get_by_label("Evidence files").set_input_files(str(evidence))
    staff.get_by_role("button", name="Send the answer").click()
    staff.wait_for_url(f"**/cases/{case.pk}/")
    assert "awaiting the reviewer" in staff.locator("#case-status").inner_text()
    assert staff.get_by_role("button", name="Send the answer").count() == 0
    screenshot(staff, "case-answered")

    reviewer.reload()
    digest = hashlib.sha256(EVIDENCE).hexdigest()
    assert digest in reviewer.content() and "surveillance.txt" in reviewer.content()
    reviewer.get_by_label("Decision").select_option("accept")
    reviewer.get_by_label("Outcome (to close)").select_option("corrected")
    reviewer.get_by_label("Words for the record").fill("Answer accepted.")
    reviewer.get_by_role("button", name="Record the decision").click()
    reviewer.wait_for_url(f"**/cases/{case.pk}/")
    assert reviewer.locator("#case-status").inner_text().startswith("closed")
    assert "corrected by the licensee" in reviewer.locator("#case-outcome").inner_text()
    screenshot(reviewer, "case-closed")

    case.refresh_from_db()
    assert (case.status, case.outcome) == ("closed", "corrected")
    assert [s.kind for s in case.steps.all()] == ["opened", "answered", "accepted"]
    kept = case.steps.get(kind="answered").evidence.get()
    assert kept.sha256 == digest and evidence_path(kept).read_bytes() == EVIDENCE
