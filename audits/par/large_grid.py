"""The distribution of a sum of wagers on a large grid, computed in its own memory.

:mod:`audits.par.hold_distribution` raises each sheet's transform to the ``n``-th power and
transforms back.  With numpy's transforms a grid of ``N`` points costs about four times its
``N`` floats at once (each group's transform, the product, the inverse and its scratch): 128
MB on the largest grid (:data:`~.lattice.MAX_GRID`, 2^22 points), all inside a
validating worker's finish.  Here the same distribution is computed in one array of ``N``
floats, mapped for it alone (handed back to the system when freed), and blocks of
:data:`WIDTH` and :data:`BLOCK` points:

- each group's transform is taken a residue class of frequencies at a time (``k = r + R j``,
  :data:`WIDTH` of them: a transform of that many points of its few outcomes, twiddled;
  :func:`_residue`), and the product's polar form is summed there (groups of the same
  outcomes, a sheet's tables at the same stake, as one);
- the product is shifted by ``start`` points (a phase: the result comes out already rotated
  to the grid's window) and packed as the transform of ``N / 2`` complex numbers (each
  holding two consecutive points), written straight to the places the four-step transform
  reads them from (:func:`_packed_at`);
- that transform is run in place as rows then columns of a matrix (numpy's transforms on a
  block of rows or columns at a time), with the twiddles between: its result is the ``N``
  points in order, the array's own memory.

The arithmetic is a transform's as numpy's, in another order, so the two agree to rounding,
as raised to the ``n``-th power: on the bench's month tests of 1,000,000 rounds every
interval and every flag is the same, and the p-values agree to 2e-9 (relative) or better,
but one in the far tail, below what either resolves: a check of 3 million wagers, 1.26e-11
one way, 1.00e-11 the other, both noise of about 1e-10 on a sum of 4 million points, which
the simulated sheet's widening then reads as 0.056 and 0.055.
``tests/audits/par/test_hold_distribution.py`` holds the two to each other point by point,
and this path to the enumerated distributions.  Pure: numpy.
"""

from __future__ import annotations

import mmap

import numpy as np

#: below this, a log's modulus is 0 in doubles (``exp`` underflows to exactly 0.0)
UNDERFLOW = -746.0
WIDTH = 1 << 14  # frequencies of the groups' transforms taken at once (a residue class)
BLOCK = 1 << 15  # points of a block of rows or columns transformed at once


