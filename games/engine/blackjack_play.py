"""Player actions implied by a seat's logged hands, and the ones the rules forbid.

The hand log gives a seat's first two cards and its final hands in order of
play, each hand beginning with the card it was split from (hand 0 with the
first card dealt).  From these the actions follow: the splits (one per hand
beyond the first), then on each hand its hits, a double or a stand.  Which
earlier hand a resplit hand came from is not recorded, so a resplit is
reported on the hand it created.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .blackjack import BlackjackRules, PlayerHand, Violation, hand_total, is_natural
from .cards import ACE, RANK, VALUE, card_code

SPLIT_KINDS = ("split", "resplit")


@dataclass(frozen=True, slots=True)
class Action:
    """``kind`` (split, resplit, hit, double, stand, surrender) applied to hand ``hand``.

    For a hit or a double, ``card`` is the index in the hand of the card it drew.
    """

    kind: str
    hand: int
    card: int | None = None


@dataclass
class HandAnalysis:
    actions: list[Action] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def consistent(self) -> bool:
        """Whether the hands follow from the cards dealt."""
        return not any(v.code == "hands_inconsistent" for v in self.violations)

    def codes(self) -> list[str]:
        return [v.code for v in self.violations]


def analyse_hands(
    rules: BlackjackRules, first_two: Sequence[int], hands: Sequence[PlayerHand]
) -> HandAnalysis:
    """Actions implied by ``hands`` and the violations of ``rules`` among them: the deal's
    (:func:`analyse_deal`), then, where the hands follow from the cards dealt, each hand's
    play (:func:`analyse_play`)."""
    result = analyse_deal(rules, first_two, hands)
    if result.consistent:
        for i, hand in enumerate(hands):
            _play(rules, i, hand, len(hands), result)
    return result


def analyse_deal(
    rules: BlackjackRules, first_two: Sequence[int], hands: Sequence[PlayerHand]
) -> HandAnalysis:
    """Whether the hands follow from the two cards dealt, and the splits that made them: what
    reads each hand's first card and whether it holds two cards or more, never its others."""
    result = HandAnalysis()
    if _consistent(rules, tuple(first_two), hands, result) and len(hands) > 1:
        _splits(rules, tuple(first_two), hands, result)
    return result


def analyse_play(rules: BlackjackRules, i: int, hand: PlayerHand, n: int) -> HandAnalysis:
    """The play of hand ``i`` of a seat of ``n`` hands (its hits, its double or its stand):
    what reads the hand's cards by value and whether it was doubled or surrendered, and of
    ``n`` only whether it is 1 (an unsplit seat)."""
    result = HandAnalysis()
    _play(rules, i, hand, n, result)
    return result


def _inconsistent(rules: BlackjackRules, result: HandAnalysis, message: str, hand=None) -> bool:
    result.violations.append(Violation("hands_inconsistent", message, rules.sources.hands, hand))
    return False


def _consistent(rules, first_two, hands, result: HandAnalysis) -> bool:
    c0, c1 = first_two
    if not hands:
        return _inconsistent(rules, result, "the seat has no hand")
    if len(hands) == 1:
        if hands[0].cards[:2] != first_two:
            return _inconsistent(
                rules, result, "the hand does not begin with the two cards dealt", 0
            )
        return True
    if hands[0].cards[:1] != (c0,):
        return _inconsistent(rules, result, "the first hand does not begin with the first card", 0)
    for i, hand in enumerate(hands):
        if len(hand.cards) < 2:
            return _inconsistent(rules, result, f"split hand {i} has fewer than two cards", i)
    if c1 not in [h.cards[0] for h in hands[1:]]:
        return _inconsistent(rules, result, "no split hand begins with the second card dealt")
    for i, hand in enumerate(hands[1:], start=1):
        if hand.cards[0] != c1 and VALUE[hand.cards[0]] != VALUE[c0]:
            message = f"split hand {i} begins with {card_code(hand.cards[0])}, not a split card"
            return _inconsistent(rules, result, message, i)
    return True


def _splits(rules: BlackjackRules, first_two, hands: Sequence[PlayerHand], result) -> None:
    p = rules.params
    c0, c1 = first_two
    n = len(hands)
    original = next(i for i, h in enumerate(hands) if i > 0 and h.cards[0] == c1)
    result.actions.append(Action("split", 0))
    result.actions.extend(Action("resplit", i) for i in range(1, n) if i != original)
    add = result.violations.append
    if p["max_split_hands"] == 1:
        add(_v("split_not_allowed", "splitting is not allowed", rules.cite("max_split_hands"), 0))
    elif n > p["max_split_hands"]:
        source = rules.cite("max_split_hands", "the most hands splitting may make")
        message = f"{n} hands after splitting; at most {p['max_split_hands']} are allowed"
        add(_v("too_many_splits", message, source, 0))
    for i, hand in enumerate(hands[1:], start=1):
        card = hand.cards[0]
        if VALUE[card] != VALUE[c0]:
            message = f"{card_code(c0)} and {card_code(card)} are not a pair"
            add(_v("split_not_allowed", message, rules.sources.split, i))
        elif RANK[card] != RANK[c0] and not p["split_tens_unlike"]:
            source = rules.cite("split_tens_unlike", "unlike ten-value cards are not a pair")
            message = f"{card_code(c0)} and {card_code(card)} are unlike ten-value cards"
            add(_v("split_not_allowed", message, source, i))
    if RANK[c0] == ACE and n > 2 and not p["resplit_aces"]:
        source = rules.cite("resplit_aces", "split aces may not be split again")
        add(_v("split_not_allowed", "aces were split again", source, 0))


