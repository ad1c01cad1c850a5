"""The findings of a submission over the API: filters, pagination, and the JSON Lines and CSV
exports of every filtered finding with the contract's fields."""

from __future__ import annotations

import csv
import io
import json

import pytest

from audits.submissions.models import Finding, Submission
from audits.submissions.summary import finding_dicts, findings_of
from audits.validation.finding_words import FINDING_WORDS
from games.services.defined_wagers import wager_title
from tests.audits.conftest import round_line

# ruff: noqa: F811 (the fixtures imported from submissions_support are test arguments)
from tests.audits.submissions_support import API, client, log, people, post_raw, submit  # noqa: F401

CONTRACT = ("line", "round", "seat", "key", "code", "group", "severity", "message", "rule")
FIELDS = (
    *CONTRACT,
    "expected",
    "recorded",
    "venue",
    "table",
    "game",
    "played_at",
    "dealer",
    "shift",
)

SEAT_2 = {
    "seat": 2,
    "cards": ["2S", "3H", "4C", "5D"],
    "toss": "2S",
    "wagers": {"main": "10"},
    "results": {"main": "10"},
}


def _two_seats() -> bytes:
    first = json.loads(round_line())["seats"][0]
    return round_line(
        round="T2-two-seats",
        played_at="2026-11-02T10:00:00-08:00",
        seats=[first, dict(SEAT_2, results={"main": "30"})],
    )


@pytest.fixture
def audited(people, submit):
    """A validated submission of DEMO-0001 with 29 findings:

    line 2 underpaid (T2, seat 1, main); line 3 not JSON; line 4 overpaid (T3, lucky3);
    line 5 overpaid on seat 2 (T2, played 2 November); lines 6-30 underpaid at T4 on 3 November.
    """
    lines = [
        round_line(round="a0"),
        round_line(round="a1", seats__0__results__main="30"),
        b"not json",
        round_line(round="a3", table="T3", seats__0__results__lucky3="40"),
        _two_seats(),
        *(
            round_line(
                round=f"b{i}",
                table="T4",
                played_at="2026-11-03T12:00:00-08:00",
                seats__0__results__main="30",
            )
            for i in range(25)
        ),
    ]
    response = submit(post_raw, client(people.staff), log(*lines), name="nov.jsonl")
    assert response.status_code == 202, response.json()
    submission = Submission.objects.get(uuid=response.json()["id"])
    assert submission.status == "done"
    assert submission.finding_count == 29, list(submission.findings.values_list("line", "code"))
    return submission


def url(submission, query: str = "") -> str:
    return f"{API}{submission.uuid}/findings/" + (f"?{query}" if query else "")


def get(user, submission, query: str = "", **headers):
    return client(user).get(url(submission, query), **headers)


def expected(submission, **filters) -> list[dict]:
    zone = "America/Los_Angeles"  # the demo licensee's jurisdiction's
    return list(finding_dicts(findings_of(submission).filter(**filters), zone))


# --------------------------------------------------------------------------- pages


def test_pages_hold_every_finding_in_file_order(people, audited):
    first = get(people.staff, audited, "page_size=10")
    assert first.status_code == 200, first.json()
    body = first.json()
    assert body["count"] == 29 and len(body["results"]) == 10 and body["previous"] is None
    assert body["results"] == expected(audited)[:10]
    assert tuple(body["results"][0]) == FIELDS
    last = get(people.staff, audited, "page_size=10&page=3").json()
    assert len(last["results"]) == 9 and last["next"] is None
    assert last["results"] == expected(audited)[20:]
    assert get(people.staff, audited, "page_size=10&page=4").status_code == 404


def test_a_finding_carries_the_contract_fields(people, audited):
    (row,) = get(people.staff, audited, "code=overpaid&wager_key=lucky3").json()["results"]
    assert {k: row[k] for k in CONTRACT[:7]} == {
        "line": 4,
        "round": "a3",
        "seat": 1,
        "key": "lucky3",
        "code": "overpaid",
        "group": "payout",
        "severity": Finding.objects.get(code="overpaid", wager_key="lucky3").severity,
    }
    assert (row["expected"], row["recorded"]) == ("10.00", "40.00")
    assert row["message"] and row["rule"]
    assert (row["venue"], row["table"], row["game"]) == ("WA-CR-0042", "T3", "toss-one-21")


@pytest.mark.parametrize(
    "query, filters",
    [
        ("code=underpaid", {"code": "underpaid"}),
        ("code=overpaid,line_not_json", {"code__in": ["overpaid", "line_not_json"]}),
        ("group=payout", {"group": "payout"}),
        ("group=format", {"group": "format"}),
        ("severity=error", {"severity": "error"}),
        ("table=T3", {"table": "T3"}),
        ("seat=2", {"seat": 2}),
        ("wager_key=lucky3", {"wager_key": "lucky3"}),
        ("venue=WA-CR-0042", {"venue": "WA-CR-0042"}),
        ("round=b7", {"round_id": "b7"}),
        ("game=toss-one-21", {"game": "toss-one-21"}),
        ("line_from=2&line_to=5", {"line__gte": 2, "line__lte": 5}),
        ("line_from=29", {"line__gte": 29}),
        ("played_after=2026-11-03T00:00:00-08:00", {"played_at__gte": "2026-11-03T08:00Z"}),
        ("played_before=2026-11-02T00:00:00-08:00", {"played_at__lt": "2026-11-02T08:00Z"}),
        (
            "played_after=2026-11-02T00:00:00-08:00&played_before=2026-11-03T00:00:00-08:00",
            {"played_at__gte": "2026-11-02T08:00Z", "played_at__lt": "2026-11-03T08:00Z"},
        ),
        # a "+" left unescaped arrives as a space
        ("played_after=2026-11-03T08:00:00+00:00", {"played_at__gte": "2026-11-03T08:00Z"}),
        ("code=underpaid&table=T2&seat=1", {"code": "underpaid", "table": "T2", "seat": 1}),
    ],
)
def test_filters(people, audited, query, filters):
    response = get(people.reviewer, audited, f"{query}&page_size=100")
    assert response.status_code == 200, response.json()
    want = expected(audited, **filters)
    assert want, "the fixture has findings for every filter"
    assert response.json()["count"] == len(want)
    assert response.json()["results"] == want


