"""Reading a post of rounds far enough to route it: each line's round id, venue, table and
gaming day. The full check is validation's (the same as an uploaded file's); a line that
cannot even be routed refuses the whole post with its line, field and reason, and nothing
is stored."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import date, datetime, time

from games.gaming_day import gaming_day_of
from games.round_times import round_time_refusal

MAX_ROUNDS = 500  # a post's rounds (table systems send 1 to 50)
#: a table plays one gaming day at a time: a post spanning the change of day touches two
MAX_DAYS = 2
#: a table's identifier, as the hand-log format says: 1 to 40 characters, no control character
TABLE_NAME = re.compile(r"[^\x00-\x1f\x7f]{1,40}")


@dataclass(frozen=True)
class PostedRound:
    number: int  # its line in the post, from 1
    round_id: str
    gaming_day: date
    raw: bytes  # the line as sent, without its newline
    sha256: str


class PostRefused(Exception):
    def __init__(self, errors: list[dict]):
        super().__init__(
            "; ".join(f"line {e['line']}, {e['field']}: {e['reason']}" for e in errors)
        )
        self.errors = errors


@dataclass(frozen=True)
class Plausible:
    """What a post's rounds are held to: the jurisdiction's zone and start of its gaming day,
    and the times a round can carry (:mod:`games.round_times`)."""

    zone: str
    day_start: time
    first_day: date | None
    latest: datetime


def post_read(body: bytes, venue: str, table: str, held: Plausible) -> list[PostedRound]:
    """The post's rounds in order, each with its gaming day (the jurisdiction's, beginning
    at ``held.day_start`` local time); :class:`PostRefused` with every located error."""
    if not TABLE_NAME.fullmatch(table):
        raise PostRefused(
            [
                {
                    "line": None,
                    "field": "table",
                    "reason": "a table's identifier is "
                    "1 to 40 characters, no control character (hand-log format)",
                }
            ]
        )
    lines = [line.rstrip(b"\r") for line in body.split(b"\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise PostRefused([{"line": 1, "field": "body", "reason": "no round posted"}])
    if len(lines) > MAX_ROUNDS:
        raise PostRefused([{"line": MAX_ROUNDS + 1, "field": "body",
                            "reason": f"at most {MAX_ROUNDS} rounds a post"}])  # fmt: skip
    rounds, errors = [], []
    for number, raw in enumerate(lines, start=1):
        try:
            rounds.append(_round(number, raw, venue, table, held))
        except ValueError as error:
            field, reason = error.args
            errors.append({"line": number, "field": field, "reason": reason})
    if errors:
        raise PostRefused(errors)
    _days_bounded(rounds)
    return rounds


def _days_bounded(rounds: list[PostedRound]) -> None:
    days: set[date] = set()
    for r in rounds:
        days.add(r.gaming_day)
        if len(days) > MAX_DAYS:
            raise PostRefused([{"line": r.number, "field": "played_at", "reason":
                                f"a post's rounds are of at most {MAX_DAYS} gaming days (a "
                                "table plays one day at a time); this round is of a third, "
                                f"{r.gaming_day.isoformat()}"}])  # fmt: skip


def _round(number: int, raw: bytes, venue: str, table: str, held: Plausible) -> PostedRound:
    try:
        record = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("line", "not a JSON object on one line (hand-log format)") from None
    if not isinstance(record, dict):
        raise ValueError("line", "not a JSON object")
    round_id = record.get("round")
    if not isinstance(round_id, str) or not round_id or len(round_id) > 200 or "\x00" in round_id:
        raise ValueError(
            "round", "a round id is required (text, at most 200 characters, no NUL character)"
        )
    if record.get("venue") != venue:
        raise ValueError("venue", f"rounds of this post must be played at {venue}")
    if record.get("table") != table:
        raise ValueError("table", f"rounds of this post must be played at table {table}")
    try:
        played = datetime.fromisoformat(str(record.get("played_at")))
    except ValueError:
        raise ValueError("played_at", "an RFC 3339 time with its offset is required") from None
    if played.tzinfo is None:
        raise ValueError("played_at", "the time needs its offset")
    refusal = round_time_refusal(played, zone=held.zone, day_start=held.day_start,
                                 first_day=held.first_day, latest=held.latest)  # fmt: skip
    if refusal is not None:
        raise ValueError("played_at", refusal)
    day = gaming_day_of(played, held.zone, held.day_start)
    return PostedRound(number, round_id, day, raw, hashlib.sha256(raw).hexdigest())
