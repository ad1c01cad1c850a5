"""Blackjack with tie bonus wagers: parameters, sources and paytables.

Source: 004_a9e458785fa10065.txt.  The document has two numbered lists,
cited as "setup N" (the first list, 1-7: placing wagers, the deal, house
rules, shoes, aggregate, the bonus spots) and "play N" (the second list,
1-11: settling, ties, splits, blackjack); the unnumbered "To Play" paragraph
above them is cited as "intro".
"""

from __future__ import annotations

from dataclasses import replace

from .blackjack_rules import CoreSources, game_parameters
from .parameters import Parameter
from .paytables import make_paytable
from .sources import TIE_BONUS_RULES, Source

GAME = "blackjack-tie-bonus"
OPTIONS = ("blackjack_pays", "tie_bonus_paytable")


def setup(number: int, summary: str) -> Source:
    return Source(TIE_BONUS_RULES, f"setup {number}", summary)


def play(number: int, summary: str) -> Source:
    return Source(TIE_BONUS_RULES, f"play {number}", summary)


R_INTRO = Source(TIE_BONUS_RULES, "intro", "at most half the main bet on LS and half on RS")
R_PRIMARY = setup(1, "the primary wager is mandatory; bonus wagers are optional")
R_DEAL = setup(2, "two cards each face up; the dealer one down and one up")
R_PLAY = setup(3, "players hit or stand as in conventional blackjack")
R_HOUSE = setup(4, "all house rules regarding blackjack apply")
R_SHOES = setup(5, "the house may use 6 or 8 deck shoes")
R_AGGREGATE = setup(6, "the house may use any aggregate (payout limit)")
R_SPOTS = setup(7, "LS covers 17, 18, 19; RS covers 20, 21, Blackjack; the primary is required")
R_PRIMARY_PAYS = play(1, "closer to 21 wins even money; a natural wins per house rules")
R_TIE = play(2, "an exact tie wins the bonus on that total and pushes the primary wager")
R_SEVERAL = play(3, "several bonus wagers: the one on the tied total wins, the others lose")
R_SIDES = play(4, "LS and RS win only on a tie at one of their three totals")
R_LIMITS = play(5, "all bonus wagers at most the primary; LS and RS each at most half of it")
R_SPLIT_ACES = play(6, "split aces: only the 1st hand counts, and a ten makes 21, not Blackjack")
R_BLACKJACK_TIE = play(7, "player and dealer Blackjack win the Blackjack or RS bonus")
R_FIRST_HAND = play(8, "after a split only the first hand decides the tie wagers")
R_RESPLIT = play(9, "splitting any pair more than once loses all bonus wagers")
R_21_VS_BLACKJACK = play(10, "Blackjack is the first two cards only; 21 does not tie Blackjack")
R_PLAYER_BLACKJACK = play(11, "player Blackjack against dealer non-Blackjack loses all bonuses")

SOURCES = CoreSources(
    dealer_draws=R_HOUSE,
    dealer_stands=R_HOUSE,
    player_play=R_PLAY,
    natural=R_PRIMARY_PAYS,
    dealer_natural=R_HOUSE,
    bust=R_PLAY,
    dealer_bust=R_PRIMARY_PAYS,
    compare=R_PRIMARY_PAYS,
    push=R_TIE,
    insurance=R_HOUSE,
    surrender=R_HOUSE,
    split=R_FIRST_HAND,
    double=R_HOUSE,
)

TIE_WAGERS: dict[str, tuple[str, ...]] = {
    "tie_17": ("17",),
    "tie_18": ("18",),
    "tie_19": ("19",),
    "tie_left": ("17", "18", "19"),
    "tie_20": ("20",),
    "tie_21": ("21",),
    "tie_blackjack": ("blackjack",),
    "tie_right": ("20", "21", "blackjack"),
}
WAGERS = ("main", "insurance", *TIE_WAGERS)
LEFT = ("tie_17", "tie_18", "tie_19", "tie_left")
RIGHT = ("tie_20", "tie_21", "tie_blackjack", "tie_right")


def outcome_name(wager: str, category: str) -> str:
    """The paytable outcome of ``wager`` winning on ``category`` (LS/RS pay per total)."""
    if wager == "tie_left":
        return f"left_{category}"
    if wager == "tie_right":
        return f"right_{category}"
    return f"tie_{category}"


TIE_OUTCOMES = tuple(
    dict.fromkeys(outcome_name(w, c) for w, cats in TIE_WAGERS.items() for c in cats)
)

#: The shoe sizes (setup 5, "6 or 8 deck shoes") are the rule version's ``decks_allowed``,
#: which the registry checks for every round: not a parameter too (one fact, one place).
PARAMETERS: tuple[Parameter, ...] = game_parameters(R_HOUSE, {})
#: parameters earlier rule versions stored that are now facts of the rule version itself
RETIRED_PARAMETERS = frozenset({"decks_allowed"})

_ILLUSTRATIVE = Source(
    TIE_BONUS_RULES,
    "play 3",
    "ILLUSTRATIVE figures except Tie 18 (45 to 1, the only pay the document gives)",
)

_TABLE_1 = make_paytable(
    "tie_bonus",
    "1",
    {
        "tie_17": "48 to 1",
        "tie_18": "45 to 1",
        "tie_19": "50 to 1",
        "tie_20": "25 to 1",
        "tie_21": "230 to 1",
        "tie_blackjack": "350 to 1",
        "left_17": "15 to 1",
        "left_18": "15 to 1",
        "left_19": "15 to 1",
        "right_20": "15 to 1",
        "right_21": "50 to 1",
        "right_blackjack": "100 to 1",
    },
    _ILLUSTRATIVE,
    TIE_OUTCOMES,
    illustrative=True,
)

PAYTABLES = {
    # "The player would win 45 to 1 on the Tie 18 bonus wager" (play 3)
    ("tie_bonus", "1"): replace(_TABLE_1, entry_sources={"tie_18": R_SEVERAL}),
}
