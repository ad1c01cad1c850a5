# ruff: noqa: E501  (the golden rounds are a table: one case a line, read across)
"""Golden rounds: for every finding code, a hand log that raises it, on the demo registry.

Each case is a clean round of one of the three games (the format page's example for Toss
One 21; a three- or four-seat round of Ante Up 21 at table T5 and of the tie bonus game at
table T6, from the round-check tests) with one thing changed, as a table system would write
it. Some codes need the registry changed first (``setup``: an authorization ended, a limit
added) or a rule version's open point read the other way (``params``); a few need a file
that is not one round a line (``content``).

``tests/golden/test_golden.py`` runs every case through the whole validation and renders
``docs/findings.md`` from what it reports.
"""

from __future__ import annotations

import copy
import gzip
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from tests.audits.conftest import ROUND
from tests.audits.validation import ante_up_support as ante
from tests.audits.validation import tie_bonus_support as tie
from tests.audits.validation.blackjack_support import hand, seat

TOSS, ANTE, TIE = "toss-one-21", "ante-up-21", "blackjack-tie-bonus"


@dataclass(frozen=True)
class Golden:
    code: str
    game: str
    lines: Callable[[], list[bytes]] = lambda: []
    content: Callable[[], bytes] | None = None  # the whole file, when not lines
    setup: Callable[[], None] | None = None  # a registry change made first
    params: dict = field(default_factory=dict)  # rule-version parameters read otherwise
    licensee: str = "DEMO-0001"
    earlier: Callable[[], list[bytes]] | None = None  # a file the licensee submitted before
    earlier_withdrawn: bool = False  # ... and withdrew


# ------------------------------------------------------------------------------ rounds


def toss(**changes) -> dict:
    data = copy.deepcopy(ROUND)
    for path, value in changes.items():
        target, *parents, last = [data, *path.split("__")]
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return data


def ante_up() -> dict:
    data = ante.clean()
    data.update(table="T5", options={"blackjack_pays": "3:2"})
    return data


def tie_bonus() -> dict:
    data = tie.clean()
    data.update(table="T6", options={"blackjack_pays": "3:2"})
    return data


def one_seat(base: Callable[[], dict], dealer: str, cards: str, hands, wagers, results, **kw):
    data = base()
    data["dealer"]["cards"] = dealer.split()
    data["seats"] = [seat(1, cards, wagers, results, hands, kw.get("poker"))]
    return data


def line(data: dict | bytes) -> bytes:
    return data if isinstance(data, bytes) else json.dumps(data).encode()


def lines(*rounds) -> Callable[[], list[bytes]]:
    return lambda: [line(r() if callable(r) else r) for r in rounds]


def changed(base: Callable[[], dict], change: Callable[[dict], None]) -> Callable[[], dict]:
    def make():
        data = base()
        change(data)
        return data

    return make


def _set(path: str, value):
    """A change that sets ``data[a][b]...`` (numbers index lists)."""

    def change(data):
        *parents, last = path.split(".")
        for part in parents:
            data = data[int(part)] if part.isdigit() else data[part]
        data[int(last) if last.isdigit() else last] = value

    return change


def _delete(path: str):
    def change(data):
        *parents, last = path.split(".")
        for part in parents:
            data = data[int(part)] if part.isdigit() else data[part]
        del data[last]

    return change


def _all(*changes):
    def change(data):
        for c in changes:
            c(data)

    return change


# ---------------------------------------------------------------------- registry changes


def _end_the_demo_authorization():
    from games.models import Authorization

    Authorization.objects.filter(venue__code="WA-CR-0042", table=None).update(
        effective_to=date(2026, 10, 31)
    )


def _revoke_the_toss_one_approval():
    from datetime import UTC, datetime

    from games.models import Approval, ApprovalStatus
    from games.services.approvals import approval_transition

    approval = Approval.objects.get(rule_version__game__code=TOSS, status=ApprovalStatus.APPROVED)
    approval_transition(
        approval, ApprovalStatus.REVOKED, reason="golden round", at=datetime(2026, 6, 1, tzinfo=UTC)
    )


