"""Where a sum of wagers' results lies but for a given probability: the window a grid needs.

:mod:`audits.par.lattice` computes the sum's distribution on a circular grid: whatever falls
outside the grid's window folds onto it, so the window must hold all but
:data:`~.lattice.FOLD_BOUND` of the probability.  Two bounds say how far from the mean that
is, each side given half of it; the tighter one is used, so the window is never wider than
the other alone would make it:

- Bernstein's, from the sum's variance and the widest pay alone (symmetric);
- Chernoff's, from the groups' exact cumulant generating function ``K``: for every ``θ > 0``,
  ``P(S - mean >= t) <= exp(K(θ) - θ t)``, so the reach ``min over θ of (K(θ) + log(1 /
  bound)) / θ`` is a bound whatever the ``θ`` tried (:data:`THETAS` of them, spaced
  geometrically); likewise below with ``-θ``.  A side wager's results are lopsided (a
  stake lost at most, a rare pay of hundreds): Bernstein's spreads the rare pay's reach to
  both sides, Chernoff's does not.

The sum also never leaves its whole range (every wager lost, every wager paid its most):
the window is cut to it.  Pure: numpy and the standard library.
"""

from __future__ import annotations

import math

import numpy as np

THETAS = 96  # the θ tried on each side


def reach(groups: list[tuple[np.ndarray, np.ndarray, int]], bound: float) -> tuple[float, float]:
    """How far below and above its mean the sum of the groups' results stays, but for
    ``bound`` of probability on each side.  ``groups``: each group's outcomes (in steps) and
    probabilities (summing to 1) and its number of wagers."""
    steps, probabilities, wagers = _stacked(groups)
    centred = steps - (probabilities * steps).sum(axis=1, keepdims=True)
    variance = float((wagers[:, 0] * (probabilities * centred**2).sum(axis=1)).sum())
    if variance <= 0:  # every group's result certain
        return 0.0, 0.0
    widest = float(np.abs(centred).max())
    log_bound = math.log(1 / bound)
    bernstein = _bernstein(variance, float((steps.max(1) - steps.min(1)).max()), log_bound)
    thetas = np.geomspace(1e-3 / math.sqrt(variance), 60.0 / widest, THETAS)
    below = _chernoff(-centred, probabilities, wagers, thetas, log_bound)
    above = _chernoff(centred, probabilities, wagers, thetas, log_bound)
    return min(below, bernstein), min(above, bernstein)


def _stacked(groups):
    """The groups as arrays of one row each, padded with outcomes of probability 0."""
    width = max(len(s) for s, _, _ in groups)
    steps = np.zeros((len(groups), width))
    probabilities = np.zeros((len(groups), width))
    for row, (s, p, _) in enumerate(groups):
        steps[row, : len(s)] = s
        steps[row, len(s) :] = s[0]  # a padded outcome sits on a real one, at probability 0
        probabilities[row, : len(p)] = p
    wagers = np.array([[n] for _, _, n in groups], float)
    return steps, probabilities, wagers


def _bernstein(variance: float, span: float, log_bound: float) -> float:
    """``t`` where ``exp(-t²/2 / (V + span·t/3))`` is ``bound``: each result within ``span``
    of its mean."""
    b = 2 * log_bound * span / 3
    return (b + math.sqrt(b * b + 8 * log_bound * variance)) / 2


def _chernoff(centred: np.ndarray, probabilities: np.ndarray, wagers: np.ndarray,
              thetas: np.ndarray, log_bound: float) -> float:  # fmt: skip
    """The least ``(K(θ) + log(1 / bound)) / θ`` over ``thetas``: ``K`` the cumulant
    generating function of the sum of the centred results (a log-sum-exp per group)."""
    exponents = thetas[:, None, None] * centred[None, :, :]  # θ, group, outcome
    top = exponents.max(axis=2)  # each sum holds a real outcome's term at its top: above 0
    per_group = top + np.log((probabilities[None] * np.exp(exponents - top[..., None])).sum(2))
    cumulant = (per_group * wagers[None, :, 0]).sum(axis=1)
    return float(((cumulant + log_bound) / thetas).min())
