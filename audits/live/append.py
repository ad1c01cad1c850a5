"""Appending rounds as they are played: each post of a table becomes one chunk of its gaming
day's submission, with a receipt chained to the table-day's previous one, and is validated
by the exact path like any uploaded chunk (after the commit, by a worker)."""

from __future__ import annotations

import hashlib
import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.db import IntegrityError, transaction
from django.utils import timezone

from audits.live.chain import FORMAT, GENESIS, receipt_hash
from audits.live.models import LiveDay, LiveRound, Receipt, TableToken
from audits.live.posts import PostedRound, post_read
from audits.submissions.models import Chunk, Submission, SubmissionStatus
from audits.submissions.storage import media_path
from games.models import Venue


@dataclass(frozen=True)
class Appended:
    receipts: list[Receipt]  # the receipts of this post (new, or as first given)
    stored: int  # rounds stored by this post
    again: int  # rounds already stored with the same bytes (a retry), not stored twice
    rounds: list[dict]  # each posted round: its line in the post, id, status, receipt hash


def live_rounds_append(token: TableToken, table: str, body: bytes,
                       dispatch: Callable[[int, int], None]) -> Appended:  # fmt: skip
    """Store the post's rounds (refused whole with located errors if any line cannot be
    routed), one chunk and receipt per gaming day it holds; ``dispatch(submission, chunk)``
    is called after each commit to validate the new chunk."""
    venue = token.venue
    rule = venue.licensee.jurisdiction
    posted = post_read(body, venue.code, table, rule.timezone, rule.gaming_day_start)
    days: dict[date, list[PostedRound]] = {}
    for r in posted:
        days.setdefault(r.gaming_day, []).append(r)
    receipts, rounds, stored = [], [], 0
    for day, group in days.items():
        receipt, statuses, new = _append_day(venue, table, day, group, dispatch)
        receipts += [r for r in receipt if r not in receipts]
        rounds += statuses
        stored += new
    rounds.sort(key=lambda r: r["line"])
    return Appended(receipts, stored, len(posted) - stored, rounds)


def _append_day(venue: Venue, table: str, day: date, group: list[PostedRound], dispatch):
    with transaction.atomic():
        live_day = _open_part(venue, day)
        known = {
            (x.round_id, x.line_sha256): x.receipt
            for x in LiveRound.objects.select_related("receipt").filter(
                venue=venue.code, gaming_day=day, round_id__in={r.round_id for r in group}
            )
        }
        new, seen = [], set()
        for r in group:
            if (r.round_id, r.sha256) not in known and (r.round_id, r.sha256) not in seen:
                new.append(r)
                seen.add((r.round_id, r.sha256))
        receipt = _store(live_day, table, new) if new else None
        if receipt is not None and not live_day.validation_sent:
            # one message for the posts arriving until a worker starts on them (it takes the
            # day's waiting posts together). robust: a broker that cannot take the message
            # does not undo the answer (the rounds are stored); beat sends the chunk again
            # (audits/live/sweep.py)
            transaction.on_commit(
                lambda: dispatch(live_day.submission_id, receipt.chunk_index), robust=True
            )
    statuses = []
    for r in group:
        earlier = known.get((r.round_id, r.sha256))
        statuses.append({"line": r.number, "round": r.round_id,
                         "status": "stored before" if earlier else "stored",
                         "receipt": (earlier or receipt).hash})  # fmt: skip
    given = [receipt] if receipt else []
    given += sorted({k.pk: k for k in known.values()}.values(), key=lambda k: k.seq)
    return given, statuses, len(new)


def _open_part(venue: Venue, day: date) -> LiveDay:
    """The day's open part, locked (made when the day's first round arrives, or a late
    part when the day has closed)."""
    for _ in range(3):
        latest = (
            LiveDay.objects.select_for_update()
            .filter(venue=venue, gaming_day=day)
            .order_by("-part")
            .first()
        )
        if latest is not None and latest.closed_at is None:
            return latest
        part = 0 if latest is None else latest.part + 1
        try:
            with transaction.atomic():
                return _new_part(venue, day, part)
        except IntegrityError:  # another post opened it first: take theirs
            continue
    raise RuntimeError(f"could not open the gaming day {day} at {venue.code}")