def _v(code: str, message: str, source, hand: int | None) -> Violation:
    return Violation(code, message, source, hand)


def _play(rules: BlackjackRules, i: int, hand: PlayerHand, n: int, result: HandAnalysis) -> None:
    split_ace = n > 1 and RANK[hand.cards[0]] == ACE
    one_card = split_ace and rules.params["split_aces_one_card"]
    if hand.surrendered:
        _surrender(rules, i, hand, n, result)
    elif hand.doubled:
        _double(rules, i, hand, n, split_ace, result)
    else:
        _hits(rules, i, hand, n, split_ace, result)
        total = hand_total(hand.cards)[0]
        if total < 21 and not one_card:
            result.actions.append(Action("stand", i))


def _hits(rules, i, hand: PlayerHand, n: int, split_ace: bool, result: HandAnalysis) -> None:
    p = rules.params
    found: set[str] = set()
    natural = n == 1 and is_natural(hand.cards[:2])
    for k in range(2, len(hand.cards)):
        result.actions.append(Action("hit", i, k))
        code, source = _draw_violation(rules, hand.cards[:k], natural)
        if code is None and split_ace and (p["split_aces_one_card"] or not p["hit_split_aces"]):
            name = "split_aces_one_card" if p["split_aces_one_card"] else "hit_split_aces"
            code, source = "hit_split_aces", rules.cite(name, "split aces may not be hit")
        if code and code not in found:
            found.add(code)
            message = f"card {k + 1} drawn to {_held(code, hand.cards[:k], natural)}"
            result.violations.append(_v(code, message, source, i))


def _held(code: str, held: Sequence[int], natural: bool) -> str:
    """What the hand was when a card was drawn to it, in a reviewer's words."""
    if natural:
        return "a natural"
    if code == "hit_split_aces":
        return "a split ace, which takes one card only"
    total = hand_total(held)[0]
    return f"a bust hand ({total})" if total > 21 else "a hand of 21"


def _draw_violation(rules: BlackjackRules, held: Sequence[int], natural: bool):
    total = hand_total(held)[0]
    if total > 21:
        return "hit_after_bust", rules.sources.player_play
    if total == 21:
        return "hit_after_21", rules.sources.natural if natural else rules.sources.player_play
    return None, None


def _double(rules, i, hand: PlayerHand, n: int, split_ace: bool, result: HandAnalysis) -> None:
    p = rules.params
    add = result.violations.append
    result.actions.append(Action("double", i, 2))
    two = hand.cards[:2]
    code, source = _draw_violation(rules, two, n == 1 and is_natural(two))
    if code:
        add(_v(code, "doubled on a 21", source, i))
    elif split_ace and p["split_aces_one_card"]:
        source = rules.cite("split_aces_one_card", "split aces take one card")
        add(_v("double_not_allowed", "doubled a split ace", source, i))
    elif n > 1 and not p["double_after_split"]:
        source = rules.cite("double_after_split", "no double after a split")
        add(_v("double_not_allowed", "doubled after a split", source, i))
    elif not double_allowed_on(p["double_on"], two):
        total, soft = hand_total(two)
        source = rules.cite("double_on", "which two-card totals may double")
        message = f"doubled on {'soft' if soft else 'hard'} {total}"
        add(_v("double_not_allowed", message, source, i))
    if len(hand.cards) != 3:
        message = f"a doubled hand takes exactly one card; it took {len(hand.cards) - 2}"
        add(_v("double_wrong_card_count", message, rules.sources.double, i))


def double_allowed_on(rule: str, two: Sequence[int]) -> bool:
    """Whether the ``double_on`` rule allows doubling these two cards (soft hands: any_two only)."""
    if rule == "any_two":
        return True
    total, soft = hand_total(two)
    allowed = (9, 10, 11) if rule == "9_10_11" else (10, 11)
    return not soft and total in allowed


def _surrender(rules, i, hand: PlayerHand, n: int, result: HandAnalysis) -> None:
    result.actions.append(Action("surrender", i))
    if rules.params["surrender"] == "none":
        source = rules.cite("surrender", "no surrender")
        result.violations.append(_v("surrender_not_allowed", "surrender is not offered", source, i))
    elif n > 1 or len(hand.cards) != 2 or hand.doubled:
        message = "only an unsplit, undoubled two-card hand may surrender"
        result.violations.append(_v("surrender_not_allowed", message, rules.sources.surrender, i))
