"""Storing a submitted file unchanged, identified by its SHA-256, before anything else.

The raw file is written to ``MEDIA_ROOT/submissions/<licensee id>/ab/<sha256>.jsonl[.gz]``
and never modified; it and its name are on the disk (synced) before its submission's row
commits, so an acknowledged upload survives the machine's crash.  The same bytes sent again
for the same licensee are the same submission; another licensee's identical file is its own
submission (nothing tells either that the other sent it).  A gzip file (recognised by its
magic bytes, not its name) is expanded while it arrives, within the bounds of
:mod:`.run.expansion` (a bomb is refused before anything is kept), and later gets a
decompressed working copy under ``MEDIA_ROOT/work/`` so that chunks can be read by byte
offset.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import unicodedata
from concurrent.futures import Future, ThreadPoolExecutor
from typing import BinaryIO

from django.conf import settings
from django.db import IntegrityError, transaction

from audits.submissions.models import Submission
from audits.submissions.quota import storage_refusal
from audits.submissions.run import GZIP_MAGIC, ExpansionRefused, GzipExpander, media_path
from audits.validation.first_lines import HEAD_BYTES, first_lines_refusal
from compliance.durable import EarlySync, sync_file, sync_folders

BLOCK = 1 << 20
DEFAULT_MAX_UPLOAD_BYTES = 1 << 30
FALLBACK_NAME = "upload.jsonl"

log = logging.getLogger(__name__)


def max_upload_bytes() -> int:
    """The most one upload may carry, compressed or not (AUDITS_MAX_UPLOAD_BYTES)."""
    return int(getattr(settings, "AUDITS_MAX_UPLOAD_BYTES", None) or DEFAULT_MAX_UPLOAD_BYTES)


class SubmissionRefused(Exception):
    """The upload cannot be stored (too large, empty); nothing was kept."""


class SubmissionTooLarge(SubmissionRefused):
    """Over the size limit, or expands past the limits (an HTTP 413)."""


class NotAHandLog(SubmissionRefused):
    """None of the first lines is a hand-log record (:mod:`audits.validation.first_lines`)."""

    def __init__(self, reason: str):
        super().__init__(f"This is not a hand log: {reason}.")


def clean_file_name(name: str) -> str:
    """The name as a person reads it: no folders, no control or invisible formatting
    characters (bidirectional overrides included), at most 255 characters."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    kept = "".join(c for c in base if unicodedata.category(c)[0] not in "CZ" or c == " ")
    kept = kept.strip()[:255]
    return "" if kept in ("", ".", "..") else kept


def submission_store(
    stream: BinaryIO,
    *,
    original_name: str,
    licensee,
    user=None,
    via: str = "api",
    max_bytes: int | None = None,
) -> tuple[Submission, bool]:
    """Store the upload and register it; ``(submission, created)``.

    The same bytes submitted again for the same licensee return the existing submission; a
    new file past the licensee's storage (:mod:`.quota`) is refused, nothing kept.
    """
    tmp_name, sha, size, compressed = _receive(stream, max_bytes)
    existing = Submission.objects.filter(licensee=licensee, sha256=sha).first()
    if existing:
        os.unlink(tmp_name)
        return existing, False
    relative = f"submissions/{licensee.pk}/{sha[:2]}/{sha}.jsonl" + (".gz" if compressed else "")
    final = media_path(relative)
    final.parent.mkdir(parents=True, exist_ok=True)
    try:
        with transaction.atomic():
            refusal = storage_refusal(licensee, size)  # the licensee's row locked to the commit
            existing = Submission.objects.filter(licensee=licensee, sha256=sha).first()
            if existing or refusal:  # the same file stored meanwhile is no new bytes
                os.unlink(tmp_name)
                if existing:
                    return existing, False
                raise SubmissionTooLarge(refusal)
            os.replace(tmp_name, final)
            sync_folders(final, levels=4)  # up to the media folder, before the row commits
            submission = Submission.objects.create(
                sha256=sha,
                raw_file=relative,
                original_name=clean_file_name(original_name) or FALLBACK_NAME,
                size_bytes=size,
                compressed=compressed,
                licensee=licensee,
                submitted_by=user if getattr(user, "pk", None) else None,
                submitted_via=via,
            )
    except IntegrityError:  # the same file arrived at the same moment
        return Submission.objects.get(licensee=licensee, sha256=sha), False
    log.info(
        "submission stored: %s, %d bytes via %s", relative, size, via,
        extra={"submission": str(submission.uuid)},
    )  # fmt: skip
    return submission, True


