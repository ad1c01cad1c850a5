"""Money in columns: integer cents, exact, whatever the amounts.

- :func:`settle_one` (:func:`settled_cents` for arrays): what ``at_risk`` cents settle to
  at exact odds with the rule version's rounding, the engine's ``settle_amount`` in integer
  arithmetic (a test holds the two equal over every rounding, odds and stake it is given);
- :class:`Limits`: the wager limits in force in cents, each stake checked against them;
- :func:`placed_sums`: a group's wagers, amounts wagered, net results, payouts and the stakes
  squared and cubed, exact (summed in parts that stay within 64 bits).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

import numpy as np

from ..context import GameRules
from .kernel import compiled
from .keys import FIXED, WagerKeys
from .layout import KEY_SLOTS

#: the largest stake the screen settles (a larger one, $1,000,000, takes the exact path): its
#: odds times its square stay far within 64 bits
MOST_STAKE_CENTS = 100_000_000
NONE = np.iinfo(np.int64).max


@compiled
def settle_one(at_risk, num, den, half_up):
    """``settle_amount(at_risk / 100, num / den)`` in cents, for one stake: the exact product
    rounded to the cent, toward zero (``down_to_cent``) or half away from zero
    (``half_up_to_cent``), as ``Decimal.quantize`` does with ``ROUND_DOWN`` and
    ``ROUND_HALF_UP``."""
    x = at_risk * num
    size = -x if x < 0 else x
    den = den if den > 1 else 1
    cents = (2 * size + den) // (2 * den) if half_up else size // den
    return -cents if x < 0 else cents


@compiled
def _settle_all(at_risk, num, den, half_up, out):
    for i in range(at_risk.size):
        out[i] = settle_one(at_risk[i], num[i], den[i], half_up)


def settled_cents(at_risk: np.ndarray, num: np.ndarray, den: np.ndarray, half_up: bool
                  ) -> np.ndarray:  # fmt: skip
    """:func:`settle_one` of each stake (arrays of one shape)."""
    at_risk, num, den = (np.ascontiguousarray(a, np.int64) for a in (at_risk, num, den))
    out = np.empty(at_risk.shape, np.int64)
    _settle_all(at_risk.reshape(-1), num.reshape(-1), den.reshape(-1), bool(half_up),
                out.reshape(-1))  # fmt: skip
    return out


@compiled
def paid_as_settled(wagers, results, wager_mask, slots, number, num, den, half_up, ok, nets):
    """Each seat ``s``'s placed wagers (column ``k`` is the reader's slot ``slots[k]``, its
    bit in ``wager_mask``) settled at its class's odds (``num``/``den`` of row ``number[s]``;
    ``den`` 0: not settled by the class): ``ok[s]`` False where a result differs;
    ``nets[s]`` its results where placed."""
    for s in range(wagers.shape[0]):
        c, mask = number[s], wager_mask[s]
        for k in range(wagers.shape[1]):
            slot = slots[k]
            if (mask >> slot) & 1:
                nets[s, k] = results[s, k]
                d = den[c, slot]
                if d > 0 and settle_one(wagers[s, k], num[c, slot], d, half_up) != results[s, k]:
                    ok[s] = False


@compiled
def hands_paid_as_settled(seat, index, cents, stake, placed, number, num, den, half_up, ok,
                          nets):  # fmt: skip
    """The main wager settled hand by hand: each hand ``h`` of seat ``seat[h]`` (its
    ``index[h]``-th) whose main wager is ``placed``, at the odds of its class's hand
    (``den`` 0: a hand the class did not settle, ``ok`` False); ``nets`` the hands' sum."""
    last = num.shape[1] - 1
    for h in range(seat.size):
        s = seat[h]
        if not placed[s]:
            continue
        c, i = number[s], min(index[h], last)
        d = den[c, i]
        if d == 0 or settle_one(stake[s], num[c, i], d, half_up) != cents[h]:
            ok[s] = False
        nets[s] += cents[h]