def pmf_in_place(groups: list[tuple[tuple[int, ...], tuple[float, ...], int]], size: int,
                 start: int) -> np.ndarray:  # fmt: skip
    """The sum's distribution on a grid of ``size`` points (a power of two, at least 2), not
    normalised: point ``i`` holds the sum ``start + i`` (modulo ``size``).  ``groups``: each
    group's outcomes as ``(steps, probabilities, wagers)``, steps from 0."""
    half = size // 2  # complex points of the packed transform
    residues = max(1, min(half, size // WIDTH))
    cols = 1 << ((half.bit_length() - 1) // 2)
    rows = half // cols
    packed = _mapped(half, complex)
    at = _packed_at(rows, cols)
    turns = np.exp(2j * np.pi * np.arange(half // residues) / (size // residues))
    merged = alike_groups(groups)
    outcomes = [(np.asarray(s, np.int64), np.asarray(p, float)) for s, p, _ in merged]
    wagers = np.array([[n] for *_, n in merged], float)
    for r in range(residues // 2 + 1):
        mine = _residue(outcomes, wagers, size, residues, r, start)
        # the transform of a real result at size - k is the conjugate of its value at k:
        # residue r's class read backwards is residue -r's
        mirror = mine if r in (0, residues - r) else np.conj(mine[::-1])
        _pack(packed, at, size, residues, r, mine, mirror, turns)
        if mirror is not mine:
            _pack(packed, at, size, residues, residues - r, mirror, mine, turns)
        del mine, mirror
    _four_step(packed.reshape(rows, cols), half)
    return packed.view(np.float64)  # points 2m and 2m + 1 are packed m's parts


def alike_groups(groups: list[tuple[tuple[int, ...], tuple[float, ...], int]]):
    """The groups, those of the same outcomes (tables of one sheet at one stake) as one
    group of all their wagers: one power of them together."""
    alike: dict[tuple, int] = {}
    for steps, probabilities, n in groups:
        alike[(steps, probabilities)] = alike.get((steps, probabilities), 0) + n
    return [(steps, probabilities, n) for (steps, probabilities), n in alike.items()]


def _mapped(n: int, dtype) -> np.ndarray:
    """An array of ``n`` items in pages mapped for it alone, handed back to the system when
    the array is freed (from malloc, a freed block of up to 32 MB stays in the process's
    heap: the next grid would then come on top of the last)."""
    size = n * np.dtype(dtype).itemsize  # private, anonymous: zeros, this process's alone
    return np.frombuffer(mmap.mmap(-1, max(size, 1), flags=mmap.MAP_PRIVATE), dtype, n)


def _residue(outcomes: list[tuple[np.ndarray, np.ndarray]], wagers: np.ndarray, size: int,
             residues: int, r: int, start: int) -> np.ndarray:  # fmt: skip
    """The product of the groups' transforms at frequencies ``r + residues * j``, shifted by
    ``start`` points: each group's ``n``-th power taken in polar form (the log of the modulus
    and the angle times ``n``, summed over the groups).  ``outcomes``: each group's steps and
    probabilities; ``wagers``: each group's ``n``, a row each."""
    width = size // residues
    folded = np.zeros((len(outcomes), width), complex)
    for row, (steps, probabilities) in zip(folded, outcomes, strict=True):
        twiddled = probabilities * np.exp(-2j * np.pi * ((r * steps) % size) / size)
        np.add.at(row, steps % width, twiddled)
    z = np.fft.fft(folded, axis=1)  # sum over outcomes of p * exp(-2 pi i k s / size)
    del folded
    with np.errstate(divide="ignore"):
        log_modulus = (wagers * np.log(np.abs(z))).sum(axis=0)
    angle = (wagers * np.angle(z)).sum(axis=0)
    del z
    product = np.zeros(width, complex)
    # raised to many wagers' power, most of a spectrum underflows to 0: only the rest computed
    kept = np.flatnonzero(log_modulus > UNDERFLOW)
    k = r + residues * kept
    turned = angle[kept] + 2 * np.pi * ((k * start) % size) / size  # rotated by start points
    product[kept] = np.exp(log_modulus[kept] + 1j * turned)
    return product


def _pack(packed: np.ndarray, at, size: int, residues: int, r: int, mine: np.ndarray,
          mirror: np.ndarray, turns: np.ndarray) -> None:  # fmt: skip
    """Write the packed transform at the frequencies ``k = r + residues * j`` below ``size /
    2``: from the real result's transform at ``k`` (``mine``) and at ``size / 2 - k`` (in the
    residue class of ``mirror``), the two halves of the points (even and odd) combined.
    ``turns``: ``exp(2 pi i j residues / size)`` for each ``j``."""
    n = len(turns)
    here = mine[:n]
    there = mirror[n:0:-1] if r == 0 else mirror[n - 1 :: -1]
    if r == 0:  # the transform of a real result is real at 0 and at half the grid
        here, there = here.copy(), there.copy()
        here[0], there[0] = here[0].real, there[0].real
    odd = (here - np.conj(there)) * (turns * np.exp(2j * np.pi * r / size))
    odd *= 0.5j
    odd += (here + np.conj(there)) / 2
    packed[at(r + residues * np.arange(n))] = odd


def _packed_at(rows: int, cols: int):
    """Where frequency ``k`` of the packed transform is kept so that :func:`_four_step`
    leaves the points in order: ``k = k2 + rows * k1`` at row ``k2``, column ``k1``."""

    def at(k: np.ndarray) -> np.ndarray:
        return (k % rows) * cols + k // rows

    return at


def _four_step(matrix: np.ndarray, n: int) -> None:
    """The inverse transform (unscaled) of the ``n`` complex numbers of ``matrix``, in place,
    as laid out by :func:`_packed_at`: each row transformed, twiddled, each column
    transformed; the result in order, row after row."""
    rows, cols = matrix.shape
    step = max(1, BLOCK // cols)
    across = np.arange(cols, dtype=np.int64)
    for a in range(0, rows, step):
        block = np.fft.ifft(matrix[a : a + step], axis=1, norm="forward")
        down = np.arange(a, a + len(block), dtype=np.int64)[:, None]
        block *= np.exp(2j * np.pi * ((down * across) % n) / n)
        matrix[a : a + step] = block
    step = max(1, BLOCK // rows)
    for a in range(0, cols, step):
        matrix[:, a : a + step] = np.fft.ifft(matrix[:, a : a + step], axis=0, norm="forward")
