"""Storing a submitted file unchanged, identified by its SHA-256, before anything else.

The raw file is written to ``MEDIA_ROOT/submissions/ab/<sha256>.jsonl[.gz]``
and never modified.  A gzip file (recognised by its magic bytes, not its
name) gets a decompressed working copy under ``MEDIA_ROOT/work/`` so that
chunks can be read by byte offset.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import shutil
import tempfile
import zlib
from pathlib import Path
from typing import BinaryIO

from django.conf import settings
from django.db import IntegrityError, transaction

from audits.models import Submission

GZIP_MAGIC = b"\x1f\x8b"
BLOCK = 1 << 20

log = logging.getLogger(__name__)


class SubmissionRefused(Exception):
    """The upload cannot be stored (too large, empty); nothing was kept."""


class SubmissionTooLarge(SubmissionRefused):
    """Over the size limit (an HTTP 413)."""


def media_path(relative: str) -> Path:
    return Path(settings.MEDIA_ROOT) / relative


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

    The same bytes submitted again return the existing submission.
    """
    incoming = media_path("incoming")
    incoming.mkdir(parents=True, exist_ok=True)
    digest, size = hashlib.sha256(), 0
    with tempfile.NamedTemporaryFile(dir=incoming, delete=False) as tmp:
        while block := stream.read(BLOCK):
            size += len(block)
            if max_bytes is not None and size > max_bytes:
                tmp.close()
                os.unlink(tmp.name)
                raise SubmissionTooLarge(f"the file exceeds {max_bytes:,} bytes")
            digest.update(block)
            tmp.write(block)
    sha = digest.hexdigest()
    existing = Submission.objects.filter(sha256=sha).first()
    if existing:
        os.unlink(tmp.name)
        return existing, False
    compressed = _is_gzip(tmp.name)
    relative = f"submissions/{sha[:2]}/{sha}.jsonl" + (".gz" if compressed else "")
    final = media_path(relative)
    final.parent.mkdir(parents=True, exist_ok=True)
    os.replace(tmp.name, final)
    try:
        with transaction.atomic():
            submission = Submission.objects.create(
                sha256=sha,
                raw_file=relative,
                original_name=original_name[:255],
                size_bytes=size,
                compressed=compressed,
                licensee=licensee,
                submitted_by=user if getattr(user, "pk", None) else None,
                submitted_via=via,
            )
    except IntegrityError:  # the same file arrived at the same moment
        return Submission.objects.get(sha256=sha), False
    log.info(
        "submission stored: %s, %d bytes via %s", relative, size, via,
        extra={"submission": str(submission.uuid)},
    )  # fmt: skip
    return submission, True


def _is_gzip(path: str) -> bool:
    with open(path, "rb") as f:
        return f.read(2) == GZIP_MAGIC


class UnreadableFile(Exception):
    """The stored file cannot be read as a whole (e.g. a truncated gzip)."""


def plain_path(submission: Submission) -> Path:
    """The path of the uncompressed lines: the raw file, or its decompressed copy."""
    raw = media_path(submission.raw_file)
    if not submission.compressed:
        return raw
    work = media_path(f"work/{submission.sha256}.jsonl")
    if work.exists():
        return work
    work.parent.mkdir(parents=True, exist_ok=True)
    partial = work.with_suffix(".partial")
    try:
        with gzip.open(raw, "rb") as source, open(partial, "wb") as target:
            shutil.copyfileobj(source, target, BLOCK)
    except (EOFError, OSError, zlib.error) as exc:
        partial.unlink(missing_ok=True)
        raise UnreadableFile(f"the gzip file is damaged or truncated: {exc}") from exc
    os.replace(partial, work)
    return work


def discard_work_copy(submission: Submission) -> None:
    if submission.compressed:
        media_path(f"work/{submission.sha256}.jsonl").unlink(missing_ok=True)
