"""Every page a reviewer or a licensee's staff opens reads at 1280 px in Chromium: nothing
wider than the window, and no word broken inside (a word's letters on two lines). A hash
(shown to be copied, broken anywhere) and the raw line of a log are the only exceptions.

Needs PostgreSQL, as every live-server test (see ``test_web_browser``).
"""

from __future__ import annotations

from datetime import date

import pytest

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.submissions.intake import submission_submit
from games.models import Approval
from tests.audits.submissions_support import people  # noqa: F401  (fixture)
from tests.audits.web.browser_support import (  # noqa: F401  (fixtures)
    browser,
    nothing_refused_by_the_policy,
    screenshot,
)
from tests.audits.web.test_web_browser import postgres, sign_in  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

#: Words (split at hyphens, slashes, underscores and punctuation, where a line may break)
#: whose letters are laid out on more than one line; hashes and raw lines are meant to wrap.
BROKEN_WORDS = r"""() => {
  const broken = [];
  const skip = (el) => el && el.closest("code.hash, pre, .visually-hidden, script, style");
  const walker = document.createTreeWalker(document.querySelector("main") || document.body,
                                           NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    if (skip(node.parentElement)) continue;
    const pieces = /[^\s\-\/_.,:;()\[\]"“”'’]{3,}/g;
    let m;
    while ((m = pieces.exec(node.textContent))) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                           .map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


def pages_of(submission, line: int) -> list[str]:
    approval = Approval.objects.get(status="approved", rule_version__game__code="toss-one-21")
    base = f"/submissions/{submission.uuid}"
    return [
        "/", "/submissions/", f"{base}/", f"{base}/?severity=critical", f"{base}/lines/{line}/",
        "/monitoring/", "/monitoring/venues/WA-CR-0042/", "/cases/", "/reports/",
        "/reports/verify/", "/handlog-format/", "/registry/jurisdictions/wa-wsgc/",
        "/registry/games/", "/registry/approvals/", f"/registry/approvals/{approval.pk}/",
        "/registry/venues/", f"/registry/rule-versions/{approval.rule_version_id}/",
        f"/registry/paytables/{approval.paytable_links.first().paytable_id}/",
        "/registry/documents/", "/registry/documents/001_763f04d33639373a.txt/",
    ]  # fmt: skip


def test_every_page_reads_at_1280_px_without_a_word_broken(
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
    with open(log, "rb") as stream:
        submission = submission_submit(stream, name=log.name, licensee=people.licensee,
                                       via="command", now=True).submission  # fmt: skip
    line = submission.findings.filter(code__in=("overpaid", "underpaid")).first().line
    problems = []
    for who, user in (("reviewer", people.reviewer), ("staff", people.staff)):
        page = sign_in(browser, live_server, user)
        page.set_viewport_size({"width": 1280, "height": 900})
        for path in pages_of(submission, line):
            answer = page.goto(f"{live_server.url}{path}")
            assert answer.ok, (who, path, answer.status)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            broken = page.evaluate(BROKEN_WORDS)
            if overflow > 0 or broken:
                problems.append(f"{who} {path}: {overflow} px too wide, broken: {broken[:8]}")
        screenshot(page, f"1280-{who}-last")
        page.close()
    assert not problems, "\n".join(problems)
