"""The blackjack family core: totals, the dealer's drawing rule, settling the main wager.

A game of the family (Ante Up 21, the tie bonus game) subclasses
:class:`BlackjackRules` with its own parameter spec (see
:func:`.blackjack_rules.game_parameters`) and :class:`CoreSources`, so each
decision cites the game's document.  Player actions are inferred and checked
in :mod:`.blackjack_play`; the round simulator is :mod:`.blackjack_sim`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .blackjack_rules import CORE_PARAMETERS, HOUSE_SOURCES, CoreSources
from .cards import ACE, RANK, VALUE
from .odds import parse_odds, settle_amount
from .parameters import Parameter, resolve
from .results import WagerResult
from .sources import Source, parameter_source
from .words import blackjack_hand_in_words


def hand_total(cards: Sequence[int]) -> tuple[int, bool]:
    """Best total of a hand and whether it is soft (an ace counted 11)."""
    total = 0
    ace = False
    for card in cards:
        total += VALUE[card]
        if card < 4:
            ace = True
    if ace and total <= 11:
        return total + 10, True
    return total, False


def is_natural(cards: Sequence[int]) -> bool:
    """Exactly two cards, an ace and a ten-value card."""
    return len(cards) == 2 and hand_total(cards)[0] == 21


def is_bust(cards: Sequence[int]) -> bool:
    return hand_total(cards)[0] > 21


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One final hand of a seat: its cards in the order dealt, doubled, surrendered."""

    cards: tuple[int, ...]
    doubled: bool = False
    surrendered: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))


@dataclass(frozen=True, slots=True)
class Violation:
    """Something the rules forbid: a stable code, a message and the rule."""

    code: str
    message: str
    source: Source
    hand: int | None = None
    wager: str | None = None


@dataclass(frozen=True, slots=True)
class DealerError:
    """The dealer drew (``drew``) or stood at ``index`` against the drawing rule."""

    index: int  # index of the card wrongly drawn, or of the card that should have been
    drew: bool
    total: int  # the total the dealer held when deciding
    soft: bool
    source: Source


MAIN_PAYS: dict[str, Fraction] = {
    "player_bust": Fraction(-1),
    "dealer_blackjack": Fraction(-1),
    "void_after_dealer_blackjack": Fraction(0),
    "naturals_push": Fraction(0),
    "dealer_bust": Fraction(1),
    "higher_total": Fraction(1),
    "lower_total": Fraction(-1),
    "push": Fraction(0),
    "surrender": Fraction(-1, 2),
}


