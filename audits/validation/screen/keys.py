"""The wager keys a batch is read with: every game's own (:data:`~.layout.WAGER_KEYS`, in
their fixed slots) and after them the keys the registry defines as data (side wagers of a
rule version, ``games.engine.defined``), as many as the spare slots hold.

The reader reads a wager or result key by looking it up in the table of these names
(:attr:`WagerKeys.table`); a key not among them sends its line to the exact path, which
settles every key, so a defined key beyond the spare slots costs speed, never a finding.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from .layout import KEY_SLOTS, WAGER_KEYS, key_table


@dataclass(frozen=True)
class WagerKeys:
    """The names of the reader's key slots, slot ``k`` holding ``names[k]``."""

    names: tuple[str, ...] = WAGER_KEYS
    table: tuple[np.ndarray, np.ndarray] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.names[: len(WAGER_KEYS)] != WAGER_KEYS or len(self.names) > KEY_SLOTS:
            raise ValueError("the games' own keys first, at most KEY_SLOTS in all")
        object.__setattr__(self, "table", key_table(self.names))

    @classmethod
    def with_defined(cls, defined: Iterable[str]) -> WagerKeys:
        """The games' keys, then the defined ones not among them (sorted, as many as fit)."""
        extra = sorted(set(defined) - set(WAGER_KEYS))
        return cls(WAGER_KEYS + tuple(extra[: KEY_SLOTS - len(WAGER_KEYS)]))

    def slot(self, key: str) -> int | None:
        """The slot of ``key`` (None: not read, its lines go to the exact path)."""
        return self.names.index(key) if key in self.names else None

    def mask(self, keys: Iterable[str]) -> int:
        """The bits of those ``keys`` that have a slot."""
        return sum(1 << self.names.index(k) for k in keys if k in self.names)


#: the games' own keys alone: a registry that defines none
FIXED = WagerKeys()
