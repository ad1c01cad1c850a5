"""Par sheets for Ante Up 21: the poker wagers (exact) and the 21 wager (simulated).

The poker hand with ``poker_hand=first_two`` depends only on the ranks of the
player's two cards and the dealer's up and hole cards, so the ANTE (with its
BET) is computed exactly over every deal of those four cards, card removal
included, under the exactly optimal fold/bet decision.  With the default
``best_two_of_hand`` the poker hands also use the cards drawn in the
blackjack play, which depend on the player's blackjack strategy: that sheet
is simulated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb

from .ante_up import POKER_PAYS, AnteUp21, bonus_outcome, poker_key, poker_key_of_ranks
from .ante_up import poker_outcome as poker_result
from .ante_up_rules import PAYTABLES
from .ante_up_split import ante_alone, bet_alone
from .basic_strategy import BasicStrategy
from .blackjack import is_natural
from .blackjack_sim import (
    DEFAULT_SEED,
    main_sheet,
    simulate,
    simulated_sheet,
    simulation_note,
)
from .cards import RANK
from .parsheet import EXACT, WagerSheet, lines_from_weights
from .paytables import Paytable

TEN_OR_ACE = {0: "ace", 9: "ten", 10: "ten", 11: "ten", 12: "ten"}
Situation = tuple[int, int, int]  # player's two ranks (low first) and the up card's rank


def _natural(up: int, hole: int) -> bool:
    return {TEN_OR_ACE.get(up), TEN_OR_ACE.get(hole)} == {"ace", "ten"}


def _situations(decks: int) -> Iterator[tuple[Situation, int, list[tuple[str, int]]]]:
    """Each (player ranks, up rank) with its ways, and (outcome if bet, ways) per hole rank."""
    n = 4 * decks
    for r1 in range(13):
        for r2 in range(r1, 13):
            player_ways = comb(n, 2) if r1 == r2 else n * n
            remaining = [n] * 13
            remaining[r1] -= 1
            remaining[r2] -= 1
            player = poker_key_of_ranks((r1, r2))
            for up in range(13):
                up_ways = remaining[up]
                remaining[up] -= 1
                holes = [
                    (poker_result(player, poker_key_of_ranks((up, h)), _natural(up, h))[0], w)
                    for h, w in enumerate(remaining)
                    if w
                ]
                remaining[up] += 1
                yield (r1, r2, up), player_ways * up_ways, holes


def poker_decisions(decks: int) -> dict[Situation, bool]:
    """The optimal decision (True: bet) for each player hand and up card, exactly.

    Bet when the expected result of ANTE plus BET exceeds -1 ANTE (a fold);
    fold when it is not better.
    """
    return {situation: _bets(holes) for situation, _, holes in _situations(decks)}


def _bets(holes: list[tuple[str, int]]) -> bool:
    value = sum(POKER_PAYS[o] * w for o, w in holes)
    return value > -sum(w for _, w in holes)


def poker_sheet(decks: int, always_bet: bool = False) -> WagerSheet:
    """The ANTE with its BET, per unit ANTE, exact, for ``poker_hand=first_two``.

    ``always_bet`` replaces the optimal decision by betting every hand (a check figure).
    """
    weights: Counter[str] = Counter()
    folded = 0
    for _, ways, holes in _situations(decks):
        if always_bet or _bets(holes):
            for outcome, w in holes:
                weights[outcome] += ways * w
        else:
            folded += 1
            weights["fold"] += ways * sum(w for _, w in holes)
    cards = 52 * decks
    total = comb(cards, 2) * (cards - 2) * (cards - 3)
    notes = (
        "per unit ANTE; a BET equal to the ANTE is included in the pays (win = +2)",
        "poker_hand=first_two: the player's two cards against the dealer's up and hole cards",
        "strategy: bet every hand (check figure)"
        if always_bet
        else "strategy: the exactly optimal decision for each player hand (by rank) and up "
        f"card: bet when betting's expected result exceeds -1 (a fold); folds {folded} of "
        "1,183 situations",
    )
    return WagerSheet(
        "ante",
        "Ante (with Bet)",
        lines_from_weights(dict(weights), POKER_PAYS, total),
        EXACT,
        "per unit ANTE",
        notes,
    )


def _bet_outcomes(game: AnteUp21, decks: int, rounds: int, seed: int):
    """``(situation, outcome if bet)`` for simulated rounds; the dealer always completes."""
    for first_two, hands, dealer in simulate(game, decks, rounds, seed, None, True):
        low, high = sorted((RANK[first_two[0]], RANK[first_two[1]]))
        banker = poker_key(game.dealer_poker_cards(dealer))
        player = poker_key(game.player_poker_cards(first_two, hands))
        outcome = poker_result(player, banker, is_natural(dealer[:2]))[0]
        yield (low, high, RANK[dealer[0]]), outcome


def learned_decisions(game: AnteUp21, decks: int, rounds: int, seed: int) -> dict[Situation, bool]:
    """Bet where the simulated mean result of betting exceeds -1 (a fold).

    Situations the simulation never met keep the ``first_two`` optimal decision.
    """
    decisions = poker_decisions(decks)
    totals: dict[Situation, list] = {}
    for situation, outcome in _bet_outcomes(game, decks, rounds, seed):
        entry = totals.setdefault(situation, [0, 0])
        entry[0] += int(POKER_PAYS[outcome])
        entry[1] += 1
    decisions.update({k: value > -count for k, (value, count) in totals.items()})
    return decisions


@lru_cache(maxsize=16)
def _learned(game: AnteUp21, decks: int, rounds: int, seed: int) -> dict[Situation, bool]:
    return learned_decisions(game, decks, rounds, seed)


def bet_decisions(
    game: AnteUp21, decks: int, rounds: int = 200_000, seed: int = DEFAULT_SEED
) -> dict[Situation, bool]:
    """The fold/bet decision of each situation the sheets of the ANTE and BET assume: the
    exactly optimal one under ``first_two``, the learned one under ``best_two_of_hand``
    (the same rounds and seed as :func:`poker_sheet_simulated`)."""
    if game.best_two_of_hand:
        return _learned(game, decks, rounds, seed + 1)
    return poker_decisions(decks)


def situation(first_two, up: int) -> Situation:
    """A deal's situation: the player's two ranks (low first) and the up card's rank."""
    low, high = sorted((RANK[first_two[0]], RANK[first_two[1]]))
    return (low, high, RANK[up])


