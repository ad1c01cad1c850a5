"""A grid small enough to lay out whole (below :data:`.lattice.LARGE_GRID` points): the sum's
distribution by numpy's transforms, each sheet's transform kept for the next test, and a
tail's end read from a running sum (a large grid's too).  Pure: numpy."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from audits.par.large_grid import UNDERFLOW

SUM_BLOCK = 1 << 16  # points of a cumulative sum held at once

#: the most bytes of spectra :func:`_log_spectrum` keeps between tests, the latest used (8
#: bytes a grid point; those of the largest grids are made again each time)
SPECTRA_KEPT = 8 << 20
_SPECTRA: OrderedDict[tuple, tuple[np.ndarray, np.ndarray]] = OrderedDict()


def whole_pmf(groups: list[tuple[tuple[int, ...], tuple[float, ...], int]], size: int):
    """The sum's distribution on a grid of ``size`` (point ``i``: the sum ``i`` modulo
    ``size``), not normalised: numpy's transforms, each array worked on in place and freed
    once used.  ``groups``: each group's outcomes as ``(steps, probabilities, wagers)``."""
    log_modulus, angle = np.zeros(size // 2 + 1), np.zeros(size // 2 + 1)
    for steps, probabilities, wagers in groups:
        its_log_modulus, its_angle = _log_spectrum(steps, probabilities, size)
        log_modulus += wagers * its_log_modulus  # the product of the n-th powers
        angle += wagers * its_angle
        del its_log_modulus, its_angle  # not kept when a large grid's
    spectrum = _polar(log_modulus, angle)
    del log_modulus, angle
    return np.fft.irfft(spectrum, size)


def running_sum(values: np.ndarray, tail: float, at: int) -> tuple[int, float]:
    """Of ``np.cumsum(values)``, to the bit: the first index where it exceeds ``tail``
    (``len(values)`` if none) and its value at ``at`` (0.0 when ``at`` is not an index);
    summed a block at a time (each block's sum carried into the next), not held whole, and
    no further than both are known."""
    first, found, carry = len(values), 0.0, None
    for a in range(0, len(values), SUM_BLOCK):
        part = values[a : a + SUM_BLOCK]
        if carry is None:
            sums = np.cumsum(part)
        else:  # the carried sum first: each sum one addition after the one before
            sums = np.cumsum(np.concatenate(([carry], part)))[1:]
        if first == len(values) and sums[-1] > tail:
            first = a + int(np.searchsorted(sums, tail, side="right"))
        if a <= at < a + len(part):
            found = float(sums[at - a])
        carry = sums[-1]
        if first < len(values) and (at < a + len(part) or at >= len(values)):
            break  # both known: the rest of the sum would change neither
    return first, found


def _log_spectrum(steps: tuple[int, ...], probabilities: tuple[float, ...], size: int):
    """The transform of one wager's distribution on a grid of ``size`` (``probabilities`` at
    ``steps``) in polar form: the log of each modulus (-inf where 0) and each angle.  Kept
    (:func:`_keep_spectrum`): the same sheet's wagers are tested day after day, on a few grid
    sizes; raising to the ``n``-th power is then a product (:func:`_polar` of the sums of
    ``n`` times these)."""
    key = (steps, probabilities, size)
    known = _SPECTRA.get(key)
    if known is not None:
        _SPECTRA.move_to_end(key)
        return known
    one = np.zeros(max(steps) + 1)
    np.add.at(one, np.array(steps), probabilities)
    z = np.fft.rfft(one, size)  # ``one`` padded with zeros to the grid: the same transform
    angle = np.angle(z)
    log_modulus = np.abs(z)
    del z
    with np.errstate(divide="ignore"):
        np.log(log_modulus, out=log_modulus)
    log_modulus.setflags(write=False)
    angle.setflags(write=False)
    _keep_spectrum(key, (log_modulus, angle))
    return log_modulus, angle


def _keep_spectrum(key: tuple, spectrum: tuple[np.ndarray, np.ndarray]) -> None:
    """Keep ``spectrum``, the least recently used dropped beyond :data:`SPECTRA_KEPT` bytes:
    a count of entries would not bound them (a log's stakes make new classes, each with its
    own spectra, up to 32 MB each; 256 of them kept grew a worker by hundreds of MB)."""
    if _nbytes(spectrum) > SPECTRA_KEPT:
        return
    _SPECTRA[key] = spectrum
    kept = sum(map(_nbytes, _SPECTRA.values()))
    while kept > SPECTRA_KEPT:
        kept -= _nbytes(_SPECTRA.popitem(last=False)[1])


def _nbytes(arrays: tuple[np.ndarray, ...]) -> int:
    return sum(a.nbytes for a in arrays)


def _polar(log_modulus: np.ndarray, angle: np.ndarray) -> np.ndarray:
    """The complex numbers of these logs of moduli and angles (0 where the log is -inf);
    ``log_modulus`` may be overwritten.  Only the points whose modulus is not 0 are computed:
    raised to the power of many wagers, most of a spectrum underflows, and its cosines and
    sines would be multiplied by 0 (the same numbers, to the bit)."""
    spectrum = np.zeros(len(log_modulus), complex)
    kept = np.flatnonzero(log_modulus > UNDERFLOW)
    if len(kept) == len(log_modulus):
        modulus = np.exp(log_modulus, out=log_modulus)
        np.multiply(modulus, np.cos(angle), out=spectrum.real)
        np.multiply(modulus, np.sin(angle), out=spectrum.imag)
        return spectrum
    modulus, angle = np.exp(log_modulus[kept]), angle[kept]
    spectrum.real[kept] = modulus * np.cos(angle)
    spectrum.imag[kept] = modulus * np.sin(angle)
    return spectrum


def rotate(a: np.ndarray, k: int) -> None:
    """``a`` rotated left by ``k`` in place (``np.roll(a, -k)`` without a second array: the
    shorter part is copied aside)."""
    n = len(a)
    if not 0 < k < n:
        return
    if k <= n - k:
        head = a[:k].copy()
        a[: n - k] = a[k:]
        a[n - k :] = head
    else:
        tail = a[k:].copy()
        a[n - k :] = a[:k]
        a[: n - k] = tail
