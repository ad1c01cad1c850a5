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
    page = Client().get("/handlog-format/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/markdown")
    text = page.content.decode()
    assert text.startswith("# Hand log format, version 1")
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
