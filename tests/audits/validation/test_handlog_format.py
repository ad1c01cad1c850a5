"""The hand-log format as published: the page and its JSON Schema at stable addresses, the
schema generated from the decoder's record types, and every sample log of every game valid
against it (and what the service rejects, invalid)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from django.test import Client

from audits.samples import generate_toss_one
from audits.validation.findings import FORMAT_SECTIONS, HANDLOG
from audits.validation.handlog_schema import handlog_json_schema
from tests.golden.cases import CLEAN, toss

VALIDATOR = jsonschema.Draft202012Validator(handlog_json_schema())


def test_the_page_and_the_schema_are_served_to_anyone(db):
    raw = Client().get("/handlog-format/?format=markdown")
    assert raw.status_code == 200 and raw["Content-Type"].startswith("text/markdown")
    assert raw.content.decode().startswith("# Hand log format, version 1")
    page = Client().get("/handlog-format/")  # for people: the same document as HTML
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert "<h1>Hand log format, version 1</h1>" in html and "<table>" in html
    assert "# Hand log format" not in html and 'href="?format=markdown"' in html
    schema = Client().get("/handlog-format/v1/schema.json")
    assert schema.status_code == 200 and schema["Content-Type"] == "application/schema+json"
    assert json.loads(schema.content) == handlog_json_schema()
    jsonschema.Draft202012Validator.check_schema(handlog_json_schema())


def test_every_section_a_finding_cites_is_on_the_page():
    text = open("docs/handlog-format.md", encoding="utf-8").read()
    headings = {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}
    assert set(FORMAT_SECTIONS.values()) | {"Games of the blackjack family"} <= headings
    assert HANDLOG == "Hand log format v1"


@pytest.mark.parametrize("game", sorted(CLEAN))
def test_the_clean_rounds_of_every_game_are_valid(game):
    VALIDATOR.validate(CLEAN[game]())


def test_a_generated_month_is_valid_line_by_line(tmp_path):
    path = tmp_path / "sample.jsonl"
    generate_toss_one(path, rounds=300, days=2, fault_rate=0, seed=5)
    for line in path.read_text().splitlines():
        VALIDATOR.validate(json.loads(line))


def test_json_numbers_for_amounts_are_valid_as_the_service_accepts_them():
    VALIDATOR.validate(toss(seats__0__wagers__main=25, seats__0__results__main=37.5))


@pytest.mark.parametrize(
    "change",
    [
        {"v": 2},
        {"seats": []},
        {"seats__0__cards": ["TS", "AH", "KC", "1D"]},
        {"seats__0__wagers__main": "25.001"},
        {"shoe": {"decks": "six"}},
        {"seats__0__seat": 9},
    ],
)
def test_what_the_service_rejects_the_schema_rejects(change):
    with pytest.raises(jsonschema.ValidationError):
        VALIDATOR.validate(toss(**change))


# -- the exact path and the JSON Schema agree, line by line -----------------------------------

#: what a schema sees as valid JSON but cannot rule on, so left out of the corpus: a key
#: written twice (a parser keeps one), a number's text (``5e0`` is 5), a date the calendar
#: lacks (the pattern admits 2026-02-30), seat numbers each once, the shoe's own counts
AMOUNTS = [
    "+5",
    " 5 ",
    "5e0",
    "05",
    "\u0665",
    "\uff15",
    "5_0",
    "5.",
    ".5",
    "5.001",
    "",
    "-",
    "25",
    "37.50",
    "0",
    "-5.5",
    25,
    37.5,
    True,
    None,
    [],
    "123456789012",
]
TIMES = [
    "2026-11-01T21:14:03-08:00",
    "2026-11-01T21:14:03Z",
    "2026-11-01t21:14:03.123z",
    "2026-11-01T21:14:03-0800",
    "2026-11-01 21:14:03-08:00",
    "2026-11-01T21:14:03",
    "2026-11-01T21:14-08:00",
    "20261101T211403Z",
    1_700_000_000,
]
FIELDS = ["", "shoe__", "dealer__", "seats__0__"]


def _corpus():
    for game, make in sorted(CLEAN.items()):
        base = make()
        yield f"{game} clean", base
        for amount in AMOUNTS:
            yield f"{game} wager {amount!r}", _set(base, ("seats", 0, "wagers", "main"), amount)
        for where in FIELDS:
            at = tuple(int(p) if p.isdigit() else p for p in where.split("__") if p)
            yield f"{game} unknown field in {where or 'round'}", _set(base, (*at, "colour"), "red")
        for time in TIMES:
            yield f"{game} played_at {time!r}", _set(base, ("played_at",), time)
        for name, path, value in [
            ("v as text", ("v",), "1"), ("seat as text", ("seats", 0, "seat"), "1"),
            ("decks as text", ("shoe", "decks"), "6"),
            ("lower-case card", ("dealer", "cards", 0), "as"),
            ("ten as 10", ("dealer", "cards", 0), "10S"), ("empty dealer id", ("dealer", "id"), ""),
            ("control in dealer id", ("dealer", "id"), "a\tb"),
            ("long dealer id", ("dealer", "id"), "d" * 65),
            ("a negative stake", ("seats", 0, "wagers", "main"), -5),
            ("options a list", ("options",), ["3:2"]), ("no seats", ("seats",), []),
            ("a seat 8", ("seats", 0, "seat"), 8), ("round id a number", ("round",), 7),
        ]:  # fmt: skip
            yield f"{game} {name}", _set(base, path, value)
        yield f"{game} no venue", {k: v for k, v in base.items() if k != "venue"}


def _set(data: dict, path: tuple, value):
    data = json.loads(json.dumps(data))
    target = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(("name", "record"), list(_corpus()),
                         ids=lambda x: x if isinstance(x, str) else "")  # fmt: skip
def test_the_exact_path_rejects_a_line_exactly_when_the_schema_does(name, record):
    from audits.validation.parse import parse_line
    from audits.validation.rejected import Rejected

    line = json.dumps(record).encode()
    try:
        parse_line(line, 1)
        read = True
    except Rejected as rejected:
        read = False
        why = rejected.finding.message
    valid = VALIDATOR.is_valid(record)
    assert read == valid, f"schema {'valid' if valid else 'invalid'}, service " + (
        "read it" if read else f"rejected it: {why}")  # fmt: skip
