"""The web pages in a real browser (Debian's Chromium through Playwright) against a live
server: staff sign in, upload a log, follow it, filter its findings, ask for the signed
report, download it and verify it; another licensee's staff cannot open it.

Needs PostgreSQL: the live server is a transactional test, and emptying the tables
afterwards on SQLite means DELETE, which the registry's immutability triggers refuse.
"""

from __future__ import annotations

import hashlib

import pytest
from django.db import connection

from audits.reports.models import Report
from audits.samples import generate_toss_one
from audits.submissions import intake
from audits.submissions.models import Submission
from games.models import Approval
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)
from tests.audits.web.browser_support import (  # noqa: F401  (fixtures)
    browser,
    nothing_refused_by_the_policy,
    screenshot,
)

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a long test password"


@pytest.fixture
def postgres(transactional_db):
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL: a live-server test empties its tables afterwards, which on "
            f"{connection.vendor} the registry's immutability triggers refuse "
            "(run with DATABASE_URL=postgresql://...)"
        )


def sign_in(browser, live_server, user):  # noqa: F811
    user.set_password(PASSWORD)
    user.save()
    page = browser.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill(user.get_username())
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{live_server.url}/")
    return page


def test_staff_upload_follow_report_and_verify(
    postgres, browser, live_server, people, signing, tmp_path
):
    log = tmp_path / "browser.jsonl"
    generate_toss_one(log, rounds=300, start="2026-10-05", days=2, fault_rate=0.05, seed=8)
    page = sign_in(browser, live_server, people.staff)
    assert page.get_by_role("heading", name="Your work").is_visible()
    screenshot(page, "dashboard")

    page.get_by_role("link", name="Submit a log").click()
    page.get_by_label("Hand log (.jsonl or .jsonl.gz)").set_input_files(str(log))
    page.get_by_role("button", name="Submit").click()
    page.wait_for_url("**/submissions/*/")
    submission = Submission.objects.get(original_name="browser.jsonl")
    assert submission.status == "done" and page.get_by_text("browser.jsonl").first.is_visible()
    screenshot(page, "submission")

    page.evaluate("() => { window.notReloaded = true; }")
    page.locator("form.findings-filter select[name=code]").select_option("overpaid")
    page.wait_for_url("**code=overpaid**")  # the list swapped in place, the address kept
    assert page.evaluate("() => window.notReloaded === true")  # no page load
    rows = page.locator("#findings-results table tbody tr")
    assert rows.count() == submission.findings.filter(code="overpaid").count() > 0
    screenshot(page, "findings-overpaid")

    page.get_by_role("button", name="Ask for this submission's signed report").click()
    page.wait_for_url("**/reports/")
    screenshot(page, "reports")
    with page.expect_download() as download:
        page.get_by_role("link", name="download").first.click()
    pdf = tmp_path / "report.pdf"
    download.value.save_as(pdf)
    report = Report.objects.get(submission=submission)
    assert hashlib.sha256(pdf.read_bytes()).hexdigest() == report.sha256  # the issued bytes

    page.get_by_role("link", name="Verify a report").click()
    page.get_by_label("Report (PDF)").set_input_files(str(pdf))
    page.get_by_role("button", name="Verify").click()
    assert page.get_by_text("Valid: signed, intact, trusted and unchanged").is_visible()
    screenshot(page, "verified")

    other = sign_in(browser, live_server, people.other_staff)
    response = other.goto(f"{live_server.url}/submissions/{submission.uuid}/")
    assert response.status == 404


def test_an_upload_answers_at_once_and_shows_its_progress(
    postgres, browser, live_server, people, settings, tmp_path
):
    """The embedded mode: the validation runs in a thread of the server, the page answers
    with the progress bar (lines, rounds, findings so far, time left), then shows the result
    by itself."""
    settings.EMBEDDED_VALIDATION_THREAD = True
    settings.SUBMISSION_CHUNK_LINES = 300  # a step of the bar every 300 lines
    log = tmp_path / "progress.jsonl"
    generate_toss_one(log, rounds=2400, start="2026-10-05", days=6, fault_rate=0.05, seed=9)
    page = sign_in(browser, live_server, people.staff)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("link", name="Submit a log").click()
    page.get_by_label("Hand log (.jsonl or .jsonl.gz)").set_input_files(str(log))
    with intake._EAGER_VALIDATION:  # another validation is running: this one waits its turn
        page.get_by_role("button", name="Submit").click()
        page.wait_for_url("**/submissions/*/")  # answered before its validation began
        assert page.get_by_text("Queued for validation").is_visible()
        screenshot(page, "upload-queued")
    page.wait_for_selector("text=Findings by kind", timeout=120_000)  # reloaded by itself
    submission = Submission.objects.get(original_name="progress.jsonl")
    assert submission.status == "done" and submission.chunk_count >= 8
    assert page.get_by_text("progress.jsonl").first.is_visible()


