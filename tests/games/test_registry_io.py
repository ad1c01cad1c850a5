"""Registry data as YAML files: loading (idempotent, all or nothing), refusals, export.

Loading data/registry/washington.yaml computes par sheets (tens of seconds the
first time); the services cache them per process, so later loads in the same
run cost about a second.  The records are immutable, so nothing is shared
between tests through the database: each test loads what it needs.
"""

from __future__ import annotations

import json
import re
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import transaction

from games.models import (
    Approval,
    ApprovalStatus,
    Jurisdiction,
    OperatorClass,
    ParSheet,
    Paytable,
    RuleVersion,
    WagerLimit,
)
from games.registry_io import (
    RegistryConflictError,
    RegistryFileError,
    export_registry,
    load_registry,
)
from games.services.approvals import approval_content
from games.services.hashing import content_hash

DATA = Path(__file__).resolve().parents[2] / "data" / "registry"
WASHINGTON = DATA / "washington.yaml"
DEMO = DATA / "demo.yaml"
TOSS_ONE_APPROVAL = "WSGC approval letter, Toss One 21, April 27, 2017"
HEX64 = re.compile(r"[0-9a-f]{64}")


def snapshot() -> dict[str, int]:
    """Row counts of every registry model, history tables included."""
    return {
        m._meta.label: m._base_manager.count() for m in apps.get_app_config("games").get_models()
    }


def hashes() -> dict[str, object]:
    return {
        "rule_versions": sorted(
            (r.game.code, r.version, r.content_hash) for r in RuleVersion.objects.all()
        ),
        "paytables": sorted(
            (p.rule_version.game.code, p.wager_key, p.code, p.version, p.content_hash)
            for p in Paytable.objects.all()
        ),
        "approvals": sorted(
            (a.reference, a.status, a.decision_date, a.content_hash) for a in Approval.objects.all()
        ),
    }


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


# -- the Washington file --------------------------------------------------------------


def test_washington_file_loads(db):
    user = get_user_model().objects.create_user("loader")
    report = load_registry([WASHINGTON], actor=user)

    assert report.files == ["washington.yaml"]
    expected = {
        "jurisdiction": 1,
        "operator_class": 2,
        "regulation": 3,
        "wager_limit": 2,
        "manufacturer": 1,
        "game": 3,
        "rule_version": 3,
        "paytable": 3,
        "approval": 3,
        "approval_event": 5,
    }
    assert {k: report.created(k) for k in expected} == expected
    assert report.changed and not report.warnings

    approval = Approval.objects.get(reference=TOSS_ONE_APPROVAL)
    assert approval.status == ApprovalStatus.APPROVED
    assert approval.decision_date == date(2017, 4, 27)
    assert HEX64.fullmatch(approval.content_hash)
    assert approval.content_hash == content_hash(approval_content(approval))
    events = list(approval.events.order_by("at", "pk"))
    assert [e.to_status for e in events] == ["submitted", "under_review", "approved"]
    assert events[-1].actor_label == "Tina Griffin, Assistant Director"
    conditions = approval.conditions.filter(venue_must_meet=True)
    assert sorted((c.operator_class.code, c.kind) for c in conditions) == [
        ("commercial-card-room", "internal_controls"),
        ("tribal-casino", "state_concurrence"),
        ("tribal-casino", "tribal_agency_approval"),
    ]
    assert approval.conditions.count() == 10

    rules = approval.rule_version
    assert rules.frozen and rules.decks_allowed == [1, 2, 4, 6, 8]
    assert [r["number"] for r in rules.rules] == [str(n) for n in range(1, 12)]
    assert not any("‰" in r["text"] for r in rules.rules)
    assert rules.parameters["kicker_ace"] == "high"  # {} in the file: resolved to the defaults
    paytables = approval.paytable_links.values_list("paytable", flat=True)
    assert len(paytables) == 3
    for paytable in Paytable.objects.filter(pk__in=paytables):
        decks = ParSheet.objects.filter(paytable=paytable).values_list("decks", flat=True)
        assert sorted(decks) == [1, 2, 4, 6, 8], paytable
    lucky3 = Paytable.objects.get(wager_key="lucky3", code="1")
    assert lucky3.entries["suited_blackjack"] == "40 to 1" and not lucky3.illustrative

    others = Approval.objects.exclude(pk=approval.pk)
    assert {a.status for a in others} == {ApprovalStatus.SUBMITTED}
    assert not any(a.paytable_links.exists() for a in others)
    tie = RuleVersion.objects.get(game__code="blackjack-tie-bonus")
    assert tie.frozen and tie.decks_allowed == [6, 8]
    assert tie.parameters["decks_allowed"] == [6, 8]  # the engine reads it back as (6, 8)
    # strategy-dependent (simulated) sheets are not stored with a rule version; exact ones are
    assert not ParSheet.objects.filter(rule_version=tie, wager_key="main").exists()
    toss_main = ParSheet.objects.filter(rule_version=rules, wager_key="main", paytable=None)
    assert {(s.decks, s.options["blackjack_pays"]) for s in toss_main} == {
        (d, bj) for d in (1, 2, 4, 6, 8) for bj in ("3:2", "6:5")
    }

    limits = WagerLimit.objects.filter(regulation__citation="WAC 230-15-140")
    assert sorted(str(lim.amount) for lim in limits) == ["300.00", "400.00"]
    assert not WagerLimit.objects.filter(regulation__citation="WAC 230-15-490").exists()
    assert Jurisdiction.history.get().history_user == user


