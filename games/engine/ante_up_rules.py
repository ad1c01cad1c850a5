"""Ante Up 21, Poker Bonus Edition: parameters, sources and paytables.

Source: 001_763f04d33639373a.txt.  The document's rules are bullets under
headed sections, not numbered; a rule is cited as its section and the
bullet's position in it ("PLAY 21, 1" is the first bullet under PLAY 21), and
a section's opening paragraph by the section name alone.  The sections are
POKER BONUS (the "POKER BONUS EDITION" box), INITIAL BET, DEAL AND BET POKER,
PLAY 21 and PLAY POKER.
"""

from __future__ import annotations

from .blackjack_rules import CoreSources, game_parameters
from .parameters import Parameter
from .paytables import make_paytable
from .sources import ANTE_UP_RULES, Source

GAME = "ante-up-21"
WAGERS = ("main", "ante", "bet", "poker_bonus", "insurance")
OPTIONS = ("blackjack_pays", "poker_bonus_paytable")


def rule(section: str, bullet: int, summary: str) -> Source:
    return Source(ANTE_UP_RULES, f"{section}, {bullet}" if bullet else section, summary)


R_PB_STAKE = rule("POKER BONUS", 1, "a $1.00 bet is placed in the POKER BONUS spot")
R_PB_FIRST_TWO = rule("POKER BONUS", 2, "only the player's first two cards make a POKER BONUS hand")
R_PB_UP_CARD = rule("POKER BONUS", 3, "the dealer's up card makes three of a kind, not pairs")
R_PB_MUST_PLAY = rule("POKER BONUS", 4, "players making the POKER BONUS bet must play poker")
R_TWO_BETS = rule("INITIAL BET", 0, "a bet on the 21 spot and one on the ANTE spot")
R_BOTH_SPOTS = rule("INITIAL BET", 1, "both spots, 21 and ANTE, to play the poker hand")
R_ANTE_MAX = rule("INITIAL BET", 2, "the ANTE may not exceed the 21 bet")
R_21_ABOVE_ANTE = rule("INITIAL BET", 3, "the 21 bet may be greater than the ANTE")
R_DECIDE = rule("DEAL AND BET POKER", 0, "two cards each; the player folds or bets his poker hand")
R_BET_SPOT = rule("DEAL AND BET POKER", 1, "to play poker the player places a BET")
R_BET_EQUALS_ANTE = rule("DEAL AND BET POKER", 2, "the BET must be the same amount as the ANTE")
R_FOLD = rule("DEAL AND BET POKER", 3, "not playing poker forfeits the ANTE")
R_PEEK = rule("DEAL AND BET POKER", 4, "after the poker decisions the dealer checks for a natural")
R_PLAY_21 = rule("PLAY 21", 0, "the rules of play fix soft 17, insurance and surrender only")
R_SOFT_17 = rule("PLAY 21", 1, "dealer must hit soft 17")
R_INSURANCE = rule("PLAY 21", 2, "insurance is allowed on the 21 bet only")
R_NO_SURRENDER = rule("PLAY 21", 3, "no surrender allowed")
R_BUST_PLAYS_POKER = rule("PLAY 21", 4, "busted hands remain in play for poker after a BET")
R_DEALER_COMPLETES = rule("PLAY 21", 5, "all players bust but a poker bet: the dealer completes")
R_COMPARE = rule("PLAY POKER", 0, "the dealer compares his best two-card poker hand with each")
R_QUALIFY = rule("PLAY POKER", 1, "the dealer must qualify with Queen-high or better")
R_NOT_QUALIFIED = rule("PLAY POKER", 2, "dealer not qualified: ANTE wins even money, BET pushes")
R_PAIRS_ONLY = rule("PLAY POKER", 3, "no straights or flushes: only pairs and high cards")
R_SPLIT_POKER = rule("PLAY POKER", 4, "after a split, only the first two cards make the poker hand")
R_DEALER_NATURAL = rule("PLAY POKER", 5, "dealer natural: ANTE wins, loses or ties; BET pushes")
R_TIE = rule("PLAY POKER", 6, "tied hands are a push")

SOURCES = CoreSources(
    dealer_draws=rule("PLAY 21", 0, "the game of Blackjack: the dealer draws to 16"),
    dealer_stands=R_DEALER_COMPLETES,
    player_play=rule("PLAY 21", 0, "the game of Blackjack: a player draws only below 21"),
    natural=rule("PLAY 21", 0, "the game of Blackjack: a natural pays blackjack_pays"),
    dealer_natural=R_PEEK,
    bust=rule("PLAY 21", 0, "the game of Blackjack: a busted hand loses the 21 bet"),
    dealer_bust=rule("PLAY 21", 0, "the game of Blackjack: a dealer bust pays standing hands"),
    compare=rule("PLAY 21", 0, "the game of Blackjack: the hand closer to 21 wins even money"),
    push=rule("PLAY 21", 0, "the game of Blackjack: equal totals push"),
    insurance=R_INSURANCE,
    surrender=R_NO_SURRENDER,
    # PLAY POKER 4 speaks of splits but only of the poker hand they leave; the split itself
    # is the game of Blackjack's
    split=rule("PLAY 21", 0, "the game of Blackjack: a pair may be split into two hands"),
    double=rule("PLAY 21", 0, "the game of Blackjack: a double takes one card"),
)

POKER_BONUS_OUTCOMES = ("suited_three_of_a_kind", "three_of_a_kind", "pair")

PARAMETERS: tuple[Parameter, ...] = (
    *game_parameters(
        R_PLAY_21,
        {
            "dealer_hits_soft_17": (True, R_SOFT_17),
            "insurance": (True, R_INSURANCE),
            "surrender": ("none", R_NO_SURRENDER),
            "dealer_peeks": (True, R_PEEK),
        },
    ),
    Parameter(
        "poker_hand",
        ("best_two_of_hand", "first_two"),
        "best_two_of_hand",
        rule(
            "PLAY POKER",
            0,
            "'his best two-card poker hand'; only a split hand is limited to 'the first two "
            "cards dealt' (PLAY POKER 4), and the dealer completes his hand for poker (PLAY 21 5)",
        ),
        "The poker hands (player and dealer) are the best two cards among all the cards of "
        "the blackjack hand (best_two_of_hand), or the first two cards only (first_two). "
        "After a split the player's is always his first two cards.",
    ),
    Parameter(
        "poker_bonus_stake",
        ("1.00",),
        "1.00",
        R_PB_STAKE,
        "The fixed Poker Bonus stake.",
    ),
    Parameter(
        "poker_bonus_requires",
        ("ante", "bet"),
        "ante",
        R_PB_MUST_PLAY,
        "A Poker Bonus needs the ANTE placed (ante), or the poker hand bet, not folded (bet).",
    ),
)

_ILLUSTRATIVE = Source(
    ANTE_UP_RULES,
    "POKER BONUS",
    "ILLUSTRATIVE figures: the document names the hands (a pair in the first two cards; "
    "three of a kind with the up card) but gives no Poker Bonus pays",
)

PAYTABLES = {
    ("poker_bonus", "1"): make_paytable(
        "poker_bonus",
        "1",
        {"suited_three_of_a_kind": "100 to 1", "three_of_a_kind": "30 to 1", "pair": "10 to 1"},
        _ILLUSTRATIVE,
        POKER_BONUS_OUTCOMES,
        illustrative=True,
    ),
}
