"""Verdicts numbered once per screen: a class judged once, its number the same in every batch."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest

from audits.validation.screen.verdicts import UNSURE, Verdict, Verdicts

CLEAN = Verdict(True, 2500, (("main", Decimal(25), Decimal(25)),))
FAULTY = Verdict(False)


def judged_by(answers: dict[int, Verdict | None], asked: list[int]):
    def judge(i: int) -> Verdict | None:
        asked.append(i)
        return answers[i]

    return judge


def test_each_class_is_judged_once_and_keeps_its_number_across_batches():
    verdicts, asked = Verdicts(), []
    keys = np.array([7, 3, 7, 9, 3], np.int64)
    inverse, numbers = verdicts.of(keys, judged_by({1: CLEAN, 0: FAULTY, 3: CLEAN}, asked))
    assert sorted(asked) == [0, 1, 3]  # one seat of each class
    per_seat = numbers[inverse]
    assert per_seat[0] == per_seat[2] and per_seat[1] == per_seat[4]
    assert verdicts.clean[per_seat].tolist() == [False, True, False, True, True]
    assert verdicts.paid_cents[per_seat].tolist() == [0, 2500, 0, 2500, 2500]
    assert [verdicts.given[n] for n in per_seat.tolist()] == [FAULTY, CLEAN, FAULTY, CLEAN, CLEAN]

    asked.clear()
    again_inverse, again = verdicts.of(np.array([9, 3, 7], np.int64), judged_by({}, asked))
    assert asked == []  # every class known: nobody judged
    assert again[again_inverse].tolist() == [per_seat[3], per_seat[1], per_seat[0]]


def test_a_class_that_could_not_be_judged_is_unsure_and_asked_again():
    verdicts, asked = Verdicts(), []
    inverse, numbers = verdicts.of(np.array([5, 5], np.int64), judged_by({0: None}, asked))
    assert numbers[inverse].tolist() == [0, 0] and verdicts.given[0] is UNSURE
    assert not verdicts.clean[0]
    inverse, numbers = verdicts.of(np.array([5], np.int64), judged_by({0: CLEAN}, asked))
    assert asked == [0, 0] and verdicts.given[int(numbers[inverse][0])] is CLEAN


def test_rows_of_keys_are_classes_too_and_a_full_table_says_so():
    verdicts, asked = Verdicts(most=3), []
    keys = np.array([[1, 2], [1, 3], [1, 2]], np.int64)
    inverse, numbers = verdicts.of(keys, judged_by({0: CLEAN, 1: FAULTY}, asked))
    assert numbers[inverse][0] == numbers[inverse][2] != numbers[inverse][1]
    assert verdicts.full  # UNSURE and two verdicts: the screen starts a new table next batch


def test_a_judge_that_raises_leaves_the_verdicts_given_before_it_usable():
    verdicts = Verdicts()

    def judge(i: int) -> Verdict:
        if i == 1:
            raise ZeroDivisionError("a check broke")
        return CLEAN

    with pytest.raises(ZeroDivisionError):
        verdicts.of(np.array([10, 20], np.int64), judge)
    inverse, numbers = verdicts.of(np.array([10], np.int64), judge)  # known: not judged again
    assert verdicts.clean[numbers[inverse]].tolist() == [True]
