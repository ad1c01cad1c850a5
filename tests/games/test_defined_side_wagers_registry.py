"""Side wagers defined as data in the registry: a rule version's definitions loaded from
YAML (a wrong one refused at its line, with why), paytables priced against the outcomes they
name, exact par sheets stored per deck count from the definition alone, shown on the rule
version's page and listed by ``manage.py parsheet``; a third wager defined in this file's
YAML alone gets all of it with no code."""

from __future__ import annotations

import html
import json
from fractions import Fraction
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from games.models import Jurisdiction, Membership, ParSheet, Paytable, Role, RuleVersion
from games.registry_io import RegistryFileError, load_registry
from games.services.defined_wagers import (
    rule_version_side_wagers,
    side_wagers_checked,
    wager_title,
)
from tests.games.registry_support import snapshot

pytestmark = pytest.mark.django_db

GAME = """\
games:
  - code: blackjack-tie-bonus
    name: Blackjack with tie bonus wagers
    rule_versions:
      - version: 7
        title: A test version with a side wager defined in this file alone
        decks_allowed: [2, 6]
        rules:
          - {number: "1", text: rule one}
          - {number: "9", text: "Sevens: three sevens, or three cards to 21 of one colour."}
        side_wagers:
          - key: sevens
            title: Sevens
            reads: first_two_and_up
            rule: "9"
            outcomes:
              - {outcome: suited_sevens, when: {ranks: [7, 7, 7], same_suit: true}}
              - {outcome: sevens, when: {ranks: [7, 7, 7]}}
              - {outcome: coloured_21, when: {total: 21, same_colour: true}}
        paytables:
          - wager_key: sevens
            code: "1"
            version: 1
            source: test paytable of Sevens
            entries:
              suited_sevens: 500 to 1
              sevens: 50 to 1
              coloured_21: 5 for 1
"""


def _load(tmp_path, text: str):
    path = tmp_path / "sevens.yaml"
    path.write_text(text, encoding="utf-8")
    return load_registry([path])


def test_a_side_wager_defined_in_yaml_alone_is_priced_exactly(tmp_path):
    _load(tmp_path, GAME)
    version = RuleVersion.objects.get(game__code="blackjack-tie-bonus", version=7)
    sevens = rule_version_side_wagers(version)["sevens"]
    assert sevens.outcome_keys == ("suited_sevens", "sevens", "coloured_21")
    table = Paytable.objects.get(rule_version=version, wager_key="sevens")
    assert table.entries["coloured_21"] == "4 to 1"  # "5 for 1": the stake paid back in it
    sheets = {s.decks: s.sheet for s in ParSheet.objects.filter(paytable=table)}
    assert set(sheets) == {2, 6}
    six = sheets[6]
    assert six["method"].startswith("exact") and six["hands"] == 312 * 311 * 310 // 6
    counts = {o["outcome"]: o["combinations"] for o in six["outcomes"]}
    assert sum(counts.values()) == six["hands"]
    assert counts["suited_sevens"] == 4 * 20  # C(6, 3) of each of the four sevens
    assert counts["sevens"] == 24 * 23 * 22 // 6 - 4 * 20  # any three of the 24, less those
    edge = Fraction(six["house_edge_exact"])
    pays = {"suited_sevens": 500, "sevens": 50, "coloured_21": 4, "lose": -1}
    assert edge == -sum(Fraction(n * pays[o], six["hands"]) for o, n in counts.items())
    assert {o["outcome"]: o["pays_odds"] for o in six["outcomes"]}["coloured_21"] == "4 to 1"


