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
from typing import NamedTuple

import msgspec

from games.engine.cards import CARD_INDEX

from .findings import Finding, format_rule
from .records import AMOUNT_PATTERN, TIME_PATTERN, Amount, Round, Seat

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


class Rejected(Exception):
    """The line cannot be read as a round; ``finding`` says where and why."""

    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


def _reject(line: int, code: str, message: str, round_id: str = "", seat=None, key=""):
    raise Rejected(Finding(line, round_id, code, message, format_rule(code), seat, key))


def parse_line(raw: bytes, line: int) -> ParsedRound:
    """Parse one non-blank line; raises :class:`Rejected` for a line to reject."""
    if len(raw) > MAX_LINE_BYTES:
        _reject(line, "line_too_long", f"line of {len(raw):,} bytes exceeds {MAX_LINE_BYTES:,}")
    value = read_json(raw, line)
    if not isinstance(value, dict):
        kind = JSON_TYPES.get(type(value).__name__, type(value).__name__)
        _reject(line, "line_not_object", f"a round must be a JSON object, not {kind}")
    try:
        record = msgspec.convert(value, Round)
    except msgspec.ValidationError as exc:
        _reject(line, "field_invalid", field_reason(str(exc)), _round_id(value))
    return _checked(record, line)


class _Twice(ValueError):
    """A key written twice in one object."""


def _object(pairs: list[tuple[str, object]]) -> dict:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _Twice(twice)
    return found


def _constant(name: str):
    raise ValueError(f"{name} is not JSON")


def read_json(raw: bytes, line: int):
    """The line's JSON value, read strictly (module docstring); a JSON number with a
    fraction or an exponent is kept as its text (a ``str``), a whole one as an ``int``."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        _reject(line, "line_not_utf8", f"not UTF-8 (byte {err.start + 1}: {err.reason})")
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_float=str,
                           parse_constant=_constant)  # fmt: skip
    except _Twice as twice:
        _reject(line, "duplicate_key", f"the key {twice.args[0]!r} is written twice in one "
                "object: which one holds is not for the reader to choose")  # fmt: skip
    except json.JSONDecodeError as exc:
        at = len(text[: exc.pos].encode()) + 1
        _reject(line, "line_not_json", f"not JSON: {exc.msg} (byte {at})")
    except ValueError as exc:  # NaN, Infinity
        _reject(line, "line_not_json", f"not JSON: {exc}")
    except RecursionError:
        _reject(line, "field_invalid", _too_deep(raw))
    if "\\u" in text and _lone_surrogate(value):
        _reject(line, "field_invalid", "a string holds half of a UTF-16 pair (\\ud800-\\udfff)")
    return value


def _too_deep(raw: bytes) -> str:
    """Which field of a line nested too deep to read is: msgspec reads the round's typed
    fields without descending into a value of the wrong type."""
    try:
        msgspec.json.decode(raw, type=Round)
    except msgspec.ValidationError as exc:
        return field_reason(str(exc))
    except (msgspec.DecodeError, RecursionError):
        pass
    return "nested deeper than any field of a round can be"


def _lone_surrogate(value) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _round_id(value: dict) -> str:
    rid = value.get("round")
    return rid if isinstance(rid, str) else ""


#: msgspec's and Python's type names, in a reader's words
JSON_TYPES = {
    "int": "a whole number", "str": "a string", "float": "a number", "bool": "true or false",
    "array": "a list", "list": "a list", "object": "an object", "dict": "an object",
    "null": "null", "NoneType": "null", "decimal": "an amount", "Decimal": "an amount",
}  # fmt: skip
_AT = r"(?: - at `(?P<at>[^`]+)`)?"
_EXPECTED = re.compile(r"Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`" + _AT)
_MISSING = re.compile(r"Object missing required field `(?P<name>[^`]+)`" + _AT)


def field_reason(text: str) -> str:
    """msgspec's validation error as a reader would say it, with the field's path."""
    if match := _EXPECTED.fullmatch(text):
        want = " or ".join(JSON_TYPES.get(t.strip(), t.strip()) for t in match["want"].split("|"))
        got = JSON_TYPES.get(match["got"], match["got"])
        return f"{match['at'] or '$'}: expected {want}, found {got}"
    if match := _MISSING.fullmatch(text):
        return f"{match['at'] or '$'}: the required field {match['name']} is missing"
    return text


def _checked(record: Round, line: int) -> ParsedRound:
    rid = record.round
    if record.v != 1:
        _reject(line, "unsupported_version", f"format version {record.v} (expected 1)", rid)
    played_at = _time(record.played_at, line, rid)
    if not 1 <= len(record.seats) <= 7:
        _reject(
            line, "seat_count", f"the round has {len(record.seats)} seats; 1 to 7 are allowed", rid
        )
    seen: set[int] = set()
    seats = []
    for index, seat in enumerate(record.seats):
        if seat.seat not in SEATS:
            message = f"$.seats[{index}].seat: seat {seat.seat}; seats are numbered 1 to 7"
            _reject(line, "seat_count", message, rid)
        if seat.seat in seen:
            _reject(line, "duplicate_seat", f"seat {seat.seat} appears twice", rid, seat.seat)
        seen.add(seat.seat)
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
            _reject(line, "bad_time", f"$.played_at: {text!r} has no UTC offset", rid)
        _reject(line, "bad_time", f"$.played_at: {text!r} is not an RFC 3339 time "
                "(e.g. 2026-11-01T21:14:03-08:00)", rid)  # fmt: skip
    try:
        value = datetime.fromisoformat(_microseconds_at_most(text.upper()))
    except ValueError:
        _reject(line, "bad_time", f"$.played_at: {text!r} is not a time of the calendar", rid)
    try:
        value.astimezone(UTC)  # years 1 and 9999 with an offset fall outside the calendar
    except OverflowError:
        _reject(line, "bad_time", f"$.played_at: {text!r} is out of range in UTC", rid)
    return value


def _microseconds_at_most(text: str) -> str:
    """Python reads at most six digits of a second's fraction: the rest are cut."""
    head, dot, tail = text.partition(".")
    if not dot:
        return text
    digits = re.match(r"[0-9]+", tail)[0]
    return f"{head}.{digits[:6]}{tail[len(digits):]}"


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
        _reject(line, "bad_card", f"{_path(where)}: {exc.args[0]!r} is not a card code", rid,
                seat)  # fmt: skip


