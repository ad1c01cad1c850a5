"""A class's representative judged from its own seat alone: the verdict the whole line's
reading gives, seat by seat, on sample lines of every game (faults, doubled and split hands
among them)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from audits.validation.games import GAMES, check_judge
from audits.validation.parse import parse_line
from audits.validation.rejected import Rejected
from audits.validation.screen.classes import UNSURE, ClassVerdict, judge_seat
from audits.validation.screen.keys import FIXED
from tests.audits.validation import ante_up_support, tie_bonus_support
from tests.audits.validation.screen.test_reader import sample
from tests.audits.validation.test_checks_toss_one import RULES as TOSS_ONE

RULES = {"toss-one-21": TOSS_ONE, "ante-up-21": ante_up_support.RULES,
         "blackjack-tie-bonus": tie_bonus_support.RULES}  # fmt: skip


def _statement(raw: bytes, line: int, number: int, rules, judge) -> ClassVerdict | None:
    """The verdict as first written: the whole line read, the seat taken alone from it, each
    wager's odds times the part of its stake at risk as a fraction."""
    try:
        parsed = parse_line(raw, line, read=True)
    except Rejected:
        return None
    seat = next(s for s in parsed.seats if s.number == number)
    alone = replace(parsed, seats=[seat])
    settled = judge.settle(alone, rules)
    if any(f.code not in judge.ignored for f in judge.check(alone, rules, settled)):
        return UNSURE
    mine = settled.seat(number)
    odds, hands = [], []
    for result in [] if mine is None else mine.judged_results():
        stake = seat.wagers.get(result.key)
        if not stake:
            return UNSURE
        at = result.odds * Fraction(result.risked / stake)
        if result.key == "main" and seat.hands is not None:
            hands.append(at)
        elif FIXED.slot(result.key) is None:
            return UNSURE
        else:
            odds.append((FIXED.slot(result.key), at))
    return ClassVerdict(True, tuple(odds), tuple(hands))


@pytest.mark.parametrize("game", sorted(RULES))
def test_a_seat_judged_from_its_own_reading_as_from_the_whole_lines(tmp_path, game):
    rules, judge = RULES[game], check_judge(GAMES[game])
    verdicts = []
    for line, raw in enumerate(sample(tmp_path, game, fault_rate=0.3)[:500], start=1):
        try:
            numbers = [s.number for s in parse_line(raw, line).seats]
        except Rejected:  # a line the exact path rejects: never a representative
            continue
        for number in numbers:
            got = judge_seat(raw, line, number, rules, judge)
            assert got == _statement(raw, line, number, rules, judge), (line, number)
            verdicts.append(got)
    assert UNSURE in verdicts and any(v is not None and v.clean for v in verdicts)
    if game != "toss-one-21":  # a doubled hand: its main wager settled on twice its stake
        assert any(h.denominator == 1 and abs(h) == 2 for v in verdicts if v for h in v.hands)
