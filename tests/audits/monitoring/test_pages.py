"""The ledger's pages and API: what each role sees of a venue's gaming days (the matrix in
test_web_matrix.py holds who may see which venue)."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from rest_framework.test import APIClient

from audits.monitoring.models import DeviationTest, LedgerDay
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db
URL = "/api/audits/venues/WA-CR-0042/ledger/"


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_gives_the_latest_day_with_month_and_year_to_date(validated, people):  # noqa: F811
    body = api(people.staff).get(URL).json()
    assert body["gaming_day"] == "2026-10-13"  # the fourth of four days from 10 October
    rounds = {name: sum(x["rounds"] for x in body[name] if x["wager_key"] == "")
              for name in ("day", "month_to_date", "year_to_date")}  # fmt: skip
    stored = sum(r.rounds for r in LedgerDay.objects.filter(wager_key=""))
    last = LedgerDay.objects.filter(wager_key="", gaming_day=date(2026, 10, 13))
    on_day = sum(r.rounds for r in last)
    assert rounds == {"day": on_day, "month_to_date": stored, "year_to_date": stored}
    assert 1000 < stored <= 1200 and 0 < on_day < stored
    main = [x for x in body["year_to_date"] if x["wager_key"] == "main"]
    assert main and all(x["hold"] is not None and x["wagered"] != "0.00" for x in main)


def test_the_api_answers_a_day_asked_for_and_refuses_a_malformed_one(validated, people):  # noqa: F811
    body = api(people.reviewer).get(URL, {"day": "2026-10-11"}).json()
    assert body["gaming_day"] == "2026-10-11"
    assert {x["table"] for x in body["day"]} >= {"T1", "T2"}
    early = api(people.reviewer).get(URL, {"day": "2026-10-09"}).json()
    assert early["day"] == [] and early["month_to_date"] == []
    bad = api(people.reviewer).get(URL, {"day": "10/11/2026"})
    assert bad.status_code == 400 and bad.json()["field"] == "day"
    assert "is not a date" in bad.json()["message"]


def test_the_api_answers_any_range_of_gaming_days(validated, people):  # noqa: F811
    """``from`` and ``to`` add the range asked, summed from the stored days: two days in the
    middle of the four, one end left to its default, and a range turned round is a 400."""
    body = api(people.staff).get(URL, {"from": "2026-10-11", "to": "2026-10-12"}).json()
    assert (body["range_from"], body["range_to"]) == ("2026-10-11", "2026-10-12")
    inside = LedgerDay.objects.filter(gaming_day__in=[date(2026, 10, 11), date(2026, 10, 12)])
    for key in ("", "main"):
        got = {x["table"]: (x["rounds"], x["wagered"]) for x in body["range"]
               if x["wager_key"] == key and x["game"] == "toss-one-21"}  # fmt: skip
        stored: dict = {}
        for row in inside.filter(wager_key=key, game="toss-one-21"):
            rounds, wagered = stored.get(row.table, (0, 0))
            stored[row.table] = (rounds + row.rounds, wagered + row.wagered)
        assert got == {t: (r, f"{w:.2f}") for t, (r, w) in stored.items()} and got
    everything = sum(r.rounds for r in LedgerDay.objects.filter(wager_key=""))
    whole = sum(x["rounds"] for x in api(people.staff).get(URL, {"to": "2026-10-13"}).json()
                ["range"] if x["wager_key"] == "")  # fmt: skip
    assert whole == everything  # from: 1 January of the year of ``to``
    assert api(people.staff).get(URL).json()["range"] == []  # no range asked, none given
    turned = api(people.staff).get(URL, {"from": "2026-10-12", "to": "2026-10-11"})
    assert turned.status_code == 400 and turned.json()["field"] == "from"
    assert api(people.other_staff).get(URL, {"from": "2026-10-11"}).status_code == 404


def test_the_page_shows_the_three_periods_and_says_when_a_day_is_malformed(validated, people):  # noqa: F811
    client = Client()
    client.force_login(people.staff)
    page = client.get("/monitoring/venues/WA-CR-0042/", {"day": "2026-10-12"}).content.decode()
    assert "Gaming days begin at 06:00 (America/Los_Angeles)" in page
    assert page.count("<h2>") == 3 and "Month to date (2026-10-12)" in page
    assert "Toss One 21" in page and "toss-one-21" not in page and "%" in page  # words
    bad = client.get("/monitoring/venues/WA-CR-0042/", {"day": "yesterday"}).content.decode()
    assert "&#x27;yesterday&#x27; is not a date such as" in bad and "Gaming day (2026-10-13)" in bad
    listing = client.get("/monitoring/").content.decode()
    assert "WA-CR-0042" in listing and "2026-10-13" in listing


def test_another_licensees_staff_sees_no_ledger_of_the_venue(validated, people):  # noqa: F811
    assert api(people.other_staff).get(URL).status_code == 404
    client = Client()
    client.force_login(people.other_staff)
    assert "WA-CR-0042" not in client.get("/monitoring/").content.decode()


def test_each_wager_is_held_against_its_par_sheet_with_an_interval(validated, people):  # noqa: F811
    """The interval is the exact one of the par sheet over as many (effective) wagers: close
    to the normal approximation computed here from the sheet's outcomes over the rows' own
    stakes, and a line is a deviation exactly when tested and its p is at most 5%."""
    import math

    from audits.par.hold import unit_spread
    from audits.par.rules import place_rules

    body = api(people.reviewer).get(URL).json()
    lines = [x for x in body["year_to_date"] if x["wager_key"] == "main"]
    assert {x["table"] for x in lines} >= {"T1", "T2", "T3", "T4"}
    unknown = [x for x in lines if x["table"] not in ("T1", "T2", "T3", "T4")]
    assert all(x["theoretical_hold"] is None and not x["tested"] for x in unknown)
    lines = [x for x in lines if x not in unknown]
    for x in lines:
        rules = place_rules("WA-CR-0042", x["table"], x["game"], date(2026, 10, 13))
        sheet = next(w["sheet"] for w in rules["wagers"] if w["wager_key"] == "main")
        edge, sd = unit_spread(sheet)  # computed here from the sheet's outcomes
        rows = LedgerDay.objects.filter(table=x["table"], wager_key="main")
        wagered = sum(r.wagered for r in rows)
        effective = float(wagered**2 / sum(r.stake_squares for r in rows))  # Kish
        half = 1.959964 * sd / math.sqrt(effective)
        assert math.isclose(x["theoretical_hold"], edge, rel_tol=1e-9)
        assert x["interval_low"] == pytest.approx(edge - half, rel=0.05, abs=0.002)
        assert x["interval_high"] == pytest.approx(edge + half, rel=0.05, abs=0.002)
        observed = float(x["hold"])
        outside = not x["interval_low"] <= observed <= x["interval_high"]
        assert x["confidence"] == 0.95 and (x["p_value"] <= 0.05) == outside
        assert x["deviation"] == (x["tested"] and outside)
    rounds = [x for x in body["year_to_date"] if x["wager_key"] == ""]
    assert all(x["theoretical_hold"] is None and not x["deviation"] for x in rounds)
    client = Client()
    client.force_login(people.reviewer)
    page = client.get("/monitoring/venues/WA-CR-0042/").content.decode()
    assert "Par hold" in page and f"{lines[0]['theoretical_hold']:.2%}" in page
    assert "Flagged: deviations this year to 2026-10-13" in page
    test = DeviationTest.objects.get(venue="WA-CR-0042", month=date(2026, 10, 1))
    said = f"{test.flagged} hold{'s' if test.flagged != 1 else ''} flagged" if test.flagged else (
        "no hold flagged"
    )
    assert f"{said}</strong>\nof {test.tests:,} tested together" in page
    assert test.tests >= 12  # each day's tables and wagers, the venue's
    assert "a\nvenue's year shows any flag at most 5 times in 100" in page
    assert "A\nhold above or below par's band is flagged" in page  # the jurisdiction's tails
    flags, tables = page.index("Flagged: deviations"), page.index("<h2>Gaming day")
    assert flags < page.index("<figure") < tables  # flags first, charts, then the tables
    assert '<details class="period"><summary><h2>Gaming day' in page  # folded below


def test_deviations_over_the_api_and_on_the_page(validated, people):  # noqa: F811
    """A deviation kept for the venue is listed to its licensee's staff and to reviewers,
    within the dates asked; never to another licensee's staff."""
    from decimal import Decimal

    from audits.monitoring.models import Deviation

    kept = Deviation.objects.create(
        licensee=validated.licensee, venue="WA-CR-0042", table="T3", game="toss-one-21",
        wager_key="main", period="day", first_day=date(2026, 10, 12),
        last_day=date(2026, 10, 12), wagers=900, wagered=Decimal("19000"),
        house_won=Decimal("2900"), observed_hold=0.1526, theoretical_hold=0.0041,
        interval_low=-0.0611, interval_high=0.0701, p_value=0.00012,
        confidence=Decimal("0.95"), method="exact", basis=[{"table": "T3"}],
    )  # fmt: skip
    url = "/api/audits/venues/WA-CR-0042/deviations/"
    rows = api(people.staff).get(url, {"to": "2026-10-31"}).json()
    assert [(r["id"], r["table"], r["p_value"]) for r in rows] == [(kept.pk, "T3", 0.00012)]
    assert api(people.reviewer).get(url, {"from": "2026-10-13", "to": "2026-10-31"}).json() == []
    assert api(people.other_staff).get(url).status_code == 404
    bad = api(people.reviewer).get(url, {"to": "31/10/2026"})
    assert bad.status_code == 400 and bad.json()["field"] == "to"
    client = Client()
    client.force_login(people.staff)
    page = client.get("/monitoring/venues/WA-CR-0042/", {"day": "2026-10-13"}).content.decode()
    assert "gaming day 2026-10-12" in page and "15.26%" in page and "-6.11% to 7.01%" in page