def test_loading_twice_changes_nothing(db):
    load_registry([WASHINGTON, DEMO])
    before, before_hashes = snapshot(), hashes()

    report = load_registry([WASHINGTON, DEMO])

    assert not report.changed
    assert all(c["created"] == c["updated"] == 0 for c in report.counts.values())
    assert report.present("paytable") == 5 and report.present("approval") == 3
    assert report.present("approval_event") == 5 and report.present("authorization") == 2
    assert snapshot() == before and hashes() == before_hashes
    assert "nothing changed" in str(report)


def test_changed_paytable_is_refused_and_nothing_of_the_load_is_kept(db, tmp_path):
    load_registry([WASHINGTON])
    before = snapshot()
    text = WASHINGTON.read_text(encoding="utf-8")
    # an editable record changed before the refusal is rolled back too
    text = text.replace("name: Tribal casinos", "name: Tribal casinos (renamed)")
    text = text.replace("suited_blackjack: 40 to 1", "suited_blackjack: 45 to 1")
    copy = tmp_path / "washington.yaml"
    copy.write_text(text, encoding="utf-8")

    with pytest.raises(RegistryConflictError) as refused:
        load_registry([copy])

    message = str(refused.value)
    assert "toss-one-21 rule version 1 paytable lucky3 #1 version 1 is frozen" in message
    assert "differs from washington.yaml (entries): create version 2" in message
    assert refused.value.path == "games[0].rule_versions[0].paytables[0]"
    assert snapshot() == before
    assert OperatorClass.objects.get(code="tribal-casino").name == "Tribal casinos"

    with pytest.raises(CommandError, match="nothing loaded: washington.yaml, line"):
        run("load_registry", str(copy))


def test_changed_rule_text_is_refused_naming_the_rule_version(db, tmp_path):
    load_registry([WASHINGTON])
    before = snapshot()
    copy = tmp_path / "washington.yaml"
    text = WASHINGTON.read_text(encoding="utf-8")
    copy.write_text(text.replace("deals each player and himself 4 cards", "deals 5"), "utf-8")

    with pytest.raises(RegistryConflictError, match="toss-one-21 rule version 1 is frozen") as e:
        load_registry([copy])

    assert "differs from washington.yaml (rules): create version 2" in str(e.value)
    assert snapshot() == before


def test_export_then_load_into_an_empty_database_gives_the_same_hashes(db, tmp_path):
    class Discard(Exception):
        pass

    with pytest.raises(Discard), transaction.atomic():  # the registry is immutable: roll back
        load_registry([WASHINGTON, DEMO])
        original, exported = hashes(), export_registry()
        raise Discard
    assert not RuleVersion.objects.exists() and not Approval.objects.exists()
    path = tmp_path / "export.yaml"
    path.write_text(exported, encoding="utf-8")

    report = load_registry([path])

    assert report.created("approval") == 3 and report.created("authorization") == 2
    assert hashes() == original
    assert all(HEX64.fullmatch(h) for *_, h in original["rule_versions"] + original["paytables"])
    assert export_registry() == exported


# -- located errors -------------------------------------------------------------------

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

IN_FORCE = (
    "rules_in_force",
    "--venue",
    "WA-CR-0042",
    "--table",
    "T1",
    "--game",
    "toss-one-21",
    "--option",
    "blackjack_pays=3:2",
    "--option",
    "lucky3_paytable=1",
)


def state_limits(data: dict) -> list[str]:
    return [lim["amount"] for lim in data["limits"] if lim["scope"] == "any single wager"]


def test_rules_in_force_command_after_loading_both_files(db):
    run("load_registry", str(WASHINGTON), str(DEMO))

    now = json.loads(run(*IN_FORCE, "--at", "2026-11-01T21:14:03-08:00", "--json"))
    assert now["in_force"] is True
    assert now["approval"]["reference"] == TOSS_ONE_APPROVAL
    assert set(now["paytables"]) == {"lucky3", "bonus4"}
    assert now["paytables"]["lucky3"]["code"] == "1"
    assert state_limits(now) == ["400.00"]
    assert [lim["amount"] for lim in now["limits"] if lim["scope"] == "table T1"] == ["100.00"]

    before = json.loads(run(*IN_FORCE, "--at", "2022-06-01T12:00:00-07:00", "--json"))
    assert before["in_force"] is True and state_limits(before) == ["300.00"]

    text = run(*IN_FORCE, "--at", "2026-11-01T21:14:03-08:00")
    assert text.startswith("IN FORCE at WA-CR-0042/T1 toss-one-21")
    assert "limit max_single_wager 400.00" in text

    tribal = run(*IN_FORCE[:2], "WA-TC-0007", *IN_FORCE[3:], "--at", "2019-04-30T12:00:00-07:00")
    assert tribal.startswith("NOT IN FORCE") and "conditions_not_met" in tribal


@pytest.mark.parametrize("at", ["2026-11-01T21:14:03", "2026-11-01", "yesterday"])
def test_rules_in_force_needs_an_rfc3339_time_with_offset(db, at):
    with pytest.raises(CommandError, match="RFC 3339"):
        run(*IN_FORCE, "--at", at)


def test_export_command_of_an_empty_registry(db, tmp_path):
    out = tmp_path / "registry.yaml"
    assert run("export_registry", "--out", str(out)).startswith("wrote ")
    assert "jurisdictions: []" in out.read_text(encoding="utf-8")
