"""The submission page's findings in words: by kind with title, meaning, what to check,
severity, count and money at stake; filters by game, table, dealer, day, code and severity,
the list alone answered for the page to swap in place."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from django.test import Client

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.submissions.finding_kinds import submission_findings_by_kind
from audits.submissions.intake import submission_submit
from audits.validation.finding_words import FINDING_WORDS
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def month(people, tmp_path):  # noqa: F811
    log = tmp_path / "month.jsonl"
    venue = sample_venue_get("WA-CR-0042", date(2026, 10, 5))
    sample_month_generate(log, venue, start=date(2026, 10, 5), days=2, rounds=200,
                          fault_rate=0.08, seed=21)  # fmt: skip
    with open(log, "rb") as stream:
        return submission_submit(stream, name=log.name, licensee=people.licensee,
                                 via="command", now=True).submission  # fmt: skip


def test_findings_by_kind_read_in_words_money_first(month):
    groups, most = submission_findings_by_kind(month)
    assert groups[0].group == "payout"  # money first
    kinds = {k.code: k for g in groups for k in g.kinds}
    assert sum(k.count for k in kinds.values()) == month.finding_count
    assert most == max(k.count for k in kinds.values())
    over = kinds["overpaid"]
    paid_wrong = sum(abs(f.recorded - f.expected) for f in month.findings.filter(code="overpaid"))
    assert over.money == paid_wrong > 0 and over.severity == "critical"
    assert over.title == FINDING_WORDS["overpaid"].title == "Paid more than the rules give"
    assert all(k.money is None for k in kinds.values() if k.code.startswith("duplicate"))


def test_the_page_lists_kinds_and_filters_by_game_dealer_and_day(month, people):  # noqa: F811
    client = Client()
    client.force_login(people.staff)
    base = f"/submissions/{month.uuid}/"
    page = client.get(base).content.decode()
    assert "Findings by kind" in page and "Paid more than the rules give" in page
    assert "Check the paytable posted at the table" in page and "<meter" in page
    game = month.findings.exclude(game="").values_list("game", flat=True).first()
    listed = client.get(base, {"game": game, "fragment": "findings"})
    html = listed.content.decode()
    assert "<html" not in html and "Download these findings (CSV)" in html
    assert html.count('name="findings"') == min(50, month.findings.filter(game=game).count())
    dealt = month.findings.order_by("line")[:3].values_list("pk", flat=True)
    month.findings.filter(pk__in=list(dealt)).update(dealer="D-17")  # the sample logs name none
    by_dealer = client.get(base, {"dealer": "D-17", "fragment": "findings"})
    assert by_dealer.content.decode().count('name="findings"') == 3
    day = client.get(base, {"played_on": "2026-10-05", "fragment": "findings"}).content.decode()
    next_day = client.get(base, {"played_on": "2026-10-06", "fragment": "findings"})
    counted = day.count('name="findings"') + next_day.content.decode().count('name="findings"')
    assert 0 < counted and "played_on=2026-10-05" in day  # the CSV link keeps the day


def test_an_expected_payout_of_nothing_shows_as_0_00(month, people):  # noqa: F811
    finding = month.findings.filter(code="underpaid", expected=Decimal("0")).first()
    if finding is None:  # every sample month has one: the Lucky 3 losing hand paid
        finding = month.findings.filter(expected__isnull=False).first()
    client = Client()
    client.force_login(people.staff)
    html = client.get(f"/submissions/{month.uuid}/", {"code": finding.code}).content.decode()
    assert f'<td class="money">{finding.expected:.2f}</td>' in html