def _new_part(venue: Venue, day: date, part: int) -> LiveDay:
    key = uuid.uuid4()
    name = f"{venue.code}-{day.isoformat()}-live" + (f"-late-{part}" if part else "") + ".jsonl"
    relative = f"live/{venue.licensee_id}/{venue.code}/{day.isoformat()}-{part}-{key.hex}.jsonl"
    path = media_path(relative)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()
    submission = Submission.objects.create(
        sha256=hashlib.sha256(f"live:{key}".encode()).hexdigest(),  # the file's, at the close
        raw_file=relative, original_name=name, size_bytes=0, licensee_id=venue.licensee_id,
        submitted_via="live", status=SubmissionStatus.VALIDATING, started_at=timezone.now(),
    )  # fmt: skip
    live_day = LiveDay.objects.create(venue=venue, gaming_day=day, part=part,
                                      submission=submission)  # fmt: skip
    return LiveDay.objects.select_for_update().get(pk=live_day.pk)


def _store(live_day: LiveDay, table: str, rounds: list[PostedRound]) -> Receipt:
    """Append the rounds to the day's file (at the size the database knows: bytes of a post
    whose transaction did not commit are written over), its chunk, receipt and rounds."""
    submission = Submission.objects.select_for_update().get(pk=live_day.submission_id)
    data = b"".join(r.raw + b"\n" for r in rounds)
    start = submission.size_bytes
    with open(media_path(submission.raw_file), "r+b") as file:
        file.truncate(start)
        file.seek(start)
        file.write(data)
        file.flush()
        os.fsync(file.fileno())  # acknowledged means on the disk
    first_line = submission.lines_total + 1
    chunk = Chunk.objects.create(submission=submission, index=submission.chunk_count,
                                 first_line=first_line, start_offset=start,
                                 end_offset=start + len(data))  # fmt: skip
    Submission.objects.filter(pk=submission.pk).update(
        size_bytes=start + len(data), lines_total=submission.lines_total + len(rounds),
        chunk_count=submission.chunk_count + 1,
    )  # fmt: skip
    receipt = _receipt(live_day, table, hashlib.sha256(data).hexdigest(), len(rounds),
                       first_line, chunk.index)  # fmt: skip
    LiveRound.objects.bulk_create(
        LiveRound(receipt=receipt, venue=live_day.venue.code, gaming_day=live_day.gaming_day,
                  round_id=r.round_id, line_sha256=r.sha256, line=first_line + i)
        for i, r in enumerate(rounds)
    )  # fmt: skip
    LiveDay.objects.filter(pk=live_day.pk).update(last_post_at=timezone.now(),
                                                  validation_sent=True)  # fmt: skip
    return receipt


def _receipt(live_day: LiveDay, table: str, stored: str, rounds: int, first_line: int,
             chunk_index: int) -> Receipt:  # fmt: skip
    venue, day = live_day.venue.code, live_day.gaming_day
    last = Receipt.objects.filter(venue=venue, table=table, gaming_day=day).order_by("-seq")
    last = last.first()
    seq, previous = (last.seq + 1, last.hash) if last else (1, GENESIS)
    return Receipt.objects.create(
        live_day=live_day, venue=venue, table=table, gaming_day=day, seq=seq,
        stored_sha256=stored, rounds=rounds, first_line=first_line, previous=previous,
        hash=receipt_hash(venue, table, day.isoformat(), seq, stored, previous),
        received_at=timezone.now(), chunk_index=chunk_index,
    )  # fmt: skip


def receipt_dict(receipt: Receipt) -> dict:
    """A receipt as the API gives it and :func:`audits.live.chain.chain_problems` reads it."""
    return {
        "format": FORMAT, "venue": receipt.venue, "table": receipt.table,
        "gaming_day": receipt.gaming_day.isoformat(), "seq": receipt.seq,
        "stored_sha256": receipt.stored_sha256, "rounds": receipt.rounds,
        "first_line": receipt.first_line, "previous": receipt.previous, "hash": receipt.hash,
        "received_at": receipt.received_at.isoformat(),
    }  # fmt: skip


def live_day_validation_started(submission_id: int) -> None:
    """A worker starts on the day's waiting posts: the next post sends a message again (it
    waits for an append in progress, whose post the worker then finds)."""
    LiveDay.objects.filter(submission_id=submission_id, validation_sent=True).update(
        validation_sent=False
    )