def poker_sheet_simulated(
    game: AnteUp21, decks: int, rounds: int = 200_000, seed: int = DEFAULT_SEED
) -> WagerSheet:
    """The ANTE with its BET when poker hands use all the blackjack hand's cards (simulated).

    The fold/bet decisions are learned from a separate simulation (seed + 1,
    same number of rounds), then applied to the rounds of ``seed``; the dealer
    always completes his hand (PLAY 21 5).
    """
    decisions = bet_decisions(game, decks, rounds, seed)
    counts: Counter[str] = Counter()
    for situation, outcome in _bet_outcomes(game, decks, rounds, seed):
        counts[outcome if decisions[situation] else "fold"] += 1
    folds = sum(1 for bet in decisions.values() if not bet)
    notes = (
        "per unit ANTE; a BET equal to the ANTE is included in the pays (win = +2)",
        "poker_hand=best_two_of_hand: best two cards of each whole blackjack hand",
        f"fold/bet decisions learned from {rounds:,} other simulated rounds (seed {seed + 1}): "
        f"bet where betting's mean result exceeded -1; folds {folds} of 1,183 situations",
        simulation_note(BasicStrategy.of(game), rounds, seed, decks),
    )
    return simulated_sheet("ante", "Ante (with Bet)", counts, POKER_PAYS, rounds, notes)


def poker_bonus_sheet(decks: int, paytable: Paytable) -> WagerSheet:
    """The Poker Bonus, exact over the player's two cards and the up card, with suits."""
    per_card = decks  # copies of one card in the shoe
    per_rank = 4 * decks
    cards = 52 * decks
    total = comb(cards, 2) * (cards - 2)
    suited = 13 * 4 * comb(per_card, 2) * (per_card - 2)
    trips = 13 * comb(per_rank, 2) * (per_rank - 2)
    pairs = 13 * comb(per_rank, 2) * (cards - 2) - trips
    weights: Counter[str] = Counter()
    for category, ways in (
        ("suited_three_of_a_kind", suited),
        ("three_of_a_kind", trips - suited),
        ("pair", pairs),
    ):
        weights[bonus_outcome(category, paytable) or "lose"] += ways
    weights["lose"] += total - suited - (trips - suited) - pairs
    pays = {**paytable.entries, "lose": Fraction(-1)}
    title = (
        f"Poker Bonus (paytable {paytable.code}{', illustrative' if paytable.illustrative else ''})"
    )
    notes = ("the player's first two cards; the up card counts for three of a kind only",)
    return WagerSheet(
        "poker_bonus", title, lines_from_weights(dict(weights), pays, total), EXACT, notes=notes
    )


def ante_up_sheets(
    game: AnteUp21,
    decks: int,
    options: Mapping[str, str] | None = None,
    paytables: Mapping[str, Paytable] | None = None,
    rounds: int = 200_000,
    seed: int = DEFAULT_SEED,
) -> tuple[WagerSheet, ...]:
    """Main (simulated), the Ante and the Bet each alone (exact or simulated, from one sheet
    of the two together) and Poker Bonus (exact)."""
    game = game.variant(options)
    table = (paytables or {}).get("poker_bonus") or PAYTABLES[("poker_bonus", "1")]
    if game.best_two_of_hand:
        ante = poker_sheet_simulated(game, decks, rounds, seed)
    else:
        ante = poker_sheet(decks)
    return (
        main_sheet(game, decks, rounds, seed),
        ante_alone(ante),
        bet_alone(ante),
        poker_bonus_sheet(decks, table),
    )


def sheets_for(params, decks: int, options, paytables) -> tuple[WagerSheet, ...]:
    """The catalog's sheet function: ``(resolved parameters, decks, options, paytables)``."""
    return ante_up_sheets(AnteUp21(params), decks, options, paytables)