def test_filter_counts(people, audited):
    def count(query):
        return get(people.staff, audited, query).json()["count"]

    assert count("code=underpaid") == 26
    assert count("code=overpaid") == 2
    assert count("group=format") == 1
    assert count("seat=2") == 1
    assert count("table=T4") == 25
    assert count("line_from=2&line_to=5") == 4
    assert count("played_after=2026-11-03T00:00:00-08:00") == 25
    assert count("played_before=2026-11-02T00:00:00-08:00") == 2  # lines 2 and 4
    assert count("code=duplicate_round") == 0


@pytest.mark.parametrize(
    "query, field",
    [
        ("seat=x", "seat"),
        ("seat=-1", "seat"),
        ("seat=1.5", "seat"),
        ("line_from=abc", "line_from"),
        ("line_to=0", "line_to"),
        ("played_after=2026-11-01T10:00:00", "played_after"),
        ("played_after=yesterday", "played_after"),
        ("played_before=2026-13-01T00:00:00Z", "played_before"),
        ("code=not_a_code", "code"),
        ("code=underpaid,nope", "code"),
        ("group=money", "group"),
        ("severity=fatal", "severity"),
        ("format=xml", "format"),
        ("format=csv&seat=x", "seat"),
        ("page=0", "page"),
        ("page_size=ten", "page_size"),
    ],
)
def test_bad_filters_are_400_as_json(people, audited, query, field):
    response = get(people.staff, audited, query)
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["field"] == field and response.json()["message"]


# --------------------------------------------------------------------------- exports


def _jsonl(response) -> list[dict]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/jsonl")
    text = b"".join(response.streaming_content).decode()
    assert text == "" or text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def _csv(response) -> list[dict]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    text = b"".join(response.streaming_content).decode()
    reader = csv.DictReader(io.StringIO(text))
    # the API's fields, then the same finding in words for whoever reads the sheet
    assert tuple(reader.fieldnames) == (*FIELDS, "finding", "wager_name", "game_name")
    rows = list(reader)
    for row in rows:
        assert row.pop("finding") == FINDING_WORDS[row["code"]].title != row["code"]
        assert row.pop("wager_name") == (wager_title(row["key"]) if row["key"] else "")
        assert row.pop("game_name") == {"": "", "toss-one-21": "Toss One 21"}[row["game"]]
    return rows


def _as_csv(rows: list[dict]) -> list[dict]:
    return [{k: "" if v is None else str(v) for k, v in row.items()} for row in rows]


def test_jsonl_export_holds_every_finding_unpaginated(people, audited):
    response = get(people.staff, audited, "format=jsonl&page_size=5")
    assert "nov-findings.jsonl" in response["Content-Disposition"]
    rows = _jsonl(response)
    assert len(rows) == 29 and rows == expected(audited)
    assert all(tuple(row) == FIELDS for row in rows)


def test_jsonl_export_is_filtered(people, audited):
    rows = _jsonl(get(people.reviewer, audited, "format=jsonl&code=underpaid&table=T4"))
    assert len(rows) == 25 and rows == expected(audited, code="underpaid", table="T4")


def test_csv_export_holds_every_filtered_finding(people, audited):
    response = get(people.staff, audited, "format=csv")
    assert "nov-findings.csv" in response["Content-Disposition"]
    assert _csv(response) == _as_csv(expected(audited))
    rows = _csv(get(people.staff, audited, "format=csv&group=payout&line_to=5"))
    assert rows == _as_csv(expected(audited, group="payout", line__lte=5))
    assert [r["line"] for r in rows] == ["2", "4", "5"]
    assert rows[0]["expected"] == "37.50" and rows[0]["recorded"] == "30.00"


def test_export_with_no_finding_is_just_the_header(people, audited):
    assert _jsonl(get(people.staff, audited, "format=jsonl&code=duplicate_round")) == []
    assert _csv(get(people.staff, audited, "format=csv&code=duplicate_round")) == []


def test_export_whatever_the_accept_header(people, audited):
    rows = _csv(get(people.staff, audited, "format=csv", HTTP_ACCEPT="text/csv"))
    assert len(rows) == 29
    response = get(people.staff, audited, "format=csv&seat=x", HTTP_ACCEPT="text/csv")
    assert response.status_code == 400 and response.json()["field"] == "seat"


# --------------------------------------------------------------------------- who


def test_findings_of_another_licensee_are_404_before_any_filter_check(people, audited):
    for query in ("", "format=csv", "format=jsonl", "seat=x", "format=xml"):
        response = get(people.other_staff, audited, query)
        assert response.status_code == 404, (query, response.status_code)
        assert response.json()["message"]
    assert get(people.or_reviewer, audited).status_code == 404
    assert get(people.nobody, audited).status_code == 403
    assert client().get(url(audited)).status_code in (401, 403)
    assert get(people.admin, audited).json()["count"] == 29