def test_pages_fit_a_phone_screen(postgres, browser, live_server, people):
    page = sign_in(browser, live_server, people.reviewer)
    page.set_viewport_size({"width": 390, "height": 844})
    approval = Approval.objects.get(status="approved", rule_version__game__code="toss-one-21")
    registry = (
        "/registry/jurisdictions/wa-wsgc/", "/registry/games/", "/registry/approvals/",
        f"/registry/approvals/{approval.pk}/", "/registry/venues/",
        f"/registry/rule-versions/{approval.rule_version_id}/",
        f"/registry/paytables/{approval.paytable_links.first().paytable_id}/",
    )  # fmt: skip
    for path in ("/", "/submissions/", "/reports/", "/reports/verify/", "/schedules/", *registry):
        page.goto(f"{live_server.url}{path}")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (path, overflow)
    screenshot(page, "phone-verify")


#: The client rectangles of each column header's text: one per line it takes.
HEADER_LINES = """() => [...document.querySelectorAll("table thead th")].map(th => {
  const range = document.createRange();
  range.selectNodeContents(th);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [th.textContent.trim(), tops.size];
})"""


def test_a_rounds_wager_table_reads_at_1280_px(postgres, browser, live_server, people, tmp_path):
    """No column header breaks inside a word ("Wage r", "Verdi ct") on a round of Ante Up
    21, the widest wager table (a rule citation per wager)."""
    from audits.samples.blackjack import generate_blackjack
    from audits.submissions.intake import submission_submit

    log = tmp_path / "ante-up.jsonl"
    generate_blackjack(log, game="ante-up-21", rounds=60, days=1, fault_rate=0.1, seed=3)
    with open(log, "rb") as stream:
        submission = submission_submit(stream, name=log.name, licensee=people.licensee,
                                       via="command", now=True).submission  # fmt: skip
    line = submission.findings.filter(code__in=("overpaid", "underpaid")).first().line
    page = sign_in(browser, live_server, people.staff)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/submissions/{submission.uuid}/lines/{line}/")
    headers = page.evaluate(HEADER_LINES)
    assert ["Verdict", 1] in headers and any(h[0] == "Wager" for h in headers), headers
    for text, lines in headers:
        assert lines <= len(text.split()), (text, lines)  # a header breaks between words only
    screenshot(page, "round-1280")


def test_the_browser_refuses_an_inline_script_on_our_pages(postgres, browser, live_server):  # noqa: F811
    """The policy holds in the browser: a script written into the page does not run, and the
    watch every browser test keeps sees the refusal."""
    page = browser.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    with page.expect_console_message(lambda m: "Content Security Policy" in m.text):
        page.evaluate("""() => { const s = document.createElement('script');
            s.textContent = 'window.ran = true'; document.head.appendChild(s); }""")
    assert page.evaluate("() => window.ran === true") is False
    assert any("script-src" in text for text in browser.refused)
    browser.refused.clear()


def test_report_schedules_read_in_words_with_their_next_run_at_1280_px(
    postgres, browser, live_server, people
):
    from django.core.management import call_command

    call_command("create_report_schedules", "wa-wsgc")
    page = sign_in(browser, live_server, people.reviewer)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/schedules/")
    row = page.get_by_role("row", name="monthly report WA-CR-0042")
    assert row.get_by_role("cell", name="At 06:00, on day 2 of the month").is_visible()
    assert row.get_by_role("cell", name="the previous month", exact=True).is_visible()
    assert row.get_by_role("button", name="Pause monthly report WA-CR-0042").is_visible()
    quarterly = page.get_by_role("row", name="quarterly summary wa-wsgc")
    assert "only in January, April, July, and October" in quarterly.inner_text()
    next_run = row.get_by_role("cell").nth(4).inner_text()
    assert next_run.endswith(("06:00 -0800", "06:00 -0700")) and "-02 " in next_run
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    screenshot(page, "schedules")