class BlackjackRules:
    """Conventional blackjack under one rule version's resolved parameters."""

    def __init__(
        self,
        parameters: Mapping[str, Any] | None = None,
        spec: tuple[Parameter, ...] = CORE_PARAMETERS,
        sources: CoreSources = HOUSE_SOURCES,
    ):
        self.spec = spec
        self.params = resolve(spec, parameters or {})
        self.sources = sources
        self._spec = {p.name: p for p in spec}
        self.h17 = self.params["dealer_hits_soft_17"]
        self.peeks = self.params["dealer_peeks"]
        self.rounding = self.params["payout_rounding"]
        self.blackjack_odds = parse_odds(self.params["blackjack_pays"])
        self._setup()

    def _setup(self) -> None:
        """Hook for a game's own attributes derived from ``self.params``."""

    def variant(self, options: Mapping[str, Any] | None):
        """This game with the round's options that name parameters applied over them.

        Options that are not parameters (a paytable's code) are ignored here.
        """
        overrides = {k: v for k, v in (options or {}).items() if k in self._spec}
        if all(self.params.get(k) == v for k, v in overrides.items()):
            return self
        new = object.__new__(type(self))
        BlackjackRules.__init__(new, {**self.params, **overrides}, self.spec, self.sources)
        return new

    def cite(self, name: str, summary: str = "") -> Source:
        """The source of a decision taken by parameter ``name``.

        A parameter the game's document fixes cites that rule; an open one
        cites the rule-version parameter and its value.
        """
        param = self._spec[name]
        if len(param.choices) == 1:
            return param.source
        where = param.source.where
        summary = f"{summary}; open point of {where}" if summary else f"open point of {where}"
        return parameter_source(name, self.params[name], summary)

    @staticmethod
    def hand_in_words(cards: Sequence[int], n_hands: int = 1) -> str:
        """A hand's total ("soft 17", "20", "bust (24)"); a natural only unsplit."""
        total, soft = hand_total(cards)
        return blackjack_hand_in_words(total, soft, n_hands == 1 and is_natural(cards))

    # -- dealer ------------------------------------------------------------
    def dealer_should_draw(self, total: int, soft: bool) -> bool:
        return total < 17 or (total == 17 and soft and self.h17)

    def check_dealer(self, cards: Sequence[int], must_complete: bool = True) -> DealerError | None:
        """The first draw or stand of the dealer against the rule, or ``None``.

        ``cards`` are in the order dealt (up, hole, draws).  ``must_complete``
        says whether any hand was left for the dealer to play against; when
        not, the dealer stands on his two cards.
        """
        if len(cards) < 2:
            raise ValueError("the dealer holds at least an up card and a hole card")
        if not must_complete:
            if len(cards) > 2:
                total, soft = hand_total(cards[:2])
                return DealerError(2, True, total, soft, self.sources.dealer_stands)
            return None
        for i in range(2, len(cards) + 1):
            total, soft = hand_total(cards[:i])
            draw = self.dealer_should_draw(total, soft)
            if draw == (i < len(cards)):
                continue
            return DealerError(i, not draw, total, soft, self._draw_source(total, soft))
        return None

    def _draw_source(self, total: int, soft: bool) -> Source:
        if total == 17 and soft:
            word = "hits" if self.h17 else "stands on"
            return self.cite("dealer_hits_soft_17", f"the dealer {word} soft 17")
        return self.sources.dealer_draws

    def hand_is_live(self, hand: PlayerHand, n_hands: int) -> bool:
        """A hand the dealer must play against: not bust, surrendered or a paid natural."""
        if hand.surrendered or is_bust(hand.cards):
            return False
        return not (n_hands == 1 and is_natural(hand.cards))

    def dealer_must_complete(self, seats_hands: Sequence[Sequence[PlayerHand]]) -> bool:
        """Whether any seat has a live hand (``seats_hands``: each seat's final hands)."""
        return any(self.hand_is_live(h, len(hands)) for hands in seats_hands for h in hands)

    # -- main wager ----------------------------------------------------------
    def main_outcome(
        self, hand: PlayerHand, index: int, n_hands: int, dealer: Sequence[int]
    ) -> str:
        """The outcome of hand ``index`` of ``n_hands`` against the dealer's cards."""
        player_natural = n_hands == 1 and is_natural(hand.cards)
        if is_natural(dealer[:2]):
            if player_natural:
                return "naturals_push"
            if self.peeks and index > 0:
                return "void_after_dealer_blackjack"
            return "dealer_blackjack"
        if hand.surrendered:
            return "surrender"
        total = hand_total(hand.cards)[0]
        if total > 21:
            return "player_bust"
        if player_natural:
            return "blackjack"
        dealer_total = hand_total(dealer)[0]
        if dealer_total > 21:
            return "dealer_bust"
        if total == dealer_total:
            return "push"
        return "higher_total" if total > dealer_total else "lower_total"

    def main_source(self, outcome: str) -> Source:
        s = self.sources
        if outcome == "void_after_dealer_blackjack":  # the one cited by a parameter: made
            return self.cite("dealer_peeks", "a split against a dealer natural is void")
        return {
            "naturals_push": s.natural,
            "blackjack": s.natural,
            "dealer_blackjack": s.dealer_natural,
            "surrender": s.surrender,
            "player_bust": s.bust,
            "dealer_bust": s.dealer_bust,
            "push": s.push,
        }.get(outcome, s.compare)

    def main_pays(self, outcome: str) -> Fraction:
        return self.blackjack_odds if outcome == "blackjack" else MAIN_PAYS[outcome]

    def settle_hand(
        self, hand: PlayerHand, index: int, n_hands: int, dealer: Sequence[int], stake: Decimal
    ) -> WagerResult:
        """The main wager on one hand (``stake`` is ``wagers.main``; doubled hands twice it).

        Against a dealer natural with ``dealer_peeks`` only the original stake
        is at risk: the first hand loses ``stake`` even if doubled, later split
        hands are void (0).  Without the peek, a doubled hand loses both stakes.
        Surrender is late: against a dealer natural a surrendered hand loses it all.
        """
        outcome = self.main_outcome(hand, index, n_hands, dealer)
        hand_stake = stake * 2 if hand.doubled else stake
        at_risk = stake if outcome == "dealer_blackjack" and self.peeks else hand_stake
        net = settle_amount(at_risk, self.main_pays(outcome), self.rounding)
        source = self.main_source(outcome)
        if outcome == "dealer_blackjack" and self.peeks and hand.doubled:
            source = self.cite("dealer_peeks", "only the original stake loses to a natural")
        odds = self.main_pays(outcome)
        return WagerResult("main", hand_stake, net, outcome, source, odds, at_risk)

    def settle_main(
        self, hands: Sequence[PlayerHand], dealer: Sequence[int], stake: Decimal
    ) -> list[WagerResult]:
        """The main wager on every hand of a seat, in the hands' order."""
        n = len(hands)
        return [self.settle_hand(h, i, n, dealer, stake) for i, h in enumerate(hands)]

    # -- insurance -----------------------------------------------------------
    def settle_insurance(self, stake: Decimal, dealer: Sequence[int]) -> WagerResult:
        """Insurance pays 2 to 1 on a dealer natural and loses otherwise."""
        if is_natural(dealer[:2]):
            net = settle_amount(stake, Fraction(2), self.rounding)
            source = self.sources.insurance
            return WagerResult("insurance", stake, net, "dealer_blackjack", source, Fraction(2))
        return WagerResult(
            "insurance", stake, -stake, "no_dealer_blackjack", self.sources.insurance,
            Fraction(-1),
        )  # fmt: skip

    def insurance_violations(
        self, main: Decimal, insurance: Decimal, up_card: int
    ) -> list[Violation]:
        """Insurance taken where not offered (no ace up, or not allowed) or above half the main."""
        if not insurance:
            return []
        found = []
        if not self.params["insurance"]:
            source = self.cite("insurance", "insurance offered")
            found.append(_insurance("insurance_not_offered", "insurance is not offered", source))
        elif RANK[up_card] != ACE:
            message = "insurance taken though the dealer's up card is not an ace"
            found.append(_insurance("insurance_not_offered", message, self.sources.insurance))
        if insurance * 2 > main:
            message = f"insurance of {insurance} is more than half the main wager of {main}"
            found.append(_insurance("insurance_above_half", message, self.sources.insurance))
        return found


def _insurance(code: str, message: str, source: Source) -> Violation:
    return Violation(code, message, source, wager="insurance")
