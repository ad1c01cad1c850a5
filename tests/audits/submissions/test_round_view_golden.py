"""The round view shows what validation judged: for every golden round of every game, each
payout finding's expected amount is the amount the round's page shows for that seat and
wager (one settlement, read by both); a wager validation judged is never "not settled"."""

from __future__ import annotations

from decimal import Decimal

import pytest

from audits.submissions.round_view import submission_round
from tests.golden.cases import (
    ANTE,
    CASES,
    TIE,
    Golden,
    _all,
    _set,
    ante_up,
    changed,
    lines,
    tie_bonus,
)
from tests.golden.runner import run

PAYOUTS = ("overpaid", "underpaid")
SETTLED_GAMES = {case.game for case in CASES}


def shown(submission, finding) -> list[Decimal]:
    """The expected amounts the page shows for the finding's seat and wager."""
    view = submission_round(submission, finding["line"])
    (seat,) = [s for s in view.seats if s.number == finding["seat"]]
    (wager,) = [w for w in seat.wagers if w.key == finding["wager_key"]]
    assert wager.verdict in PAYOUTS, (finding["code"], wager.verdict)
    return wager.expected_each if wager.key == "main" else [wager.expected]


#: payouts of the blackjack family, where the golden rounds of the codes have none: a tie
#: wager overpaid, a split hand's main and an ANTE underpaid
FAMILY_PAYOUTS = [
    Golden("overpaid", TIE, lines(changed(tie_bonus, _set("seats.0.results.tie_19", "255")))),
    Golden("underpaid", ANTE, lines(changed(ante_up, _all(
        _set("seats.2.hands.1.result", "20"), _set("seats.0.results.ante", "5"))))),
]  # fmt: skip


def test_every_payout_finding_of_every_golden_round_is_what_the_page_shows(wa):
    compared = {}

    for case in [*CASES, *FAMILY_PAYOUTS]:

        def inspect(submission, findings, game=case.game):
            for finding in findings:
                if finding["code"] in PAYOUTS:
                    assert finding["expected"] in shown(submission, finding), (game, finding)
                    compared[game] = compared.get(game, 0) + 1

        run(case, inspect)
    assert set(compared) == SETTLED_GAMES and sum(compared.values()) >= 8, compared


def test_hands_that_do_not_follow_still_show_the_wagers_validation_judged(wa):
    """The reviewer's case: an Ante Up 21 seat whose hands do not follow from its cards, and
    a Poker Bonus recorded as 999: validation reports it overpaid against the pair's pay,
    and the page shows that same amount, not "not settled"."""
    from tests.audits.validation.blackjack_support import hand

    inconsistent = changed(ante_up, _all(_set("seats.0.hands", [hand("QH QS", "25")]),
                                         _set("seats.0.results.poker_bonus", "999")))  # fmt: skip
    case = next(c for c in CASES if c.code == "hands_inconsistent")
    seen = {}

    def inspect(submission, findings):
        (bonus,) = [f for f in findings if f["wager_key"] == "poker_bonus"]
        assert (bonus["code"], bonus["expected"]) == ("overpaid", Decimal("10.00"))
        view = submission_round(submission, bonus["line"])
        (wager,) = [w for w in view.seats[0].wagers if w.key == "poker_bonus"]
        seen.update(verdict=wager.verdict, expected=wager.expected)
        (main,) = [w for w in view.seats[0].wagers if w.key == "main"]
        seen["main"] = main.verdict  # the hands cannot be judged: main is not settled

    run(type(case)(case.code, case.game, lines(inconsistent)), inspect)
    assert seen == {"verdict": "overpaid", "expected": Decimal("10.00"), "main": "not settled"}


@pytest.mark.parametrize("game", sorted(SETTLED_GAMES))
def test_a_clean_round_of_every_game_shows_every_wager_correct(wa, game):
    from tests.golden.cases import CLEAN, line

    verdicts = []

    def inspect(submission, findings):
        assert findings == []
        verdicts.extend(w.verdict for s in submission_round(submission, 1).seats for w in s.wagers)

    run(Golden("clean", game, lambda: [line(CLEAN[game]())]), inspect)
    assert verdicts and set(verdicts) == {"correct"}, verdicts