def _toss(code: str | None, where, line: int, rid: str, seat=None) -> str | None:
    if code is not None and code not in CARD_INDEX:
        _reject(line, "bad_card", f"{_path(where)}: {code!r} is not a card code", rid, seat)
    return code


def _seat(seat: Seat, index: int, line: int, rid: str) -> ParsedSeat:
    number = seat.seat
    wagers = {}
    for key, written in seat.wagers.items():
        stake = _amount(written, (index, "wagers", key), line, rid, number, key)
        if stake < 0:
            message = f"{_path((index, 'wagers', key))}: {stake} is negative"
            _reject(line, "negative_stake", message, rid, number, key)
        if stake:
            wagers[key] = stake
    results = {key: _amount(result, (index, "results", key), line, rid, number, key)
               for key, result in seat.results.items()}  # fmt: skip
    if seat.poker not in (None, "bet", "fold"):
        message = f'{_path((index, "poker"))}: {seat.poker!r} is not "bet" or "fold"'
        _reject(line, "field_invalid", message, rid, number)
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
        _reject(line, "bad_amount", f"{_path(where)}: {_shown(value)} is not an amount: ASCII "
                "digits, at most eleven before the point and two after, e.g. 25 or 37.50",
                rid, seat, key)  # fmt: skip
    return Decimal(text)


def _shown(value: Amount) -> str:
    return json.dumps(value) if isinstance(value, str) else str(value)


class WrittenPlace(NamedTuple):
    """What a rejected line says of where, when and by whom it was dealt, where it can be
    read: a reviewer sorts its finding with the others by venue, table, game, time, dealer."""

    round: str
    venue: str
    table: str
    game: str
    played_at: datetime | None
    dealer: str
    shift: str


def place_as_written(raw: bytes) -> WrittenPlace | None:
    """The place a line names, read leniently (any field that is not a string, a time with
    an offset, or not there at all is left empty); None when the line is not a JSON object."""
    try:
        record = msgspec.json.decode(raw)
    except (msgspec.DecodeError, ValueError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    dealer = record.get("dealer")
    dealer = dealer if isinstance(dealer, dict) else {}
    return WrittenPlace(
        _text(record, "round"), _text(record, "venue"), _text(record, "table"),
        _text(record, "game"), _lenient_time(record.get("played_at")), _text(dealer, "id"),
        _text(record, "shift"),
    )  # fmt: skip


def _text(record: dict, key: str) -> str:
    value = record.get(key)
    return value if isinstance(value, str) else ""


def _lenient_time(value) -> datetime | None:
    try:
        return _time(value, 0, "") if isinstance(value, str) else None
    except Rejected:
        return None
