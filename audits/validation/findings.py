"""Findings: one problem, tied to its line, round, seat and wager, with a stable code.

Every code belongs to one of the groups of docs/handlog-format.md and has a
severity.  ``rule`` is the document and rule number or the regulation's
citation the finding rests on.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from decimal import Decimal

FORMAT, INTEGRITY, APPROVAL, WAGER, PROCEDURE, PAYOUT = (
    "format",
    "integrity",
    "approval",
    "wager",
    "procedure",
    "payout",
)
GROUPS = (FORMAT, INTEGRITY, APPROVAL, WAGER, PROCEDURE, PAYOUT)
#: the format findings a read round's checks raise (every other one is of a line rejected,
#: which is no round): the round is counted, and not among the clean
ROUND_FORMAT_CODES = frozenset({"unknown_wager"})
#: the contract with the table systems: docs/handlog-format.md, served at /handlog-format/
HANDLOG = "Hand log format v1"
#: the section of the format each format-related code rests on
FORMAT_SECTIONS = {
    **dict.fromkeys(
        ("line_not_utf8", "line_not_json", "line_not_object", "line_too_long", "line_not_checked",
         "file_truncated", "duplicate_key"), "File",
    ),
    **dict.fromkeys(
        ("field_invalid", "unsupported_version", "bad_time", "seat_count", "duplicate_seat",
         "played_in_future", "played_before_records"), "Round",
    ),
    "bad_card": "Cards",
    "bad_amount": "Amounts",
    "negative_stake": "Amounts",
    "unknown_wager": "Wagers and results",
    "wager_without_result": "Wagers and results",
    "result_without_wager": "Wagers and results",
    "line_findings_truncated": "Limits",
    "duplicate_round": "Round identifiers",
    "duplicate_round_submitted": "Round identifiers",
    "resent_after_withdrawal": "Round identifiers",
    "card_over_shoe": "Shoe",
    "hands_inconsistent": "Games of the blackjack family",
}  # fmt: skip


def format_rule(code: str) -> str:
    """What a finding of the hand-log contract cites: the format's name and section."""
    return f"{HANDLOG}, § {FORMAT_SECTIONS[code]}"


#: What a severity tells a reviewer (docs/findings.md); every code is held to it.
SEVERITIES: dict[str, str] = {
    "critical": "money affected: a payout other than the approved rules and paytable give, or "
    "a wager or a round's payouts above the limit the law or the table sets",
    "error": "a rule breached: a round played outside its approval or authorization, against "
    "the rules of play or the wager structure, or a line that breaks the hand-log format; "
    "any money it moved is a critical finding of its own",
    "warning": "procedure only: a house procedure not followed; no money affected and no "
    "approved rule breached",
}

#: code -> (group, severity)
CODES: dict[str, tuple[str, str]] = {
    # format: the line is rejected
    "line_not_utf8": (FORMAT, "error"),
    "line_not_json": (FORMAT, "error"),
    "line_not_object": (FORMAT, "error"),
    "duplicate_key": (FORMAT, "error"),
    "line_too_long": (FORMAT, "error"),
    "field_invalid": (FORMAT, "error"),
    "unsupported_version": (FORMAT, "error"),
    "bad_time": (FORMAT, "error"),
    "bad_card": (FORMAT, "error"),
    "bad_amount": (FORMAT, "error"),
    "negative_stake": (FORMAT, "error"),
    "seat_count": (FORMAT, "error"),
    "duplicate_seat": (FORMAT, "error"),
    "unknown_wager": (FORMAT, "error"),
    "line_not_checked": (FORMAT, "error"),
    "file_truncated": (FORMAT, "error"),
    # integrity
    "duplicate_round": (INTEGRITY, "error"),
    "duplicate_round_submitted": (INTEGRITY, "error"),
    "card_over_shoe": (INTEGRITY, "error"),
    "wrong_card_count": (INTEGRITY, "error"),
    "toss_not_in_hand": (INTEGRITY, "error"),
    "hands_inconsistent": (INTEGRITY, "error"),
    "played_in_future": (INTEGRITY, "error"),
    "played_before_records": (INTEGRITY, "error"),
    "resent_after_withdrawal": (INTEGRITY, "error"),
    "line_findings_truncated": (INTEGRITY, "error"),
    # approval
    "unknown_venue": (APPROVAL, "error"),
    "unknown_table": (APPROVAL, "error"),
    "unknown_game": (APPROVAL, "error"),
    "venue_not_of_licensee": (APPROVAL, "error"),
    "game_not_authorized": (APPROVAL, "error"),
    "table_not_authorized": (APPROVAL, "error"),
    "not_yet_authorized": (APPROVAL, "error"),
    "authorization_ended": (APPROVAL, "error"),
    "conditions_not_met": (APPROVAL, "error"),
    "approval_not_in_force": (APPROVAL, "error"),
    "options_not_approved": (APPROVAL, "error"),
    "options_not_authorized": (APPROVAL, "error"),
    "decks_not_approved": (APPROVAL, "error"),
    "decks_not_authorized": (APPROVAL, "error"),
    # wager
    "over_limit": (WAGER, "critical"),
    "under_minimum": (WAGER, "error"),
    "wager_without_result": (WAGER, "error"),
    "result_without_wager": (WAGER, "error"),
    "side_bet_without_main": (WAGER, "error"),
    "ante_without_21": (WAGER, "error"),
    "ante_above_21": (WAGER, "error"),
    "bet_not_equal_ante": (WAGER, "error"),
    "bet_after_fold": (WAGER, "error"),
    "bet_without_ante": (WAGER, "error"),
    "poker_bonus_not_fixed_stake": (WAGER, "error"),
    "poker_bonus_without_poker": (WAGER, "error"),
    "bonus_without_primary": (WAGER, "error"),
    "left_side_above_half": (WAGER, "error"),
    "right_side_above_half": (WAGER, "error"),
    "bonus_above_primary": (WAGER, "error"),
    "insurance_not_offered": (WAGER, "error"),
    "insurance_above_half": (WAGER, "error"),
    # procedure
    "wrong_toss": (PROCEDURE, "error"),
    "dealer_wrong_toss": (PROCEDURE, "error"),
    "dealer_drew_wrongly": (PROCEDURE, "error"),
    "dealer_drew_needlessly": (PROCEDURE, "warning"),
    "split_not_allowed": (PROCEDURE, "error"),
    "too_many_splits": (PROCEDURE, "error"),
    "double_not_allowed": (PROCEDURE, "error"),
    "double_wrong_card_count": (PROCEDURE, "error"),
    "hit_after_21": (PROCEDURE, "error"),
    "hit_after_bust": (PROCEDURE, "error"),
    "hit_split_aces": (PROCEDURE, "error"),
    # payout
    "overpaid": (PAYOUT, "critical"),
    "underpaid": (PAYOUT, "critical"),
    "aggregate_payout_exceeded": (PAYOUT, "critical"),
}


@dataclass(slots=True)
class Finding:
    line: int
    round: str
    code: str
    message: str
    rule: str
    seat: int | None = None
    key: str = ""
    expected: Decimal | None = None
    recorded: Decimal | None = None

    @property
    def group(self) -> str:
        return CODES[self.code][0]

    @property
    def severity(self) -> str:
        return CODES[self.code][1]

    def to_dict(self) -> dict:
        data = asdict(self)
        data["group"], data["severity"] = self.group, self.severity
        for money in ("expected", "recorded"):
            if data[money] is not None:
                data[money] = str(data[money])
        return data
