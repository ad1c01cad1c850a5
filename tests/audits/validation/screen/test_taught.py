"""The family's engine answers kept per engine and taught as a worker starts: a taught answer
is the one a screen learns for the same code from sample rounds (faults among them), the
rounds' commonest questions are taught, and screens share answers only with screens of an
engine of the same parameters."""

from __future__ import annotations

import numpy as np
import pytest

from audits.validation.games import GAMES, check_judge
from audits.validation.games.blackjack import taught
from audits.validation.games.blackjack.answers import Answers
from audits.validation.screen.batch import Batch
from tests.audits.validation import ante_up_support, tie_bonus_support
from tests.audits.validation.screen.test_reader import sample

RULES = {"ante-up-21": ante_up_support.RULES, "blackjack-tie-bonus": tie_bonus_support.RULES}
LATEST = np.iinfo(np.int64).max


def _known(answers: Answers) -> dict[int, tuple[int, ...]]:
    """Every code the answers hold, with its answer."""
    held = np.flatnonzero(answers._slot_rows >= 0)
    rows = answers._slot_rows[held]
    return dict(zip(answers._slot_codes[held].tolist(), map(tuple, answers._table[rows].tolist()),
                    strict=True))  # fmt: skip


def _screen_learns(game: str, lines: list[bytes]):
    """A fresh screen of the game, the sample screened: the answers it learnt."""
    screen = GAMES[game].screen(RULES[game], {}, 6, check_judge(GAMES[game]))
    length = np.array([len(line) for line in lines], np.int64)
    starts = np.cumsum(length + 1) - length - 1
    batch = Batch(b"\n".join(lines), starts, starts + length, LATEST)
    screen.screen(batch, np.flatnonzero(batch.ok), lines, np.arange(1, len(lines) + 1))
    return screen


@pytest.fixture(autouse=True)
def _nothing_kept():
    taught._LEARNT.clear()
    yield
    taught._LEARNT.clear()


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_taught_answer_is_the_one_the_screen_learns(tmp_path, game):
    lines = sample(tmp_path, game, fault_rate=0.2)
    learnt = _screen_learns(game, lines)
    dealers, plays = _known(learnt.dealer_answers), _known(learnt.play)
    taught._LEARNT.clear()
    engine = learnt.engine
    assert taught.engine_teach(engine) > 40_000
    assert taught.engine_teach(engine) == 0  # an engine of the same parameters: taught
    kept = taught.learnt_for(engine)
    for name, seen in (("dealer", dealers), ("play", plays)):
        told = _known(kept[name])
        shared = seen.keys() & told.keys()
        assert {code: seen[code] for code in shared} == {code: told[code] for code in shared}
        assert len(shared) >= 0.8 * len(seen), name  # the sample's commonest are taught
        assert 0 < len(shared) < len(seen) or name == "dealer"  # long hands left to learn


def test_screens_share_the_answers_of_an_engine_of_the_same_parameters():
    rules = tie_bonus_support.RULES
    judge = check_judge(GAMES["blackjack-tie-bonus"])
    one = GAMES["blackjack-tie-bonus"].screen(rules, {}, 6, judge)
    other = GAMES["blackjack-tie-bonus"].screen(rules, {}, 8, judge)
    assert one.dealer_answers is other.dealer_answers and one.ties is other.ties
    h17 = not rules.engine.params["dealer_hits_soft_17"]
    changed = GAMES["blackjack-tie-bonus"].screen(
        rules, {"dealer_hits_soft_17": h17}, 6, judge
    )
    assert changed.engine.h17 == h17 and changed.dealer_answers is not one.dealer_answers
