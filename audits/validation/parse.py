"""One hand-log line to a parsed round, or the findings that reject the line.

A rejected line is reported with its line number and the reason and is not
counted as a round; every other line becomes a :class:`ParsedRound` whose
cards are engine card ints and whose money is ``Decimal``.

The line is read exactly as docs/handlog-format.md says: strict UTF-8 JSON (RFC 8259: no
``NaN``, no lone surrogate), one object; no key written twice in any object
(``duplicate_key``); no field the format does not name (:mod:`.records`); an amount in
ASCII digits, at most eleven whole and two decimal, no sign but a leading minus, no
exponent, no leading zero (:data:`~.records.AMOUNT_PATTERN`, for a JSON number's text as
for a string); a time in RFC 3339 with its offset written ``Z`` or ``+hh:mm``.  The screen's
reader (:mod:`.screen`) accepts a subset of these lines and reads them alike.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

import msgspec

from games.engine.cards import CARD_INDEX

from .json_line import read_json
from .records import AMOUNT_PATTERN, TIME_PATTERN, Amount, Round, Seat
from .rejected import JSON_TYPES, field_reason, reject

MAX_LINE_BYTES = 1 << 20  # 1 MiB: far above any real round (a 7-seat round is ~2 KB)
CENT = Decimal("0.01")
ZERO = Decimal(0)
SEATS = range(1, 8)


@dataclass(slots=True)
class ParsedHand:
    cards: tuple[int, ...]
    doubled: bool
    result: Decimal


@dataclass(slots=True)
class ParsedSeat:
    number: int
    cards: tuple[int, ...]
    toss: str | None  # the card code tossed, as recorded
    wagers: dict[str, Decimal]  # placed wagers only (non-zero)
    results: dict[str, Decimal]
    hands: list[ParsedHand] | None
    poker: str | None


@dataclass(slots=True)
class ParsedRound:
    line: int
    round: str
    played_at: datetime
    venue: str
    table: str
    game: str
    options: dict[str, str]
    decks: int
    dealer_cards: tuple[int, ...]
    dealer_toss: str | None
    seats: list[ParsedSeat]
    dealer_id: str = ""  # who dealt ("": not recorded)
    shift: str = ""


#: a line straight into the record types, where the screen's reader vouches for it
_ROUND = msgspec.json.Decoder(Round)


def parse_line(raw: bytes, line: int, *, read: bool = False, seat: int | None = None
               ) -> ParsedRound:  # fmt: skip
    """Parse one non-blank line; raises :class:`~.rejected.Rejected` for a line to reject.

    ``read``: the screen's reader read the line (:mod:`.screen.reader`), so it is plain
    ASCII JSON without an escape, a key written twice or a field the format does not name,
    and msgspec decodes it straight into the record types as the strict reading converts it
    (a number with a fraction, which the types take only as its text, is read strictly);
    ``tests/audits/validation/screen/test_reader.py`` holds the two readings equal.

    ``seat``: only that seat is read into the round (a class's representative, judged alone
    against its dealer: :func:`~.screen.classes.judge_seat`); the others' numbers are still
    checked, their wagers and cards left unread."""
    if len(raw) > MAX_LINE_BYTES:
        reject(line, "line_too_long", f"line of {len(raw):,} bytes exceeds {MAX_LINE_BYTES:,}")
    if read:
        try:
            record = _ROUND.decode(raw)
        except (msgspec.DecodeError, msgspec.ValidationError):
            pass
        else:
            return _checked(record, line, seat)
    value = read_json(raw, line)
    if not isinstance(value, dict):
        kind = JSON_TYPES.get(type(value).__name__, type(value).__name__)
        reject(line, "line_not_object", f"a round must be a JSON object, not {kind}")
    try:
        record = msgspec.convert(value, Round)
    except msgspec.ValidationError as exc:
        reject(line, "field_invalid", field_reason(str(exc)), _round_id(value))
    return _checked(record, line, seat)


def _round_id(value: dict) -> str:
    rid = value.get("round")
    return rid if isinstance(rid, str) else ""


def _checked(record: Round, line: int, only: int | None = None) -> ParsedRound:
    rid = record.round
    if record.v != 1:
        reject(line, "unsupported_version", f"format version {record.v} (expected 1)", rid)
    played_at = _time(record.played_at, line, rid)
    if not 1 <= len(record.seats) <= 7:
        reject(
            line, "seat_count", f"the round has {len(record.seats)} seats; 1 to 7 are allowed", rid
        )
    seen: set[int] = set()
    seats = []
    for index, seat in enumerate(record.seats):
        if seat.seat not in SEATS:
            message = f"$.seats[{index}].seat: seat {seat.seat}; seats are numbered 1 to 7"
            reject(line, "seat_count", message, rid)
        if seat.seat in seen:
            reject(line, "duplicate_seat", f"seat {seat.seat} appears twice", rid, seat.seat)
        seen.add(seat.seat)
        if only is None or seat.seat == only:
            seats.append(_seat(seat, index, line, rid))
    return ParsedRound(
        line=line,
        round=rid,
        played_at=played_at,
        venue=record.venue,
        table=record.table,
        game=record.game,
        options={k: str(v) for k, v in record.options.items()},
        decks=record.shoe.decks,
        dealer_cards=_cards(record.dealer.cards, "$.dealer.cards", line, rid),
        dealer_toss=_toss(record.dealer.toss, "$.dealer.toss", line, rid),
        seats=seats,
        dealer_id=record.dealer.id or "",
        shift=record.shift or "",
    )


RFC3339 = re.compile(TIME_PATTERN.strip("^$"), re.ASCII)


def _time(text: str, line: int, rid: str) -> datetime:
    if not RFC3339.fullmatch(text):
        if re.fullmatch(r"[^+Zz]*T[0-9:.]+", text):
            reject(line, "bad_time", f"$.played_at: {text!r} has no UTC offset", rid)
        reject(line, "bad_time", f"$.played_at: {text!r} is not an RFC 3339 time "
                "(e.g. 2026-11-01T21:14:03-08:00)", rid)  # fmt: skip
    try:
        value = datetime.fromisoformat(_microseconds_at_most(text.upper()))
    except ValueError:
        reject(line, "bad_time", f"$.played_at: {text!r} is not a time of the calendar", rid)
    try:
        value.astimezone(UTC)  # years 1 and 9999 with an offset fall outside the calendar
    except OverflowError:
        reject(line, "bad_time", f"$.played_at: {text!r} is out of range in UTC", rid)
    return value


def _microseconds_at_most(text: str) -> str:
    """Python reads at most six digits of a second's fraction: the rest are cut."""
    head, dot, tail = text.partition(".")
    if not dot:
        return text
    digits = re.match(r"[0-9]+", tail)[0]
    return f"{head}.{digits[:6]}{tail[len(digits) :]}"


