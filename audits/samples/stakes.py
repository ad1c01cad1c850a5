"""How a sample's players stake: the demo's few amounts, any amount within the limit, or as
many different amounts as the limit holds.

- ``few``: the demo's tables (five main stakes, two side stakes), drawn as before, so a
  sample of a given seed is the same file it always was;
- ``any``: any whole dollar from the least to the most a table takes, a share of seats at
  the most itself; side wagers any whole dollar from 1 to 25;
- ``distinct``: every cent amount of the range in turn (a stride through it that visits
  each once before any again): as many different wagers as the range holds.

Amounts are integer cents; :func:`written` spells one as a log does (``25``, ``37.05``).
"""

from __future__ import annotations

import random
from math import gcd

MODES = ("few", "any", "distinct")
AT_THE_LIMIT = 0.05  # the share of main stakes at the table's most (``any``)
SIDE_MOST = 25_00


def written(cents: int) -> str:
    whole, part = divmod(cents, 100)
    return str(whole) if not part else f"{whole}.{part:02d}"


class Stakes:
    """Stakes of one sample (``rng``: its seeded generator)."""

    def __init__(self, rng: random.Random, mode: str = "few", *, least: int = 5_00,
                 most: int = 400_00, few: tuple[list, ...] = ()):  # fmt: skip
        if mode not in MODES:
            raise ValueError(f"stakes: one of {', '.join(MODES)}, not {mode!r}")
        self.rng, self.mode, self.least, self.most = rng, mode, least, most
        self.few = few  # the ``few`` tables: (main, *sides) of 100 entries each (dollars)
        self._main = _Walk(least, most)
        self._side = _Walk(1_00, SIDE_MOST)

    def main(self) -> int:
        rnd = self.rng.random
        if self.mode == "few":
            return self.few[0][int(rnd() * 100)] * 100
        if self.mode == "distinct":
            return self._main.next()
        if rnd() < AT_THE_LIMIT:
            return self.most
        return (self.least // 100 + int(rnd() * (self.most // 100 - self.least // 100 + 1))) * 100

    def side(self, which: int, share: float) -> int | None:
        """A side wager on a share of seats (``few``: the ``which``-th side table)."""
        rnd = self.rng.random
        if self.mode == "few":
            stake = self.few[which][int(rnd() * 100)]
            return None if stake is None else stake * 100
        if rnd() >= share:
            return None
        if self.mode == "distinct":
            return self._side.next()
        return (1 + int(rnd() * (SIDE_MOST // 100))) * 100

    def at_most(self, cents: int) -> int:
        """A stake of at most ``cents`` (an ANTE below the 21 bet, a tie wager below half the
        main): whole dollars (``any``), any cent (``distinct``); at least a dollar."""
        top = max(cents, 1_00)
        if self.mode == "distinct":
            return 1_00 + self.rng.randrange(top - 1_00 + 1)
        return (1 + int(self.rng.random() * (top // 100))) * 100


class _Walk:
    """Every cent amount of ``[least, most]`` in turn, by a stride coprime with its size."""

    def __init__(self, least: int, most: int):
        self.least, self.size = least, most - least + 1
        self.stride = 7919
        while gcd(self.stride, self.size) != 1:
            self.stride += 2
        self.at = 0

    def next(self) -> int:
        self.at = (self.at + self.stride) % self.size
        return self.least + self.at
