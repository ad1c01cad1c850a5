"""Checks every game shares: the shoe, card counts, wager keys, results, limits, payouts."""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from games.engine.cards import CARD_CODES, over_shoe

from .context import GameRules
from .findings import Finding, format_rule
from .parse import ParsedRound, ParsedSeat

ZERO = Decimal(0)
CENT = Decimal("0.01")


def _money(amount: Decimal) -> str:
    """An amount as a ledger writes it: two decimals, thousands grouped."""
    return f"{amount.quantize(CENT):,}"


def shoe_findings(parsed: ParsedRound, rules: GameRules, all_cards: Iterable[int]) -> list[Finding]:
    """A card more often than the shoe holds (the shoe's size itself is a term of the
    authorization and the approval, checked before the round is settled)."""
    found = []
    cards = list(all_cards)
    if len(set(cards)) == len(cards):  # no card twice: no shoe can be short of it
        return found
    for card in over_shoe(cards, parsed.decks):
        found.append(
            Finding(
                parsed.line,
                parsed.round,
                "card_over_shoe",
                f"{CARD_CODES[card]} appears {cards.count(card)} times; a {parsed.decks}-deck "
                f"shoe holds {parsed.decks}",
                format_rule("card_over_shoe"),
            )
        )
    return found


def key_findings(
    parsed: ParsedRound, seat: ParsedSeat, rules: GameRules, results_on_hands: bool
) -> list[Finding]:
    """Unknown wager keys; a wager without a result or a result without a wager; a main
    result written beside the hands that settle it."""
    found = []
    for key in dict.fromkeys([*seat.wagers, *seat.results]):  # a key in both: one finding
        if key not in rules.wagers:
            found.append(
                Finding(
                    parsed.line,
                    parsed.round,
                    "unknown_wager",
                    f"{key} is not a wager of {rules.game} (its wagers: {', '.join(rules.wagers)})",
                    format_rule("unknown_wager"),
                    seat.number,
                    key,
                )
            )
    for key in seat.wagers:
        if (
            key in rules.wagers
            and key not in seat.results
            and not (results_on_hands and key == "main")
        ):
            found.append(
                Finding(
                    parsed.line,
                    parsed.round,
                    "wager_without_result",
                    f"{key}: {_money(seat.wagers[key])} wagered, but no result recorded",
                    format_rule("wager_without_result"),
                    seat.number,
                    key,
                    recorded=None,
                )
            )
    if results_on_hands and "main" in seat.results:
        found.append(
            Finding(
                parsed.line,
                parsed.round,
                "hands_inconsistent",
                f"results.main: {_money(seat.results['main'])} written, but {rules.game} "
                "settles the main wager on its hands (hands[].result)",
                format_rule("hands_inconsistent"),
                seat.number,
                "main",
                recorded=seat.results["main"],
            )
        )
    for key, result in seat.results.items():
        if key == "main" and results_on_hands:
            continue
        if key in rules.wagers and key not in seat.wagers and result != ZERO:
            found.append(
                Finding(
                    parsed.line,
                    parsed.round,
                    "result_without_wager",
                    f"{key}: settled at {_money(result)}, but no wager was placed",
                    format_rule("result_without_wager"),
                    seat.number,
                    key,
                    recorded=result,
                )
            )
    return found


def limit_findings(parsed: ParsedRound, seat: ParsedSeat, rules: GameRules) -> list[Finding]:
    """Each placed wager against the single-wager limits in force."""
    found = []
    for key, stake in seat.wagers.items():
        for limit in rules.limits:
            if limit.wager_key and limit.wager_key != key:
                continue
            if limit.kind == "max_single_wager" and stake > limit.amount:
                found.append(
                    Finding(
                        parsed.line,
                        parsed.round,
                        "over_limit",
                        f"the {key} wager of {_money(stake)} is above the limit of "
                        f"{_money(limit.amount)} {limit.scope}",
                        limit.citation,
                        seat.number,
                        key,
                        expected=limit.amount,
                        recorded=stake,
                    )
                )
            elif limit.kind == "min_single_wager" and key == "main" and stake < limit.amount:
                found.append(
                    Finding(
                        parsed.line,
                        parsed.round,
                        "under_minimum",
                        f"the {key} wager of {_money(stake)} is below the minimum of "
                        f"{_money(limit.amount)} {limit.scope}",
                        limit.citation,
                        seat.number,
                        key,
                        expected=limit.amount,
                        recorded=stake,
                    )
                )
    return found


def payout_finding(
    parsed: ParsedRound,
    seat: int,
    key: str,
    expected: Decimal,
    recorded: Decimal,
    rule: str,
    outcome: str,
) -> Finding | None:
    if recorded == expected:
        return None
    code = "overpaid" if recorded > expected else "underpaid"
    return Finding(
        parsed.line,
        parsed.round,
        code,
        f"{key} was settled at {_money(recorded)}; the approved rules give {_money(expected)} "
        f"({outcome.replace('_', ' ')}): {code} by {_money(abs(recorded - expected))}",
        rule,
        seat,
        key,
        expected=expected,
        recorded=recorded,
    )


def aggregate_finding(parsed: ParsedRound, rules: GameRules, paid: Decimal) -> Finding | None:
    for limit in rules.limits:
        if limit.kind == "max_aggregate_payout" and paid > limit.amount:
            return Finding(
                parsed.line,
                parsed.round,
                "aggregate_payout_exceeded",
                f"the round paid {_money(paid)} in all, above the limit of "
                f"{_money(limit.amount)} {limit.scope}",
                limit.citation,
                expected=limit.amount,
                recorded=paid,
            )
    return None


def result_findings(parsed: ParsedRound, seat: ParsedSeat, results) -> list[Finding]:
    """Each engine result against the seat's recorded result for that wager, if recorded.

    A wager without a recorded result is reported by :func:`key_findings`.
    """
    found = []
    for result in results:
        recorded = seat.results.get(result.key)
        if recorded is None:
            continue
        finding = payout_finding(
            parsed,
            seat.number,
            result.key,
            result.net,
            recorded,
            str(result.source),
            result.outcome,
        )
        if finding:
            found.append(finding)
    return found
