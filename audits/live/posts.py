"""Reading a post of rounds far enough to route it: each line's round id, venue, table and
gaming day. The full check is validation's (the same as an uploaded file's); a line that
cannot even be routed refuses the whole post with its line, field and reason, and nothing
is stored."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import date, datetime, time

from games.gaming_day import gaming_day_of

MAX_ROUNDS = 500  # a post's rounds (table systems send 1 to 50)


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


def post_read(body: bytes, venue: str, table: str, zone: str,
              day_start: time = time(0)) -> list[PostedRound]:  # fmt: skip
    """The post's rounds in order, each with its gaming day (the jurisdiction's, beginning
    at ``day_start`` local time); :class:`PostRefused` with every located error."""
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
            rounds.append(_round(number, raw, venue, table, zone, day_start))
        except ValueError as error:
            field, reason = error.args
            errors.append({"line": number, "field": field, "reason": reason})
    if errors:
        raise PostRefused(errors)
    return rounds


def _round(number: int, raw: bytes, venue: str, table: str, zone: str,
           day_start: time) -> PostedRound:  # fmt: skip
    try:
        record = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("line", "not a JSON object on one line (hand-log format)") from None
    if not isinstance(record, dict):
        raise ValueError("line", "not a JSON object")
    round_id = record.get("round")
    if not isinstance(round_id, str) or not round_id or len(round_id) > 200:
        raise ValueError("round", "a round id is required (text, at most 200 characters)")
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
    day = gaming_day_of(played, zone, day_start)
    return PostedRound(number, round_id, day, raw, hashlib.sha256(raw).hexdigest())
