"""Exact par sheets for Toss One 21: main, Lucky 3 and Bonus 4.

Cards are grouped into classes that the wager cannot tell apart (for the main
wager: same blackjack value and same kicker rank), and every multiset of
classes is weighted by the number of ways the shoe deals it.  The main wager
enumerates the player's four cards and, for each, the dealer's four from what
is left: every one of C(52n,4)·C(52n-4,4) deals is counted, with no sampling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from itertools import combinations_with_replacement, product
from math import comb
from typing import Any

from .odds import parse_odds
from .parsheet import BINOMIAL, WagerSheet, lines_from_weights
from .paytables import Paytable
from .toss_one import MAIN_ODDS, Hand, TossOne21
from .toss_one_hands import BUST, SHAPES

MAIN_TITLE = "Main bet"

#: What the Lucky 3 sheet assumes of the player, per ``lucky3_hand``.
LUCKY3_BASIS = {
    "kept": "basis: the player tosses for the best main hand (rule 3) and, among equally "
    "good main hands, keeps the three cards that pay most on Lucky 3 (lucky3_hand=kept)",
    "best_21": "basis: Lucky 3 is paid on the best-paying 21 of any three of the four cards, "
    "whatever the toss (lucky3_hand=best_21)",
}


def rank_classes(key: Callable[[int], Hashable]) -> list[list[int]]:
    """Ranks (0..12) grouped by ``key``, in rank order."""
    groups: dict[Hashable, list[int]] = {}
    for rank in range(13):
        groups.setdefault(key(rank), []).append(rank)
    return list(groups.values())


def _multisets(classes: list[list[int]]) -> list[tuple[tuple[int, int], ...]]:
    """Every four-card multiset of class indices, as ``((class, count), ...)``."""
    return [
        tuple(Counter(m).items()) for m in combinations_with_replacement(range(len(classes)), 4)
    ]


def main_sheet(game: TossOne21, decks: int, blackjack_pays: str) -> WagerSheet:
    classes = rank_classes(lambda r: game.kicker_key[r])
    counts = [len(ranks) * 4 * decks for ranks in classes]
    multisets = _multisets(classes)
    hand_ids: dict[Any, int] = {}
    entries = []
    for parts in multisets:
        cards = [classes[c][0] * 4 for c, m in parts for _ in range(m)]
        hand = game.best_hand(cards)
        key = (hand.total, hand.blackjack, hand.kicker if hand.total != BUST else 0)
        entries.append((hand_ids.setdefault(key, len(hand_ids)), parts))
    outcome_of = _outcome_table(game, list(hand_ids))
    weights: Counter[str] = Counter()
    for player_id, player_parts in entries:
        remaining = counts[:]
        ways = 1
        for c, m in player_parts:
            ways *= BINOMIAL[counts[c]][m]
            remaining[c] -= m
        for dealer_id, dealer_ways in enumerate(_dealer_ways(entries, remaining, len(hand_ids))):
            if dealer_ways:
                weights[outcome_of[player_id][dealer_id]] += ways * dealer_ways
    total = comb(52 * decks, 4) * comb(52 * decks - 4, 4)
    pays = {**MAIN_ODDS, "player_blackjack": parse_odds(blackjack_pays)}
    return WagerSheet(
        "main",
        f"{MAIN_TITLE} (blackjack pays {blackjack_pays})",
        lines_from_weights(dict(weights), pays, total),
    )


def _dealer_ways(entries, remaining: list[int], n_hands: int) -> list[int]:
    """Ways the dealer's four cards make each hand, from the ``remaining`` shoe."""
    rows = [BINOMIAL[n] for n in remaining]
    ways = [0] * n_hands
    for hand_id, parts in entries:
        w = 1
        for c, m in parts:
            w *= rows[c][m]
        ways[hand_id] += w
    return ways


def _outcome_table(game: TossOne21, keys: list[tuple]) -> list[list[str]]:
    hands = [Hand(total, bj, kicker, 0) for total, bj, kicker in keys]
    return [[game.main_outcome(p, d)[0] for d in hands] for p in hands]


def lucky3_sheet(game: TossOne21, decks: int, paytable: Paytable) -> WagerSheet:
    """Lucky 3: only hands whose best three cards make 21 are expanded by suit."""
    classes = rank_classes(lambda r: game.kicker_key[r])
    per_type = [len(ranks) * decks for ranks in classes]  # cards of one class in one suit
    weights: Counter[str] = Counter()
    for parts in _multisets(classes):
        ranks = tuple(sorted(classes[c][0] for c, m in parts for _ in range(m)))
        if SHAPES[ranks].total != 21:
            continue
        for suits in product(*(combinations_with_replacement(range(4), m) for _, m in parts)):
            ways = 1
            cards = []
            for (c, _), class_suits in zip(parts, suits, strict=True):
                for k in Counter(class_suits).values():
                    ways *= BINOMIAL[per_type[c]][k]
                cards.extend(classes[c][0] * 4 + s for s in class_suits)
            outcome = game.lucky3_outcome(cards, game.best_hand(cards), paytable)
            weights[outcome if paytable.odds(outcome) is not None else "lose"] += ways
    total = comb(52 * decks, 4)
    weights["lose"] += total - sum(weights.values())
    pays = {**paytable.entries, "lose": Fraction(-1)}
    return WagerSheet(
        "lucky3",
        f"Lucky 3 (paytable {paytable.code})",
        lines_from_weights(dict(weights), pays, total),
        notes=(LUCKY3_BASIS[game.params["lucky3_hand"]],),
    )


def bonus4_sheet(decks: int, paytable: Paytable) -> WagerSheet:
    classes = rank_classes(lambda r: min(r + 1, 10))
    counts = [len(ranks) * 4 * decks for ranks in classes]
    weights: Counter[str] = Counter()
    for parts in _multisets(classes):
        four_total = sum((c + 1) * m for c, m in parts)
        ways = 1
        for c, m in parts:
            ways *= BINOMIAL[counts[c]][m]
        outcome = f"total_{four_total}"
        weights[outcome if paytable.odds(outcome) is not None else "lose"] += ways
    pays = {**paytable.entries, "lose": Fraction(-1)}
    return WagerSheet(
        "bonus4",
        f"Bonus 4 (paytable {paytable.code})",
        lines_from_weights(dict(weights), pays, comb(52 * decks, 4)),
    )


def toss_one_sheets(
    game: TossOne21,
    decks: int,
    options: Mapping[str, str],
    paytables: Mapping[str, Paytable],
    only: frozenset[str] | None = None,
) -> tuple[WagerSheet, ...]:
    """The sheets of main, Lucky 3 and Bonus 4 (or only the wagers named in ``only``)."""
    makers = {
        "main": lambda: main_sheet(game, decks, options["blackjack_pays"]),
        "lucky3": lambda: lucky3_sheet(game, decks, paytables["lucky3"]),
        "bonus4": lambda: bonus4_sheet(decks, paytables["bonus4"]),
    }
    return tuple(make() for key, make in makers.items() if only is None or key in only)
