"""Ante Up 21 and the tie bonus game through the whole pipeline.

The Washington data holds no approval for either game, so each test grants
one (with the demo's illustrative paytable) and authorizes the demo venue,
then submits rounds whose results the engine settles, plus one error.
"""

from __future__ import annotations

import io
import json
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from games.engine.ante_up import AnteUp21
from games.engine.blackjack import PlayerHand
from games.engine.cards import parse_cards
from games.engine.tie_bonus import TieBonusBlackjack
from games.models import ApprovalStatus, Paytable, RuleVersion, Venue
from games.services.approvals import approval_submit, approval_transition
from games.services.venues import authorization_create
from tests.audits.conftest import ROUND

WHEN = datetime(2025, 1, 1, 9, 0, tzinfo=UTC)


def authorize(game: str) -> None:
    rules = RuleVersion.objects.get(game__code=game, version=1)
    paytables = list(Paytable.objects.filter(rule_version=rules))
    approval = approval_submit(
        jurisdiction=rules.approvals.first().jurisdiction,
        rule_version=rules,
        reference=f"test approval of {game}",
        allowed_options={"blackjack_pays": ["3:2"]},
        paytables=paytables,
        conditions=[],
        at=WHEN,
    )
    approval_transition(approval, ApprovalStatus.UNDER_REVIEW, reason="test", at=WHEN)
    approval = approval_transition(
        approval, ApprovalStatus.APPROVED, reason="test", decision_date=date(2025, 1, 1), at=WHEN
    )
    authorization_create(
        venue=Venue.objects.get(code="WA-CR-0042"),
        approval=approval,
        options={},
        effective_from=date(2025, 1, 1),
    )


def line(game, options, first_two, hands, dealer, wagers, results, **seat) -> bytes:
    data = dict(ROUND, game=game, options=options, dealer={"cards": dealer})
    data["seats"] = [
        {
            "seat": 1,
            "cards": first_two,
            "wagers": wagers,
            "results": results,
            "hands": hands,
            **seat,
        }
    ]
    return json.dumps(data).encode()


def settled_hand(cards: str, result) -> dict:
    return {"cards": cards.split(), "doubled": False, "result": str(result)}


def submit(licensee, lines: list[bytes]):
    submission, _ = submission_store(
        io.BytesIO(b"\n".join(lines) + b"\n"), original_name="blackjack.jsonl", licensee=licensee
    )
    return submission_validate_now(submission)


@pytest.fixture
def ante_up(wa):
    authorize("ante-up-21")
    return wa


def test_ante_up_clean_round_and_an_underpaid_ante(ante_up):
    game, options = AnteUp21(), {"blackjack_pays": "3:2"}
    player, dealer = "QS 9H", "KD 7C"
    wagers = {"main": "10", "ante": "5", "bet": "5"}
    results = game.settle_seat(
        parse_cards(player.split()),
        [PlayerHand(parse_cards(player.split()))],
        parse_cards(dealer.split()),
        {k: Decimal(v) for k, v in wagers.items()},
        "bet",
    )
    main = next(r.net for r in results if r.key == "main")
    others = {r.key: str(r.net) for r in results if r.key != "main"}
    clean = line(
        "ante-up-21",
        options,
        player.split(),
        [settled_hand(player, main)],
        dealer.split(),
        wagers,
        others,
        poker="bet",
    )
    wrong = dict(others, ante=str(Decimal(others["ante"]) + 5))
    data = json.loads(clean)
    data["round"] = "T2-ante-2"
    data["seats"][0]["results"] = wrong
    s = submit(ante_up, [clean, json.dumps(data).encode()])
    assert (s.rounds_total, s.clean_rounds) == (2, 1)
    finding = s.findings.get()
    assert (finding.line, finding.code, finding.wager_key) == (2, "overpaid", "ante")


def test_tie_bonus_round_with_a_tie_paid_and_a_wrong_dealer_draw(wa):
    authorize("blackjack-tie-bonus")
    game, options = TieBonusBlackjack(), {"blackjack_pays": "3:2"}
    player, dealer = "TS 8H", "9D 9C"  # 18 against 18: Tie 18 pays 45 to 1
    wagers = {"main": "20", "tie_18": "5"}
    results = game.settle_seat(
        parse_cards(player.split()),
        [PlayerHand(parse_cards(player.split()))],
        parse_cards(dealer.split()),
        {k: Decimal(v) for k, v in wagers.items()},
    )
    main = next(r.net for r in results if r.key == "main")
    ties = {r.key: str(r.net) for r in results if r.key != "main"}
    assert ties == {"tie_18": "225"}
    clean = line(
        "blackjack-tie-bonus",
        options,
        player.split(),
        [settled_hand(player, main)],
        dealer.split(),
        wagers,
        ties,
    )
    data = json.loads(clean)
    data["round"] = "T2-tie-2"
    data["dealer"]["cards"] = ["9D", "9C", "2H"]  # drew on 18
    data["shoe"] = {"decks": 6}
    s = submit(wa, [clean, json.dumps(data).encode()])
    codes = sorted(s.findings.values_list("line", "code"))
    assert (2, "dealer_drew_wrongly") in codes
    assert all(line_no == 2 for line_no, _ in codes)
    assert s.clean_rounds == 1
