"""Every term of an authorization is enforced for every round (6 decks authorized, 8 dealt),
and every time a person reads is the jurisdiction's local time with its offset, across the
daylight-saving change and the 2023 limit change; a day or a month filter is the local
calendar's. Through the API, the exports, the round page and a report's figures."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.test import Client

from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind
from games.models import Authorization
from tests.audits.conftest import round_line

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import API, client, log, people, post_raw, submit  # noqa: F401

BIG_WIN = {"seats__0__wagers__main": "350", "seats__0__results__main": "525.00"}


def upload(submit, user, content: bytes):
    response = submit(post_raw, client(user), content)
    assert response.status_code == 202, response.content
    return response.json()["id"]


def findings(user, uuid: str, query: str = "") -> list[dict]:
    return client(user).get(f"{API}{uuid}/findings/?page_size=1000&{query}").json()["results"]


# ------------------------------------------------------------------ authorization terms


@pytest.fixture
def six_decks_only(wa):
    authorization = Authorization.objects.get(venue__code="WA-CR-0042", table=None)
    authorization.decks = [6]
    authorization.save()
    return authorization


@pytest.mark.parametrize("fast", [True, False])
def test_an_eight_deck_round_at_a_six_deck_table_is_a_finding(six_decks_only, fast, media):
    from audits.submissions.models import Submission
    from audits.submissions.run.chunk_run import ChunkRun

    run = ChunkRun(Submission(licensee=six_decks_only.venue.licensee), fast=fast)
    run.line(1, round_line(round="six"))
    run.line(2, round_line(round="eight", shoe={"decks": 8}))
    run.close()
    found = [(f.line, f.code, f.rule) for f, _ in run.findings]
    assert [(line, code) for line, code, _ in found] == [(2, "decks_not_authorized")]
    rule = found[0][2]
    assert rule.startswith("authorization of WA-CR-0042 (all tables) under WSGC approval letter")
    assert "from 2018-01-01" in rule


def test_every_term_has_its_own_code_through_the_api(people, submit, six_decks_only):
    content = log(
        round_line(round="clean"),
        round_line(round="decks", shoe={"decks": 8}),
        round_line(round="not-approved-shoe", shoe={"decks": 3}),
        round_line(round="variant", options={"blackjack_pays": "3:2", "lucky3_paytable": "2"}),
        round_line(round="unknown", options={"blackjack_pays": "2:1", "lucky3_paytable": "1"}),
        round_line(round="early", played_at="2017-12-01T20:00:00-08:00"),
    )
    uuid = upload(submit, people.staff, content)
    codes = {f["line"]: (f["code"], f["rule"]) for f in findings(people.staff, uuid)}
    assert {line: code for line, (code, _) in codes.items()} == {
        2: "decks_not_authorized",
        3: "decks_not_approved",
        4: "options_not_authorized",
        5: "options_not_approved",
        6: "not_yet_authorized",
    }
    assert (
        codes[3][1]
        == codes[5][1]
        == "WSGC approval letter, Toss One 21, April 27, 2017 " + ("(wa-wsgc, decided 2017-04-27)")
    )
    assert codes[2][1] == codes[4][1] == codes[6][1] and "authorization of" in codes[2][1]


def test_rules_in_force_shows_the_authorizations_terms(people, six_decks_only):
    query = ("venue=WA-CR-0042&table=T2&game=toss-one-21&at=2026-11-01T21:14:03-08:00"
             "&option=blackjack_pays:3:2&option=lucky3_paytable:1&decks=8")  # fmt: skip
    answer = client(people.staff).get(f"/api/registry/rules-in-force/?{query}").json()
    assert (answer["in_force"], answer["reason_code"]) == (False, "decks_not_authorized")
    assert answer["cited"].startswith("authorization of WA-CR-0042")
    answer = client(people.staff).get(f"/api/registry/rules-in-force/?{query[:-1]}6").json()
    assert answer["in_force"] and answer["authorization"]["decks"] == [6]
    assert answer["authorization"]["conditions_met"][0]["met_on"] == "2018-03-01"


# ------------------------------------------------------------------------- local times

LIMIT_EVE = "2023-08-19T23:30:00-07:00"  # the last evening of the $300 limit
LIMIT_MORNING = "2023-08-20T00:30:00-07:00"  # the first hour of the $400 limit
DST_FIRST = "2026-11-01T01:30:00-07:00"  # 01:30 PDT, then the clocks go back...
DST_SECOND = "2026-11-01T01:30:00-08:00"  # ...and 01:30 PST comes again


@pytest.fixture
def local_log(people, submit):
    content = log(
        round_line(round="eve", played_at=LIMIT_EVE, **BIG_WIN),
        round_line(round="morning", played_at=LIMIT_MORNING, **BIG_WIN),
        round_line(round="first", played_at=DST_FIRST, seats__0__results__main="30"),
        round_line(round="second", played_at=DST_SECOND, seats__0__results__main="30"),
    )
    return upload(submit, people.staff, content)


def test_the_limit_change_is_judged_and_shown_on_the_local_date(people, local_log):
    rows = findings(people.staff, local_log)
    eve = [f for f in rows if f["round"] == "eve"]
    assert [f["code"] for f in eve] == ["over_limit"] and "300" in eve[0]["message"]
    assert eve[0]["played_at"] == LIMIT_EVE  # in UTC it is already the 20th
    assert not [f for f in rows if f["round"] == "morning"]  # $350 under the $400 limit


def test_times_across_the_clock_change_keep_their_offsets(people, local_log):
    rows = {f["round"]: f["played_at"] for f in findings(people.staff, local_log)}
    assert (rows["first"], rows["second"]) == (DST_FIRST, DST_SECOND)


@pytest.mark.parametrize(
    "query, rounds",
    [
        ("played_on=2026-11-01", {"first", "second"}),  # a 25-hour local day
        ("played_on=2023-08-19", {"eve"}),
        ("played_on=2023-08-20", set()),
        ("played_in=2026-11", {"first", "second"}),
        ("played_in=2023-08", {"eve"}),
        ("played_after=2023-08-20", {"first", "second"}),  # a date: local midnight
        ("played_before=2023-08-20", {"eve"}),
        ("played_after=2026-11-01T01:30:00-08:00", {"second"}),
    ],
)
def test_day_and_month_filters_are_the_local_calendars(people, local_log, query, rounds):
    assert {f["round"] for f in findings(people.staff, local_log, query)} == rounds


@pytest.mark.parametrize("query", ["played_on=2026-13-01", "played_in=2026-13", "played_in=26"])
def test_malformed_days_and_months_are_400(people, local_log, query):
    response = client(people.staff).get(f"{API}{local_log}/findings/?{query}")
    assert response.status_code == 400


def test_exports_are_in_local_time(people, local_log):
    base = f"{API}{local_log}/findings/?format="
    jsonl = b"".join(client(people.staff).get(base + "jsonl").streaming_content).decode()
    assert {json.loads(line)["played_at"] for line in jsonl.splitlines()} == {
        LIMIT_EVE,
        DST_FIRST,
        DST_SECOND,
    }
    text = b"".join(client(people.staff).get(base + "csv").streaming_content).decode()
    assert {row["played_at"] for row in csv.DictReader(io.StringIO(text))} == {
        LIMIT_EVE,
        DST_FIRST,
        DST_SECOND,
    }


def test_the_submission_and_its_report_are_in_local_time(people, local_log):
    detail = client(people.staff).get(f"{API}{local_log}/").json()
    assert detail["submitted_at"][-6:] in ("-07:00", "-08:00")
    assert detail["finished_at"][-6:] in ("-07:00", "-08:00")
    from audits.submissions.models import Submission

    report = report_request(kind=ReportKind.SUBMISSION, submission=Submission.objects.get())
    figures = report_figures(report)
    (item,) = figures["inputs"]
    assert (item["first_round_at"], item["last_round_at"]) == (LIMIT_EVE, DST_SECOND)
    assert figures["report"]["generated_at"][-6:] in ("-07:00", "-08:00")


def test_the_round_page_shows_the_local_time(people, local_log):
    web = Client()
    web.force_login(people.staff)
    page = web.get(f"/submissions/{local_log}/lines/1/").content.decode()
    assert "2023-08-19 23:30:00 -0700" in page
    page = web.get(f"/submissions/{local_log}/lines/4/").content.decode()
    assert "2026-11-01 01:30:00 -0800" in page
