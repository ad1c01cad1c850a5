"""Basic strategy for the blackjack family: the complete play a rule version allows.

The total-dependent basic strategy for shoes of four to eight decks with the hole-card peek,
as the standard charts give it (Wizard of Odds, "4-8 deck basic strategy"; Schlesinger,
*Blackjack Attack*, for the soft-17, double-after-split and surrender changes):

- **hard** totals: stand 17+, stand 13-16 against 2-6, stand 12 against 4-6; double 11
  (against an ace only when the dealer hits soft 17), 10 against 2-9, 9 against 3-6;
- **soft** totals: stand 19+ (double soft 19 against 6 when the dealer hits soft 17), soft 18
  doubles against 3-6 (2-6 when the dealer hits soft 17), stands against 2, 7, 8, hits
  against 9, 10, ace; soft 17 doubles against 3-6, soft 15-16 against 4-6, soft 13-14 against
  5-6, otherwise hit;
- **pairs**: split aces and eights always; nines against 2-6, 8, 9; sevens against 2-7;
  sixes against 2-6 (3-6 without double after split); fours against 5-6 (only with double
  after split); twos and threes against 2-7 (4-7 without); never fives or tens;
- **late surrender**, where offered: hard 16 against 9, 10, ace and hard 15 against 10 (when
  the dealer hits soft 17 also hard 15 and 17 and a pair of eights against an ace);
- **never insurance**.

Where the rule version forbids a move the chart asks for (a double on a total ``double_on``
does not allow, after a split without ``double_after_split``, a split beyond
``max_split_hands``), the chart's fallback is played: a double becomes a hit (a soft 18's a
stand), a split pair is played as its total.  :func:`play_seat` plays one seat's hands by
it; the par sheets' simulator and the sample generator both call it, so the sample's players
and the par sheet play alike.  Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .blackjack import BlackjackRules, PlayerHand, hand_total, is_natural
from .blackjack_play import double_allowed_on
from .cards import ACE, RANK, VALUE

HIT, STAND, DOUBLE, DOUBLE_OR_STAND, SPLIT, SURRENDER = "H", "S", "D", "Ds", "P", "R"


def _up(card: int) -> int:
    """The up card's value, an ace as 11."""
    return 11 if RANK[card] == ACE else VALUE[card]


def hard_move(total: int, up: int, h17: bool) -> str:
    if total >= 17:
        return STAND
    if total >= 13:
        return STAND if up <= 6 else HIT
    if total == 12:
        return STAND if 4 <= up <= 6 else HIT
    if total == 11:
        return DOUBLE if up <= 10 or h17 else HIT
    if total == 10:
        return DOUBLE if up <= 9 else HIT
    if total == 9:
        return DOUBLE if 3 <= up <= 6 else HIT
    return HIT


def soft_move(total: int, up: int, h17: bool) -> str:
    if total >= 20:
        return STAND
    if total == 19:
        return DOUBLE_OR_STAND if h17 and up == 6 else STAND
    if total == 18:
        if 3 <= up <= 6 or (h17 and up == 2):
            return DOUBLE_OR_STAND
        return STAND if up <= 8 else HIT
    if total == 17:
        return DOUBLE if 3 <= up <= 6 else HIT
    if total >= 15:
        return DOUBLE if 4 <= up <= 6 else HIT
    if total >= 13:
        return DOUBLE if 5 <= up <= 6 else HIT
    return HIT


def splits_pair(value: int, up: int, das: bool) -> bool:
    """Whether to split a pair of ``value`` (an ace as 1) against ``up`` (an ace as 11)."""
    if value in (1, 8):
        return True
    if value == 9:
        return up in (2, 3, 4, 5, 6, 8, 9)
    if value == 7:
        return up <= 7
    if value == 6:
        return up <= 6 if das else 3 <= up <= 6
    if value == 4:
        return das and up in (5, 6)
    if value in (2, 3):
        return up <= 7 if das else 4 <= up <= 7
    return False


def surrenders(cards: Sequence[int], up: int, h17: bool) -> bool:
    total, soft = hand_total(cards)
    if soft:
        return False
    pair_of_eights = VALUE[cards[0]] == VALUE[cards[1]] == 8
    if pair_of_eights:
        return h17 and up == 11
    if total == 16:
        return up >= 9
    if total == 15:
        return up == 10 or (h17 and up == 11)
    return total == 17 and h17 and up == 11


