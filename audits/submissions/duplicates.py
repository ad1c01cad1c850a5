"""Duplicate rounds, found once per submission when it finishes, by a sort-merge in numpy.

A round (venue, table, round id) read twice in the file is a ``duplicate_round`` on every
reading after the first; a round already in a finished submission of the same licensee is a
``duplicate_round_submitted``.  Another licensee's rounds are never compared, named or
disclosed, and a failed file's rounds were never accepted.

The chunks stored each place's round keys sorted (:mod:`.run.round_keys`); here the keys of the
file are merged per (venue, table), compared with the keys of the licensee's finished
submissions at that place, and every match is confirmed on the round ids themselves.  The
comparison runs under a lock per (licensee, venue, table) (a PostgreSQL advisory lock; the
embedded database runs one writer at a time), so that of two files finishing at once the
second always sees the first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from hashlib import blake2b

import numpy as np
from django.db import connection

from audits.submissions.models import RoundKeys, Submission, SubmissionStatus
from audits.submissions.run import KEYS, LINES, MICROS, FindingRow, stored_ids
from audits.validation.findings import CODES, format_rule
from audits.validation.screen.times import as_datetime

ROWS_AT_ONCE = 1  # a place's rows fetched one at a time: one row's arrays held at once
KEY_PARTS = 16  # keys held twice are sought a 16th of the keys at a time (see repeated_keys)


@dataclass
class Block:
    """One place's rounds in a submission: every row's keys, one row after the other (each
    row's keys sorted); a round's id, line and time are read from its row when a finding
    needs them."""

    rows: list[RoundKeys] = field(default_factory=list)

    @classmethod
    def of(cls, rows) -> Block:
        """The block of ``rows`` (a query), their arrays fetched one row at a time."""
        block = cls(list(rows.defer("keys", "lines", "ids", "played")))
        block.start = np.cumsum([0, *(r.count for r in block.rows)])
        block.keys = np.empty(block.start[-1], KEYS)
        at = {r.pk: i for i, r in enumerate(block.rows)}
        arrays = rows.values_list("pk", "keys").iterator(chunk_size=ROWS_AT_ONCE)
        for pk, keys in arrays:
            a, b = block.start[at[pk]], block.start[at[pk] + 1]
            block.keys[a:b] = np.frombuffer(keys, KEYS)
        block._read = {}  # round -> (its id, line, time), of the rounds read
        return block

    def parts(self):
        """Each row's keys (sorted)."""
        for a, b in zip(self.start[:-1], self.start[1:], strict=True):
            yield self.keys[a:b]

    def holds(self, keys: np.ndarray) -> np.ndarray:
        """Which of ``keys`` some round of the block has."""
        hit = np.zeros(len(keys), bool)
        for part in self.parts():
            if part.size:
                at = np.minimum(np.searchsorted(part, keys), part.size - 1)
                hit |= part[at] == keys
        return hit

    def row(self, i: int) -> int:
        """The row round ``i`` was stored in."""
        return int(np.searchsorted(self.start, i, "right")) - 1

    def with_keys(self, keys: np.ndarray) -> np.ndarray:
        """The rounds whose key is one of ``keys`` (sorted), in row order: each row's keys
        are sorted, so each row's run of every key is found by halving."""
        found = []
        for a, part in zip(self.start[:-1].tolist(), self.parts(), strict=True):
            lo, hi = np.searchsorted(part, keys, "left"), np.searchsorted(part, keys, "right")
            found += [np.arange(a + x, a + y) for x, y in zip(lo.tolist(), hi.tolist(),
                                                              strict=True) if y > x]  # fmt: skip
        return np.concatenate(found) if found else np.zeros(0, np.int64)

    def read(self, rounds: np.ndarray) -> None:
        """Read the ids, lines and times of ``rounds``: the rows holding some fetched in one
        query (a row at a time) and decompressed once each, only those rounds' kept."""
        rounds = np.setdiff1d(rounds, np.fromiter(self._read, np.int64, len(self._read)))
        rows = np.searchsorted(self.start, rounds, "right") - 1
        row_of = {self.rows[row].pk: row for row in np.unique(rows).tolist()}
        fetched = RoundKeys.objects.filter(pk__in=row_of).values_list(
            "pk", "ids", "id_ends", "lines", "played"
        )  # fmt: skip
        for pk, ids, ends, lines, played in fetched.iterator(chunk_size=ROWS_AT_ONCE):
            row = row_of[pk]
            ids, played = stored_ids(ids, ends), np.frombuffer(played, MICROS)
            lines, first = np.frombuffer(lines, LINES), int(self.start[row])
            for i in rounds[rows == row].tolist():
                at = i - first
                self._read[i] = (ids.text(at), int(lines[at]), int(played[at]))

    def same_rounds(self, row: RoundKeys):
        """``(my round, its line in row)`` of each round of mine the stored ``row`` holds: the
        key finds it, the round id confirms it.  My rounds of the keys hit are found once,
        sorted by key (each key's in row order), not sought again for each hit."""
        theirs = np.frombuffer(row.keys, KEYS)
        hit = np.flatnonzero(self.holds(theirs))
        if not hit.size:
            return
        ids, lines = stored_ids(row.ids, row.id_ends), np.frombuffer(row.lines, LINES)
        mine = self.with_keys(np.unique(theirs[hit]))
        self.read(mine)
        mine = mine[np.argsort(self.keys[mine], kind="stable")]
        hit_keys = theirs[hit]
        first = np.searchsorted(self.keys[mine], hit_keys, "left").tolist()
        last = np.searchsorted(self.keys[mine], hit_keys, "right").tolist()
        for j, a, b in zip(hit.tolist(), first, last, strict=True):
            their_id = ids.text(j)
            for i in mine[a:b].tolist():
                if self.round_id(i) == their_id:  # else the same key, another round
                    yield i, int(lines[j])

    def _round(self, i: int) -> tuple[str, int, int]:
        if i not in self._read:
            self.read(np.array([i]))
        return self._read[i]

    def round_id(self, i: int) -> str:
        """The id of round ``i``."""
        return self._round(i)[0]

    def line(self, i: int) -> int:
        """The line of round ``i``."""
        return self._round(i)[1]

    def played(self, i: int) -> int:
        """Round ``i``'s time, in microseconds."""
        return self._round(i)[2]


@dataclass
class Duplicates:
    """A submission's duplicates: the first ``most`` as findings (``found``), the others
    counted by code (``beyond``), and the line of every one (``lines``)."""

    found: list[FindingRow] = field(default_factory=list)
    beyond: Counter = field(default_factory=Counter)
    lines: set[int] = field(default_factory=set)


def duplicate_findings(submission: Submission, most: int) -> Duplicates:
    """Every duplicate of the submission's rounds (see the module's docstring), one place in
    memory at a time: the first ``most`` as findings, the others counted by code, no
    finding made of them; and every one's line."""
    got = Duplicates()
    for venue, table, block, duplicates in _duplicates(submission):
        for i, code, message in duplicates:
            got.lines.add(block.line(i))
            if len(got.found) < most:
                got.found.append(round_finding(submission, block, i, venue, table, code,
                                               message))  # fmt: skip
            else:
                got.beyond[code] += 1
    return got


def duplicate_lines(submission: Submission) -> set[int]:
    """The lines of every duplicate :func:`duplicate_findings` finds, no finding made."""
    return {block.line(i) for _, _, block, found in _duplicates(submission) for i, _, _ in found}


def _duplicates(submission: Submission):
    """``(venue, table, block, [(round, code, message), ...])`` per place of the
    submission's rounds, every place locked first."""
    mine = RoundKeys.objects.filter(submission=submission)
    places = sorted(set(mine.values_list("venue", "table")))
    for venue, table in places:
        _lock(submission.licensee_id, venue, table)
    for venue, table in places:
        block = Block.of(mine.filter(venue=venue, table=table).order_by("chunk_id", "game"))
        yield venue, table, block, _within(block) + _earlier(submission, venue, table, block)


def _lock(licensee_id: int, venue: str, table: str) -> None:
    if connection.vendor != "postgresql":
        return  # the embedded database: one writer at a time already
    digest = blake2b(f"{licensee_id}\x00{venue}\x00{table}".encode(), digest_size=8).digest()
    with connection.cursor() as cursor:
        lock = int.from_bytes(digest, "big", signed=True)
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock])