def test_the_page_and_the_command_show_it(tmp_path, client, django_user_model):
    _load(tmp_path, GAME)
    version = RuleVersion.objects.get(game__code="blackjack-tie-bonus", version=7)
    out = StringIO()
    call_command("parsheet", "blackjack-tie-bonus", "--decks", "6", "--json",
                 "--no-sensitivity", stdout=out)  # fmt: skip
    wager = json.loads(out.getvalue())["wagers"]["sevens"]
    stored = ParSheet.objects.get(paytable__wager_key="sevens", decks=6)
    assert wager["house_edge_exact"] == stored.sheet["house_edge_exact"]
    assert wager["rule_version"] == 7 and set(wager["paytables"]) == {"1"}
    assert all("combinations" in o for o in wager["outcomes"])

    commission = Jurisdiction.objects.create(code="xx-test", name="Test Commission",
                                             timezone="America/Los_Angeles")  # fmt: skip
    reviewer = django_user_model.objects.create_user("reviewer-sevens")
    Membership.objects.create(user=reviewer, role=Role.REVIEWER, jurisdiction=commission)
    client.force_login(reviewer)
    page = client.get(f"/registry/rule-versions/{version.pk}/")  # a draft: reviewers read it
    assert page.status_code == 200
    text = html.unescape(" ".join(page.content.decode().split()))
    assert "Side wagers defined as data" in text and "Reads the player's first two cards and " \
        "the dealer's up card; rule 9." in text  # fmt: skip
    assert "exactly these ranks, in any order: 7, 7, 7; every card of one suit" in text
    assert "every card of one colour; the blackjack total (an ace 11 unless that passes 21): " \
        "21" in text  # fmt: skip
    assert "Sevens paytable 1, version 1" in text  # by its title, where pages name a wager


def test_a_defined_wager_is_named_by_its_title_as_soon_as_its_version_is_saved(tmp_path):
    assert wager_title("sevens") == "sevens"  # no rule version defines it yet
    _load(tmp_path, GAME)
    assert wager_title("sevens") == "Sevens"  # the saved version is read again
    assert wager_title("lucky3") == "Lucky 3" and wager_title("nope") == "nope"


@pytest.mark.parametrize(
    "wrong, key, reason",
    [
        ("same_suit: true}}", "same_suits: true}}", "not a known name"),
        ("ranks: [7, 7, 7]", "ranks: [7, 7]", "2 ranks for the 3 cards read"),
        ("reads: first_two_and_up", "reads: first_four", "is not one of first_two"),
    ],
)
def test_a_wrong_definition_is_refused_at_its_line(tmp_path, wrong, key, reason):
    text = GAME.replace(wrong, key, 1)
    before = snapshot()
    with pytest.raises(RegistryFileError) as refused:
        _load(tmp_path, text)
    assert snapshot() == before  # nothing of the file kept
    line = next(i for i, t in enumerate(text.splitlines(), start=1) if key.split(":")[0] in t)
    assert refused.value.line == line and reason in str(refused.value)
    assert "side_wagers[0]" in refused.value.path


def test_a_paytable_naming_an_outcome_the_definition_lacks_is_refused(tmp_path):
    text = GAME.replace("sevens: 50 to 1", "eights: 50 to 1")
    with pytest.raises(RegistryFileError) as refused:
        _load(tmp_path, text)
    assert "eights" in str(refused.value) and refused.value.path.endswith("paytables[0].entries")


def test_a_side_wager_may_not_take_a_key_of_the_game(tmp_path):
    with pytest.raises(RegistryFileError) as refused:
        _load(tmp_path, GAME.replace("key: sevens", "key: insurance"))
    assert "already a wager of the game" in str(refused.value)


@pytest.mark.parametrize(
    "game, reads, refused",
    [
        ("blackjack-tie-bonus", "first_two", ""),
        ("ante-up-21", "first_two_and_up", ""),
        ("ante-up-21", "first_three", "ante-up-21's logs give first_two and first_two_and_up only"),
        ("toss-one-21", "first_two", "in ante-up-21, blackjack-tie-bonus only"),
    ],
)
def test_a_side_wager_reads_what_the_catalog_says_the_games_logs_give(game, reads, refused):
    pair = {"key": "pair", "title": "Pair", "reads": reads,
            "outcomes": [{"outcome": "pair", "when": {"same_rank": True}}]}  # fmt: skip
    if not refused:
        assert side_wagers_checked(game, [pair]) == [pair]
        return
    with pytest.raises(ValidationError) as error:
        side_wagers_checked(game, [pair])
    assert refused in str(error.value)