def _limit(kind: str, amount: str, table: str | None = None):
    def setup():
        from games.models import LimitKind, Regulation, Table, WagerLimit

        WagerLimit.objects.create(
            regulation=Regulation.objects.get(citation="WAC 230-15-140"),
            kind=getattr(LimitKind, kind.upper()),
            amount=Decimal(amount),
            effective_from=date(2018, 1, 1),
            table=Table.objects.get(venue__code="WA-CR-0042", code=table) if table else None,
            source=f"golden round: a {kind} of {amount} (fictional)",
        )

    return setup


def _gzip_cut() -> bytes:
    whole = b"\n".join(line(toss(round=f"T2-cut-{i}")) for i in range(200)) + b"\n"
    packed = gzip.compress(whole)
    return packed[: len(packed) // 2]


# -------------------------------------------------------------------------------- cases

ROUND_ID = "T2-2026-11-01-000001"
CASES: list[Golden] = [
    # -- format: the line is rejected ----------------------------------------------------
    Golden("line_not_utf8", TOSS, lines(b'{"v": 1, "round": "\xff\xfe"}')),
    Golden("line_not_json", TOSS, lines(b'{"v": 1, "round": ')),
    Golden("line_not_object", TOSS, lines(toss(round="T2-before"), b"[1, 2, 3]")),  # a file of arrays is refused
    Golden("line_too_long", TOSS, lines(b'{"v": 1, "pad": "' + b"x" * (1 << 20) + b'"}')),
    Golden("field_invalid", TOSS, lines(toss(shoe={"decks": "six"}))),
    Golden("unsupported_version", TOSS, lines(toss(v=2))),
    Golden("bad_time", TOSS, lines(toss(played_at="2026-11-01 21:14"))),
    Golden("bad_card", TOSS, lines(toss(seats__0__cards=["TS", "AH", "KC", "1D"]))),
    Golden("bad_amount", TOSS, lines(toss(seats__0__wagers__main="25.001"))),
    Golden("negative_stake", TOSS, lines(toss(seats__0__wagers__lucky3="-5"))),
    Golden("seat_count", TOSS, lines(toss(seats=[]))),
    Golden("duplicate_seat", TOSS, lines(toss(seats=[ROUND["seats"][0], ROUND["seats"][0]]))),
    Golden("duplicate_key", TOSS, lambda: [line(toss()).replace(b'"main": "37.50"', b'"main": "37.50", "main": "99"')]),
    Golden("unknown_wager", TOSS, lines(toss(seats__0__wagers__side="5", seats__0__results__side="-5"))),
    Golden("line_not_checked", TOSS, lines(toss(round="BREAKS-A-CHECK", seats__0__results__main="30"))),
    Golden("file_truncated", TOSS, content=_gzip_cut),
    # -- integrity ------------------------------------------------------------------------
    Golden("duplicate_round", TOSS, lines(toss(), toss())),
    Golden("duplicate_round_submitted", TOSS, lines(toss()),
           earlier=lines(toss(), toss(round="T2-other"))),
    Golden("resent_after_withdrawal", TOSS, lines(toss(seats__0__results__main="40")),
           earlier=lines(toss()), earlier_withdrawn=True),
    Golden("card_over_shoe", TOSS, lines(toss(shoe={"decks": 1}, seats__0__cards=["AS", "AH", "KC", "9D"]))),
    Golden("wrong_card_count", TOSS, lines(toss(seats__0__cards=["TS", "AH", "KC"]))),
    Golden("toss_not_in_hand", TOSS, lines(toss(seats__0__toss="2S"))),
    Golden("hands_inconsistent", ANTE, lines(changed(ante_up, _set("seats.0.hands", [hand("QH QS", "25")])))),
    Golden("line_findings_truncated", TOSS, lines(toss(seats__0__wagers={"main": "25", **{f"w{i}": "5" for i in range(60)}},
                      seats__0__results={"main": "37.50", **{f"w{i}": "-5" for i in range(60)}}))),
    Golden("played_in_future", TOSS, lines(toss(played_at="2099-11-01T21:14:03-08:00"))),
    Golden("played_before_records", TOSS, lines(toss(played_at="1999-06-01T21:14:03-08:00"))),
    # -- approval: the round is not settled ---------------------------------------------
    Golden("unknown_venue", TOSS, lines(toss(venue="WA-CR-9999"))),
    Golden("unknown_table", TOSS, lines(toss(table="T9"))),
    Golden("unknown_game", TOSS, lines(toss(game="baccarat"))),
    Golden("venue_not_of_licensee", TOSS, lines(toss(venue="WA-TC-0007", table="T1"))),
    Golden("game_not_authorized", ANTE, lines(changed(ante_up, _all(_set("venue", "WA-TC-0007"), _set("table", "T1")))),
           licensee="DEMO-0002"),
    Golden("table_not_authorized", ANTE, lines(changed(ante_up, _set("table", "T1")))),
    Golden("not_yet_authorized", TOSS, lines(toss(played_at="2017-11-01T21:14:03-07:00"))),
    Golden("authorization_ended", TOSS, lines(toss()), setup=_end_the_demo_authorization),
    Golden("conditions_not_met", TOSS, lines(toss(venue="WA-TC-0007", table="T1",
           played_at="2019-04-15T21:14:03-07:00",
           options={"blackjack_pays": "3:2", "lucky3_paytable": "2"})), licensee="DEMO-0002"),
    Golden("approval_not_in_force", TOSS, lines(toss()), setup=_revoke_the_toss_one_approval),
    Golden("options_not_approved", TOSS, lines(toss(
           options={"blackjack_pays": "2:1", "lucky3_paytable": "1"}))),
    Golden("options_not_authorized", TOSS, lines(toss(
           options={"blackjack_pays": "3:2", "lucky3_paytable": "2"}))),
    Golden("decks_not_approved", TOSS, lines(toss(shoe={"decks": 3}))),
    Golden("decks_not_authorized", ANTE, lines(changed(ante_up, _set("shoe.decks", 8)))),
    # -- wager ----------------------------------------------------------------------------
    Golden("over_limit", TOSS, lines(toss(seats__0__wagers__main="500",
           seats__0__results__main="750.00"))),
    Golden("under_minimum", TOSS, lines(toss(seats__0__wagers__main="5", seats__0__results__main="7.50")),
           setup=_limit("min_single_wager", "10", "T2")),
    Golden("wager_without_result", TOSS, lines(toss(seats__0__results={"main": "37.50", "bonus4": "-5"}))),
    Golden("result_without_wager", TOSS, lines(toss(seats__0__wagers={"main": "25", "lucky3": "5"}))),
    Golden("side_bet_without_main", TOSS, lines(toss(seats__0__wagers={"lucky3": "5"}, seats__0__results={"lucky3": "10"}))),
    Golden("ante_without_21", ANTE, lines(changed(ante_up, lambda d: d["seats"].append(seat(4, "2S 3S",
           {"ante": "5", "bet": "5"}, {"ante": "-5", "bet": "-5"}, poker="bet"))))),
    Golden("ante_above_21", ANTE, lines(changed(ante_up, _all(_set("seats.0.wagers.main", "5"),
                                       _set("seats.0.hands.0.result", "5"))))),
    Golden("bet_not_equal_ante", ANTE, lines(changed(ante_up, _all(_set("seats.0.wagers.bet", "20"),
                                       _set("seats.0.results.bet", "20"))))),
    Golden("bet_after_fold", ANTE, lines(changed(ante_up, _all(_set("seats.1.wagers.bet", "10"),
                                       _set("seats.1.results.bet", "0"))))),
    Golden("bet_without_ante", ANTE, lines(changed(ante_up, _all(_set("seats.1.wagers", {"main": "25", "bet": "10"}),
                                       _set("seats.1.results", {"bet": "0"}),
                                       _set("seats.1.poker", "bet"))))),
    Golden("poker_bonus_not_fixed_stake", ANTE, lines(changed(ante_up, _all(_set("seats.0.wagers.poker_bonus", "5"),
                                       _set("seats.0.results.poker_bonus", "50"))))),
    Golden("poker_bonus_without_poker", ANTE, lines(changed(ante_up, _all(_set("seats.1.wagers", {"main": "25", "poker_bonus": "1"}),
                                       _set("seats.1.results", {"poker_bonus": "-1"}),
                                       _delete("seats.1.poker"))))),
    Golden("bonus_without_primary", TIE, lines(changed(tie_bonus, lambda d: d["seats"].append(
               seat(5, "5H 6H", {"tie_18": "5"}, {"tie_18": "-5"}))))),
    Golden("left_side_above_half", TIE, lines(changed(tie_bonus, _all(_set("seats.0.wagers.tie_17", "1"),
                                         _set("seats.0.results.tie_17", "-1"))))),
    Golden("right_side_above_half", TIE, lines(changed(tie_bonus, _all(_set("seats.1.wagers.tie_21", "6"),
                                                   _set("seats.1.results.tie_21", "-6"))))),
    Golden("bonus_above_primary", TIE, lines(changed(tie_bonus, _all(_set("seats.0.wagers.tie_17", "1"),
                                         _set("seats.0.wagers.tie_20", "10"),
                                         _set("seats.0.results.tie_17", "-1"),
                                         _set("seats.0.results.tie_20", "-10"))))),
    Golden("insurance_not_offered", TIE, lines(changed(tie_bonus, _all(_set("seats.2.wagers.insurance", "5"),
                                         _set("seats.2.results.insurance", "-5"))))),
    Golden("insurance_above_half", TIE, lines(one_seat(tie_bonus, "AD KC", "TS TD", [hand("TS TD", "-20")],
                          {"main": "20", "insurance": "15"}, {"insurance": "30"}))),
    # -- procedure -------------------------------------------------------------------------
    Golden("wrong_toss", TOSS, lines(toss(seats__0__toss="AH", seats__0__results={"main": "-25", "lucky3": "-5",
                                                            "bonus4": "-5"}))),
    Golden("dealer_wrong_toss", TOSS, lines(toss(dealer__toss="AS"))),
    Golden("dealer_drew_wrongly", ANTE, lines(changed(ante_up, _all(_set("dealer.cards", ["KS", "7H", "2C"]),
                                       _set("seats.2.hands.1.result", "-25"))))),
    Golden("dealer_drew_needlessly", TIE, lines(one_seat(tie_bonus, "5D TC 4H", "AS KD", [hand("AS KD", "30")],
                          {"main": "20"}, {})),
           params={"dealer_draw_with_no_live_hand": "house_procedure"}),
    Golden("split_not_allowed", ANTE, lines(changed(ante_up, _all(_set("seats.2.cards", ["8S", "9H"]),
                                       _set("seats.2.hands", [hand("8S 3C TD", "25"),
                                                              hand("9H 9C", "25")]),
                                       _set("seats.2.results", {"ante": "-5", "bet": "-5"}))))),
    Golden("too_many_splits", ANTE, lines(changed(ante_up, _set("seats.2.hands", [hand("8S 3C TD", "25"),
                                                         hand("8H TH", "25"),
                                                         hand("8C 2S 9C", "25")]))),
           params={"max_split_hands": 2}),
    Golden("double_not_allowed", ANTE, lines(changed(ante_up, _all(_set("seats.1.cards", ["5C", "4D"]),
                                       _set("seats.1.hands", [hand("5C 4D 9S", "50",
                                                                   doubled=True)])))),
           params={"double_on": "10_11"}),
    Golden("double_wrong_card_count", ANTE, lines(changed(ante_up, _set("seats.1.hands", [hand("5C 6D 2S 7S", "50",
                                                              doubled=True)])))),
    Golden("hit_after_21", ANTE, lines(changed(ante_up, _set("seats.2.hands.0", hand("8S 3C TD 2S", "-25"))))),
    Golden("hit_after_bust", ANTE, lines(changed(ante_up, _set("seats.0.hands", [hand("QH QD 5S 2S", "-25")])))),
    Golden("hit_split_aces", ANTE, lines(changed(ante_up, _all(_set("seats.2.cards", ["AS", "AH"]),
                                       _set("seats.2.hands", [hand("AS 5C 2D", "25"),
                                                              hand("AH 9C", "25")]))))),
    # -- payout ----------------------------------------------------------------------------
    Golden("overpaid", TOSS, lines(toss(seats__0__results__lucky3="40"))),
    Golden("underpaid", TOSS, lines(toss(seats__0__results__main="25"))),
    Golden("aggregate_payout_exceeded", TOSS, lines(toss()), setup=_limit("max_aggregate_payout", "30")),
]  # fmt: skip

CLEAN = {TOSS: lambda: toss(), ANTE: ante_up, TIE: tie_bonus}