def _within(block: Block) -> list[tuple[int, str, str]]:
    """Rounds read more than once in the file: each reading after the first, as ``(round,
    code, message)``."""
    candidates = block.with_keys(repeated_keys(block.keys))
    block.read(candidates)
    found, first_line = [], {}
    lines = np.array([block.line(i) for i in candidates.tolist()], np.int64)
    in_order = np.lexsort((lines, block.keys[candidates]))
    for at, line in zip(candidates[in_order].tolist(), lines[in_order].tolist(), strict=True):
        place = (int(block.keys[at]), block.round_id(at))  # the key finds, the id confirms
        if place not in first_line:
            first_line[place] = line
            continue
        message = f"round {place[1]} already appears at line {first_line[place]}"
        found.append((at, "duplicate_round", message))
    return found


def repeated_keys(keys: np.ndarray, parts: int = KEY_PARTS) -> np.ndarray:
    """The keys held more than once, sorted: sought among the keys of each top bits at a
    time, so that the sorted copy is a part of the keys, not all of them (a million rounds'
    keys are 8 MB); ``parts``: a power of two, 2 to 256."""
    shift = 64 - (parts - 1).bit_length()
    top = np.right_shift(
        keys, np.uint64(shift), out=np.empty(len(keys), np.uint8), casting="unsafe"
    )  # a byte a key: an eighth of the keys' memory
    found = []
    for part in range(parts):
        mine = np.sort(keys[top == part])
        found.append(np.unique(mine[1:][mine[1:] == mine[:-1]]))
    return np.concatenate(found)