def _path(where) -> str:
    """A field's path as errors name it: ``where`` is the path, or the parts of a seat's
    (``(0, "wagers", "main")`` is ``$.seats[0].wagers.main``), formatted only for an error."""
    if isinstance(where, str):
        return where
    text = "$.seats"
    for part in where:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def _cards(codes: list[str], where, line: int, rid: str, seat=None) -> tuple[int, ...]:
    try:
        return tuple(map(CARD_INDEX.__getitem__, codes))
    except KeyError as exc:
        reject(line, "bad_card", f"{_path(where)}: {exc.args[0]!r} is not a card code", rid,
                seat)  # fmt: skip


def _toss(code: str | None, where, line: int, rid: str, seat=None) -> str | None:
    if code is not None and code not in CARD_INDEX:
        reject(line, "bad_card", f"{_path(where)}: {code!r} is not a card code", rid, seat)
    return code


def _seat(seat: Seat, index: int, line: int, rid: str) -> ParsedSeat:
    number = seat.seat
    wagers = {}
    for key, written in seat.wagers.items():
        stake = _amount(written, (index, "wagers", key), line, rid, number, key)
        if stake < 0:
            message = f"{_path((index, 'wagers', key))}: {stake} is negative"
            reject(line, "negative_stake", message, rid, number, key)
        if stake:
            wagers[key] = stake
    results = {key: _amount(result, (index, "results", key), line, rid, number, key)
               for key, result in seat.results.items()}  # fmt: skip
    if seat.poker not in (None, "bet", "fold"):
        message = f'{_path((index, "poker"))}: {seat.poker!r} is not "bet" or "fold"'
        reject(line, "field_invalid", message, rid, number)
    hands = None
    if seat.hands is not None:
        hands = []
        for h, hand in enumerate(seat.hands):
            result = _amount(hand.result, (index, "hands", h, "result"), line, rid, number, "main")
            cards = _cards(hand.cards, (index, "hands", h, "cards"), line, rid, number)
            hands.append(ParsedHand(cards, hand.doubled, result))
    return ParsedSeat(
        number=number,
        cards=_cards(seat.cards, (index, "cards"), line, rid, number),
        toss=_toss(seat.toss, (index, "toss"), line, rid, number),
        wagers=wagers,
        results=results,
        hands=hands,
        poker=seat.poker,
    )


_AMOUNT = re.compile(AMOUNT_PATTERN.strip("^$"), re.ASCII)


def _amount(value: Amount, where, line: int, rid: str, seat, key) -> Decimal:
    """The amount as written (a string, or a JSON number's text), read strictly."""
    text = str(value)
    if not _AMOUNT.fullmatch(text):
        reject(line, "bad_amount", f"{_path(where)}: {_shown(value)} is not an amount: ASCII "
                "digits, at most eleven before the point and two after, e.g. 25 or 37.50",
                rid, seat, key)  # fmt: skip
    return Decimal(text)


def _shown(value: Amount) -> str:
    return json.dumps(value) if isinstance(value, str) else str(value)
