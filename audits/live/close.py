"""Closing a gaming day: at its end (the jurisdiction's, in its zone; and ``LIVE_CLOSE_AFTER``
later, for the rounds still on their way), the day's part stops taking rounds, its receipt
chains are checked against the bytes stored, its last chunks are validated, and it is
finished as a submission like an uploaded file, with the chains' heads. Idempotent: a close
run twice, or by two workers, closes once."""

from __future__ import annotations

import hashlib
import logging
import os
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from audits.live.append import live_day_submission_counts
from audits.live.chain import chain_problems
from audits.live.heads import receipt_fields, table_day_last_heads, table_day_tree
from audits.live.models import LiveDay, Receipt
from audits.submissions.finish import submission_finish
from audits.submissions.live_days import live_submission_seal
from audits.submissions.models import Submission
from audits.submissions.run import chunk_validate, media_path, submission_fail
from games.gaming_day import gaming_day_bounds

log = logging.getLogger(__name__)


def live_days_close(now: datetime | None = None, failed: list | None = None) -> list[LiveDay]:
    """Close every open part that is due; the parts closed.  Each closes on its own: one that
    cannot (its end cannot be reckoned, its file is missing, ...) is logged as an error for
    the operators, added to ``failed`` with the reason, and left open; the others close."""
    now = now or timezone.now()
    open_parts = LiveDay.objects.filter(closed_at__isnull=True).select_related(
        "venue__licensee__jurisdiction"
    )
    closed = []
    for part in open_parts:
        try:
            if live_day_due(part, now) and live_day_close(part):
                closed.append(part)
        except Exception as error:  # one day never stops the others' close
            log.exception("gaming day %s at %s (part %d) could not close: %s", part.gaming_day,
                          part.venue.code, part.part, error)  # fmt: skip
            if failed is not None:
                failed.append((part, f"{type(error).__name__}: {error}"))
    return closed


def live_day_due(part: LiveDay, now: datetime) -> bool:
    """The day has ended in its zone (and the grace after it has passed); a late part also
    waits for the grace after its last post."""
    grace = timedelta(seconds=settings.LIVE_CLOSE_AFTER_SECONDS)
    rule = part.venue.licensee.jurisdiction
    end = gaming_day_bounds(part.gaming_day, rule.timezone, rule.gaming_day_start)[1]
    if now < end + grace:
        return False
    return not part.late or now >= part.last_post_at + grace


def live_day_close(part: LiveDay) -> bool:
    """Close ``part``; False when it was closed already."""
    with transaction.atomic():
        locked = LiveDay.objects.select_for_update().get(pk=part.pk)
        if locked.closed_at is not None:
            return False
        LiveDay.objects.filter(pk=part.pk).update(closed_at=timezone.now())
    # what a post wrote and did not commit, after the last committed one, is not the day's
    os.truncate(media_path(part.submission.raw_file), locked.size_bytes)
    live_day_submission_counts(part.submission_id)
    submission = Submission.objects.get(pk=part.submission_id)
    problems = live_day_chain_problems(part)
    if problems:
        log.error("gaming day %s at %s: receipts do not verify: %s", part.gaming_day,
                  part.venue.code, problems)  # fmt: skip
        submission_fail(submission, "the receipts do not verify: " + "; ".join(problems))
        return True
    for chunk in submission.chunks.filter(done=False).order_by("index"):
        chunk_validate(chunk)  # any a worker has not done yet (done once: the chunk's flag)
    _seal(part, submission)
    submission_finish(submission)
    log.info("gaming day %s at %s closed (part %d)", part.gaming_day, part.venue.code, part.part)
    return True


def live_day_chain_problems(part: LiveDay) -> list[str]:
    """The tables' chains of the day (every part), and each of this part's receipts against
    the bytes its chunk holds in the day's file."""
    receipts = Receipt.objects.filter(venue=part.venue.code, gaming_day=part.gaming_day)
    problems = chain_problems([receipt_fields(r) for r in receipts])
    for table, head in table_day_last_heads(part.venue.code, part.gaming_day).items():
        tree = table_day_tree(part.venue.code, table, part.gaming_day)
        if (tree.size, tree.root().hex()) != (head["tree_size"], head["root_hash"]):
            problems.append(f"{table}: the last signed head (size {head['tree_size']}) is not "
                            f"the tree of its {tree.size} receipts")  # fmt: skip
    chunks = {c.index: c for c in part.submission.chunks.all()}
    with open(media_path(part.submission.raw_file), "rb") as file:
        for receipt in part.receipts.all():
            chunk = chunks[receipt.chunk_index]
            file.seek(chunk.start_offset)
            data = file.read(chunk.end_offset - chunk.start_offset)
            if hashlib.sha256(data).hexdigest() != receipt.stored_sha256:
                problems.append(f"{receipt.table} receipt {receipt.seq}: the stored rounds "
                                "are not the bytes it received")  # fmt: skip
    return problems


def _seal(part: LiveDay, submission: Submission) -> None:
    """The file's SHA-256 (its identity, as an upload's) and each table's last signed head."""
    digest = hashlib.sha256()
    with open(media_path(submission.raw_file), "rb") as file:
        while block := file.read(1 << 20):
            digest.update(block)
    sha = digest.hexdigest()
    live_submission_seal(submission, sha)  # (the same bytes uploaded too: its own id kept)
    heads = table_day_last_heads(part.venue.code, part.gaming_day)  # published at the close
    LiveDay.objects.filter(pk=part.pk).update(heads=heads)
