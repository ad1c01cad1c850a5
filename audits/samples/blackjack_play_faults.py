"""Deliberate errors in the play of blackjack-family sample rounds (:mod:`.blackjack_faults`):
a hand hit, doubled or split against the rules, a dealer who draws or stands wrongly.  Each
changes the seats and the dealer after play, before settlement, and answers False when the
deal gives it nothing to work on."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.blackjack import hand_total, is_natural
from games.engine.cards import ACE, RANK, VALUE

# -- helpers ---------------------------------------------------------------------------------


def _total(cards) -> int:
    return hand_total(cards)[0]


def _live(seats: list[dict], skip: object = None) -> bool:
    """Whether a hand other than ``skip`` is left for the dealer to play against."""
    for seat in seats:
        n = len(seat["hands"])
        for hand in seat["hands"]:
            if hand is not skip and _total(hand.cards) <= 21:
                if not (n == 1 and is_natural(hand.cards)):
                    return True
    return False


def _hands(seats: list[dict]):
    for seat in seats:
        for hand in seat["hands"]:
            yield seat, hand


def _played(dealer: list[int], seats: list[dict]) -> bool:
    """The hands were played out (the dealer had no natural)."""
    return not is_natural(dealer)


def _stands_anyway(dealer: list[int], seats: list[dict]) -> bool:
    """Played out, and the dealer's hand is what it is whichever hands are live: he drew (a
    hand was live before the change) or stands on 17 or more."""
    return _played(dealer, seats) and (len(dealer) > 2 or _total(dealer) >= 17)


# -- dealt: the play ---------------------------------------------------------------------------


def _draw_to(total_ok: Callable[[list[int], dict], bool]):
    """A card drawn to the first hand ``total_ok`` picks, another hand staying live."""

    def change(dealer, seats, draw) -> bool:
        if not _played(dealer, seats):
            return False
        for seat, hand in _hands(seats):
            if not hand.doubled and total_ok(hand.cards, seat) and _live(seats, hand):
                hand.cards.append(draw())
                return True
        return False

    return change


def _unsplit(cards, seat) -> bool:
    return len(seat["hands"]) == 1 and not is_natural(cards)


hit_after_21 = _draw_to(lambda cards, seat: _unsplit(cards, seat) and _total(cards) == 21)
hit_after_bust = _draw_to(lambda cards, seat: _total(cards) > 21)


def hit_split_aces(dealer, seats, draw) -> bool:
    return _draw_to(
        lambda cards, seat: len(seat["hands"]) > 1 and RANK[cards[0]] == ACE and _total(cards) < 21
    )(dealer, seats, draw)


def double_split_ace(dealer, seats, draw) -> bool:
    """A split ace doubled (split aces take one card): one more card, marked doubled."""
    if not _played(dealer, seats):
        return False
    for seat, hand in _hands(seats):
        if len(seat["hands"]) > 1 and RANK[hand.cards[0]] == ACE and _total(hand.cards) < 21:
            hand.cards.append(draw())
            hand.doubled = True
            return True
    return False


def double_two_cards(dealer, seats, draw) -> bool:
    """A doubled hand that took a second card."""
    if not _played(dealer, seats):
        return False
    for _, hand in _hands(seats):
        if hand.doubled and _live(seats, hand):
            hand.cards.append(draw())
            return True
    return False


def split_unlike(dealer, seats, draw) -> bool:
    """Two cards that are not a pair split into two hands (which stand)."""
    if not _stands_anyway(dealer, seats):
        return False
    for seat in seats:
        a, b = seat["cards"]
        if VALUE[a] != VALUE[b] and not is_natural([a, b]) and len(seat["hands"]) == 1:
            hand_type = type(seat["hands"][0])
            seat["hands"] = [hand_type([a, draw()]), hand_type([b, draw()])]
            return True
    return False


def split_five_times(dealer, seats, draw) -> bool:
    """A pair split into five hands (four at most): three more cards of the pair's rank drawn
    to the split hands, each hand then standing on its first two cards."""
    if not _stands_anyway(dealer, seats):
        return False
    for seat in seats:
        a, b = seat["cards"]
        if RANK[a] == RANK[b] and RANK[a] != ACE and len(seat["hands"]) == 1:
            hand_type = type(seat["hands"][0])
            firsts = [a, b] + [RANK[a] * 4 + suit for suit in (0, 1, 2)]
            seat["hands"] = [hand_type([first, draw()]) for first in firsts]
            return True
    return False


def dealer_stands_short(dealer, seats, draw) -> bool:
    """The dealer's last drawn card taken away: he stood where he must draw."""
    if len(dealer) < 3:
        return False
    dealer.pop()
    return True
