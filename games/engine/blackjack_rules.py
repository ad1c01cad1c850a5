"""The blackjack family: core rule parameters and the sources of the core rules.

The core is conventional blackjack as the games of the family share it
(drawing, comparing, naturals, splitting, doubling, insurance, surrender).
Where a game's document leaves a core rule to "house rules" or says nothing,
the rule is a named parameter of the rule version; where the document settles
it, the game fixes the parameter to that single value, citing the rule.
:func:`game_parameters` builds a game's copy of :data:`CORE_PARAMETERS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .parameters import Parameter
from .sources import Source

#: The document a core rule rests on when a game's rules leave blackjack to the house.
HOUSE_RULES = "house rules of blackjack"
#: the hand-log contract (docs/handlog-format.md), as findings cite it
HANDLOG_FORMAT = "Hand log format v1, § Games of the blackjack family"

BOOL = (True, False)


def house(summary: str) -> Source:
    return Source(HOUSE_RULES, "", summary)


#: The hand-log contract: hand i begins with the card it was split from.
R_HANDS_CONTRACT = Source(
    HANDLOG_FORMAT,
    "",
    "final hands in order of play; hand i begins with the card it was split from",
)


@dataclass(frozen=True)
class CoreSources:
    """The rule each core blackjack decision cites, as a game's document words it."""

    dealer_draws: Source  # draws to 16, stands on 17 (soft 17 is a parameter)
    dealer_stands: Source  # no hand left to complete: the dealer does not draw
    player_play: Source  # hitting and standing
    natural: Source  # a player natural pays blackjack_pays; naturals push
    dealer_natural: Source  # a dealer natural beats every other hand
    bust: Source  # a busted hand loses even if the dealer busts
    dealer_bust: Source
    compare: Source  # closer to 21 wins even money
    push: Source  # equal totals push
    insurance: Source
    surrender: Source
    split: Source
    double: Source
    hands: Source = R_HANDS_CONTRACT


HOUSE_SOURCES = CoreSources(
    dealer_draws=house("the dealer draws to 16 and stands on 17"),
    dealer_stands=house("the dealer does not draw when no player hand is left to settle"),
    player_play=house("a player draws only to a hand below 21"),
    natural=house("a two-card 21 on an unsplit hand is a natural; naturals push"),
    dealer_natural=house("a dealer natural beats every hand but a player natural"),
    bust=house("a hand over 21 loses, even when the dealer busts too"),
    dealer_bust=house("when the dealer busts, every standing player hand wins even money"),
    compare=house("the hand closer to 21 wins; the main wager pays even money"),
    push=house("equal totals push"),
    insurance=house("insurance, up to half the main wager, pays 2 to 1 on a dealer natural"),
    surrender=house("late surrender: the first two cards of an unsplit hand, half the wager"),
    split=house("a pair may be split into two hands, each played on its own"),
    double=house("doubling adds a wager equal to the first and takes exactly one card"),
)

ROUNDING = ("down_to_cent", "half_up_to_cent")