def _receive(stream: BinaryIO, max_bytes: int | None) -> tuple[str, str, int, bool]:
    """The upload in a temporary file: ``(its path, SHA-256, size, gzip?)``; nothing is kept
    when it is refused (too large, or not a hand log: :class:`_Head`)."""
    incoming = media_path("incoming")
    incoming.mkdir(parents=True, exist_ok=True)
    size, expander, head = 0, None, _Head()
    with (tempfile.NamedTemporaryFile(dir=incoming, delete=False) as tmp, _Digest() as digest,
          EarlySync(tmp) as early):  # fmt: skip
        try:
            while block := stream.read(BLOCK):
                if size == 0 and block[:2] == GZIP_MAGIC:
                    expander = GzipExpander()
                size += len(block)
                if max_bytes is not None and size > max_bytes:
                    raise SubmissionTooLarge(f"the file exceeds {max_bytes:,} bytes")
                if expander is None:
                    head.add(block)
                else:  # counted, and the head kept: a bomb stops here
                    for piece in expander.expand(block):
                        head.add(piece)
                digest.update(block)
                tmp.write(block)
                early.wrote(len(block))
            if expander is not None:
                for piece in expander.finish():
                    head.add(piece)
            head.judge(whole=True, gzip_cut=expander.cut if expander is not None else None)
            sync_file(tmp)  # on the disk before the submission is acknowledged
        except ExpansionRefused as exc:
            _discard(tmp, early)
            raise SubmissionTooLarge(str(exc)) from exc
        except BaseException:
            _discard(tmp, early)
            raise
        sha = digest.hexdigest()
    return tmp.name, sha, size, expander is not None


class _Head:
    """The file's first bytes (expanded), judged once there are enough of them or the file
    ends: :class:`NotAHandLog` when none of its first lines is a hand-log record."""

    def __init__(self) -> None:
        self._bytes = bytearray()
        self._judged = False

    def add(self, piece: bytes) -> None:
        if self._judged:
            return
        self._bytes += piece[: HEAD_BYTES - len(self._bytes)]
        if len(self._bytes) >= HEAD_BYTES:
            self.judge(whole=False)

    def judge(self, *, whole: bool, gzip_cut: str | None = None) -> None:
        if self._judged:
            return
        self._judged = True
        refusal = first_lines_refusal(bytes(self._bytes), whole=whole, gzip_cut=gzip_cut)
        if refusal is not None:
            raise NotAHandLog(refusal)


class _Digest:
    """The SHA-256 of the blocks given, computed on a helper thread while the caller reads
    and writes the next block (hashlib and file reads and writes release the GIL): storing
    costs the longer of hashing and copying, not their sum.  At most one block waits."""

    def __init__(self) -> None:
        self._sha = hashlib.sha256()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="upload-sha256")
        self._pending: Future | None = None

    def update(self, block: bytes) -> None:
        self._wait()
        if not isinstance(block, bytes):  # a buffer the stream may fill again: a copy
            block = bytes(block)
        self._pending = self._pool.submit(self._sha.update, block)

    def hexdigest(self) -> str:
        self._wait()
        return self._sha.hexdigest()

    def _wait(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            pending.result()

    def __enter__(self) -> _Digest:
        return self

    def __exit__(self, *exc) -> None:
        self._pool.shutdown(wait=True)


def _discard(tmp, early: EarlySync) -> None:
    early.wait()  # no sync of it left running once it is closed
    tmp.close()
    os.unlink(tmp.name)
