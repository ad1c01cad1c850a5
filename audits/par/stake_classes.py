"""Unequal stakes in the hold test: the stakes as two classes, and a lattice in money.

A log's stakes differ.  The players' result is then ``Σ sᵢ·Xᵢ``, each ``Xᵢ`` one unit
wager's result under the par sheet; its spread depends on ``Σ s²`` and its skew, which
decides a far tail, on ``Σ s³``.  The ledger keeps ``n``, ``Σ s``, ``Σ s²`` and ``Σ s³`` per
row.  :func:`stake_classes` stands the stakes in for two classes of equal stakes with the
same count, sum, sum of squares and (as closely as whole counts allow) sum of cubes: the
two-point distribution of the stakes' mean, variance and skewness (the two-node Gauss
rule of the stakes' own moments).  Each class is a group of equal wagers, its stake a whole
number of a small quantum, so the classes' results share one lattice in money
(:func:`money_groups`) where the exact distribution of their sum is computed
(:mod:`audits.par.hold_distribution`); the observed result is read in the classes' amount
wagered (scaled by it over the true one, within a quantum a wager), so that the mean and the
result of every wager lost fall where they are.  With equal stakes there is one class and the
test is the exact one of the wagers themselves.  Pure: the standard library.
"""

from __future__ import annotations

import math
from dataclasses import replace

from audits.par.hold_distribution import Group

FINE = 8  # the stakes' quantum: the smallest class's stake over this


def stake_classes(n: int, total: float, squares: float, cubes: float | None):
    """``[(stake, count), ...]``: one class when the stakes are equal (or only their sum is
    known), else two, matching ``n``, ``Σs`` and ``Σs²`` exactly and ``Σs³`` as whole counts
    allow; ``cubes`` None: Kish's one class of (Σs)²/Σs² wagers of Σs²/Σs."""
    if n <= 0 or total <= 0:
        return []
    mean = total / n
    variance = max(squares / n - mean * mean, 0.0) if squares else 0.0
    if variance <= 1e-12 * mean * mean:
        return [(mean, n)]
    if cubes is None:
        effective = max(1, min(n, round(total * total / squares)))
        return [(squares / total, effective)]
    sd = math.sqrt(variance)
    third = cubes / n - 3 * mean * squares / n + 2 * mean**3
    skew = third / sd**3
    root = math.sqrt(skew * skew + 4)
    low, high = (skew - root) / 2, (skew + root) / 2
    in_high = round(n * -low / (high - low))
    in_low = n - in_high
    if in_high == 0 or in_low == 0:
        return [(mean, n)]
    return [(mean - sd * math.sqrt(in_high / in_low), in_low),
            (mean + sd * math.sqrt(in_low / in_high), in_high)]  # fmt: skip


def money_groups(parts: list[tuple[Group, list[tuple[float, int]]]]):
    """The classes of every part as groups on one lattice in money: ``(groups, quantum,
    stand_ins)``.  Each class's stake is a whole number of ``quantum`` (the smallest class's
    stake over :data:`FINE`), its group's pays the sheet's times that number, exactly;
    ``stand_ins`` is each part's amount the classes wager (within a quantum a wager of its
    amount wagered).  ``parts``: each part's sheet (a group per unit stake) and classes."""
    quantum = min(stake for _, classes in parts for stake, _ in classes) / FINE
    groups, stand_ins = [], []
    for group, classes in parts:
        wagered = 0
        for stake, count in classes:
            times = max(1, round(stake / quantum))
            outcomes = tuple((p, x * times) for p, x in group.outcomes)
            groups.append(replace(group, outcomes=outcomes, wagers=count,
                                  mean_error=group.mean_error * times))  # fmt: skip
            wagered += count * times
        stand_ins.append(wagered * quantum)
    return groups, quantum, stand_ins
