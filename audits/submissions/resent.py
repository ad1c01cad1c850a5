"""Rounds sent again after their submission was withdrawn: linked, never silently replaced.

A round (venue, table, round id) of a withdrawn submission of the same licensee that comes
again in a later file is a ``resent_after_withdrawal`` finding on the new line, citing the
withdrawn submission and its line.  Where the line's wagers, results or anything else
differ, the finding says what changed and is an error a reviewer sees among the day's
findings; where the bytes are the same, it is a note (a warning).  The withdrawn submission
gets a ``corrected`` event naming the submission that sent its rounds again, so the
commission sees the correction and a reinstatement cannot count the rounds twice.
"""

from __future__ import annotations

import json

from audits.submissions.duplicates import Block, round_finding
from audits.submissions.models import RoundKeys, Submission, SubmissionStatus
from audits.submissions.round_view import submission_lines

CHANGES_SHOWN = 4  # fields named in one finding's message


def resent_findings(submission: Submission) -> tuple[list, list[Submission]]:
    """The findings of the submission's rounds that a withdrawn submission held first, and
    the withdrawn submissions they came from."""
    withdrawn = RoundKeys.objects.filter(
        submission__licensee_id=submission.licensee_id, submission__status=SubmissionStatus.DONE,
        submission__withdrawn_at__isnull=False,
    ).exclude(submission=submission)  # fmt: skip
    mine = RoundKeys.objects.filter(submission=submission)
    places = set(mine.values_list("venue", "table")) & set(
        withdrawn.values_list("venue", "table").distinct()
    )
    found, sources = [], {}
    for venue, table in sorted(places):
        block = Block.of(mine.filter(venue=venue, table=table).order_by("chunk_id", "game"))
        earlier = _earlier_withdrawn(block, withdrawn.filter(venue=venue, table=table))
        for i, (other, lines) in sorted(earlier.items()):
            sources[other.pk] = other
            found.append((i, other, lines, venue, table, block))
    return _judged(submission, found), list(sources.values())


def _earlier_withdrawn(block: Block, rows) -> dict[int, tuple[Submission, list[int]]]:
    """My round -> the withdrawn submission that held it (the latest withdrawn) and its
    lines with that round (more than one where that file repeated the round id)."""
    held: dict[int, tuple] = {}
    rows = rows.order_by("submission__withdrawn_at", "submission_id", "chunk_id")
    for row in rows.select_related("submission").defer("played").iterator(chunk_size=20):
        for i, line in block.same_rounds(row):
            if i not in held or held[i][0].pk != row.submission_id:
                held[i] = (row.submission, [])  # a later withdrawal wins
            held[i][1].append(line)
    return held


def _judged(submission: Submission, found: list) -> list:
    """Each resent round's finding, its line compared with the withdrawn one's."""
    mine = dict(_lines(submission, [block.line(i) for i, *_, block in found]))
    theirs: dict[int, dict[int, bytes]] = {}
    for other in {f[1].pk: f[1] for f in found}.values():
        wanted = [line for _, o, lines, *_ in found if o.pk == other.pk for line in lines]
        theirs[other.pk] = dict(_lines(other, wanted))
    findings = []
    for i, other, lines, venue, table, block in found:
        new = mine.get(block.line(i), b"")
        olds = [(line, theirs[other.pk].get(line, b"")) for line in lines]
        line, old = next(((n, o) for n, o in olds if o == new), olds[0])  # the same, if any
        changed = _changes(old, new)
        where = f"line {line} of {other.original_name} (withdrawn; SHA-256 {other.sha256[:12]}…)"
        if changed:
            message = (f"round {block.round_id(i)} was sent before in {where}, with other "
                       f"values: {changed}")  # fmt: skip
        else:
            message = f"round {block.round_id(i)} is sent again as it was in {where}"
        finding = round_finding(submission, block, i, venue, table, "resent_after_withdrawal",
                           message)  # fmt: skip
        if not changed:
            finding = finding._replace(severity="warning")  # a note: the same bytes
        findings.append(finding)
    return findings


def _lines(submission: Submission, numbers: list[int]):
    for number, line in submission_lines(submission, numbers):
        yield number, line.rstrip(b"\r\n")


def _changes(old: bytes, new: bytes) -> str:
    """What differs between two lines of one round, in words ("" when the bytes are the
    same): the fields whose values differ, each old -> new, the first few."""
    if old == new:
        return ""
    try:
        before, after = _flat(json.loads(old)), _flat(json.loads(new))
    except ValueError:
        return "the line's bytes differ"
    paths = sorted(set(before) | set(after))
    diffs = [f"{p} {before.get(p, '(none)')} -> {after.get(p, '(none)')}"
             for p in paths if before.get(p) != after.get(p)]  # fmt: skip
    if not diffs:
        return "the same values written differently"
    more = f"; and {len(diffs) - CHANGES_SHOWN} more" if len(diffs) > CHANGES_SHOWN else ""
    return "; ".join(diffs[:CHANGES_SHOWN]) + more


def _flat(value, path: str = "$") -> dict[str, str]:
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            out.update(_flat(item, f"{path}.{key}"))
        return out
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        out = {}
        for index, item in enumerate(value):
            out.update(_flat(item, f"{path}[{index}]"))
        return out
    return {path: json.dumps(value)}
