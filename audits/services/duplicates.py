"""Duplicate rounds, found once per submission when it finishes, by a sort-merge in numpy.

A round (venue, table, round id) read twice in the file is a ``duplicate_round`` on every
reading after the first; a round already in a finished submission of the same licensee is a
``duplicate_round_submitted``.  Another licensee's rounds are never compared, named or
disclosed, and a failed file's rounds were never accepted.

The chunks stored each place's round keys sorted (:mod:`.round_keys`); here the keys of the
file are merged per (venue, table), compared with the keys of the licensee's finished
submissions at that place, and every match is confirmed on the round ids themselves.  The
comparison runs under a lock per (licensee, venue, table) (a PostgreSQL advisory lock; the
embedded database runs one writer at a time), so that of two files finishing at once the
second always sees the first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from hashlib import blake2b

import numpy as np
from django.db import connection

from audits.models import Finding, RoundKeys, Submission, SubmissionStatus
from audits.validation.findings import CODES, format_rule
from audits.validation.screen.times import as_datetime

from .round_keys import KEYS, LINES, MICROS, IdBytes, stored_ids


@dataclass
class Block:
    """One place's rounds in a submission: every row's arrays, concatenated."""

    rows: list[RoundKeys] = field(default_factory=list)

    def load(self) -> None:
        self.keys = np.concatenate([np.frombuffer(r.keys, KEYS) for r in self.rows])
        self.lines = np.concatenate([np.frombuffer(r.lines, LINES) for r in self.rows])
        self.played = np.concatenate([np.frombuffer(r.played, MICROS) for r in self.rows])
        self.row = np.repeat(np.arange(len(self.rows)), [r.count for r in self.rows])
        self.start = np.cumsum([0] + [r.count for r in self.rows])
        self._ids: dict[int, IdBytes] = {}
        order = np.argsort(self.keys, kind="stable")
        self.sorted_keys, self.sorted_at = self.keys[order], order

    def round_id(self, i: int) -> str:
        """The id of round ``i`` (the row's ids are decompressed once, when first needed)."""
        row = int(self.row[i])
        if row not in self._ids:  # the ids of a row are read only when one is needed
            self._ids[row] = stored_ids(self.rows[row].ids, self.rows[row].id_ends)
        return self._ids[row].text(i - int(self.start[row]))


def duplicate_findings(submission: Submission) -> list[Finding]:
    """Every duplicate of the submission's rounds (see the module's docstring); one place
    in memory at a time."""
    mine = RoundKeys.objects.filter(submission=submission)
    places = sorted(set(mine.values_list("venue", "table")))
    for venue, table in places:
        _lock(submission.licensee_id, venue, table)
    found = []
    for venue, table in places:
        rows = mine.filter(venue=venue, table=table).order_by("chunk_id", "game").defer("ids")
        block = Block(list(rows))
        block.load()
        found += _within(submission, venue, table, block)
        found += _earlier(submission, venue, table, block)
    return found


def _lock(licensee_id: int, venue: str, table: str) -> None:
    if connection.vendor != "postgresql":
        return  # the embedded database: one writer at a time already
    digest = blake2b(f"{licensee_id}\x00{venue}\x00{table}".encode(), digest_size=8).digest()
    with connection.cursor() as cursor:
        lock = int.from_bytes(digest, "big", signed=True)
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock])


def _within(submission, venue, table, block: Block) -> list[Finding]:
    """Rounds read more than once in the file: each reading after the first."""
    keys = block.keys
    order = np.lexsort((block.lines, keys))
    same = np.flatnonzero(keys[order][1:] == keys[order][:-1])
    found, first_line = [], {}
    for i in np.unique(np.concatenate([same, same + 1])).tolist():
        at = int(order[i])
        place = (int(keys[at]), block.round_id(at))  # the key finds, the id confirms
        line = int(block.lines[at])
        if place not in first_line:
            first_line[place] = line
            continue
        message = f"round {place[1]} already appears at line {first_line[place]}"
        found.append(_finding(submission, block, at, venue, table, "duplicate_round", message))
    return found


def _earlier(submission, venue, table, block: Block) -> list[Finding]:
    """Rounds already in a finished submission of the same licensee at the same place."""
    others = (
        RoundKeys.objects.filter(
            venue=venue,
            table=table,
            submission__licensee_id=submission.licensee_id,
            submission__status=SubmissionStatus.DONE,
        )
        .exclude(submission=submission)
        .order_by("submission__submitted_at", "submission_id", "chunk_id")
        .select_related("submission")
        .defer("ids", "played")
    )
    prior: dict[int, tuple] = {}  # my round -> (order, line, file) of its earliest prior
    mine = block.sorted_keys
    for row in others.iterator(chunk_size=20):
        theirs = np.frombuffer(row.keys, KEYS)
        at = np.searchsorted(mine, theirs)
        hit = np.flatnonzero((at < mine.size) & (mine[np.minimum(at, mine.size - 1)] == theirs))
        if not hit.size:
            continue
        ids, lines = stored_ids(row.ids, row.id_ends), np.frombuffer(row.lines, LINES)
        for j in hit.tolist():
            key = theirs[j]
            lo, hi = np.searchsorted(mine, key, "left"), np.searchsorted(mine, key, "right")
            for i in block.sorted_at[lo:hi].tolist():
                if block.round_id(i) != ids.text(j):
                    continue  # the same key, another round
                candidate = (row.submission.submitted_at, row.submission_id, int(lines[j]),
                             row.submission.original_name)  # fmt: skip
                if i not in prior or candidate < prior[i]:
                    prior[i] = candidate
    found = []
    for i, (_, _, line, name) in sorted(prior.items()):
        message = f"round {block.round_id(i)} was already submitted in {name} (line {line})"
        found.append(
            _finding(submission, block, i, venue, table, "duplicate_round_submitted", message)
        )
    return found


def _finding(submission, block: Block, i: int, venue, table, code, message) -> Finding:
    group, severity = CODES[code]
    return Finding(
        submission=submission,
        line=int(block.lines[i]),
        round_id=block.round_id(i)[:200],
        venue=venue,
        table=table,
        game=block.rows[int(block.row[i])].game,
        played_at=as_datetime(int(block.played[i])),
        code=code,
        group=group,
        severity=severity,
        message=message,
        rule=format_rule(code),
    )
