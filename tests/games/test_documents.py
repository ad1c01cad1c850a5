"""Rule documents under their titles: every rule the engine cites is found in its text, and
every citation, old (by file name) or new (by title), reads as the title and links to its rule."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.template import Context, Template
from django.test import Client

from games.citations import citation_in_words, citation_parts
from games.documents import rule_document_get
from games.engine import ante_up_rules, blackjack_rules, tie_bonus_rules, toss_one_rules
from games.engine.sources import DOCUMENT_TITLES, Source

RULE_MODULES = (toss_one_rules, ante_up_rules, tie_bonus_rules, blackjack_rules)


def engine_sources() -> list[Source]:
    """Every source the games' rule modules name, their parameters' included."""
    found = []
    for module in RULE_MODULES:
        for value in vars(module).values():
            if isinstance(value, Source):
                found.append(value)
            for item in value if isinstance(value, tuple) else ():
                if isinstance(getattr(item, "source", None), Source):
                    found.append(item.source)
    return found


def test_every_rule_the_engine_cites_is_found_on_its_line_of_the_document():
    cited = [s for s in engine_sources() if s.document in DOCUMENT_TITLES and s.rule]
    assert len(cited) > 40
    for source in cited:
        document = rule_document_get(source.document)
        line = document.line_of(source.rule)
        assert line, f"{source} is on no line of {source.document}"
        text = document.lines[line - 1].text
        number = re.search(r"(\d+)$", source.rule)
        if number and not source.rule[0].isupper():
            assert text.lstrip().startswith(f"{number[1]}."), (source, text)


def test_toss_one_rule_8_is_the_blackjack_rule_and_cited_by_title():
    source = toss_one_rules.rule(8, "a blackjack always wins")
    assert str(source) == "Toss One 21, Rules of Play, rule 8: a blackjack always wins"
    document = rule_document_get(source.document)
    assert "Ace and two ten value cards" in document.lines[document.line_of("8") - 1].text


def test_a_citation_by_file_name_reads_as_the_title_and_links_to_the_rule():
    old = "004_a9e458785fa10065.txt rule play 3: several bonus wagers; see 002_c2cb5e416e61c85b.txt"
    parts = citation_parts(old)
    assert parts[0] == (
        "Blackjack with Tie Bonus Wagers, Rules of Play, play, rule 3",
        "/registry/documents/004_a9e458785fa10065.txt/#line-26",
    )
    assert citation_in_words(old) == (
        "Blackjack with Tie Bonus Wagers, Rules of Play, play, rule 3: several bonus wagers; "
        "see Washington State Gambling Commission, approval of Toss One 21 (April 27, 2017)"
    )
    assert citation_in_words(str(ante_up_rules.R_BET_EQUALS_ANTE)) == str(
        ante_up_rules.R_BET_EQUALS_ANTE
    )


def test_the_cite_filter_links_the_rule_and_escapes_the_rest():
    html = Template("{% load registry %}{{ rule|cite }}").render(
        Context({"rule": "000_cf8f04cc5a045191.txt rule 8: <b>pays</b> 3:2"})
    )
    assert html == (
        '<a href="/registry/documents/000_cf8f04cc5a045191.txt/#line-17">'
        "Toss One 21, Rules of Play, rule 8</a>: &lt;b&gt;pays&lt;/b&gt; 3:2"
    )


@pytest.mark.django_db
def test_the_document_page_shows_the_title_and_anchors_the_cited_line(registry):
    client = Client()
    client.force_login(registry.staff)
    page = client.get("/registry/documents/000_cf8f04cc5a045191.txt/").content.decode()
    assert "<h1>Toss One 21, Rules of Play</h1>" in page
    assert re.search(r'<li value="17" id="line-17">\s*8\. If a player has', page)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name", ["../../compliance/settings.py", "README.md", "003_missing.txt", "%2e%2e%2fsecret"]
)
def test_only_the_registry_documents_are_served(registry, name):
    client = Client()
    client.force_login(registry.staff)
    assert client.get(f"/registry/documents/{name}/").status_code == 404


@pytest.mark.django_db
def test_the_documents_need_a_role(registry):
    client = Client()
    assert client.get("/registry/documents/").status_code == 302
    client.force_login(get_user_model().objects.create_user("nobody"))
    assert client.get("/registry/documents/000_cf8f04cc5a045191.txt/").status_code == 403


def test_an_ante_up_citation_by_file_name_finds_its_section_and_bullet():
    old = "001_763f04d33639373a.txt rule PLAY 21 1: the dealer must hit soft 17"
    assert citation_parts(old)[0] == (
        "Ante Up 21 Poker Bonus Edition, Rules of Play, PLAY 21, rule 1",
        "/registry/documents/001_763f04d33639373a.txt/#line-48",
    )
    assert str(ante_up_rules.R_PLAY_21).startswith(
        "Ante Up 21 Poker Bonus Edition, Rules of Play, PLAY 21:"
    )