@dataclass(frozen=True)
class Limits:
    """The limits in force, in cents: the most each wager key may stake (:data:`NONE`: no
    limit), the least the main wager may, and the most a round may pay in all (None)."""

    most: np.ndarray  # [KEY_SLOTS]
    least_main: int
    most_paid: int | None

    @classmethod
    def of(cls, rules: GameRules, keys: WagerKeys = FIXED) -> Limits:
        most = np.full(KEY_SLOTS, NONE, np.int64)
        least, paid = 0, None
        for limit in rules.limits:
            cents = limit.amount * 100
            if limit.kind == "max_single_wager":
                cap = int(cents.to_integral_value(rounding=ROUND_FLOOR))
                for k, key in enumerate(keys.names):
                    if not limit.wager_key or limit.wager_key == key:
                        most[k] = min(most[k], cap)
            elif limit.kind == "min_single_wager" and limit.wager_key in ("", "main"):
                least = max(least, int(cents.to_integral_value(rounding=ROUND_CEILING)))
            elif limit.kind == "max_aggregate_payout":
                cap = int(cents.to_integral_value(rounding=ROUND_FLOOR))
                paid = cap if paid is None else min(paid, cap)
        return cls(most, least, paid)

    def paid_ok(self, paid: np.ndarray) -> np.ndarray:
        """Per round: what it paid in all (cents) within the aggregate limit."""
        return np.ones(len(paid), bool) if self.most_paid is None else paid <= self.most_paid


@dataclass
class Sums:
    """A group's sums: ``wagers``, and in cents ``wagered``, ``net``, ``paid_out``;
    ``squares`` in cents squared and ``cubes`` in cents cubed (exact Python ints)."""

    wagers: int
    wagered: int
    net: int
    paid_out: int
    squares: int
    cubes: int = 0

    def as_decimals(self) -> tuple[int, Decimal, Decimal, Decimal, Decimal, Decimal]:
        return (self.wagers, Decimal(self.wagered).scaleb(-2), Decimal(self.net).scaleb(-2),
                Decimal(self.paid_out).scaleb(-2), Decimal(self.squares).scaleb(-4),
                Decimal(self.cubes).scaleb(-6))  # fmt: skip


def placed_sums(wager_mask: np.ndarray, slots: np.ndarray, group: np.ndarray,
                stakes: np.ndarray, nets: np.ndarray, size: int) -> list[Sums]:  # fmt: skip
    """The sums of each group ``0..size-1`` of the wagers placed on seats: seat ``s``'s wager
    in column ``k`` of ``stakes`` and ``nets`` (cents; placed where the bit of ``slots[k]`` in
    ``wager_mask[s]`` is set) is in group ``group[s] * len(slots) + k``, none of a seat of
    group -1.  In one compiled pass on integers, the wagers never gathered: a square split as
    ``(a·10⁴ + b)² = a²·10⁸ + 2ab·10⁴ + b²`` and a cube as ``a³·10¹² + 3a²b·10⁸ + 3ab²·10⁴ +
    b³`` so no sum leaves 64 bits (each part at most 10¹² a wager)."""
    out = np.zeros((size, 11), np.int64)
    _placed_sums(np.ascontiguousarray(wager_mask, np.int64),
                 np.ascontiguousarray(slots, np.int64), np.ascontiguousarray(group, np.int64),
                 np.ascontiguousarray(stakes, np.int64), np.ascontiguousarray(nets, np.int64),
                 out)  # fmt: skip
    return [
        Sums(count, wagered, net, paid, aa * 100_000_000 + 2 * ab * 10_000 + bb,
             aaa * 10**12 + 3 * aab * 10**8 + 3 * abb * 10**4 + bbb)
        for count, wagered, net, paid, aa, ab, bb, aaa, aab, abb, bbb in out.tolist()
    ]


@compiled
def _placed_sums(wager_mask, slots, group, stakes, nets, out):
    width = len(slots)
    for s in range(len(group)):
        if group[s] < 0:
            continue
        for k in range(width):
            if wager_mask[s] >> slots[k] & 1 == 0:
                continue
            g, stake, net = group[s] * width + k, stakes[s, k], nets[s, k]
            high, low = stake // 10_000, stake % 10_000
            out[g, 0] += 1
            out[g, 1] += stake
            out[g, 2] += net
            if net > 0:
                out[g, 3] += net
            out[g, 4] += high * high
            out[g, 5] += high * low
            out[g, 6] += low * low
            out[g, 7] += high * high * high
            out[g, 8] += high * high * low
            out[g, 9] += high * low * low
            out[g, 10] += low * low * low
