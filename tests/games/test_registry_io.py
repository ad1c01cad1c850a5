"""Registry YAML files: the Washington file loads, loading twice changes nothing, changed
approved records are refused, and export round-trips."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError
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
    export_registry,
    load_registry,
)
from games.services.approvals import approval_content
from games.services.hashing import content_hash
from tests.games.registry_support import (
    DEMO,
    HEX64,
    TOSS_ONE_APPROVAL,
    WASHINGTON,
    hashes,
    run,
    snapshot,
)


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
    assert "decks_allowed" not in tie.parameters  # one fact in one place: the field above
    # every wager has a sheet stored with its rule version: simulated where the players'
    # choices matter (its rounds and interval kept), exact where the cards alone decide
    tie_main = ParSheet.objects.filter(rule_version=tie, wager_key="main")
    assert {(s.decks, s.options["blackjack_pays"]) for s in tie_main} == {
        (d, bj) for d in (6, 8) for bj in ("3:2", "6:5")
    }
    assert {s.sheet["method"] for s in tie_main} == {"simulation"}
    assert all(s.sheet["rounds"] == 200_000 and s.sheet["ci95_return"] for s in tie_main)
    insurance = ParSheet.objects.get(rule_version=tie, wager_key="insurance", decks=6,
                                     options__blackjack_pays="3:2")  # fmt: skip
    assert insurance.sheet["method"].startswith("exact")
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
    # washington.yaml: Toss One 21 approved, two games submitted; demo.yaml: two FICTIONAL
    # approvals (three events each) and the demo venue's Ante Up 21 and tie bonus tables
    # demo.yaml's FICTIONAL second version of the tie bonus game: its tie bonus paytable and
    # three of its two side wagers defined as data, its approval and its table's authorization
    assert report.present("paytable") == 9 and report.present("approval") == 6
    assert report.present("approval_event") == 14 and report.present("authorization") == 5
    assert snapshot() == before and hashes() == before_hashes
    assert "nothing changed" in str(report)
    tie = RuleVersion.objects.get(game__code="blackjack-tie-bonus", version=1)
    ties = ParSheet.objects.filter(rule_version=tie, paytable__wager_key="tie_bonus")
    assert {s.wager_key for s in ties} == {"tie_17", "tie_18", "tie_19", "tie_left", "tie_20",
                                           "tie_21", "tie_blackjack", "tie_right"}  # fmt: skip
    assert {s.sheet["method"] for s in ties} == {"simulation"}  # whether hands tie: strategy


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

    assert report.created("approval") == 6 and report.created("authorization") == 5
    assert hashes() == original
    assert all(HEX64.fullmatch(h) for *_, h in original["rule_versions"] + original["paytables"])
    assert export_registry() == exported


# -- located errors -------------------------------------------------------------------


def test_export_command_of_an_empty_registry(db, tmp_path):
    out = tmp_path / "registry.yaml"
    assert run("export_registry", "--out", str(out)).startswith("wrote ")
    assert "jurisdictions: []" in out.read_text(encoding="utf-8")
