"""Toss One 21's seat classes in one compiled pass, held to the columns they replace.

:meth:`TossOneScreen.seat_classes` runs one kernel over the rounds and their seats.  The
reference below is the numpy definition it replaced (whole columns at a time, each step its
own array); both must give the same round checks, the same seats read, and the same key for
every seat read, on cards, tosses, seat numbers and tails of every kind, ill-formed ones
included.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.validation.games import check_round
from audits.validation.screen.objects import TAILS, UNKNOWN
from audits.validation.screen.toss_one import (
    BAD_TOSS,
    MAIN_BITS,
    MULTISET,
    NO_TOSS,
    ODDS_BITS,
    TAIL_BITS,
    SeatsRead,
    TossOneScreen,
)
from tests.audits.validation.test_checks_toss_one import RULES

KEPT = np.array([[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]], np.int64)
SEAT_BITS = np.array([0, *(1 << n for n in range(1, 8))], np.int64)
POPCOUNT = np.array([bin(i).count("1") for i in range(256)], np.int64)


def toss_slots(cards, tossed):
    same = cards == tossed[:, None]
    slot = np.where(same.any(axis=1), same.argmax(axis=1), BAD_TOSS)
    return np.where(tossed == -1, NO_TOSS, slot)


def hand_ids(hands, cards, slot, player):
    ranks = cards >> 2
    m = MULTISET[((ranks[:, 0] * 13 + ranks[:, 1]) * 13 + ranks[:, 2]) * 13 + ranks[:, 3]]
    tossed = np.take_along_axis(ranks, np.clip(slot, 0, 3)[:, None], axis=1)[:, 0]
    table = hands.player if player else hands.dealer
    ids = np.where(slot == NO_TOSS, hands.untossed[m], table[m, tossed])
    return np.where(slot == BAD_TOSS, -1, ids), m


def lucky3_tokens(screen, cards, slot, m, bet):
    label = np.zeros(len(cards), np.int64)
    decides = bet & (screen.hands.total[m] == 21)
    if not screen.lucky3_kept:
        label[decides] = -1
        return label
    at = np.flatnonzero(decides)
    kept = np.take_along_axis(cards[at], KEPT[np.clip(slot[at], 0, 3)], axis=1)
    suits, ranks = kept & 3, kept >> 2
    suited = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    red = (suits == 1) | (suits == 2)
    coloured = (red[:, 0] == red[:, 1]) & (red[:, 1] == red[:, 2])
    blackjack = ((ranks == 0).sum(axis=1) == 1) & ((ranks >= 9).sum(axis=1) == 2)
    label[at] = screen.lucky3[suited << 2 | coloured << 1 | blackjack]
    return label


def reference(screen, dealer, dealer_toss, counts, read, flags):
    """(round_ok, seat_ok, keys) in columns, as the screen computed them before the kernel."""
    n, hands, cards = len(counts), screen.hands, read.cards
    seat_round = np.repeat(np.arange(n), counts)
    dealer_id, _ = hand_ids(hands, np.maximum(dealer, 0), toss_slots(dealer, dealer_toss),
                            player=False)  # fmt: skip
    round_ok = (dealer >= 0).all(axis=1) & (dealer_id >= 0)
    bits = SEAT_BITS[np.clip(read.numbers, 0, 7)] * ((read.numbers >= 1) & (read.numbers <= 7))
    seated = np.zeros(n, np.int64)
    np.bitwise_or.at(seated, seat_round, bits)
    round_ok &= POPCOUNT[seated] == counts
    every = np.concatenate([dealer.ravel(), cards.ravel()])
    rows = np.concatenate([np.repeat(np.arange(n), 4), np.repeat(seat_round, 4)])
    flat = rows[every >= 0] * 52 + every[every >= 0]
    round_ok &= np.bincount(flat, minlength=n * 52).reshape(n, 52).max(axis=1) <= screen.decks
    slot = toss_slots(cards, read.toss)
    player_id, m = hand_ids(hands, np.maximum(cards, 0), slot, player=True)
    seat_ok = (cards >= 0).all(axis=1) & (player_id >= 0) & read.plain & (read.tails != UNKNOWN)
    lucky3 = lucky3_tokens(screen, cards, slot, m, flags[:, 1])
    seat_ok &= lucky3 >= 0
    main = hands.main[np.maximum(player_id, 0), np.maximum(dealer_id, 0)[seat_round]]
    main = main.astype(np.int64)  # the tables hold the smallest integers
    bonus4 = np.where(flags[:, 2], screen.bonus4[hands.four_total[m]], 0)
    keys = (read.tails | main << TAIL_BITS | bonus4 << (TAIL_BITS + MAIN_BITS)
            | np.maximum(lucky3, 0) << (TAIL_BITS + MAIN_BITS + ODDS_BITS))  # fmt: skip
    return round_ok, seat_ok, keys


def _screen(decks: int, lucky3_kept: bool) -> TossOneScreen:
    screen = TossOneScreen(RULES, {"blackjack_pays": "3:2", "lucky3_paytable": "1"}, decks,
                           check_round)  # fmt: skip
    if not lucky3_kept:  # as a rule version paying Lucky 3 on the best 21 reads it
        screen = copy.copy(screen)
        screen.lucky3_kept = False
    return screen


def _cards(rng, shape, narrow: bool) -> np.ndarray:
    """Cards, mostly real: from a few ranks when ``narrow`` (repeats, 21s, tosses that
    matter), an unread card (-1) now and then."""
    pool = np.array([0, 1, 16, 17, 24, 25, 32, 36, 40, 44, 48, 49]) if narrow else np.arange(52)
    cards = rng.choice(pool, shape)
    return np.where(rng.random(shape) < 0.03, -1, cards)


def _tosses(rng, screen, cards, player: bool) -> np.ndarray:
    """Each row's toss: mostly one rule 3 allows (a card, or none), else one of its cards,
    none (-1), unread (-2) or another card."""
    n = len(cards)
    options = np.stack([*cards.T, np.full(n, -1)], axis=1)
    allowed = np.stack([hand_ids(screen.hands, np.maximum(cards, 0),
                                 toss_slots(cards, options[:, j]), player)[0] >= 0
                        for j in range(5)], axis=1)  # fmt: skip
    right = options[np.arange(n), allowed.argmax(axis=1)]
    kind = rng.random(n)
    toss = np.where(kind < 0.5, cards[np.arange(n), rng.integers(0, 4, n)], -1)
    toss = np.where((kind >= 0.6) & (kind < 0.65), -2, toss)
    toss = np.where((kind >= 0.65) & (kind < 0.7), rng.integers(0, 52, n), toss)
    return np.where((kind >= 0.7) & allowed.any(axis=1), right, toss)


def _tails() -> np.ndarray:
    """Tails of every kind (Lucky 3 bet or not, Bonus 4 bet or not, more than wagers and
    results or not), as the screen interns them."""
    raws = []
    for extra in (b"", b',"poker":null'):
        for lucky3 in (b"", b',"lucky3":"5"'):
            for bonus4 in (b"", b',"bonus4":"5"'):
                raws.append(b'{"main":"25"%s%s},"results":{"main":"25"}%s}'
                            % (lucky3, bonus4, extra))  # fmt: skip
    return TAILS.ids(raws)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), decks=st.integers(1, 8), narrow=st.booleans(),
       lucky3_kept=st.booleans())  # fmt: skip
def test_the_kernel_says_what_the_columns_said(seed, decks, narrow, lucky3_kept):
    rng = np.random.default_rng(seed)
    screen = _screen(decks, lucky3_kept)
    counts = rng.integers(1, 8, 300)
    k = int(counts.sum())
    dealer = _cards(rng, (len(counts), 4), narrow)
    dealer_toss = _tosses(rng, screen, dealer, player=False)
    numbers = np.concatenate([rng.permutation(np.arange(1, 8))[:c] for c in counts])
    numbers = np.where(rng.random(k) < 0.02, rng.integers(-1, 10, k), numbers)
    cards = _cards(rng, (k, 4), narrow)
    tails = np.where(rng.random(k) < 0.03, UNKNOWN, rng.choice(_tails(), k))
    tosses = _tosses(rng, screen, cards, player=True)
    read = SeatsRead(numbers, cards, tosses, tails, rng.random(k) < 0.97)
    got = screen.seat_classes(dealer, dealer_toss, counts, read)
    flags = screen._flags.of(np.maximum(tails, 0))
    round_ok, seat_ok, keys = reference(screen, dealer, dealer_toss, counts, read, flags)
    assert got.round_ok.tolist() == round_ok.tolist()
    assert got.seat_ok.tolist() == seat_ok.tolist()
    assert got.seat_keys[seat_ok].tolist() == keys[seat_ok].tolist()
    assert got.seat_numbers is read.numbers
    # the inputs reach both answers (a small shoe of few ranks may hold no round)
    assert 0 < seat_ok.sum() < k and not round_ok.all()
    assert round_ok.any() or decks < 8


@pytest.mark.parametrize("lucky3_kept", [True, False])
def test_a_lucky3_21_is_told_by_its_kept_cards_or_left_to_the_exact_path(lucky3_kept):
    screen = _screen(6, lucky3_kept)
    card = {code: i for i, code in enumerate(
        f"{r}{s}" for r in "A23456789TJQK" for s in "SHDC")}  # fmt: skip
    # AS KS QS + 2H tossed: a suited blackjack 21 kept; the dealer keeps K 7 3, tossing 2H
    seat = np.array([[card["AS"], card["KS"], card["QS"], card["2H"]]])
    dealer = np.array([[card["KD"], card["7C"], card["2H"], card["3S"]]])
    tails = _tails()
    read = SeatsRead(np.array([1]), seat, np.array([card["2H"]]), tails[[2]], np.array([True]))
    got = screen.seat_classes(dealer, np.array([card["2H"]]), np.array([1]), read)
    assert got.round_ok.tolist() == [True]
    assert got.seat_ok.tolist() == [lucky3_kept]
    if lucky3_kept:
        lucky3 = got.seat_keys[0] >> (TAIL_BITS + MAIN_BITS + ODDS_BITS)
        assert lucky3 == screen.lucky3[0b101] > 0
