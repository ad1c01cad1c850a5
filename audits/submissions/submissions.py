"""A submission's life: split into chunks, every chunk validated, finished (in one process:
the command line and the embedded mode; workers take the same steps as tasks)."""

from __future__ import annotations

from audits.submissions.finish import submission_finish
from audits.submissions.models import Submission, SubmissionStatus
from audits.submissions.run import ChunkRun, GameRulesCache, chunk_validate, submission_prepare
from compliance.logs import log_context
from games.rules_resolver import RulesResolver


def submission_validate_now(submission: Submission, lines_per_chunk: int | None = None):
    """The whole pipeline in this process (command line, eager mode)."""
    if submission.status in (SubmissionStatus.DONE, SubmissionStatus.FAILED):
        return submission
    # shared by the chunks of one file: the rules in force, the engine rules, the venues' times
    resolver, rules, venues = RulesResolver(), GameRulesCache(), {}
    with log_context(submission=submission.uuid):
        for chunk in submission_prepare(submission, lines_per_chunk):
            with log_context(chunk=chunk.index):
                chunk_validate(chunk, ChunkRun(submission, resolver, rules, venues))
        return submission_finish(submission)


def all_chunks_done(submission: Submission) -> bool:
    return not submission.chunks.filter(done=False).exists()
