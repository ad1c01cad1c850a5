"""Is this a hand log at all?  The first lines of an upload, judged before anything is kept.

A hand log is JSON lines: one round object per line (``docs/handlog-format.md``).  A file
none of whose first lines is a JSON object (a CSV export, a spreadsheet, a web page, a
picture, a damaged gzip) is not one: it is refused at the door with a sentence saying what
it looks like, instead of being stored and reported as a submission whose every line is a
finding.  A file with at least one record among its first lines (a line that opens an
object with a key, ``{"``) is a hand log, however damaged: each of its lines is then
checked or reported as rejected, with its number.
"""

from __future__ import annotations

import re

#: how much of the (expanded) file is looked at, and how many of its first lines
HEAD_BYTES = 64 << 10
FIRST_LINES = 5
BOM = b"\xef\xbb\xbf"
CSV_SEPARATORS = {b",": "comma", b";": "semicolon", b"\t": "tab"}
#: how a record opens: an object with a key (or an empty one); bytes inside may be damaged
RECORD = re.compile(rb"\{\s*[\"}]")


def first_lines_refusal(head: bytes, *, whole: bool, gzip_cut: str | None = None) -> str | None:
    """Why ``head`` (the first :data:`HEAD_BYTES` of the file, expanded; ``whole`` when the
    file ends within it) is not a hand log, in a sentence; ``None`` when it may be one.

    ``gzip_cut`` is why a gzip stream stopped, if it did: a gzip that expands to nothing is
    not one.  An empty file is no concern of this function (it has no first lines).
    """
    if gzip_cut is not None and not head:
        return f"it starts like a gzip file but is not one: {gzip_cut}"
    lines = _first_lines(head, whole)
    if not lines or any(RECORD.match(line) for line in lines):
        return None
    return f"{_looks_like(lines, head)}; a hand log has one JSON object (a round) per line"


def _first_lines(head: bytes, whole: bool) -> list[bytes]:
    text = head[len(BOM) :] if head.startswith(BOM) else head
    lines = text.split(b"\n")
    if not whole and len(lines) > 1:
        lines = lines[:-1]  # the last is cut by the head's end
    return [line.strip() for line in lines if line.strip()][:FIRST_LINES]


def _looks_like(lines: list[bytes], head: bytes) -> str:
    first = lines[0]
    if b"\x00" in head or not _is_text(head):
        return "it is binary data, not text"
    lowered = first.lower()
    if lowered.startswith((b"<!doctype html", b"<html")) or b"<html" in head[:1024].lower():
        return "it is an HTML page"
    if first.startswith(b"<"):
        return "it is XML or other markup"
    if first.startswith(b"["):
        return "it is a JSON array (the rounds in one list)"
    separator = _csv_separator(lines)
    if separator is not None:
        return f"it is a table of {separator}-separated values (CSV)"
    shown = first[:40].decode("utf-8", "replace")
    return f"line 1 ({shown!r}) is not a JSON object"


def _is_text(head: bytes) -> bool:
    """UTF-8 throughout, but for a character the head's end may have cut in two."""
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start >= len(head) - 3 and exc.reason == "unexpected end of data"
    return True


def _csv_separator(lines: list[bytes]) -> str | None:
    """The separator every one of the first lines holds (a header and its rows)."""
    for separator, name in CSV_SEPARATORS.items():
        if all(separator in line for line in lines):
            return name
    return None
