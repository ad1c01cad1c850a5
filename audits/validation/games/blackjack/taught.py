"""The engine's answers a family screen asks, kept per engine, and taught as a worker starts.

What a family screen asks of the engine about a dealer's hand or a player's unsplit hand
(:mod:`.answers`) depends only on the engine with the round's options applied, not on the
limits or paytables a screen is built for: the :class:`~.answers.Answers` tables are kept per
engine (its class and parameters, :func:`learnt_for`), so every screen of one engine shares
what any of them learnt.

A fresh process learns them on its first chunks, a question at a time (a day of 100,000
Ante Up 21 rounds: 6,311 dealers' hands and 4,129 players' hands).  :func:`engine_teach`
asks, before a worker's first chunk (:mod:`audits.submissions.run.warm`), every question of
the two kinds a fault-free round asks most: each dealer's hand the rules let stand (his two
cards, then each draw while the engine says he draws, up to
:data:`~.answers.MOST_CARDS` cards) and each player's unsplit hand of up to
:data:`TAUGHT_CARDS` cards, hits taken below 21, the third card doubled or not.  The answers
are the engine's own (:func:`dealer_answer`, :func:`play_answer`), through the same codes the
screen computes; a question not taught is learnt as before.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from games.engine.blackjack import BlackjackRules, PlayerHand, hand_total, is_natural
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import ACE, RANK, VALUE

from .answers import BUST, MOST_CARDS, Answers, row_cards, sequence_codes, unsplit_codes

TAUGHT_CARDS = 5  # a player's unsplit hands taught up to this many cards
#: a card of each value (ace 1 to ten 10: the codes read values only), by value; 0 the
#: padding, no card
VALUE_CARDS = np.array([-1] + [VALUE.index(v) for v in range(1, 11)], np.int64)
_CARDS = tuple(VALUE_CARDS.tolist())
_MOST_ENGINES = 32  # engines whose answers a process keeps (then it starts again)


class Learnt(dict):
    """The answers kept for one engine, by name; ``taught``: :func:`engine_teach` asked its
    questions already."""

    taught = False


_LEARNT: dict[tuple, Learnt] = {}


def learnt_for(engine) -> Learnt:
    """The answers kept for ``engine`` (by its class and parameters), by name; a fresh set
    for no engine (options the engine refused: nothing is screened)."""
    if engine is None:
        return Learnt()
    key = (type(engine), tuple(sorted((k, repr(v)) for k, v in engine.params.items())))
    known = _LEARNT.get(key)
    if known is None:
        if len(_LEARNT) >= _MOST_ENGINES:
            _LEARNT.clear()
        known = _LEARNT[key] = Learnt()
    return known


def answers(learnt: Learnt, name: str, width: int) -> Answers:
    """The kept answers called ``name`` (``width`` ints each), made at their first use."""
    table = learnt.get(name)
    if table is None:
        table = learnt[name] = Answers(width)
    return table


def dealer_answer(engine, cards: tuple[int, ...]) -> tuple[int, ...]:
    """What the family reads of a dealer's hand: a natural in his first two cards, his total
    (:data:`~.answers.BUST` above 21), a blackjack, an ace up, and whether his drawing is
    right when no hand is live and when one is."""
    total = min(hand_total(cards)[0], BUST)
    return (is_natural(cards[:2]), total, is_natural(cards), RANK[cards[0]] == ACE,
            engine.check_dealer(cards, False) is None,
            engine.check_dealer(cards, True) is None)  # fmt: skip


def play_answer(engine, held: tuple[int, ...], doubled: bool) -> tuple[int, ...]:
    """What the family reads of an unsplit hand: whether its play keeps the rules, its total
    (:data:`~.answers.BUST` above 21) and whether it is a natural."""
    analysis = analyse_hands(engine, held[:2], (PlayerHand(held, doubled),))
    return (not analysis.violations, min(hand_total(held)[0], BUST), is_natural(held))


def engines_teach(engines) -> int:
    """:func:`engine_teach` for each of ``engines`` of the blackjack family; how many hands
    were asked in all."""
    return sum(engine_teach(e) for e in engines if isinstance(e, BlackjackRules))


def engine_teach(engine) -> int:
    """Every dealer's hand the rules let stand and every unsplit hand of up to
    :data:`TAUGHT_CARDS` cards asked of ``engine`` now (see the module), unless an engine of
    the same parameters was; how many hands were asked."""
    learnt = learnt_for(engine)
    if learnt.taught:
        return 0
    dealers = _dealer_rows(_draws(engine))
    answers(learnt, "dealer", 6).of(
        sequence_codes(*dealers), lambda i: dealer_answer(engine, row_cards(*dealers, i))
    )
    cards, counts, doubled = _player_rows()
    answers(learnt, "play", 3).of(
        unsplit_codes(cards, counts) * 2 + doubled,
        lambda i: play_answer(engine, row_cards(cards, counts, i), bool(doubled[i])),
    )
    learnt.taught = True
    return len(dealers[1]) + len(doubled)


def _draws(engine) -> tuple[bool, ...]:
    """Where the engine's dealer draws: at each total from 2 to 21, hard and soft."""
    return tuple(engine.dealer_should_draw(t, soft) for t in range(2, 22) for soft in (0, 1))


@cache
def _dealer_rows(draws: tuple[bool, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each dealer's hand of values a dealer who draws where ``draws`` says lets stand."""
    found, waiting = [], [(a, b) for a in range(1, 11) for b in range(1, 11)]
    while waiting:
        values = waiting.pop()
        total, soft = hand_total([_CARDS[v] for v in values])
        if len(values) < MOST_CARDS and total < 21 and draws[(total - 2) * 2 + soft]:
            waiting.extend(values + (v,) for v in range(1, 11))
            if len(values) > 2:
                continue  # he stood where he draws: a fault, learnt if ever dealt
        found.append(values)
    return _rows(found)


@cache
def _player_rows() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each unsplit hand of values of two to :data:`TAUGHT_CARDS` cards, hits taken below
    21 (a hand of three cards also doubled): its cards, count and whether doubled."""
    hands, doubled, waiting = [], [], [(a, b) for a in range(1, 11) for b in range(a, 11)]
    while waiting:
        values = waiting.pop()
        hands.append(values)
        doubled.append(False)
        if len(values) == 3:
            hands.append(values)
            doubled.append(True)
        total = hand_total([_CARDS[v] for v in values])[0]
        if len(values) < TAUGHT_CARDS and total < 21:
            waiting.extend(values + (v,) for v in range(1, 11))
    twice = np.array(doubled, np.int64)
    twice.flags.writeable = False
    return (*_rows(hands), twice)


def _rows(hands: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
    """The hands' cards (a card of each value) padded with -1, and their counts (read-only:
    kept for the process)."""
    padded = np.array([h + (0,) * (MOST_CARDS - len(h)) for h in hands], np.int64)
    cards, counts = VALUE_CARDS[padded], np.count_nonzero(padded, axis=1)
    for array in (cards, counts):
        array.flags.writeable = False
    return cards, counts
