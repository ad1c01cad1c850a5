"""One line of a submission, re-read and re-dealt: the round view's data.

The line is read again from the stored file (never from a copy), parsed, and
settled by the engine under the rules that were in force when it was played.
Every placed wager is shown with its recorded and expected result side by
side, and the rule that decides it; the stored findings of the line say what
validation reported.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal

from audits.submissions.models import Submission
from audits.submissions.run import GameRulesCache, LineSeeker, media_path, without_bom
from audits.validation.games import settle_round
from audits.validation.games.toss_one.settle import toss_index
from audits.validation.parse import MAX_LINE_BYTES, ParsedRound, ParsedSeat, parse_line
from audits.validation.rejected import Rejected
from audits.validation.settlement import RoundSettlement, SeatSettlement
from games.engine.cards import CARD_CODES, RANK, SUIT
from games.engine.results import WagerResult
from games.engine.toss_one import TossOne21
from games.engine.words import outcome_in_words
from games.selectors import RulesInForce, rules_in_force

SUIT_SYMBOLS = {0: ("♠", "spades"), 1: ("♥", "hearts"), 2: ("♦", "diamonds"), 3: ("♣", "clubs")}
CENT = Decimal("0.01")
RANK_NAMES = "Ace Two Three Four Five Six Seven Eight Nine Ten Jack Queen King".split()


@dataclass(frozen=True)
class CardView:
    code: str
    rank: str
    symbol: str
    name: str
    red: bool
    tossed: bool = False


@dataclass
class WagerView:
    key: str
    stake: Decimal | None
    recorded: list[Decimal]
    expected: Decimal | None = None
    expected_each: list[Decimal] = field(default_factory=list)  # one per hand (main)
    outcome: str = ""  # in words, one per hand for a hand-settled main wager
    rule: str = ""

    @property
    def verdict(self) -> str:
        if self.expected is None:
            return "not settled"
        if not self.recorded:
            return "no result"
        paid = sum(self.recorded, Decimal(0))
        if paid == self.expected:
            return "correct"
        return "overpaid" if paid > self.expected else "underpaid"


@dataclass(frozen=True)
class HandView:
    cards: list[CardView]
    doubled: bool
    result: Decimal
    total: str = ""


@dataclass
class SeatView:
    number: int
    cards: list[CardView]
    wagers: list[WagerView]
    hands: list[HandView] = field(default_factory=list)
    poker: str | None = None
    total: str = ""  # the hand the engine settles, in words ("three-card 20, Four tossed")


@dataclass
class RoundView:
    line: int
    raw: str
    rejected: str = ""
    parsed: ParsedRound | None = None
    answer: RulesInForce | None = None
    dealer: list[CardView] = field(default_factory=list)
    dealer_total: str = ""
    seats: list[SeatView] = field(default_factory=list)
    findings: list = field(default_factory=list)


class NoSuchLine(LookupError):
    pass


def submission_line(submission: Submission, number: int) -> bytes:
    """Line ``number`` (1-based) of the stored file, read from the nearest line start known."""
    if number < 1:
        raise NoSuchLine(f"line {number}: lines are numbered from 1")
    try:
        found = next(submission_lines(submission, [number]), None)
    except (EOFError, OSError, zlib.error) as exc:  # a gzip file cut before this line
        raise NoSuchLine(f"the file's compressed data ends before line {number}") from exc
    if found is None:
        raise NoSuchLine(f"the file has no line {number}")
    return found[1]


def submission_lines(submission: Submission, numbers: Iterable[int]) -> Iterator[tuple[int, bytes]]:
    """``(number, line)`` of each of the lines ``numbers`` the stored file has, in order: in
    a plain file each read from the nearest line start its chunks know (at most
    :data:`~audits.submissions.run.lines.LINE_MARK` lines before it), in a compressed one all in
    one pass."""
    wanted = sorted(n for n in set(numbers) if n >= 1)
    if not wanted:
        return
    path = media_path(submission.raw_file)
    if submission.compressed:
        yield from _compressed_lines(path, wanted)
        return
    chunks = list(
        submission.chunks.order_by("first_line").values_list(
            "first_line", "start_offset", "line_marks"
        )
    )
    with open(path, "rb") as f:
        seeker = LineSeeker(f, [(first, start, bytes(marks)) for first, start, marks in chunks])
        for number in wanted:
            line = seeker.line(number)
            if line is None:
                return
            yield number, without_bom(line) if number == 1 else line


def _compressed_lines(path, wanted: list[int]) -> Iterator[tuple[int, bytes]]:
    at = 0
    with gzip.open(path, "rb") as f:
        for number, line in enumerate(f, 1):
            if number == wanted[at]:
                line = line[: MAX_LINE_BYTES + 1]
                yield number, without_bom(line) if number == 1 else line
                at += 1
                if at == len(wanted):
                    return


def submission_round(submission: Submission, number: int) -> RoundView:
    """The round on line ``number``: cards, each wager recorded vs expected, the findings."""
    raw = submission_line(submission, number)
    view = RoundView(number, raw[:4000].decode("utf-8", "replace"))
    view.findings = list(submission.findings.filter(line=number).order_by("seat", "wager_key"))
    try:
        parsed = view.parsed = parse_line(raw, number)
    except Rejected as rejected:
        view.rejected = rejected.finding.message
        return view
    view.dealer = cards_view(parsed.dealer_cards, parsed.dealer_toss)
    view.answer = answer = rules_in_force(
        venue=parsed.venue, table=parsed.table, game=parsed.game,
        options=parsed.options, at=parsed.played_at, decks=parsed.decks,
    )  # fmt: skip
    settled, defined = RoundSettlement(), {}
    if answer.in_force and answer.venue.licensee_id == submission.licensee_id:
        rules = GameRulesCache().for_answer(answer)
        settled, defined = settle_round(parsed, rules), rules.defined
    view.seats = [seat_view(seat, settled.seat(seat.number), defined) for seat in parsed.seats]
    if settled.engine is not None:
        _totals(view, parsed, settled.engine)
    return view


def _totals(view: RoundView, parsed: ParsedRound, engine) -> None:
    """Each hand's total in words, as the engine reads it (the game's own hands)."""
    if isinstance(engine, TossOne21):
        if len(parsed.dealer_cards) == 4:
            view.dealer_total = engine.hand_in_words(parsed.dealer_cards)
        for seat, shown in zip(parsed.seats, view.seats, strict=True):
            if len(seat.cards) == 4:
                shown.total = engine.hand_in_words(seat.cards, toss_index(seat.cards, seat.toss))
        return
    if parsed.dealer_cards:
        view.dealer_total = engine.hand_in_words(parsed.dealer_cards)
    for seat, shown in zip(parsed.seats, view.seats, strict=True):
        hands = seat.hands or ()
        shown.hands = [
            replace(hand, total=engine.hand_in_words(played.cards, len(hands)))
            for hand, played in zip(shown.hands, hands, strict=True)
        ]
        if not hands and seat.cards:
            shown.total = engine.hand_in_words(seat.cards)


def cards_view(cards, tossed: str | None = None) -> list[CardView]:
    """Each card as the page draws it; only the first card of the tossed code is tossed."""
    codes = [CARD_CODES[card] for card in cards]
    toss_at = codes.index(tossed) if tossed in codes else None
    views = []
    for index, card in enumerate(cards):
        symbol, suit = SUIT_SYMBOLS[SUIT[card]]
        code = codes[index]
        views.append(
            CardView(code, "10" if code[0] == "T" else code[0], symbol,
                     f"{RANK_NAMES[RANK[card]]} of {suit}", SUIT[card] in (1, 2), index == toss_at)
        )  # fmt: skip
    return views


def recorded_amounts(seat: ParsedSeat) -> dict[str, list[Decimal]]:
    """Wager key -> the recorded results, one per hand for a hand-settled main wager."""
    amounts: dict[str, list[Decimal]] = {k: [v] for k, v in seat.results.items()}
    if seat.hands:
        amounts["main"] = [h.result for h in seat.hands]
    return amounts


def seat_view(seat: ParsedSeat, settled: SeatSettlement | None, defined=None) -> SeatView:
    """The seat's wagers, each recorded beside what the settlement gives (as validation judged
    it: a wager validation could not judge is "not settled"); ``defined``: the side wagers
    the rule version defines as data, whose outcomes their definitions word."""
    recorded = recorded_amounts(seat)
    expected: dict[str, list[WagerResult]] = settled.expected() if settled else {}
    wagers = []
    for key in dict.fromkeys([*seat.wagers, *recorded]):
        stake = seat.wagers.get(key)
        view = WagerView(key, _cents(stake), [_cents(r) for r in recorded.get(key, [])])
        if key in expected:
            found = expected[key]
            view.expected = _cents(sum((r.net for r in found), Decimal(0)))
            view.expected_each = [_cents(r.net) for r in found]
            view.outcome = "; ".join(_words(r.outcome, key, defined) for r in found)
            view.rule = "; ".join(dict.fromkeys(str(r.source) for r in found))
        wagers.append(view)
    hands = [HandView(cards_view(h.cards), h.doubled, _cents(h.result)) for h in seat.hands or ()]
    return SeatView(seat.number, cards_view(seat.cards, seat.toss), wagers, hands, seat.poker)


def _words(outcome: str, key: str, defined) -> str:
    if defined and key in defined:
        return defined[key].words_of(outcome)
    return outcome_in_words(outcome, key)


def _cents(amount: Decimal | None) -> Decimal | None:
    """Amounts shown as the ledger shows them, to the cent (the log allows no finer)."""
    return None if amount is None else amount.quantize(CENT)
