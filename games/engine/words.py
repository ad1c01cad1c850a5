"""What the cards decided, in words a reviewer reads: hands' totals and wagers' outcomes.

The engine settles with short outcome keys ("higher_total"); pages and reports show
:func:`outcome_in_words`. Every key a game's settlement can produce has its words here
(a test settles sample rounds of every game and holds it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .cards import RANK

RANK_NAMES = "Ace Two Three Four Five Six Seven Eight Nine Ten Jack Queen King".split()

OUTCOME_WORDS = {
    # the main wager, every game
    "player_bust": "the player busts and loses",
    "dealer_bust": "the dealer busts: the player wins",
    "higher_total": "the player's higher total wins",
    "lower_total": "the dealer's higher total wins",
    # Toss One 21
    "player_blackjack": "the player's three-card blackjack wins",
    "dealer_three_card_blackjack": "the dealer's three-card blackjack beats the player's 21",
    "kicker_win": "equal totals: the player's kicker wins",
    "kicker_loss": "equal totals: the dealer's kicker wins",
    "full_tie": "a tie of totals and kickers: the player loses",
    # the blackjack family
    "blackjack": "the player's natural wins",
    "naturals_push": "both have a natural: a push",
    "dealer_blackjack": "the dealer's natural wins",
    "void_after_dealer_blackjack": "no action: the dealer's natural took the first hand only",
    "surrender": "surrendered: half the stake is returned",
    "push": "equal totals: a push",
    # Ante Up 21
    "fold": "folded: the ante is lost",
    "void_after_fold": "no action: the player folded",
    "void_no_ante": "no action: there is no ante",
    "dealer_not_qualified": "the dealer does not qualify: the ante wins, the bet pushes",
    "poker_win": "the player's poker hand wins",
    "poker_lose": "the dealer's poker hand wins",
    "poker_push": "equal poker hands: a push",
    "no_hand": "no Poker Bonus hand",
    "pair": "a pair",
    "three_of_a_kind": "three of a kind",
    "suited_three_of_a_kind": "suited three of a kind",
    # Lucky 3 and Bonus 4 (Toss One 21)
    "suited_blackjack": "a suited three-card blackjack",
    "coloured_blackjack": "a three-card blackjack of one colour",
    "other_blackjack": "a three-card blackjack",
    "suited_21": "a suited 21",
    "coloured_21": "a 21 of one colour",
    "other_21": "a 21",
    "ordinary_21": "a 21",
    "no_21": "no three-card 21",
    "lose": "loses",
    "win": "the player's poker hand wins",
    "tie": "equal poker hands: a push",
    "dealer_natural_win": "against the dealer's natural, the player's poker hand wins",
    "dealer_natural_lose": "against the dealer's natural, the dealer's poker hand wins",
    "dealer_natural_tie": "against the dealer's natural, equal poker hands push",
}

#: Words of an outcome that means something else on a side wager ("tie*", "insurance").
SIDE_WAGER_WORDS = {
    "insurance": {
        "dealer_blackjack": "the dealer has a natural: insurance wins",
        "no_dealer_blackjack": "the dealer has no natural: insurance loses",
    },
    "tie": {
        "player_blackjack": "the player's natural: tie wagers lose",
        "player_bust": "the player busts: tie wagers lose",
        "surrendered": "surrendered: tie wagers lose",
        "more_than_one_split": "split more than once: tie wagers lose",
        "21_against_blackjack": "21 against a natural is no tie",
        "no_tie": "no tie with the dealer",
    },
}

_PATTERNS = (
    (re.compile(r"^total_(\d+)$"), "all four cards total {}"),
    (re.compile(r"^tie_(\d+|blackjack)$"), "a tie on {}"),
    (re.compile(r"^tie_on_(\d+|blackjack)$"), "a tie on {}, not this wager's"),
    (re.compile(r"^left_(\d+)$"), "a tie on {} (left side)"),
    (re.compile(r"^right_(\d+|blackjack)$"), "a tie on {} (right side)"),
)


def _side(wager: str) -> dict[str, str]:
    return SIDE_WAGER_WORDS.get("tie" if wager.startswith("tie") else wager, {})


def outcome_in_words(outcome: str, wager: str = "") -> str:
    """ "higher_total" → "the player's higher total wins"; unknown keys as spaced words."""
    if outcome in _side(wager):
        return _side(wager)[outcome]
    if outcome in OUTCOME_WORDS:
        return OUTCOME_WORDS[outcome]
    for pattern, words in _PATTERNS:
        matched = pattern.match(outcome)
        if matched:
            return words.format(matched[1])
    return outcome.replace("_", " ")


def outcome_has_words(outcome: str, wager: str = "") -> bool:
    known = outcome in _side(wager) or outcome in OUTCOME_WORDS
    return known or any(p.match(outcome) for p, _ in _PATTERNS)


def card_name(card: int) -> str:
    return RANK_NAMES[RANK[card]]


def blackjack_hand_in_words(total: int, soft: bool, natural: bool) -> str:
    """A blackjack hand: "blackjack", "soft 17", "20", "bust (24)"."""
    if natural:
        return "blackjack"
    if total > 21:
        return f"bust ({total})"
    return f"soft {total}" if soft else str(total)


def toss_one_hand_in_words(total: int, blackjack: bool, cards: Sequence[int], toss: int) -> str:
    """A Toss One 21 hand as kept: "three-card 20, Four tossed"; "bust" (a total of 0)."""
    if not 0 < total <= 21:
        return "bust: no three cards make 21 or less"
    kept = "a three-card blackjack" if blackjack else f"three-card {total}"
    return f"{kept}, {card_name(cards[toss])} tossed" if 0 <= toss < len(cards) else kept
