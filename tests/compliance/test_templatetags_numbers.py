"""Figures as a reader expects them: thousands separators, money with two decimals, a dash
for a sum that does not exist (never a blank for 0.00)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template import Context, Template

from compliance.templatetags.numbers import count, money


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Decimal("-557.5"), "-557.50"),
        (Decimal("0"), "0.00"),
        (0, "0.00"),
        (Decimal("1234567.89"), "1,234,567.89"),
        ("25", "25.00"),
        (None, "—"),
        ("", "—"),
        ("n/a", "—"),
        (Decimal("NaN"), "—"),
        (True, "—"),
    ],
)
def test_money_has_two_decimals_and_separators(value, shown):
    assert money(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"), [(1234567, "1,234,567"), (0, "0"), (None, "—"), (Decimal("12.5"), "12.5")]
)
def test_counts_have_separators(value, shown):
    assert count(value) == shown


def test_a_page_shows_a_zero_expected_payout_as_0_00():
    page = Template("{% load numbers %}<td>{{ f.expected|money }}</td><td>{{ n|count }}</td>")
    assert page.render(Context({"f": {"expected": Decimal("0.00")}, "n": 49390})) == (
        "<td>0.00</td><td>49,390</td>"
    )