CORE_PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "dealer_hits_soft_17",
        BOOL,
        False,
        house("whether the dealer hits or stands on soft 17"),
        "The dealer draws to a soft 17 (True) or stands on it (False).",
    ),
    Parameter(
        "blackjack_pays",
        ("3:2", "6:5"),
        "3:2",
        house("what a player natural pays"),
        "A player natural beating the dealer pays 3 to 2 or 6 to 5.",
    ),
    Parameter(
        "double_on",
        ("any_two", "9_10_11", "10_11"),
        "any_two",
        house("which two-card hands may double"),
        "Doubling is allowed on any first two cards, or only on hard 9, 10, 11 or hard 10, 11.",
    ),
    Parameter(
        "double_after_split",
        BOOL,
        True,
        house("whether a split hand may double"),
        "A hand made by splitting may double on its first two cards.",
    ),
    Parameter(
        "max_split_hands",
        (1, 2, 3, 4),
        4,
        house("how many hands splitting and resplitting may make"),
        "The most hands a seat may hold after splits (1: no split allowed).",
    ),
    Parameter(
        "resplit_aces",
        BOOL,
        False,
        house("whether split aces may be split again"),
        "An ace dealt to a split ace may be split again (within max_split_hands).",
    ),
    Parameter(
        "split_aces_one_card",
        BOOL,
        True,
        house("whether each split ace takes exactly one card"),
        "Each split ace receives one card and the hand is over (no hit, no double).",
    ),
    Parameter(
        "split_tens_unlike",
        BOOL,
        True,
        house("whether two unlike ten-value cards (K+Q) count as a pair"),
        "Any two ten-value cards may be split (True), or only two of the same rank (False).",
    ),
    Parameter(
        "hit_split_aces",
        BOOL,
        False,
        house("whether a split ace may draw more cards"),
        "A split ace hand may be hit (only when split_aces_one_card is False).",
    ),
    Parameter(
        "insurance",
        BOOL,
        True,
        house("whether insurance is offered"),
        "Insurance (up to half the main wager, 2 to 1) is offered when the up card is an ace.",
    ),
    Parameter(
        "surrender",
        ("none", "late"),
        "none",
        house("whether a hand may be surrendered"),
        "No surrender, or late surrender (after the dealer checked for a natural).",
    ),
    Parameter(
        "dealer_peeks",
        BOOL,
        True,
        house("whether the dealer checks the hole card for a natural before play"),
        "US hole-card peek: against a dealer natural only the original main stake is lost; "
        "a double or split made against it is a procedure error and is void.",
    ),
    Parameter(
        "split_ace_21_is_blackjack",
        (False,),
        False,
        house("a split ace and a ten make 21, not a natural"),
        "Fixed: a two-card 21 on a split hand is an ordinary 21.",
    ),
    Parameter(
        "dealer_draw_with_no_live_hand",
        ("not_a_rule", "house_procedure"),
        "not_a_rule",
        house(
            "no document says what the dealer does when every hand is bust or paid as a blackjack"
        ),
        "not_a_rule (the documents' reading): the dealer's cards then settle nothing, so a "
        "draw is not reported. house_procedure: the house's procedure has the dealer stand; a "
        "draw is reported as dealer_drew_needlessly, a warning (no money is affected).",
    ),
    Parameter(
        "payout_rounding",
        ROUNDING,
        "down_to_cent",
        house("the documents do not say how odd cents are paid"),
        "How a payout that is not a whole number of cents (3:2 on $0.05) is rounded; "
        "rounding is toward zero for down_to_cent, so a surrender's odd cent favours the player.",
    ),
)

CORE_NAMES = tuple(p.name for p in CORE_PARAMETERS)
#: core parameters no game's document speaks to: they keep their own (house) source
DOCUMENTS_SILENT = frozenset({"split_ace_21_is_blackjack", "dealer_draw_with_no_live_hand"})


def game_parameters(
    open_source: Source, fixed: Mapping[str, tuple[Any, Source]]
) -> tuple[Parameter, ...]:
    """A game's copy of the core parameters.

    Parameters in ``fixed`` get the single value and the rule that fixes it;
    the others keep their choices and cite ``open_source`` (the words of the
    game's document that leave them to the house), with the core's summary.
    """
    unknown = sorted(set(fixed) - set(CORE_NAMES))
    if unknown:
        raise ValueError(f"not core parameters: {', '.join(unknown)}")
    result = []
    for p in CORE_PARAMETERS:
        if p.name in fixed:
            value, source = fixed[p.name]
            result.append(replace(p, choices=(value,), default=value, source=source))
        elif p.name in DOCUMENTS_SILENT:
            result.append(p)
        else:
            summary = f"{open_source.summary} ({p.source.summary})"
            result.append(replace(p, source=replace(open_source, summary=summary)))
    return tuple(result)
