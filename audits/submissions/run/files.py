"""Where a submission's lines are on disk: its raw file, kept unchanged under ``MEDIA_ROOT``,
and for a gzip file a decompressed working copy under ``MEDIA_ROOT/work/``, made when the
file is split into chunks and discarded when it is finished, so that chunks can be read by
byte offset."""

from __future__ import annotations

import os
from pathlib import Path

from django.conf import settings

from audits.submissions.models import Submission
from audits.submissions.run.expansion import ExpansionRefused, GzipExpander

BLOCK = 1 << 20  # bytes expanded at a time


class UnreadableFile(Exception):
    """The stored file cannot be read (its expansion passes the limits)."""


def media_path(relative: str) -> Path:
    return Path(settings.MEDIA_ROOT) / relative


def _work_path(submission: Submission) -> Path:
    return media_path(f"work/{submission.uuid}.jsonl")


def plain_path(submission: Submission) -> Path:
    """The path of the uncompressed lines: the raw file, or its decompressed copy."""
    if not submission.compressed:
        return media_path(submission.raw_file)
    work = _work_path(submission)
    if work.exists():
        return work
    return expand_work_copy(submission)[0]


def expand_work_copy(submission: Submission) -> tuple[Path, str | None]:
    """Decompress the raw file into its working copy (again); the copy's path and where the
    gzip stream was cut, if it was (what came before the cut is kept)."""
    work = _work_path(submission)
    work.parent.mkdir(parents=True, exist_ok=True)
    partial = work.with_suffix(".partial")
    expander = GzipExpander()
    try:
        with open(media_path(submission.raw_file), "rb") as source, open(partial, "wb") as out:
            while block := source.read(BLOCK):
                for piece in expander.expand(block):
                    out.write(piece)
            for piece in expander.finish():
                out.write(piece)
    except ExpansionRefused as exc:
        partial.unlink(missing_ok=True)
        raise UnreadableFile(str(exc)) from exc
    os.replace(partial, work)
    return work, expander.cut


def discard_work_copy(submission: Submission) -> None:
    if submission.compressed:
        _work_path(submission).unlink(missing_ok=True)
