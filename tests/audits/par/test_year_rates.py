"""Venue-years drawn from the par sheets, every game (fixed seed): with one equal stake a
clean year is not flagged; a skim is found; ``bench/monitoring_rates.py`` measures more
years (docs/monitoring.md)."""

from __future__ import annotations

import numpy as np
import pytest

from audits.par import year_rates as yr
from tests.engine.sheets_support import six_deck_sheet

GAMES = ("ante-up-21", "blackjack-tie-bonus")


@pytest.fixture(scope="module")
def sheets():
    return {g: six_deck_sheet(g).to_dict()["wagers"] for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_clean_years_of_equal_stakes_are_not_flagged_and_a_skim_is_found(monkeypatch, sheets, game):
    monkeypatch.setattr(yr, "STAKES", np.array([25]))
    monkeypatch.setattr(yr, "STAKE_SHARES", np.array([1.0]))
    venue = yr.Venue({"T5": game}, {game: yr.DEMO.shares[game]}, rounds=1500)
    clean, found = yr.year_rates(venue, sheets, years=2, seed=11)
    assert clean == 0
    assert found["skim"] >= 1  # one win in twenty dropped for a month at 1,500 a day


def test_a_month_flags_only_where_it_was_planted(sheets):
    rng = np.random.default_rng(4)
    venue = yr.DEMO.only("blackjack-tie-bonus")
    year = [yr._month(rng, venue, sheets, None) for _ in range(2)]
    year.append(yr._month(rng, venue, sheets, "skim"))
    skimmed = [{k: (n, w, net - w / 10 if k == ("T6", "main") else net, sq, cu)
                for k, (n, w, net, sq, cu) in day.items()} for day in year[2]]  # fmt: skip
    year[2] = skimmed  # a tenth of every stake kept besides
    flags = yr.month_flags(year, 2, sheets, venue, 0.05)
    assert flags and {(t, w) for _, t, _, w in flags} == {("T6", "main")}


def test_a_hold_of_fewer_wagers_than_the_jurisdiction_tests_is_left_out_as_monitoring_does(
    sheets,
):
    rng = np.random.default_rng(5)
    venue = yr.DEMO.only("blackjack-tie-bonus")
    day = yr._month(rng, venue, sheets, None)[0]
    checked = {(t, w): parts for t, _, w, parts in yr._checks([day], sheets, venue)}
    assert ("T6", "main") in checked  # 400 wagers a day
    assert day[("T6", "tie_18")][0] < yr.FEWEST and ("T6", "tie_18") not in checked
    month = yr._month(rng, venue, sheets, None)
    assert ("T6", "tie_18") in {(t, w) for t, _, w, _ in yr._checks(month, sheets, venue)}
