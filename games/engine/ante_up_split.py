"""The ANTE and the BET apart, from the sheet of the two together.

The poker sheets (:mod:`.ante_up_parsheet`) price the ANTE with its BET per unit ANTE, as
the fold/bet decision sees them.  A log's ledger counts each wager on its own, so its hold
is tested against each alone: the ANTE on every hand (a fold loses it), the BET on the hands
bet (per unit BET; a dealer's natural returns it).  Both come from the same deals as the
sheet they are read from: exact when it is exact, simulated with its rounds and interval
when it is simulated.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .ante_up import ANTE_PAYS, BET_PAYS
from .blackjack_sim import ci95_return
from .parsheet import SIMULATION, OutcomeLine, WagerSheet

FOLD = "fold"


def ante_alone(together: WagerSheet) -> WagerSheet:
    """The ANTE per unit ANTE: every hand's outcome at the ANTE's pay (rule PAYS)."""
    notes = ("the ANTE alone, per unit ANTE, on every hand (a fold loses it)",)
    return _priced(together, "ante", "Ante", ANTE_PAYS, Fraction(1), notes)


def bet_alone(together: WagerSheet) -> WagerSheet:
    """The BET per unit BET over the hands bet (the folds have no BET)."""
    bet = 1 - sum((ln.probability for ln in together.lines if ln.outcome == FOLD), Fraction(0))
    notes = (f"the BET alone, per unit BET, over the {float(bet):.2%} of hands bet",)
    return _priced(together, "bet", "Bet", BET_PAYS, bet, notes)


def _priced(together: WagerSheet, key: str, title: str, pays: dict, share: Fraction, notes):
    kept = [ln for ln in together.lines if ln.outcome in pays]
    lines = tuple(
        sorted(
            (OutcomeLine(ln.outcome, ln.probability / share, pays[ln.outcome]) for ln in kept),
            key=lambda ln: (-ln.pays, ln.outcome),
        )
    )
    all_notes = (*notes, *together.notes[1:])
    if together.method != SIMULATION:
        return WagerSheet(key, title, lines, together.method, notes=all_notes)
    rounds = int(together.rounds * share)
    counts = Counter({ln.outcome: int(ln.probability * rounds) for ln in lines})
    return WagerSheet(
        key, title, lines, SIMULATION, notes=all_notes, rounds=rounds,
        ci95_return=ci95_return(counts, {ln.outcome: ln.pays for ln in lines}, rounds),
    )  # fmt: skip
