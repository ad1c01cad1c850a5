"""The submission page at 1280 px in Chromium leads with its verdict and its actions: both
within the first screen, for a month's log with findings; a damaged gzip's page says
"Damaged" at the very top. Screenshots in var/screenshots/.

Needs PostgreSQL, as every live-server test (see ``test_web_browser``).
"""

from __future__ import annotations

import gzip
import re
from datetime import date

import pytest

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.submissions.intake import submission_submit
from tests.audits.submissions_support import people  # noqa: F401  (fixture)
from tests.audits.web.browser_support import (  # noqa: F401  (fixtures)
    browser,
    nothing_refused_by_the_policy,
    screenshot,
)
from tests.audits.web.test_web_browser import postgres, sign_in  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db(transaction=True)
SCREEN = {"width": 1280, "height": 800}


def _submitted(path, people, name=None):  # noqa: F811
    with open(path, "rb") as stream:
        return submission_submit(stream, name=name or path.name, licensee=people.licensee,
                                 via="command", now=True).submission  # fmt: skip


def _bottom(page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"] + box["height"]


def test_the_verdict_and_the_actions_are_on_the_first_screen(
    postgres,
    browser,
    live_server,
    people,
    tmp_path,  # noqa: F811
):
    log = tmp_path / "october.jsonl"
    venue = sample_venue_get("WA-CR-0042", date(2026, 10, 5))
    sample_month_generate(log, venue, start=date(2026, 10, 5), days=2, rounds=150,
                          fault_rate=0.05, seed=5)  # fmt: skip
    submission = _submitted(log, people)
    assert submission.finding_count > 0
    packed = bytearray(gzip.compress(log.read_bytes()))
    packed[len(packed) // 2] ^= 0xFF
    damaged_log = tmp_path / "damaged.jsonl.gz"
    damaged_log.write_bytes(bytes(packed))
    damaged = _submitted(damaged_log, people)

    page = sign_in(browser, live_server, people.reviewer)
    page.set_viewport_size(SCREEN)
    page.goto(f"{live_server.url}/submissions/{submission.uuid}/")
    verdict = page.locator("#verdict")
    assert f"{submission.finding_count:,} findings in" in verdict.inner_text()
    for action in ("Findings by kind", "Download the findings (CSV)",
                   "Open a case on findings ticked in the list", "Reports"):  # fmt: skip
        link = verdict.get_by_role("link", name=action)
        assert link.is_visible() and _bottom(page, f"#verdict >> text={action}") <= SCREEN["height"]
    assert _bottom(page, "#verdict") <= SCREEN["height"]
    page.get_by_role("link", name="Open a case on findings ticked in the list").click()
    assert page.locator("#findings").is_visible()  # the link leads to the list to tick
    screenshot(page, "submission-1280")
    _each_kind_has_its_actions_beside_it(page, submission)

    page.goto(f"{live_server.url}/submissions/{damaged.uuid}/")
    headline = page.locator("#verdict .headline")
    assert headline.inner_text().startswith("Damaged file:")
    assert _bottom(page, "#verdict .headline") <= SCREEN["height"] / 2
    assert page.locator("#verdict").get_attribute("role") == "alert"
    screenshot(page, "submission-damaged-1280")
    page.close()


def _each_kind_has_its_actions_beside_it(page, submission) -> None:
    """Beside each kind of finding: list them, download them, open a case on them."""
    rows = page.locator("table.kinds tbody tr")
    assert rows.count() == len(set(submission.findings.values_list("code", flat=True)))
    first = rows.first
    code = first.locator("a[data-filter-code]").get_attribute("data-filter-code")
    csv_link = first.get_by_role("link", name=re.compile(r"\(CSV\)$"))
    href = csv_link.get_attribute("href")
    assert f"code={code}" in href and "format=csv" in href
    first.get_by_role("link", name=re.compile("^Open a case on")).click()
    page.wait_for_url(re.compile(f"code={code}"))
    assert page.locator("#open-case").is_visible()
    codes = page.locator("table code.key").all_inner_texts()
    assert codes and set(codes) == {code}  # the list ticked from is that kind's alone
