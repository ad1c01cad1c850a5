"""Bad registry files: each refused with its file, YAML path or line, and reason."""

from __future__ import annotations

import pytest

from games.registry_io import (
    RegistryFileError,
    load_registry,
)
from tests.games.registry_support import snapshot

BASE = """\
jurisdictions:
  - code: xx-test
    name: Test Commission
    timezone: America/Los_Angeles
    operator_classes:
      - {code: card-room, name: Card rooms}
games:
  - code: toss-one-21
    name: Toss One 21
    rule_versions:
      - version: 1
        title: Test rules
        rules:
          - {number: "1", text: rule one}
        options:
          blackjack_pays: ["3:2"]
          lucky3_paytable: ["1"]
        decks_allowed: [1]
        paytables:
          - wager_key: lucky3
            code: "1"
            version: 1
            source: test
            entries:
              suited_blackjack: 40 to 1
approvals:
  - jurisdiction: xx-test
    game: toss-one-21
    rule_version: 1
    reference: test approval
    allowed_options:
      lucky3_paytable: ["1"]
    events:
      - {status: submitted, at: "2020-01-01T09:00:00-08:00", actor: test, reason: test}
"""


def load_text(tmp_path, text: str) -> RegistryFileError:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    before = snapshot()
    with pytest.raises(RegistryFileError) as error:
        load_registry([path])
    assert snapshot() == before
    assert error.value.file == "bad.yaml"
    return error.value


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_the_base_of_the_bad_files_loads(db, tmp_path):
    path = tmp_path / "base.yaml"
    path.write_text(BASE, encoding="utf-8")
    report = load_registry([path])
    assert report.created("approval") == 1 and report.created("paytable") == 1


def test_not_yaml(db, tmp_path):
    text = BASE.replace("    name: Test Commission\n", "    name: [Test Commission\n")
    error = load_text(tmp_path, text)
    assert "not valid YAML" in error.reason and error.line is not None
    assert str(error).startswith("bad.yaml, line ")


def test_unknown_game_in_an_approval(db, tmp_path):
    text = BASE.replace(
        "    game: toss-one-21\n    rule_version", "    game: toss-two\n    rule_version"
    )
    error = load_text(tmp_path, text)
    assert error.path == "approvals[0].game"
    assert error.line == line_of(text, "game: toss-two")
    assert "no game 'toss-two'" in error.reason


def test_paytable_entry_with_an_unknown_outcome(db, tmp_path):
    text = BASE.replace("suited_blackjack: 40 to 1", "royal_flush: 40 to 1")
    error = load_text(tmp_path, text)
    assert error.path == "games[0].rule_versions[0].paytables[0].entries"
    assert error.line == line_of(text, "royal_flush")
    assert "unknown outcome(s) royal_flush" in error.reason


def test_option_value_the_rule_version_does_not_offer(db, tmp_path):
    text = BASE.replace(
        '      lucky3_paytable: ["1"]\n    events', '      lucky3_paytable: ["2"]\n    events'
    )
    error = load_text(tmp_path, text)
    assert error.path == "approvals[0].allowed_options"
    assert "lucky3_paytable: ['2'] not offered" in error.reason


@pytest.mark.parametrize(
    "old, new, path, reason",
    [
        (
            'blackjack_pays: ["3:2"]',
            'blackjack_pays: ["2:1"]',
            "games[0].rule_versions[0].options",
            "not among",
        ),
        ("    timezone: America/Los_Angeles\n", "", "jurisdictions[0]", "missing key 'timezone'"),
        (
            "        decks_allowed: [1]\n",
            "        decks_alowed: [1]\n",
            "games[0].rule_versions[0].decks_alowed",
            "unknown key 'decks_alowed'",
        ),
        (
            "    name: Toss One 21\n",
            "    name: Toss One 21\n    code: again\n",
            "games[0].code",
            "duplicate key",
        ),
        (
            'at: "2020-01-01T09:00:00-08:00"',
            'at: "2020-01-01 09:00"',
            "approvals[0].events[0].at",
            "not an RFC 3339 time",
        ),
        ("", "users:\n  - name: someone\n", "users", "unknown key 'users'"),
        (
            "    timezone: America/Los_Angeles\n",
            "    timezone: America/Los_Angeles\n    deviation_confidence: 0.95\n",
            "jurisdictions[0].deviation_confidence",
            "quoted strings",
        ),
        (
            "    timezone: America/Los_Angeles\n",
            '    timezone: America/Los_Angeles\n    deviation_confidence: "1.5"\n',
            "jurisdictions[0].deviation_confidence",
            "from 0.5 to 0.9999",
        ),
        (
            "    timezone: America/Los_Angeles\n",
            "    timezone: America/Los_Angeles\n    deviation_min_wagers: 0\n",
            "jurisdictions[0].deviation_min_wagers",
            "at least 1",
        ),
        (
            "    timezone: America/Los_Angeles\n",
            "    timezone: America/Los_Angeles\n    case_overdue_days: thirty\n",
            "jurisdictions[0].case_overdue_days",
            "whole number",
        ),
    ],
)
def test_other_located_errors(db, tmp_path, old, new, path, reason):
    text = BASE.replace(old, new) if old else BASE + new
    assert text != BASE
    error = load_text(tmp_path, text)
    assert error.path == path and reason in error.reason


def test_authorization_of_a_variant_the_approval_does_not_allow(db, tmp_path):
    text = BASE + (
        "      - status: under_review\n"
        "        at: 2020-01-02T09:00:00-08:00\n        actor: test\n        reason: test\n"
        "      - status: approved\n"
        "        at: 2020-01-03T09:00:00-08:00\n        actor: test\n        reason: test\n"
        "licensees:\n"
        "  - jurisdiction: xx-test\n    name: Test LLC\n    license_number: T-1\n"
        "    venues:\n"
        "      - code: XX-1\n        name: Test room\n        operator_class: card-room\n"
        "        authorizations:\n"
        "          - game: toss-one-21\n            rule_version: 1\n"
        "            approval: test approval\n            effective_from: 2020-02-01\n"
        "            options: {blackjack_pays: '6:5'}\n"
    )
    error = load_text(tmp_path, text)
    assert error.path == "licensees[0].venues[0].authorizations[0].options"
    assert "blackjack_pays=6:5 is not an approved variant" in error.reason


# -- commands -------------------------------------------------------------------------


def test_a_jurisdictions_monitoring_rules_load_and_default(db, tmp_path):
    from decimal import Decimal

    from games.models import Jurisdiction

    path = tmp_path / "rules.yaml"
    path.write_text(BASE, encoding="utf-8")
    load_registry([path])
    defaults = Jurisdiction.objects.get(code="xx-test")
    assert (defaults.deviation_confidence, defaults.deviation_min_wagers) == (Decimal("0.95"), 400)
    assert defaults.case_overdue_days == 30
    path.write_text(
        BASE.replace(
            "    timezone: America/Los_Angeles\n",
            '    timezone: America/Los_Angeles\n    deviation_confidence: "0.99"\n'
            "    deviation_min_wagers: 1000\n    case_overdue_days: 14\n",
        ),
        encoding="utf-8",
    )
    load_registry([path])
    named = Jurisdiction.objects.get(code="xx-test")
    assert (named.deviation_confidence, named.deviation_min_wagers) == (Decimal("0.99"), 1000)
    assert named.case_overdue_days == 14
