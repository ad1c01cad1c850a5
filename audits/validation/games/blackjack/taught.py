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

import numpy as np

from games.engine.blackjack import BlackjackRules, PlayerHand, hand_total, is_natural
from games.engine.blackjack_play import analyse_hands
from games.engine.cards import ACE, RANK, VALUE

from .answers import BUST, MOST_CARDS, Answers, sequence_codes, unsplit_codes

TAUGHT_CARDS = 5  # a player's unsplit hands taught up to this many cards
#: a card of each value (ace 1 to ten 10): the codes read values only
CARD_OF_VALUE = {value: VALUE.index(value) for value in range(1, 11)}
_LEARNT: dict[tuple, dict[str, Answers]] = {}
_MOST_ENGINES = 32  # engines whose answers a process keeps (then it starts again)


def learnt_for(engine) -> dict[str, Answers]:
    """The answers kept for ``engine`` (by its class and parameters), by name; a fresh set
    for no engine (options the engine refused: nothing is screened)."""
    if engine is None:
        return {}
    key = (type(engine), tuple(sorted((k, repr(v)) for k, v in engine.params.items())))
    known = _LEARNT.get(key)
    if known is None:
        if len(_LEARNT) >= _MOST_ENGINES:
            _LEARNT.clear()
        known = _LEARNT[key] = {}
    return known


def answers(learnt: dict[str, Answers], name: str, width: int) -> Answers:
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
    :data:`TAUGHT_CARDS` cards asked of ``engine`` now (see the module); how many hands."""
    learnt = learnt_for(engine)
    dealers = _rows(_dealer_hands(engine))
    answers(learnt, "dealer", 6).of(
        sequence_codes(*dealers), lambda i: dealer_answer(engine, _held(dealers, i))
    )
    hands, doubled = _player_hands()
    rows = _rows(hands)
    answers(learnt, "play", 3).of(
        unsplit_codes(*rows) * 2 + doubled,
        lambda i: play_answer(engine, _held(rows, i), bool(doubled[i])),
    )
    return len(dealers[1]) + len(doubled)


def _dealer_hands(engine) -> list[tuple[int, ...]]:
    """Each dealer's hand of values the engine lets stand, drawn as it says he draws."""
    found, waiting = [], [(a, b) for a in range(1, 11) for b in range(1, 11)]
    while waiting:
        values = waiting.pop()
        total, soft = hand_total([CARD_OF_VALUE[v] for v in values])
        if len(values) < MOST_CARDS and total < 21 and engine.dealer_should_draw(total, soft):
            waiting.extend(values + (v,) for v in range(1, 11))
            if len(values) > 2:
                continue  # he stood where he draws: a fault, learnt if ever dealt
        found.append(values)
    return found


def _player_hands() -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Each unsplit hand of values of two to :data:`TAUGHT_CARDS` cards, hits taken below
    21; a hand of three cards also doubled."""
    hands, doubled, waiting = [], [], [(a, b) for a in range(1, 11) for b in range(a, 11)]
    while waiting:
        values = waiting.pop()
        hands.append(values)
        doubled.append(False)
        if len(values) == 3:
            hands.append(values)
            doubled.append(True)
        total = hand_total([CARD_OF_VALUE[v] for v in values])[0]
        if len(values) < TAUGHT_CARDS and total < 21:
            waiting.extend(values + (v,) for v in range(1, 11))
    return hands, np.array(doubled, np.int64)


def _rows(hands: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
    """The hands' cards (a card of each value) padded with -1, and their counts."""
    cards = np.full((len(hands), MOST_CARDS), -1, np.int64)
    counts = np.array([len(h) for h in hands], np.int64)
    for i, values in enumerate(hands):
        cards[i, : len(values)] = [CARD_OF_VALUE[v] for v in values]
    return cards, counts


def _held(rows: tuple[np.ndarray, np.ndarray], i: int) -> tuple[int, ...]:
    cards, counts = rows
    return tuple(cards[i, : counts[i]].tolist())