def test_the_page_draws_the_daily_hold_against_its_band_without_a_script(validated, people):  # noqa: F811
    client = Client()
    client.force_login(people.reviewer)
    page = client.get("/monitoring/venues/WA-CR-0042/", {"day": "2026-10-13"}).content.decode()
    assert page.count('<svg viewBox="0 0 640 220" role="img"') >= 1
    assert "Daily hold, Toss One 21 main wager, month to 2026-10-13" in page
    assert "<script" not in page.split("<main", 1)[1]  # drawn by the server, nothing fetched
    assert 'class="band"' in page and page.count("<circle") >= 4  # four gaming days
    for day in ("2026-10-10", "2026-10-11", "2026-10-12", "2026-10-13"):
        assert f"<td>{day}</td>" in page  # the figures beside the picture


def test_the_lists_end_by_default_on_the_venues_gaming_day_now(validated, people, monkeypatch):  # noqa: F811
    """At 05:00 in Washington on 1 November (13:00 UTC), the gaming day (from 06:00) is still
    31 October, whatever the server's own date; ``from`` after ``to`` is refused."""
    from datetime import UTC, datetime

    from audits.doors import api as base
    from games.models import Venue

    now = datetime(2026, 11, 1, 13, 0, tzinfo=UTC)
    monkeypatch.setattr(base.timezone, "now", lambda: now)
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    assert base.query_days({}, venue) == (date(2026, 1, 1), date(2026, 10, 31))
    assert base.query_days({"to": "2026-11-03"}, venue) == (date(2026, 1, 1), date(2026, 11, 3))
    url = "/api/audits/venues/WA-CR-0042/seats/"
    bad = api(people.reviewer).get(url, {"from": "2026-10-31", "to": "2026-10-01"})
    assert bad.status_code == 400 and bad.json()["field"] == "from"
    seats = api(people.staff).get(url).json()  # the year to 31 October: the validated days
    assert seats and sum(s["rounds"] for s in seats) > 1000
