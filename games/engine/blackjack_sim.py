"""A small, deterministic round simulator for par sheets of the blackjack family.

Every round is dealt from a full, freshly shuffled shoe (a partial
Fisher-Yates draw, so a round costs only the cards it uses): rounds are
independent, and the same seed gives the same rounds.  The player plays one
hand by a named strategy; the dealer peeks for a natural and draws by the
rule version's soft-17 rule.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from .blackjack import BlackjackRules, PlayerHand, hand_total, is_natural
from .cards import VALUE
from .parsheet import SIMULATION, WagerSheet, lines_from_weights

DEFAULT_SEED = 20260101
Z95 = 1.959963984540054


def basic_no_split(total: int, soft: bool, up_value: int) -> bool:
    """Hit? Stand on hard 17+, hard 13-16 against 2-6, hard 12 against 4-6; else hit.

    Soft 18 or more stands, soft 17 or less hits.  ``up_value`` counts the ace as 1.
    """
    if soft:
        return total <= 17
    if total >= 17:
        return False
    if total >= 13:
        return not 2 <= up_value <= 6
    if total == 12:
        return not 4 <= up_value <= 6
    return True


@dataclass(frozen=True)
class Strategy:
    name: str
    description: str
    hit: Callable[[int, bool, int], bool]

    def table(self) -> list[list[list[bool]]]:
        """``table[soft][total][up_value]``: whether to hit."""
        return [[[self.hit(t, bool(s), u) for u in range(11)] for t in range(32)] for s in range(2)]


BASIC_NO_SPLIT = Strategy(
    "BASIC_NO_SPLIT",
    "stand on hard 17+, on hard 13-16 against 2-6, on hard 12 against 4-6, otherwise hit; "
    "stand on soft 18+, hit soft 17 or less; never double, split, surrender or insure",
    basic_no_split,
)


def simulate(
    rules: BlackjackRules,
    decks: int,
    rounds: int,
    seed: int = DEFAULT_SEED,
    strategy: Strategy = BASIC_NO_SPLIT,
    dealer_always_completes: bool = False,
) -> Iterator[tuple[list[int], list[int]]]:
    """Yield ``(player_cards, dealer_cards)`` for each round, in the order dealt.

    The dealer draws only when the player's hand is live (not bust, not a
    natural) unless ``dealer_always_completes`` (Ante Up 21 with a poker bet).
    A dealer natural ends the round before the player draws.
    """
    rng = random.Random(seed)
    rand = rng.random
    shoe = list(range(52)) * decks
    size = len(shoe)
    table = strategy.table()
    h17 = rules.h17
    for _ in range(rounds):
        n = size
        drawn = []
        for _ in range(4):
            j = int(rand() * n)
            n -= 1
            shoe[j], shoe[n] = shoe[n], shoe[j]
            drawn.append(shoe[n])
        player = [drawn[0], drawn[2]]
        dealer = [drawn[1], drawn[3]]
        up = VALUE[dealer[0]]
        live = not is_natural(dealer)
        if live and is_natural(player):
            live = False
        elif live:
            total, soft = hand_total(player)
            while table[soft][total][up]:
                j = int(rand() * n)
                n -= 1
                shoe[j], shoe[n] = shoe[n], shoe[j]
                player.append(shoe[n])
                total, soft = hand_total(player)
                if total > 21:
                    live = False
                    break
        if live or dealer_always_completes:
            total, soft = hand_total(dealer)
            while total < 17 or (total == 17 and soft and h17):
                j = int(rand() * n)
                n -= 1
                shoe[j], shoe[n] = shoe[n], shoe[j]
                dealer.append(shoe[n])
                total, soft = hand_total(dealer)
        yield player, dealer


def ci95_return(counts: Counter, pays: dict[str, Fraction], rounds: int) -> tuple[float, float]:
    """95% interval (normal approximation) for the return to player, 1 + mean result."""
    mean = sum(float(pays[o]) * c for o, c in counts.items()) / rounds
    square = sum(float(pays[o]) ** 2 * c for o, c in counts.items()) / rounds
    half = Z95 * math.sqrt(max(square - mean * mean, 0.0) / rounds)
    return (1 + mean - half, 1 + mean + half)


def simulated_sheet(
    key: str,
    title: str,
    counts: Counter,
    pays: dict[str, Fraction],
    rounds: int,
    notes: tuple[str, ...] = (),
) -> WagerSheet:
    """A SIMULATION sheet: outcome frequencies over ``rounds`` and the return's 95% CI."""
    return WagerSheet(
        key,
        title,
        lines_from_weights(dict(counts), pays, rounds),
        method=SIMULATION,
        notes=notes,
        rounds=rounds,
        ci95_return=ci95_return(counts, pays, rounds),
    )


def simulation_note(strategy: Strategy, rounds: int, seed: int, decks: int) -> str:
    return (
        f"simulation of {rounds:,} independent rounds, each from a fresh {decks}-deck shoe, "
        f"seed {seed}; player strategy {strategy.name}: {strategy.description}"
    )


def main_sheet(
    rules: BlackjackRules,
    decks: int,
    rounds: int = 200_000,
    seed: int = DEFAULT_SEED,
    strategy: Strategy = BASIC_NO_SPLIT,
) -> WagerSheet:
    """The main wager, simulated under ``strategy`` (no doubles or splits)."""
    counts: Counter[str] = Counter()
    for player, dealer in simulate(rules, decks, rounds, seed, strategy):
        counts[rules.main_outcome(PlayerHand(tuple(player)), 0, 1, dealer)] += 1
    pays = {o: rules.main_pays(o) for o in counts}
    note = simulation_note(strategy, rounds, seed, decks)
    title = f"Main wager (blackjack pays {rules.params['blackjack_pays']})"
    return simulated_sheet("main", title, counts, pays, rounds, (note,))
