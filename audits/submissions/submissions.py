"""A submission's life: split into chunks, every chunk validated, finished (in one process:
the command line and the embedded mode; workers take the same steps as tasks)."""

from __future__ import annotations

from audits.submissions.finish import submission_finish
from audits.submissions.models import Submission, SubmissionStatus
from audits.submissions.run import ChunkRun, chunk_validate, run_reading, submission_prepare
from compliance.logs import log_context


def submission_validate_now(submission: Submission, lines_per_chunk: int | None = None):
    """The whole pipeline in this process (command line, eager mode)."""
    if submission.status in (SubmissionStatus.DONE, SubmissionStatus.FAILED):
        return submission
    with log_context(submission=submission.uuid):
        chunks = submission_prepare(submission, lines_per_chunk)
        submission.refresh_from_db(fields=["started_at"])  # the run's key, as a worker reads it
        # the run's registry answers, shared by its chunks and its finish (as on workers): the
        # rules in force, the engine rules, the venues' times
        reading = run_reading(submission)
        for chunk in chunks:
            with log_context(chunk=chunk.index):
                chunk_validate(chunk, ChunkRun(submission, *reading))
        return submission_finish(submission)


def all_chunks_done(submission: Submission) -> bool:
    return not submission.chunks.filter(done=False).exists()
