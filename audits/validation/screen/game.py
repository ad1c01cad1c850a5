"""What every game's screen shares: seats read in, certainly clean rounds and their money out.

A game's screen (``audits/validation/games/<game>/screen.py``) subclasses :class:`GameScreen` and
says, for rounds of a batch judged under the same rules, options and shoe, which rounds pass
its round-level checks and which class each seat is in (:meth:`GameScreen.classes`: what the
cards decide, and which wagers and results are written), and checks the wager structures of
its own that compare amounts (:meth:`GameScreen.amounts_ok`).  The rest is the same for every
game and done here in columns, whatever the amounts:

- the keys: only the game's wagers; a wager with its result (its hands' results for a main
  wager settled on hands); a result without a wager only when it is 0;
- the limits in force, the screen's own ceiling on a stake, and the round's aggregate payout;
- one verdict per class from the exact path (:mod:`.classes`), with the odds of each wager;
- every recorded result against the odds times the seat's own stake, in cents
  (:func:`~.money.settled_cents`).

A round is clean when its checks pass, every seat's class is clean and every amount agrees;
any other round goes to the exact path, which alone writes findings.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..context import GameRules
from . import layout
from .batch import Batch
from .classes import Judge, Verdicts, judge_seat
from .keys import FIXED, WagerKeys
from .money import Limits, hands_paid_as_settled, paid_as_settled
from .seat_checks import seat_checks
from .seats import MAIN, SeatTable


@dataclass
class SeatClasses:
    """A game's reading of some rounds: ``round_ok`` per round, and per seat whether it can
    be screened (``seat_ok``) and its class (an int64 key, or a row of them)."""

    round_ok: np.ndarray
    seat_ok: np.ndarray
    keys: np.ndarray


@dataclass
class Screened:
    """Which rounds are clean; the seats of the rounds (``seats``), which of them are in a
    clean round (``counted``), and each seat's net result per key (cents) for the totals."""

    clean: np.ndarray
    seats: SeatTable
    counted: np.ndarray
    nets: np.ndarray  # [seat, len(seats.slots)]


class GameScreen:
    """The screen of one game under one rules in force, options and shoe size."""

    #: finding codes this screen checks per round, in columns
    round_level: frozenset[str] = frozenset()
    #: whether the main wager is settled on the seat's hands (the blackjack family)
    on_hands = False

    def __init__(self, rules: GameRules, options: dict[str, str], decks: int, judge: Judge,
                 keys: WagerKeys = FIXED):  # fmt: skip
        self.rules, self.options, self.decks = rules, options, decks
        self.wager_keys = keys  # the names of the reader's slots
        self.judge = Judge(judge.settle, judge.check, self.round_level)
        self.verdicts = Verdicts()
        self.limits = Limits.of(rules, keys)
        self.half_up = getattr(rules.engine, "params", {}).get("payout_rounding") == (
            "half_up_to_cent"
        )  # fmt: skip
        self.game_keys = keys.mask(rules.wagers)
        #: the reader's slots of the game's wagers, ascending: main's (0) is the first column
        self.slots = np.array([k for k in range(layout.KEY_SLOTS) if self.game_keys >> k & 1],
                              np.int64)  # fmt: skip
        self.most = self.limits.most[self.slots]
        if not self.slots.size or self.slots[0] != MAIN:
            raise ValueError(f"{rules.game}: a game of the screen has a main wager")

    # -- the game's own ----------------------------------------------------------------------

    def classes(self, batch: Batch, rows: np.ndarray, seats: SeatTable) -> SeatClasses:
        raise NotImplementedError

    def amounts_ok(self, seats: SeatTable) -> np.ndarray:
        """Per seat: the game's wager structures that compare amounts hold."""
        return np.ones(len(seats), bool)

    def won(self, seats: SeatTable, winnings: np.ndarray) -> np.ndarray:
        """Per seat: its recorded winnings (cents), as the aggregate payout adds them, from
        ``winnings``: its positive results written (:func:`~.seat_checks.seat_checks`)."""
        return winnings

    # -- the same for every game -------------------------------------------------------------

    def screen(self, batch: Batch, rows: np.ndarray, lines, numbers: np.ndarray) -> Screened:
        """Which of the batch's lines ``rows`` are certainly clean (``lines`` and
        ``numbers``: the batch's lines and line numbers, for the representatives)."""
        if self.verdicts.full:
            self.verdicts = Verdicts()
        n = len(rows)
        seats = SeatTable.of(batch.read, rows, self.slots)
        read = self.classes(batch, rows, seats)
        fits, winnings = seat_checks(seats.wager_mask, seats.result_mask, seats.slots,
                                     seats.wagers, seats.results, game_keys=self.game_keys,
                                     on_hands=self.on_hands, most=self.most,
                                     least_main=self.limits.least_main)  # fmt: skip
        ok = read.seat_ok & fits & self._hands_ok(seats) & self.amounts_ok(seats)
        round_ok = read.round_ok & (np.bincount(seats.round[~ok], minlength=n) == 0)
        judged = np.flatnonzero(round_ok[seats.round])
        nets = np.zeros_like(seats.results)
        if judged.size:
            at = rows[seats.round]

            def judge(i: int):
                s = int(judged[i])
                return judge_seat(lines[int(at[s])], int(numbers[at[s]]),
                                  int(seats.number[s]), self.rules, self.judge,
                                  self.wager_keys)  # fmt: skip

            number = np.zeros(len(seats), np.int64)
            number[judged] = self.verdicts.of(read.keys[judged], judge)
            paid_ok, nets = self._paid_as_settled(seats, number, judged)
            bad = ~self.verdicts.clean[number] | ~paid_ok
            round_ok &= np.bincount(seats.round[judged[bad[judged]]], minlength=n) == 0
        paid = np.bincount(seats.round, self.won(seats, winnings), minlength=n).astype(np.int64)
        round_ok &= self.limits.paid_ok(paid)
        return Screened(round_ok, seats, round_ok[seats.round], nets)

    def _hands_ok(self, seats: SeatTable) -> np.ndarray | bool:
        """Where the game settles the main wager on the hands: a hand's result without a
        main wager is 0 (the rest of a seat's keys: :func:`~.seat_checks.seat_checks`)."""
        if not self.on_hands:
            return True
        hands = seats.hands
        no_main = (seats.wager_mask[hands.seat] >> MAIN & 1) == 0
        return np.bincount(hands.seat[no_main & (hands.cents != 0)], minlength=len(seats)) == 0

    def _paid_as_settled(self, seats: SeatTable, number: np.ndarray, judged: np.ndarray):
        """Per seat: every result as its class's odds settle its own stakes; and each seat's
        net result per key (the main wager's: its hands' together)."""
        v = self.verdicts
        ok = np.ones(len(seats), bool)
        nets = np.zeros_like(seats.results)
        paid_as_settled(seats.wagers, seats.results, seats.wager_mask, seats.slots, number,
                        v.num, v.den, self.half_up, ok, nets)  # fmt: skip
        if self.on_hands:
            hands = seats.hands
            main = np.zeros(len(seats), np.int64)
            placed = (seats.wager_mask >> MAIN & 1).astype(bool)
            hands_paid_as_settled(hands.seat, hands.index, hands.cents,
                                  np.ascontiguousarray(seats.wagers[:, MAIN]), placed, number,
                                  v.hand_num, v.hand_den, self.half_up, ok, main)  # fmt: skip
            nets[:, MAIN] = main
        return ok, nets