def _earlier(submission, venue, table, block: Block) -> list[tuple[int, str, str]]:
    """Rounds already in a finished submission of the same licensee at the same place, as
    ``(round, code, message)``."""
    others = (
        RoundKeys.objects.filter(
            venue=venue,
            table=table,
            submission__licensee_id=submission.licensee_id,
            submission__status=SubmissionStatus.DONE,
            submission__withdrawn_at__isnull=True,  # a withdrawn file's rounds are not "seen"
        )
        .exclude(submission=submission)
        .order_by("submission__submitted_at", "submission_id", "chunk_id")
        .select_related("submission")
        .defer("ids", "played")
    )
    prior: dict[int, tuple] = {}  # my round -> (order, line, file) of its earliest prior
    for row in others.iterator(chunk_size=20):
        for i, line in block.same_rounds(row):
            candidate = (row.submission.submitted_at, row.submission_id, line,
                         row.submission.original_name)  # fmt: skip
            if i not in prior or candidate < prior[i]:
                prior[i] = candidate
    found = []
    for i, (_, _, line, name) in sorted(prior.items()):
        message = f"round {block.round_id(i)} was already submitted in {name} (line {line})"
        found.append((i, "duplicate_round_submitted", message))
    return found


def round_finding(submission, block: Block, i: int, venue, table, code, message) -> FindingRow:
    """The finding ``code`` of round ``i`` of the block, at its line, id, game and time."""
    group, severity = CODES[code]
    return FindingRow(
        submission_id=submission.pk, chunk_id=None, line=block.line(i),
        round_id=block.round_id(i)[:200], venue=venue, table=table,
        game=block.rows[block.row(i)].game, played_at=as_datetime(block.played(i)), seat=None,
        wager_key="", code=code, group=group, severity=severity, message=message,
        rule=format_rule(code), expected=None, recorded=None, dealer="", shift="",
    )  # fmt: skip
