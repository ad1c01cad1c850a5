"""Submitting a hand log: the one way in, for the API, the web page and the command.

:func:`submission_submit` stores the file unchanged (per licensee, by its SHA-256), and
queues its validation; the same file sent again for the same licensee is the same
submission, and if that one failed it is validated again (the user's way out).  Another
licensee's identical file is simply its own submission: no answer says that anyone else
sent it.  Which licensee a file is for is decided by :func:`submission_licensee` (API and
web, from the user's role) or :func:`licensee_for_file` (the command).
"""

from __future__ import annotations

import gzip
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import msgspec
from django.conf import settings
from django.db import connections, transaction

from audits.submissions import access
from audits.submissions.models import Finding, Submission, SubmissionStatus, SubmissionTotal
from audits.submissions.queue import task_named
from audits.submissions.run import (
    GZIP_MAGIC,
    SubmissionFailed,
    chunks_forget,
    discard_work_copy,
    submission_fail,
)
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from games.models import Licensee, Venue

log = logging.getLogger(__name__)

#: in the embedded mode (no broker, tasks run in the request's thread) validations run one at
#: a time: SQLite takes one writer at a time, and six uploads at once must all finish
_EAGER_VALIDATION = threading.Lock()


class LicenseeRequired(Exception):
    """The caller must name the licensee (a reviewer, who may submit for several)."""


class NotAllowedToSubmit(Exception):
    """The user may not submit for that licensee (or for any)."""


@dataclass(frozen=True)
class Submitted:
    submission: Submission
    created: bool  # a new submission
    retried: bool  # the same file had failed: it is validated again


def submission_licensee(user, licensee_id: int | None) -> Licensee:
    """The licensee a user's file is for: the one named, if the user may submit for it, or
    staff's own by default."""
    if licensee_id is None:
        licensee = access.default_licensee_of(user)
        if licensee is None:
            raise LicenseeRequired("name the licensee (its id) the hand log is for")
        return licensee
    licensee = access.licensees_submittable_by(user).filter(pk=licensee_id).first()
    if licensee is None:
        own = access.default_licensee_of(user)
        hint = f": only for your own licensee (id {own.pk})" if own else ""
        raise NotAllowedToSubmit(f"you may not submit hand logs for licensee {licensee_id}{hint}")
    return licensee


def submission_submit(
    stream: BinaryIO,
    *,
    name: str,
    licensee: Licensee,
    user=None,
    via: str,
    max_bytes: int | None = None,
    now: bool = False,
) -> Submitted:
    """Store the file and have it validated: queued (``now=False``) or in this process.

    Raises :class:`~.storage.SubmissionRefused` (nothing kept) for a file over the limits.
    """
    submission, created = submission_store(
        stream, original_name=name, licensee=licensee, user=user, via=via, max_bytes=max_bytes
    )
    retried = not created and submission.status == SubmissionStatus.FAILED
    if retried:
        submission = submission_reset(submission)
    if created or retried:
        if now:
            _validate_now(submission)
        else:
            submission_queue(submission)
    submission.refresh_from_db()
    return Submitted(submission, created, retried)


def submission_retry(submission: Submission) -> Submission:
    """Validate a failed submission again, from its stored file."""
    if submission.status != SubmissionStatus.FAILED:
        raise ValueError(
            f"only a failed submission is validated again (this one is {submission.status})"
        )
    submission = submission_reset(submission)
    submission_queue(submission)
    submission.refresh_from_db()
    return submission


@transaction.atomic
def submission_reset(submission: Submission) -> Submission:
    """Forget everything a validation produced; the stored file stays as it came."""
    Finding.objects.filter(submission=submission).delete()
    SubmissionTotal.objects.filter(submission=submission).delete()
    chunks_forget(submission)
    Submission.objects.filter(pk=submission.pk).update(
        status=SubmissionStatus.QUEUED, failure_reason="", started_at=None, finished_at=None,
        lines_total=0, rounds_total=0, rounds_done=0, rejected_lines=0, clean_rounds=0,
        finding_count=0, findings_stored=0, findings_unstored={}, chunk_count=0,
        first_played_at=None, last_played_at=None,
    )  # fmt: skip
    discard_work_copy(submission)
    submission.refresh_from_db()
    log.info("submission reset to be validated again", extra={"submission": str(submission.uuid)})
    return submission


def submission_queue(submission: Submission) -> None:
    """Queue the validation once the submission is committed; a failure to queue (or, in the
    embedded mode, to validate) fails the submission with the reason, never leaves it
    waiting for ever."""
    pk = submission.pk
    transaction.on_commit(lambda: _dispatch(pk))


def _dispatch(pk: int) -> None:
    """To the workers; in the embedded mode, to a thread of this process (the answer does
    not wait for it) unless ``EMBEDDED_VALIDATION_THREAD`` is off."""
    if settings.CELERY_TASK_ALWAYS_EAGER and settings.EMBEDDED_VALIDATION_THREAD:
        worker = threading.Thread(target=_validate_in_thread, args=(pk,), daemon=True)
        worker.name = f"validate-submission-{pk}"
        worker.start()
    else:
        _send(pk)


def _validate_in_thread(pk: int) -> None:
    try:
        _send(pk)
    finally:
        connections.close_all()  # this thread's own connections


def _send(pk: int) -> None:
    validate_submission = task_named("validate_submission")
    try:
        if settings.CELERY_TASK_ALWAYS_EAGER:
            with _EAGER_VALIDATION:
                validate_submission.delay(pk)
        else:
            validate_submission.delay(pk)
    except Exception as exc:  # the broker is down, or the embedded validation broke
        log.exception("validation could not run", extra={"submission": str(pk)})
        submission = Submission.objects.get(pk=pk)
        if submission.status != SubmissionStatus.FAILED:
            submission_fail(
                submission,
                f"validation could not run ({type(exc).__name__}: {exc}); send the same "
                "file again, or ask for it to be validated again",
            )


def _validate_now(submission: Submission) -> None:
    try:
        submission_validate_now(submission)
    except SubmissionFailed:
        pass  # the submission says why


def licensee_for_file(path: Path, license_number: str | None) -> Licensee:
    """The named licensee, or the owner of the first venue the file names (the command)."""
    if license_number:
        licensee = Licensee.objects.filter(license_number=license_number).first()
        if licensee is None:
            raise LookupError(f"no licensee with license number {license_number!r}")
        return licensee
    for venue_code in _venues(path):
        venue = Venue.objects.select_related("licensee").filter(code=venue_code).first()
        if venue is not None:
            return venue.licensee
    raise LookupError("no line names a registered venue: give --licensee")


def _venues(path: Path, limit: int = 1000):
    with open(path, "rb") as head:
        opener = gzip.open if head.read(2) == GZIP_MAGIC else open
    try:
        with opener(path, "rb") as f:
            for _, line in zip(range(limit), f, strict=False):
                try:
                    venue = msgspec.json.decode(line).get("venue")
                except (msgspec.DecodeError, ValueError, AttributeError, RecursionError):
                    continue  # not a round (not JSON, not UTF-8, not an object): the next
                if isinstance(venue, str):
                    yield venue
    except (OSError, EOFError):
        return
