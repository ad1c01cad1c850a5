"""The chunk pipeline: a stored file split into chunks, each chunk's lines screened and the
rest judged by the exact path, and what was found stored with the chunk in one transaction.

This package is the room's one door: every other module imports what it needs from here
(``tests/test_layers.py`` holds it), and no other room writes a chunk (:func:`chunk_append`
is the live room's way in).  Inside, by step:

- :mod:`.split`: the file split into chunks (once), or the submission failed with the reason;
- :mod:`.files` and :mod:`.expansion`: where a submission's plain lines are, a gzip file's
  expanded within bounds; :mod:`.lines`: lines read a block at a time by byte range;
- :mod:`.chunk`: one chunk validated and stored whole (idempotent); :mod:`.chunk_batch`: a
  live day's waiting posts validated together; :mod:`.append`: a post's chunk appended;
- :mod:`.chunk_run`: one run's state, every line screened (:mod:`.fast_path`, on the
  compiled kernels of :mod:`audits.validation.screen`) or judged by the exact path, with
  the rules in force (:mod:`.gate`, :mod:`.rules_context`);
- :mod:`.tally`, :mod:`.round_keys`, :mod:`.finding_caps`, :mod:`.round_times`: what a run
  counts, keeps and refuses; :mod:`.counted`: what it counted as a chunk's rows, and some
  stored lines counted again for the ledger; :mod:`.bulk`: how it is written;
- :mod:`.kernels`: the screen's kernels compiled before any validation needs them;
  :mod:`.warm`: a worker's kernels loaded before its first chunk.
"""

from __future__ import annotations

from audits.submissions.run.append import chunk_append
from audits.submissions.run.bulk import FindingRow, write_finding_rows, write_objects
from audits.submissions.run.chunk import MAX_ATTEMPTS, ChunkGaveUp, chunk_validate
from audits.submissions.run.chunk_batch import chunks_validate_together
from audits.submissions.run.chunk_run import ChunkRun
from audits.submissions.run.counted import lines_counted_again
from audits.submissions.run.expansion import GZIP_MAGIC, ExpansionRefused, GzipExpander
from audits.submissions.run.files import (
    UnreadableFile,
    discard_work_copy,
    media_path,
    plain_path,
)
from audits.submissions.run.gate import gate_for
from audits.submissions.run.lines import LineSeeker, without_bom
from audits.submissions.run.round_keys import KEYS, LINES, MICROS, stored_ids
from audits.submissions.run.rules_context import GameRulesCache, run_reading
from audits.submissions.run.split import (
    SubmissionFailed,
    chunks_forget,
    submission_fail,
    submission_prepare,
)
from audits.submissions.run.warm import worker_warm


def kernels_compile(rounds: int = 300) -> dict[str, float]:
    """The screen's kernels compiled (:mod:`.kernels`; imported only here, with the samples
    it deals, so that a worker does not carry them)."""
    from audits.submissions.run.kernels import kernels_compile as compile_all

    return compile_all(rounds)


__all__ = [
    "GZIP_MAGIC", "KEYS", "LINES", "MAX_ATTEMPTS", "MICROS", "ChunkGaveUp", "ChunkRun",
    "ExpansionRefused", "FindingRow", "GameRulesCache", "GzipExpander", "LineSeeker",
    "SubmissionFailed", "UnreadableFile", "chunk_append", "chunk_validate", "chunks_forget",
    "chunks_validate_together", "discard_work_copy", "gate_for", "kernels_compile",
    "lines_counted_again", "media_path", "plain_path", "run_reading", "stored_ids",
    "submission_fail", "submission_prepare", "without_bom", "worker_warm",
    "write_finding_rows", "write_objects",
]  # fmt: skip
