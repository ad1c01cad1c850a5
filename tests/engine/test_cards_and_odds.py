"""Cards, shoes and exact odds (handlog-format.md; '3:2', '6:5', '40 to 1')."""

from decimal import Decimal
from fractions import Fraction

import pytest

from games.engine.cards import (
    CARD_CODES,
    IS_RED,
    VALUE,
    CardError,
    card_code,
    over_shoe,
    parse_card,
    parse_cards,
)
from games.engine.odds import OddsError, format_odds, parse_odds, settle_amount
from games.engine.parameters import Parameter, ParameterError, coerce, resolve
from games.engine.sources import Source


def test_all_52_codes_round_trip():
    assert len(CARD_CODES) == 52
    assert all(card_code(parse_card(code)) == code for code in CARD_CODES)


@pytest.mark.parametrize("bad", ["10S", "as", "AX", "1S", "", "T", None, 5, "ASS"])
def test_bad_card_codes_are_refused(bad):
    with pytest.raises(CardError):
        parse_card(bad)


def test_values_and_colours():
    ace, ten, king, two = parse_cards(["AS", "TH", "KD", "2C"])
    assert (VALUE[ace], VALUE[ten], VALUE[king], VALUE[two]) == (1, 10, 10, 2)
    assert (IS_RED[ace], IS_RED[ten], IS_RED[king], IS_RED[two]) == (False, True, True, False)


def test_over_shoe_reports_cards_beyond_the_decks():
    cards = parse_cards(["AS", "AS", "AS", "KD"])
    assert over_shoe(cards, 2) == [parse_card("AS")]
    assert over_shoe(cards, 3) == []


@pytest.mark.parametrize(
    "text, odds",
    [
        ("3:2", Fraction(3, 2)),
        ("6:5", Fraction(6, 5)),
        ("40 to 1", Fraction(40)),
        ("3 to 2", Fraction(3, 2)),
        ("Push", Fraction(0)),
        ("Lose", Fraction(-1)),
        ("250 to 1", Fraction(250)),
        ("5 for 1", Fraction(4)),  # the stake counted in what is paid back
        ("1 for 1", Fraction(0)),
        ("7 for 2", Fraction(5, 2)),
    ],
)
def test_odds_are_exact_fractions(text, odds):
    assert parse_odds(text) == odds


@pytest.mark.parametrize("bad", ["3/", "two to one", "1:0", "", "1 for 2"])
def test_bad_odds_are_refused(bad):
    with pytest.raises(OddsError):
        parse_odds(bad)


def test_format_odds_reads_back():
    for text in ("3 to 2", "40 to 1", "Push", "Lose"):
        assert format_odds(parse_odds(text)) == text


@pytest.mark.parametrize(
    "stake, odds, rounding, net",
    [
        ("25", "3:2", "down_to_cent", "37.50"),
        ("25", "6:5", "down_to_cent", "30.00"),
        ("7", "6:5", "down_to_cent", "8.40"),
        ("0.09", "6:5", "down_to_cent", "0.10"),
        ("0.09", "6:5", "half_up_to_cent", "0.11"),
        ("5", "40 to 1", "down_to_cent", "200"),
    ],
)
def test_settle_amount_is_decimal_to_the_cent(stake, odds, rounding, net):
    result = settle_amount(Decimal(stake), parse_odds(odds), rounding)
    assert isinstance(result, Decimal)
    assert result == Decimal(net)


SPEC = (
    Parameter("shoe", (6, 8), 6, Source("doc"), "decks"),
    Parameter("x", (True, False), False, Source("doc"), "flag"),
)


def test_parameters_resolve_defaults_and_coerce_text():
    assert resolve(SPEC, {}) == {"shoe": 6, "x": False}
    assert resolve(SPEC, {"shoe": "8", "x": "true"}) == {"shoe": 8, "x": True}
    assert coerce("no") is False and coerce(" 3 ") == 3 and coerce("3:2") == "3:2"


def test_parameters_refuse_unknown_names_and_values():
    with pytest.raises(ParameterError, match="unknown"):
        resolve(SPEC, {"decks": 6})
    with pytest.raises(ParameterError, match="not allowed"):
        resolve(SPEC, {"shoe": 7})
