"""Money in columns: integer cents, exact, whatever the amounts.

- :func:`settled_cents`: what ``at_risk`` cents settle to at exact odds with the rule
  version's rounding, the engine's ``settle_amount`` in integer arithmetic (a test holds
  the two equal over every rounding, odds and stake it is given);
- :class:`Limits`: the wager limits in force in cents, each stake checked against them;
- :func:`sums`: a group's wagers, amounts wagered, net results, payouts and squared stakes,
  exact (the squares are summed in parts that stay within 64 bits).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

import numpy as np

from ..context import GameRules
from .reader import KEY_SLOTS, WAGER_KEYS

#: the largest stake the screen settles (a larger one, $1,000,000, takes the exact path): its
#: odds times its square stay far within 64 bits
MOST_STAKE_CENTS = 100_000_000
NONE = np.iinfo(np.int64).max


def settled_cents(at_risk: np.ndarray, num: np.ndarray, den: np.ndarray, half_up: bool
                  ) -> np.ndarray:  # fmt: skip
    """``settle_amount(at_risk / 100, num / den)`` in cents: the exact product rounded to
    the cent, toward zero (``down_to_cent``) or half away from zero (``half_up_to_cent``),
    as ``Decimal.quantize`` does with ``ROUND_DOWN`` and ``ROUND_HALF_UP``."""
    x = at_risk * num
    size = np.abs(x)
    den = np.maximum(den, 1)
    cents = (2 * size + den) // (2 * den) if half_up else size // den
    return np.where(x < 0, -cents, cents)


@dataclass(frozen=True)
class Limits:
    """The limits in force, in cents: the most each wager key may stake (:data:`NONE`: no
    limit), the least the main wager may, and the most a round may pay in all (None)."""

    most: np.ndarray  # [KEY_SLOTS]
    least_main: int
    most_paid: int | None

    @classmethod
    def of(cls, rules: GameRules) -> Limits:
        most = np.full(KEY_SLOTS, NONE, np.int64)
        least, paid = 0, None
        for limit in rules.limits:
            cents = limit.amount * 100
            if limit.kind == "max_single_wager":
                cap = int(cents.to_integral_value(rounding=ROUND_FLOOR))
                for k, key in enumerate(WAGER_KEYS):
                    if not limit.wager_key or limit.wager_key == key:
                        most[k] = min(most[k], cap)
            elif limit.kind == "min_single_wager" and limit.wager_key in ("", "main"):
                least = max(least, int(cents.to_integral_value(rounding=ROUND_CEILING)))
            elif limit.kind == "max_aggregate_payout":
                cap = int(cents.to_integral_value(rounding=ROUND_FLOOR))
                paid = cap if paid is None else min(paid, cap)
        return cls(most, least, paid)

    def stakes_ok(self, wagers: np.ndarray, mask: np.ndarray, main_slot: int) -> np.ndarray:
        """Per seat: every placed stake within its limit and the screen's, the main one at
        least the minimum."""
        placed = ((mask[:, None] >> np.arange(KEY_SLOTS)) & 1).astype(bool)
        over = placed & ((wagers > self.most) | (wagers > MOST_STAKE_CENTS))
        ok = ~over.any(axis=1)
        main = placed[:, main_slot]
        return ok & ~(main & (wagers[:, main_slot] < self.least_main))

    def paid_ok(self, paid: np.ndarray) -> np.ndarray:
        """Per round: what it paid in all (cents) within the aggregate limit."""
        return np.ones(len(paid), bool) if self.most_paid is None else paid <= self.most_paid


def bits(mask: np.ndarray) -> np.ndarray:
    """``[seat, KEY_SLOTS]`` bool: each key's bit of each mask."""
    return ((mask[:, None] >> np.arange(KEY_SLOTS)) & 1).astype(bool)


@dataclass
class Sums:
    """A group's sums: ``wagers``, and in cents ``wagered``, ``net``, ``paid_out``;
    ``squares`` in cents squared (exact Python ints)."""

    wagers: int
    wagered: int
    net: int
    paid_out: int
    squares: int

    def as_decimals(self) -> tuple[int, Decimal, Decimal, Decimal, Decimal]:
        return (self.wagers, Decimal(self.wagered).scaleb(-2), Decimal(self.net).scaleb(-2),
                Decimal(self.paid_out).scaleb(-2), Decimal(self.squares).scaleb(-4))  # fmt: skip


def sums(groups: np.ndarray, stakes: np.ndarray, nets: np.ndarray, size: int) -> list[Sums]:
    """The sums of each group ``0..size-1`` of the wagers (``groups``, ``stakes`` and
    ``nets`` in cents, one per wager): counts and sums with ``bincount`` on integers, a
    square split as ``(a·10⁴ + b)² = a²·10⁸ + 2ab·10⁴ + b²`` so no sum leaves 64 bits."""

    def total(values: np.ndarray) -> list[int]:
        out = np.zeros(size, np.int64)
        np.add.at(out, groups, values)
        return out.tolist()

    high, low = np.divmod(stakes, 10_000)
    columns = [np.ones(len(groups), np.int64), stakes, nets, np.maximum(nets, 0),
               high * high, high * low, low * low]  # fmt: skip
    count, wagered, net, paid, aa, ab, bb = (total(c) for c in columns)
    return [
        Sums(count[g], wagered[g], net[g], paid[g],
             aa[g] * 100_000_000 + 2 * ab[g] * 10_000 + bb[g])  # fmt: skip
        for g in range(size)
    ]
