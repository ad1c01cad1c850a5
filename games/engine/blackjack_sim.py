"""A small, deterministic round simulator for par sheets of the blackjack family.

Every round is dealt from a full, freshly shuffled shoe (a partial
Fisher-Yates draw, so a round costs only the cards it uses): rounds are
independent, and the same seed gives the same rounds.  The player plays one
seat by the rule version's basic strategy (:mod:`.basic_strategy`: hit, stand,
double, split and surrender as the rules allow), the same play as the sample
generator's players; the dealer peeks for a natural and draws by the rule
version's soft-17 rule.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction

from .basic_strategy import BasicStrategy, play_seat
from .blackjack import BlackjackRules, PlayerHand, hand_total, is_natural
from .parsheet import SIMULATION, WagerSheet, lines_from_weights

DEFAULT_SEED = 20260101
Z95 = 1.959963984540054

Round = tuple[tuple[int, int], tuple[PlayerHand, ...], list[int]]


def simulate(
    rules: BlackjackRules,
    decks: int,
    rounds: int,
    seed: int = DEFAULT_SEED,
    strategy: BasicStrategy | None = None,
    dealer_always_completes: bool = False,
) -> Iterator[Round]:
    """Yield ``(first two cards, final hands, dealer's cards)`` of each round, in order.

    The dealer draws only when a hand is live (not bust, surrendered or a natural) unless
    ``dealer_always_completes`` (Ante Up 21 with a poker bet).  A dealer natural ends the
    round before the player plays (the peek).
    """
    strategy = strategy or BasicStrategy.of(rules)
    rng = random.Random(seed)
    rand = rng.random
    shoe = list(range(52)) * decks
    size = len(shoe)
    h17 = rules.h17
    left = [size]

    def draw() -> int:
        n = left[0] - 1
        j = int(rand() * (n + 1))
        shoe[j], shoe[n] = shoe[n], shoe[j]
        left[0] = n
        return shoe[n]

    for _ in range(rounds):
        left[0] = size
        first = (draw(), draw())
        player = (first[0], draw())
        dealer = [first[1], draw()]
        if is_natural(dealer):
            hands: tuple[PlayerHand, ...] = (PlayerHand(player),)
            live = False
        else:
            hands = play_seat(strategy, player, dealer[0], draw)
            live = rules.dealer_must_complete((hands,))
        if live or dealer_always_completes:
            total, soft = hand_total(dealer)
            while total < 17 or (total == 17 and soft and h17):
                dealer.append(draw())
                total, soft = hand_total(dealer)
        yield player, hands, dealer


def main_result(rules: BlackjackRules, hands: Sequence[PlayerHand], dealer) -> Fraction:
    """The seat's net result of the main wager per unit first staked, over all its hands
    (a doubled hand twice; against a peeked natural only the first stake)."""
    n = len(hands)
    net = Fraction(0)
    for i, hand in enumerate(hands):
        outcome = rules.main_outcome(hand, i, n, dealer)
        doubled = hand.doubled and not (outcome == "dealer_blackjack" and rules.peeks)
        net += rules.main_pays(outcome) * (2 if doubled else 1)
    return net


def net_outcome(net: Fraction) -> str:
    """An outcome line's name for a round's net result: ``won 3/2``, ``lost 2``, ``push``."""
    if net == 0:
        return "push"
    return f"{'won' if net > 0 else 'lost'} {abs(net)}"


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


def simulation_note(strategy: BasicStrategy, rounds: int, seed: int, decks: int) -> str:
    return (
        f"simulation of {rounds:,} independent rounds, each from a fresh {decks}-deck shoe, "
        f"seed {seed}; player strategy {strategy.name}: {strategy.description}"
    )


def main_sheet(
    rules: BlackjackRules,
    decks: int,
    rounds: int = 200_000,
    seed: int = DEFAULT_SEED,
    strategy: BasicStrategy | None = None,
) -> WagerSheet:
    """The main wager, simulated under basic strategy: one line per net result of a round."""
    strategy = strategy or BasicStrategy.of(rules)
    counts: Counter[str] = Counter()
    pays: dict[str, Fraction] = {}
    for _, hands, dealer in simulate(rules, decks, rounds, seed, strategy):
        net = main_result(rules, hands, dealer)
        name = net_outcome(net)
        pays[name] = net
        counts[name] += 1
    note = simulation_note(strategy, rounds, seed, decks)
    title = f"Main wager (blackjack pays {rules.params['blackjack_pays']})"
    basis = "per unit first staked; a round's net over its hands (doubles and splits included)"
    return simulated_sheet("main", title, counts, pays, rounds, (note, basis))
