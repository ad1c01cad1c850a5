"""Side wagers defined as data: the definitions read and checked (a wrong name refused with
where and why), the one evaluator's outcomes, the settlement it gives, and the exact par
sheets held against published analyses (the Wizard of Odds' 21+3 and Perfect Pairs tables)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import product
from math import comb

import pytest

from games.engine.cards import parse_card
from games.engine.defined.evaluate import (
    NO_OUTCOME,
    defined_settle,
    definition_checked,
    outcome_of,
    outcome_table,
)
from games.engine.defined.exact import defined_combinations, defined_sheet
from games.engine.defined.language import DefinitionError, definition_read
from games.engine.odds import parse_odds
from games.engine.paytables import Paytable
from games.engine.sources import Source

PAIRS = {
    "key": "pairs", "title": "Pairs", "reads": "first_two", "rule": "5",
    "outcomes": [
        {"outcome": "perfect_pair", "when": {"same_rank": True, "same_suit": True}},
        {"outcome": "coloured_pair", "when": {"same_rank": True, "same_colour": True}},
        {"outcome": "mixed_pair", "when": {"same_rank": True}},
    ],
}  # fmt: skip
THREE_CARD = {
    "key": "three_card", "title": "Three card", "reads": "first_two_and_up", "rule": "4",
    "outcomes": [
        {"outcome": "suited_three_of_a_kind", "when": {"same_rank": True, "same_suit": True}},
        {"outcome": "straight_flush", "when": {"consecutive": True, "same_suit": True}},
        {"outcome": "three_of_a_kind", "when": {"same_rank": True}},
        {"outcome": "straight", "when": {"consecutive": True}},
        {"outcome": "flush", "when": {"same_suit": True}},
    ],
}  # fmt: skip


def _paytable(key: str, entries: dict[str, str]) -> Paytable:
    return Paytable(key, "1", {k: parse_odds(v) for k, v in entries.items()},
                    Source(f"paytable {key} #1 v1"))  # fmt: skip


def _cards(*codes: str) -> list[int]:
    return [parse_card(c) for c in codes]


PAIRS_PAYS = {"perfect_pair": "25 to 1", "coloured_pair": "12 to 1", "mixed_pair": "6 to 1"}
NINE_TO_ONE = {
    key: "9 to 1"
    for key in ("suited_three_of_a_kind", "straight_flush", "three_of_a_kind", "straight", "flush")
}
FIVE_TO_HUNDRED = {"flush": "5 to 1", "straight": "10 to 1", "three_of_a_kind": "30 to 1",
                   "straight_flush": "40 to 1", "suited_three_of_a_kind": "100 to 1"}  # fmt: skip


@pytest.mark.parametrize(
    "definition, cards, outcome",
    [
        (PAIRS, ("7H", "7H"), "perfect_pair"),
        (PAIRS, ("7H", "7D"), "coloured_pair"),
        (PAIRS, ("7H", "7S"), "mixed_pair"),
        (PAIRS, ("7H", "8H"), NO_OUTCOME),
        (THREE_CARD, ("QH", "QH", "QH"), "suited_three_of_a_kind"),
        (THREE_CARD, ("QH", "KH", "AH"), "straight_flush"),  # the ace high
        (THREE_CARD, ("AH", "2H", "3H"), "straight_flush"),  # or low
        (THREE_CARD, ("KH", "AH", "2H"), "flush"),  # never around the corner
        (THREE_CARD, ("QH", "QS", "QD"), "three_of_a_kind"),
        (THREE_CARD, ("9C", "TH", "JS"), "straight"),
        (THREE_CARD, ("2C", "9C", "JC"), "flush"),
        (THREE_CARD, ("2C", "2C", "JC"), "flush"),  # a suited pair of a shoe is a flush
        (THREE_CARD, ("2C", "2D", "JC"), NO_OUTCOME),
    ],
)
def test_the_first_outcome_that_holds_is_the_outcome_in_any_order(definition, cards, outcome):
    wager = definition_read(definition)
    for order in ((0, 1, 2), (2, 1, 0), (1, 2, 0))[: 3 if len(cards) == 3 else 2]:
        shuffled = [cards[i] for i in order if i < len(cards)]
        assert outcome_of(wager, _cards(*shuffled)) == outcome


def test_the_ace_runs_as_the_definition_says():
    low = definition_read({**THREE_CARD, "ace": "low"})
    high = definition_read({**THREE_CARD, "ace": "high"})
    assert outcome_of(low, _cards("AC", "2D", "3H")) == "straight"
    assert outcome_of(low, _cards("QC", "KD", "AH")) == NO_OUTCOME
    assert outcome_of(high, _cards("QC", "KD", "AH")) == "straight"
    assert outcome_of(high, _cards("AC", "2D", "3H")) == NO_OUTCOME


def test_totals_ranks_suits_and_colours_and_a_false_predicate():
    wager = definition_read({
        "key": "lucky", "title": "Lucky", "reads": "first_three",
        "outcomes": [
            {"outcome": "sevens", "when": {"ranks": [7, 7, 7]}},
            {"outcome": "red_21", "when": {"total": 21, "colour": "red"}},
            {"outcome": "soft_21", "when": {"total": 21, "any_rank": ["A"]}},
            {"outcome": "hard_21", "when": {"hard_total": 21, "suits": ["S", "C"]}},
            {"outcome": "unsuited_19_20", "when": {"total": [19, 20], "same_suit": False}},
        ],
    })  # fmt: skip
    assert outcome_of(wager, _cards("7S", "7H", "7D")) == "sevens"
    assert outcome_of(wager, _cards("9H", "5D", "7H")) == "red_21"
    assert outcome_of(wager, _cards("AS", "4H", "6C")) == "soft_21"
    assert outcome_of(wager, _cards("9S", "5C", "7S")) == "hard_21"
    assert outcome_of(wager, _cards("9S", "5C", "6S")) == "unsuited_19_20"
    assert outcome_of(wager, _cards("9S", "5S", "6S")) == NO_OUTCOME  # one suit: not this one


@pytest.mark.parametrize(
    "change, path, reason",
    [
        ({"reads": "first_four"}, "pairs.reads", "is not one of first_two"),
        ({"colour": "red"}, "side wager.colour", "not a known name"),
        ({"outcomes": []}, "pairs.outcomes", "a list of 1 to 40"),
        (
            {"outcomes": [{"outcome": "x1", "when": {"same_colur": True}}]},
            "pairs.outcomes[0].when.same_colur",
            "not a known name; the names are same_suit",
        ),
        (
            {"outcomes": [{"outcome": "x1", "when": {"same_suit": "yes"}}]},
            "pairs.outcomes[0].when.same_suit",
            "true or false",
        ),
        (
            {"outcomes": [{"outcome": "x1", "when": {"ranks": ["A", "B"]}}]},
            "pairs.outcomes[0].when.ranks",
            "'B' is not a rank",
        ),
        (
            {"outcomes": [{"outcome": "x1", "when": {"ranks": ["A"]}}]},
            "pairs.outcomes[0].when.ranks",
            "1 ranks for the 2 cards read",
        ),
        (
            {"outcomes": [{"outcome": "x1", "when": {"total": 40}}]},
            "pairs.outcomes[0].when.total",
            "from 2 to 31",
        ),
        ({"outcomes": [{"outcome": "x1", "when": {}}]}, "pairs.outcomes[0].when", "names no"),
        (
            {"outcomes": [{"outcome": "Pair!", "when": {"pair": True}}]},
            "pairs.outcomes[0].outcome",
            "is not a key",
        ),
        (
            {
                "outcomes": [
                    {"outcome": "x1", "when": {"pair": True}},
                    {"outcome": "x1", "when": {"same_suit": True}},
                ]
            },
            "pairs.outcomes[1].outcome",
            "'x1' twice",
        ),
        (
            {
                "outcomes": [
                    {"outcome": "x1", "when": {"pair": True}},
                    {"outcome": "x2", "when": {"eval": "__import__('os')"}},
                ]
            },
            "pairs.outcomes[1].when.eval",
            "not a known name",
        ),
    ],
)
def test_a_wrong_definition_is_refused_with_where_and_why(change, path, reason):
    with pytest.raises(DefinitionError) as refused:
        definition_read({**PAIRS, **change})
    assert refused.value.path == path and reason in refused.value.reason


def test_an_outcome_no_hand_reaches_is_refused():
    perfect = {"outcome": "perfect", "when": {"same_suit": True, "same_rank": True}}
    shadowed = {**PAIRS, "outcomes": [{"outcome": "any_pair", "when": {"pair": True}}, perfect]}
    with pytest.raises(DefinitionError) as refused:
        definition_checked(shadowed, where="games[2].rule_versions[1].side_wagers[0]")
    assert refused.value.path == "games[2].rule_versions[1].side_wagers[0].outcomes[1]"
    assert "never the outcome" in refused.value.reason
    assert definition_checked(PAIRS).outcome_keys == ("perfect_pair", "coloured_pair", "mixed_pair")


def test_settled_from_the_paytable_citing_it_or_the_definition():
    wager = definition_read(PAIRS, document="tie-bonus-rules.md")
    table = _paytable("pairs", {"perfect_pair": "25 to 1", "coloured_pair": "12 to 1"})
    paid = defined_settle(wager, table, _cards("7H", "7D"), Decimal("5"), "down_to_cent")
    assert (paid.net, paid.outcome, paid.odds) == (Decimal("60.00"), "coloured_pair", 12)
    assert paid.source == table.source
    unpriced = defined_settle(wager, table, _cards("7H", "7S"), Decimal("5"), "down_to_cent")
    assert (unpriced.net, unpriced.outcome) == (Decimal("-5"), "mixed_pair")
    assert unpriced.source.rule == "5" and "not priced" in unpriced.source.summary
    lost = defined_settle(wager, table, _cards("7H", "8S"), Decimal("5"), "down_to_cent")
    assert (lost.net, lost.outcome) == (Decimal("-5"), NO_OUTCOME)
    assert lost.source.document == "tie-bonus-rules.md"


def test_the_screens_table_makes_the_same_decisions():
    wager = definition_read(PAIRS)
    names, table = outcome_table(wager)
    assert len(table) == 52**2 and names[0] == NO_OUTCOME
    for a, b in product(range(52), repeat=2):
        assert names[table[a * 52 + b]] == outcome_of(wager, [a, b])


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_every_hand_is_counted_once(decks):
    for definition in (PAIRS, THREE_CARD):
        wager = definition_read(definition)
        counts = defined_combinations(wager, decks)
        assert sum(counts.values()) == comb(52 * decks, wager.cards)


def test_three_card_against_the_published_six_deck_combinations():
    """The Wizard of Odds' 21+3 "version 3" table, six decks: each hand's combinations."""
    counts = defined_combinations(definition_read(THREE_CARD), 6)
    assert counts == {"suited_three_of_a_kind": 1040, "straight_flush": 10368,
                      "three_of_a_kind": 25272, "straight": 155520, "flush": 292896,
                      NO_OUTCOME: 4528224}  # fmt: skip


@pytest.mark.parametrize(
    "definition, pays, decks, published",
    [
        (THREE_CARD, NINE_TO_ONE, 6, "0.0324"),  # 21+3 at 9 to 1: 3.24% (Wizard of Odds)
        (THREE_CARD, NINE_TO_ONE, 8, "0.0274"),  # 2.74%
        (THREE_CARD, NINE_TO_ONE, 4, "0.0424"),  # 4.24%
        (PAIRS, PAIRS_PAYS, 6, "0.0611"),  # Perfect Pairs 25/12/6: 6.11%
        (PAIRS, PAIRS_PAYS, 8, "0.0410"),  # 4.10%
    ],
)
def test_house_edges_against_published_analyses(definition, pays, decks, published):
    wager = definition_read(definition)
    sheet = defined_sheet(wager, _paytable(wager.key, pays), decks)
    assert sheet.total_probability == 1
    assert round(Decimal(sheet.house_edge.numerator) / sheet.house_edge.denominator, 4) == Decimal(
        published
    )


def test_the_sheets_exact_edge_is_its_lines():
    wager = definition_read(THREE_CARD)
    sheet = defined_sheet(wager, _paytable("three_card", FIVE_TO_HUNDRED), 6)
    total = comb(312, 3)
    expected = (Fraction(1040 * 100 + 10368 * 40 + 25272 * 30 + 155520 * 10 + 292896 * 5, total)
                - Fraction(4528224, total))  # fmt: skip
    assert sheet.house_edge == -expected
    assert [ln.outcome for ln in sheet.lines][:2] == ["suited_three_of_a_kind", "straight_flush"]
