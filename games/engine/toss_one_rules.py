"""Toss One 21: parameters, options, paytables and rule sources.

Sources: 000_cf8f04cc5a045191.txt (rules of play, rules 1-11) and
002_c2cb5e416e61c85b.txt (the Washington approval, its enclosed rules and the
Bonus 4 and Lucky 3 paytables).
"""

from __future__ import annotations

from .parameters import Parameter
from .paytables import make_paytable
from .sources import TOSS_ONE_RULES, WA_TOSS_ONE_APPROVAL, Source

GAME = "toss-one-21"


def rule(number: int, summary: str) -> Source:
    return Source(TOSS_ONE_RULES, str(number), summary)


R_MAIN_REQUIRED = rule(1, "players must make a main bet; Lucky 3 and Bonus 4 are optional")
R_FOUR_CARDS = rule(2, "the dealer deals each player and himself four cards")
R_BUST = rule(4, "no three-card hand of 21 or less: the hand, Bonus 4 and Lucky 3 lose")
R_TOSS = rule(3, "toss one card so the remaining three are as close to 21 as possible")
R_DEALER_BUST = rule(6, "dealer cannot make 21 or less: remaining players win")
R_DEALER_HAND = rule(5, "the dealer makes his best three-card hand")
R_COMPARE = rule(7, "the three-card hand closest to 21 wins; the fourth card is the kicker")
R_BLACKJACK = rule(8, "Ace and two ten-value cards is a blackjack: always wins, pays 3:2 or 6:5")
R_EVEN_MONEY = rule(8, "all other winners receive even money")
R_TIE = rule(9, "the player loses all tie hands (same three-card value and kicker)")
R_LUCKY3 = rule(10, "Lucky 3 pays when the player's three-card hand is 21 or a blackjack")
R_BONUS4 = rule(11, "Bonus 4 pays when all four cards total 21 or less")

BLACKJACK_PAYS = ("3:2", "6:5")
LUCKY3_OUTCOMES = (
    "suited_blackjack",
    "coloured_blackjack",
    "suited_21",
    "coloured_21",
    "other_blackjack",
    "other_21",
)
BONUS4_OUTCOMES = tuple(f"total_{t}" for t in range(4, 22))

PARAMETERS = (
    Parameter(
        "kicker_ace",
        ("high", "low"),
        "high",
        rule(7, "'Standard Blackjack rankings apply to kickers' does not rank the ace"),
        "An ace kicker ranks above a ten (high: counted 11) or below a two (low: counted 1).",
    ),
    Parameter(
        "kicker_tens",
        ("equal", "ranked"),
        "equal",
        rule(7, "'Standard Blackjack rankings' values 10, J, Q and K alike"),
        "Ten-value kickers are equal (blackjack value) or ranked T < J < Q < K.",
    ),
    Parameter(
        "dealer_three_card_blackjack",
        ("ordinary_21", "beats_21"),
        "ordinary_21",
        rule(8, "the blackjack rule speaks of the player's hand only"),
        "A dealer's Ace and two ten-value cards is an ordinary 21 (settled by the kicker), "
        "or beats every player hand except a player blackjack.",
    ),
    Parameter(
        "lucky3_hand",
        ("kept", "best_21"),
        "kept",
        rule(10, "'the player's 3 card hand' where several three-card 21s are possible"),
        "Lucky 3 is judged on the three cards the player keeps (kept: the best main hand, "
        "then the best-paying Lucky 3 among equal main hands) or on the best-paying 21 "
        "among any three of the four cards (best_21).",
    ),
    Parameter(
        "payout_rounding",
        ("down_to_cent", "half_up_to_cent"),
        "down_to_cent",
        Source(WA_TOSS_ONE_APPROVAL, "", "the documents do not say how odd cents are paid"),
        "How a payout that is not a whole number of cents (6:5 on $0.05) is rounded.",
    ),
)

_APPROVAL_TABLES = Source(WA_TOSS_ONE_APPROVAL, "", "Lucky 3 Bonus Bet table")

PAYTABLES = {
    ("lucky3", "1"): make_paytable(
        "lucky3",
        "1",
        {
            "suited_blackjack": "40 to 1",
            "coloured_blackjack": "10 to 1",
            "suited_21": "5 to 1",
            "coloured_21": "3 to 1",
            "other_blackjack": "2 to 1",
            "other_21": "Push",
        },
        Source(WA_TOSS_ONE_APPROVAL, "", "Lucky 3 Bonus Bet, Paytable #1"),
        LUCKY3_OUTCOMES,
    ),
    ("lucky3", "2"): make_paytable(
        "lucky3",
        "2",
        {
            "suited_blackjack": "20 to 1",
            "coloured_blackjack": "8 to 1",
            "suited_21": "4 to 1",
            "coloured_21": "3 to 1",
            "other_blackjack": "3 to 2",
            "other_21": "1 to 1",
        },
        Source(WA_TOSS_ONE_APPROVAL, "", "Lucky 3 Bonus Bet, Paytable #2 (= the LUCKY 3 list)"),
        LUCKY3_OUTCOMES,
    ),
    ("bonus4", "1"): make_paytable(
        "bonus4",
        "1",
        {
            "total_4": "250 to 1",
            "total_5": "150 to 1",
            **{f"total_{t}": "50 to 1" for t in (6, 7, 8)},
            **{f"total_{t}": "10 to 1" for t in (9, 10)},
            **{f"total_{t}": "4 to 1" for t in range(11, 17)},
            **{f"total_{t}": "2 to 1" for t in range(17, 22)},
        },
        Source(WA_TOSS_ONE_APPROVAL, "", "Bonus 4 Bet (= BONUS 4 TOTAL PAYS)"),
        BONUS4_OUTCOMES,
    ),
}
