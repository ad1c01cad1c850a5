"""Ante Up 21's learned fold/bet decisions kept on disk between processes
(games/services/poker_decisions.py): computed by the engine once, read back equal by a later
process, each game's and deck count's apart, and computed again from a damaged file."""

from __future__ import annotations

import pytest

from games.engine.ante_up import AnteUp21
from games.engine.ante_up_parsheet import bet_decisions
from games.services import poker_decisions, sheet_cache
from games.services.poker_decisions import ante_up_bet_decisions

LEARNED = AnteUp21({"poker_hand": "best_two_of_hand"})  # what the engine learns by simulation
EXACT = AnteUp21({"poker_hand": "first_two"})


@pytest.fixture
def folder(settings, tmp_path, monkeypatch):
    settings.PARSHEET_CACHE_DIR = str(tmp_path / "sheets")
    sheet_cache._engine_fingerprint.cache_clear()
    monkeypatch.setattr(poker_decisions, "_READ", {})  # a process of its own
    yield tmp_path / "sheets"
    sheet_cache._engine_fingerprint.cache_clear()


def _another_process(monkeypatch) -> list:
    """This process's decisions forgotten, and every computation by the engine recorded."""
    computed = []

    def recorded(game, decks):
        computed.append((game, decks))
        return bet_decisions(game, decks)

    monkeypatch.setattr(poker_decisions, "_READ", {})
    monkeypatch.setattr(poker_decisions, "bet_decisions", recorded)
    return computed


def test_the_learned_decisions_are_kept_and_read_back_equal(folder, monkeypatch):
    first = ante_up_bet_decisions(LEARNED, 6)
    assert first == bet_decisions(LEARNED, 6)
    assert len(first) == 1183 and set(first.values()) == {True, False}
    assert len(list(folder.rglob("*.json"))) == 1

    computed = _another_process(monkeypatch)
    assert ante_up_bet_decisions(AnteUp21({"poker_hand": "best_two_of_hand"}), 6) == first
    assert computed == []  # read from the file, not learned again


def test_each_game_and_deck_count_has_its_own_decisions(folder, monkeypatch):
    computed = _another_process(monkeypatch)
    exact_six = ante_up_bet_decisions(EXACT, 6)
    ante_up_bet_decisions(EXACT, 8)
    ante_up_bet_decisions(EXACT, 6)  # this process's own
    assert [decks for _, decks in computed] == [6, 8]
    assert exact_six == bet_decisions(EXACT, 6)
    assert exact_six != ante_up_bet_decisions(LEARNED, 6)  # the readings decide differently
    assert len(list(folder.rglob("*.json"))) == 3


def test_a_damaged_file_is_computed_again(folder, monkeypatch):
    ante_up_bet_decisions(EXACT, 6)
    (kept,) = folder.rglob("*.json")
    kept.write_text('{"decisions": [[1, 2]]}')
    computed = _another_process(monkeypatch)
    assert ante_up_bet_decisions(EXACT, 6) == bet_decisions(EXACT, 6)
    assert len(computed) == 1