@dataclass(frozen=True)
class BasicStrategy:
    """Basic strategy under one rule version's parameters (see the module's words)."""

    h17: bool
    double_on: str
    das: bool
    max_hands: int
    resplit_aces: bool
    aces_one_card: bool
    hit_split_aces: bool
    tens_unlike: bool
    surrender: bool

    @classmethod
    def of(cls, rules: BlackjackRules) -> BasicStrategy:
        p = rules.params
        return cls(
            h17=p["dealer_hits_soft_17"],
            double_on=p["double_on"],
            das=p["double_after_split"],
            max_hands=p["max_split_hands"],
            resplit_aces=p["resplit_aces"],
            aces_one_card=p["split_aces_one_card"],
            hit_split_aces=p["hit_split_aces"],
            tens_unlike=p["split_tens_unlike"],
            surrender=p["surrender"] == "late",
        )

    @property
    def name(self) -> str:
        return "BASIC"

    @property
    def description(self) -> str:
        rules = [
            f"dealer {'hits' if self.h17 else 'stands on'} soft 17",
            f"doubles on {self.double_on.replace('_', ' ')}",
            "double after split" if self.das else "no double after split",
            f"splits to {self.max_hands} hands" if self.max_hands > 1 else "no splits",
            "late surrender" if self.surrender else "no surrender",
        ]
        return (
            "total-dependent basic strategy for 4-8 decks (hit, stand, double, split, "
            f"surrender where the rules allow; never insurance) under: {', '.join(rules)}"
        )

    def move(self, cards: Sequence[int], up_card: int, split: bool, may_split: bool) -> str:
        """HIT, STAND, DOUBLE or SPLIT for a hand (``split``: made by splitting)."""
        up = _up(up_card)
        pair = len(cards) == 2 and self.pair(cards[0], cards[1])
        if may_split and pair and splits_pair(VALUE[cards[0]], up, self.das):
            return SPLIT
        total, soft = hand_total(cards)
        chart = soft_move(total, up, self.h17) if soft else hard_move(total, up, self.h17)
        if chart in (DOUBLE, DOUBLE_OR_STAND):
            if self._may_double(cards, split):
                return DOUBLE
            return STAND if chart == DOUBLE_OR_STAND else HIT
        return chart

    def _may_double(self, cards: Sequence[int], split: bool) -> bool:
        return (
            len(cards) == 2
            and (not split or self.das)
            and double_allowed_on(self.double_on, cards[:2])
        )

    def pair(self, a: int, b: int) -> bool:
        """Whether two cards are a pair the rules let the player split."""
        if VALUE[a] != VALUE[b]:
            return False
        return RANK[a] == RANK[b] or self.tens_unlike


Draw = Callable[[], int]


def play_seat(
    strategy: BasicStrategy, first_two: Sequence[int], up: int, draw: Draw
) -> tuple[PlayerHand, ...]:
    """The seat's final hands, in order of play, when the dealer has no natural (peeked).

    A natural stands; a hand the chart surrenders (where offered) is surrendered; a pair is
    split (resplit up to ``max_hands``; aces once unless ``resplit_aces``), each hand beginning
    with its split card, then each hand played in turn.
    """
    first_two = tuple(first_two)
    if is_natural(first_two):
        return (PlayerHand(first_two),)
    if strategy.surrender and surrenders(first_two, _up(up), strategy.h17):
        return (PlayerHand(first_two, surrendered=True),)
    may_split = strategy.max_hands > 1 and strategy.pair(*first_two)
    if not (may_split and strategy.move(first_two, up, False, True) == SPLIT):
        return (_play(strategy, list(first_two), up, draw, False),)
    return _split(strategy, first_two, up, draw)


def _split(strategy: BasicStrategy, first_two, up: int, draw: Draw) -> tuple[PlayerHand, ...]:
    aces = RANK[first_two[0]] == ACE
    pending = [[first_two[0]], [first_two[1]]]
    hands: list[PlayerHand] = []
    i = 0
    while i < len(pending):
        cards = pending[i]
        cards.append(draw())
        while (
            len(pending) < strategy.max_hands
            and strategy.pair(cards[0], cards[1])
            and (not aces or strategy.resplit_aces)
            and strategy.move(cards, up, True, True) == SPLIT
        ):
            pending.append([cards.pop()])
            cards.append(draw())
        if aces and (strategy.aces_one_card or not strategy.hit_split_aces):
            hands.append(PlayerHand(tuple(cards)))
        else:
            hands.append(_play(strategy, cards, up, draw, True))
        i += 1
    return tuple(hands)


def _play(strategy: BasicStrategy, cards: list[int], up: int, draw: Draw, split: bool):
    while True:
        total = hand_total(cards)[0]
        if total >= 21:
            return PlayerHand(tuple(cards))
        move = strategy.move(cards, up, split, False)
        if move == DOUBLE:
            cards.append(draw())
            return PlayerHand(tuple(cards), doubled=True)
        if move == STAND:
            return PlayerHand(tuple(cards))
        cards.append(draw())
