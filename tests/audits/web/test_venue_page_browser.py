"""The venue's monitoring page in Chromium at 1280 px, as a reviewer reads it: what is
flagged first (the month's holds tested together, and how often chance alone would flag a
month), then each game's chart with its par band, then the day, month and year tables
folded until asked for; nothing wider than the window.

Needs PostgreSQL, as every live-server test (see ``test_web_browser``).
"""

from __future__ import annotations

from datetime import date

import pytest

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.monitoring.models import DeviationTest
from audits.submissions.intake import submission_submit
from games.engine.names import game_words
from tests.audits.submissions_support import people  # noqa: F401  (fixture)
from tests.audits.web.browser_support import (  # noqa: F401  (fixtures)
    browser,
    nothing_refused_by_the_policy,
    screenshot,
)
from tests.audits.web.test_web_browser import postgres, sign_in  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_venue_page_leads_with_what_is_flagged(
    postgres,
    browser,
    live_server,
    people,
    tmp_path,  # noqa: F811
):
    log = tmp_path / "october.jsonl"
    venue = sample_venue_get("WA-CR-0042", date(2026, 10, 5))
    sample_month_generate(log, venue, start=date(2026, 10, 5), days=3, rounds=300,
                          fault_rate=0.02, seed=11)  # fmt: skip
    with open(log, "rb") as stream:
        submission_submit(stream, name=log.name, licensee=people.licensee, via="command",
                          now=True)  # fmt: skip
    test = DeviationTest.objects.get(venue="WA-CR-0042", month=date(2026, 10, 1))
    page = sign_in(browser, live_server, people.reviewer)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/monitoring/venues/WA-CR-0042/")
    flagged = page.get_by_role("heading", name="Flagged: deviations this year to 2026-10-07")
    assert flagged.is_visible()
    standing = page.locator("p.standing")
    said = f"{test.flagged} hold{'s' if test.flagged != 1 else ''} flagged" if test.flagged else (
        "no hold flagged"
    )
    assert f"{said} of {test.tests:,} tested together" in " ".join(standing.inner_text().split())
    assert "at most 5 times in 100" in standing.inner_text()
    charts = page.locator("figure.chart")
    captions = " ".join(charts.locator("figcaption").all_inner_texts())
    for game in ("toss-one-21", "ante-up-21", "blackjack-tie-bonus"):
        assert f"Daily hold, {game_words(game)} " in captions  # a chart for every game, named
    assert charts.locator("polygon.band").count() == charts.count() == 3  # each with its band
    assert charts.first.bounding_box()["y"] > flagged.bounding_box()["y"]  # flags first
    day_table = page.locator("details.period").first
    assert not day_table.locator("table").first.is_visible()  # folded
    day_table.locator("summary").click()
    assert day_table.locator("table").first.is_visible()
    assert day_table.locator("summary").bounding_box()["y"] > charts.last.bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    screenshot(page, "venue-1280")
