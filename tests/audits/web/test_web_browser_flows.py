"""More of the web pages in a real browser (Debian's Chromium through Playwright):

- staff upload a log that a real Celery worker on Redis validates while the page's
  progress bar follows it live, then open a finding's round (the cards as cards);
- a reviewer creates a new paytable version and approves it through its pipeline;
- the permission matrix's key cases, through the pages.

PostgreSQL only (see test_web_browser.py); the worker test also needs Redis.
"""

from __future__ import annotations

import uuid

import pytest

from audits.samples import generate_toss_one
from audits.submissions.models import Submission
from games.models import Approval, Paytable
from tests.audits import worker_support as ws
from tests.audits.submissions_support import people  # noqa: F401  (fixture)
from tests.audits.web.browser_support import (  # noqa: F401  (fixtures)
    browser,
    nothing_refused_by_the_policy,
    screenshot,
)
from tests.audits.web.test_web_browser import postgres, sign_in  # noqa: F401  (fixture)
from tests.audits.worker_support import database_url, redis_broker  # noqa: F401  (fixtures)

pytestmark = pytest.mark.django_db(transaction=True)


def test_staff_watch_validation_live_and_open_a_round(
    database_url,
    redis_broker,
    browser,
    live_server,
    people,
    media,
    tmp_path,  # noqa: F811
):
    log = tmp_path / "live.jsonl"
    generate_toss_one(log, rounds=20_000, start="2026-10-01", days=10, fault_rate=0.01, seed=3)
    queue = f"browser-{uuid.uuid4().hex[:8]}"
    env = ws.worker_env(
        database_url=database_url, broker_url=redis_broker, result_backend=redis_broker,
        queue=queue, media_root=str(media),
    )  # fmt: skip
    with ws.celery_app_on(redis_broker, redis_broker, queue, tmp_path) as session:
        page = sign_in(browser, live_server, people.staff)
        page.get_by_role("link", name="Submit a log").click()
        page.get_by_label("Hand log (.jsonl or .jsonl.gz)").set_input_files(str(log))
        page.get_by_role("button", name="Submit").click()
        page.wait_for_url("**/submissions/*/")
        assert page.locator("[data-progress-url]").is_visible()  # queued: no worker yet
        screenshot(page, "submission-queued")
        worker = session.start_worker("browser", env)
        worker.wait_ready(session.app)
        # the page's script polls and reloads itself when validation ends: no click here
        with ws.waited("the page to reload itself when the worker has validated 20,000 rounds"):
            page.get_by_role("heading", name="Findings by kind").wait_for(timeout=120_000)
    submission = Submission.objects.get(original_name="live.jsonl")
    assert submission.status == "done" and submission.rounds_total == 20_000
    assert page.locator("[data-progress-url]").count() == 0
    screenshot(page, "submission-done")

    finding = submission.findings.filter(code="overpaid").order_by("line").first()
    page.get_by_role("link", name=f"Round on line {finding.line}").first.click()
    page.wait_for_url(f"**/lines/{finding.line}/")
    assert page.get_by_role("heading", name=f"Line {finding.line}").is_visible()
    assert page.get_by_role("img", name="of").count() >= 8  # every card, by its name
    row = page.locator("tr", has=page.get_by_role("rowheader", name=finding.wager_key))
    seat = page.locator(f"section[aria-labelledby='seat-{finding.seat}']")
    assert "overpaid" in seat.locator(row).first.inner_text()
    screenshot(page, "round")


def test_a_reviewer_approves_a_new_paytable_version(
    database_url,
    browser,
    live_server,
    people,  # noqa: F811
):
    base = Approval.objects.get(status="approved", rule_version__game__code="toss-one-21")
    old = base.paytable_links.get(paytable__wager_key="bonus4").paytable
    page = sign_in(browser, live_server, people.reviewer)
    page.get_by_role("link", name="Registry").click()
    page.get_by_role("link", name="Games and rule versions").click()
    screenshot(page, "registry-games")
    page.get_by_role("link", name="v1").first.click()
    assert page.get_by_role("heading", name="Parameters").is_visible()
    screenshot(page, "rule-version")
    page.goto(f"{live_server.url}/registry/paytables/{old.pk}/")
    screenshot(page, "paytable")
    page.get_by_label("Source (the document or letter these pays come from)").fill("letter 2026")
    page.get_by_label("total 4").fill("200 to 1")
    page.get_by_role("button", name="Create the new version").click()
    page.get_by_role("heading", name="Submit this version for approval").wait_for()
    new = Paytable.objects.get(wager_key="bonus4", version=old.version + 1)
    assert new.entries["total_4"] == "200 to 1"

    page.get_by_label("Reference of the new approval").fill("WSGC letter 2026-11-22")
    page.get_by_label("Reason").fill("the manufacturer lowered the top pay")
    page.get_by_role("button", name="Submit for approval").click()
    page.get_by_role("heading", name="WSGC letter 2026-11-22").wait_for()
    for step, reason in (("under review", "reading the letter"), ("approved", "signed today")):
        page.get_by_label("Move to").select_option(label=step)
        page.get_by_label("Reason").fill(reason)
        page.get_by_role("button", name="Record this step").click()
        page.get_by_text(f"now {step.replace(' ', '_')}").wait_for()
    approval = Approval.objects.get(reference="WSGC letter 2026-11-22")
    assert approval.status == "approved" and approval.content_hash
    assert set(approval.paytable_links.values_list("paytable", flat=True)) >= {new.pk}
    assert page.get_by_text("signed today").is_visible()
    screenshot(page, "approval")


def test_the_permission_matrix_key_cases_through_the_pages(
    database_url,
    browser,
    live_server,
    people,  # noqa: F811
):
    approval = Approval.objects.filter(status="approved").first()
    staff = sign_in(browser, live_server, people.other_staff)
    assert staff.goto(f"{live_server.url}/schedules/").status == 403
    assert staff.goto(f"{live_server.url}/registry/jurisdictions/wa-wsgc/limits/new/").status == 403
    staff.goto(f"{live_server.url}/registry/venues/")
    assert staff.get_by_text("WA-CR-0042").count() == 0
    assert staff.get_by_text("WA-TC-0007").count() > 0
    assert staff.get_by_role("link", name="Schedules").count() == 0
    outsider = sign_in(browser, live_server, people.or_reviewer)
    assert outsider.goto(f"{live_server.url}/registry/approvals/{approval.pk}/").status == 404
    anonymous = browser.new_page()
    anonymous.goto(f"{live_server.url}/registry/")
    assert "/accounts/login/" in anonymous.url
