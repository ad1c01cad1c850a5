"""Appending rounds as they are played: each post of a table becomes one chunk of its gaming
day's submission, with a receipt chained to the table-day's previous one and a signed head of
the table-day's tree of receipts (:mod:`audits.live.heads`), and is validated
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

from audits.live.chain import GENESIS, receipt_hash
from audits.live.heads import tree_head_sign
from audits.live.models import LiveDay, LiveRound, Receipt, TableToken
from audits.live.posts import Plausible, PostedRound, post_read
from audits.submissions.live_days import live_submission_grown, live_submission_open
from audits.submissions.run import chunk_append, media_path
from compliance.durable import sync_folders
from games.models import Venue
from games.round_times import round_latest, venue_first_day

ATTEMPTS = 3  # a post whose rounds or receipt another post stored at the same moment


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
    held = Plausible(rule.timezone, rule.gaming_day_start, venue_first_day(venue),
                     round_latest(timezone.now()))  # fmt: skip
    posted = post_read(body, venue.code, table, held)
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
    """The day's new rounds stored, and each round's status.  What other posts may change
    meanwhile is read first; the day's lock is taken last, for the write and the commit
    alone.  Two posts storing the same round, or the same table's next receipt, at the same
    moment: the second's insert fails on a unique constraint, and it is made again."""
    for _ in range(ATTEMPTS - 1):
        try:
            with transaction.atomic():
                return _append_day_once(venue, table, day, group, dispatch)
        except IntegrityError:
            continue
    with transaction.atomic():  # the last attempt: a clash now is an error
        return _append_day_once(venue, table, day, group, dispatch)


def _append_day_once(venue: Venue, table: str, day: date, group: list[PostedRound], dispatch):
    known = {
        (x.round_id, x.line_sha256): x.receipt
        for x in LiveRound.objects.select_related("receipt").filter(
            round_id__in={r.round_id for r in group}, venue=venue.code, gaming_day=day
        )
    }
    new, seen = [], set()
    for r in group:
        if (r.round_id, r.sha256) not in known and (r.round_id, r.sha256) not in seen:
            new.append(r)
            seen.add((r.round_id, r.sha256))
    receipt = _store(venue, table, day, new, dispatch) if new else None
    statuses = []
    for r in group:
        earlier = known.get((r.round_id, r.sha256))
        statuses.append({"line": r.number, "round": r.round_id,
                         "status": "stored before" if earlier else "stored",
                         "receipt": (earlier or receipt).hash})  # fmt: skip
    given = [receipt] if receipt else []
    given += sorted({k.pk: k for k in known.values()}.values(), key=lambda k: k.seq)
    return given, statuses, len(new)


def _store(venue: Venue, table: str, day: date, rounds: list[PostedRound], dispatch) -> Receipt:
    """Append the rounds to the day's file (at the size the database knows: bytes of a post
    whose transaction did not commit are written over), its chunk, receipt and rounds; the
    day's next message to a worker sent after the commit when none is on its way."""
    data = b"".join(r.raw + b"\n" for r in rounds)
    last = Receipt.objects.filter(venue=venue.code, table=table, gaming_day=day)
    last = last.order_by("-seq").only("seq", "hash").first()
    live_day = _open_part(venue, day)  # locked from here to the commit
    start, index = live_day.size_bytes, live_day.chunk_count
    # the rows first: a post whose rows clash with another's writes nothing
    receipt = _receipt(live_day, venue.code, table, rounds, data, last)
    tree_head_sign(receipt)  # the head of the table-day's tree with this receipt, signed
    chunk_append(live_day.submission_id, index, receipt.first_line, start, start + len(data))
    _write_at(media_path(live_day.submission.raw_file), start, data)
    LiveDay.objects.filter(pk=live_day.pk).update(
        size_bytes=start + len(data), lines_total=live_day.lines_total + len(rounds),
        chunk_count=index + 1, last_post_at=timezone.now(), validation_sent=True,
    )  # fmt: skip
    if not live_day.validation_sent:
        # one message for the posts arriving until a worker starts on them (it takes the
        # day's waiting posts together). robust: a broker that cannot take the message does
        # not undo the answer (the rounds are stored); beat sends the chunk again
        # (audits/live/sweep.py)
        transaction.on_commit(lambda: dispatch(live_day.submission_id, index), robust=True)
    return receipt


def _receipt(live_day: LiveDay, venue: str, table: str, rounds: list[PostedRound],
             data: bytes, last: Receipt | None) -> Receipt:  # fmt: skip
    """The post's receipt, chained to the table's ``last``, and its rounds' rows."""
    day = live_day.gaming_day
    first_line = live_day.lines_total + 1
    seq, previous = (last.seq + 1, last.hash) if last else (1, GENESIS)
    stored = hashlib.sha256(data).hexdigest()
    receipt = Receipt.objects.create(
        live_day=live_day, venue=venue, table=table, gaming_day=day, seq=seq,
        stored_sha256=stored, rounds=len(rounds), first_line=first_line, previous=previous,
        hash=receipt_hash(venue, table, day.isoformat(), seq, stored, previous),
        received_at=timezone.now(), chunk_index=live_day.chunk_count,
    )  # fmt: skip
    LiveRound.objects.bulk_create(
        LiveRound(receipt=receipt, venue=venue, gaming_day=day, round_id=r.round_id,
                  line_sha256=r.sha256, line=first_line + i)
        for i, r in enumerate(rounds)
    )  # fmt: skip
    return receipt


def _write_at(path, start: int, data: bytes) -> None:
    with open(path, "r+b") as file:
        file.truncate(start)
        file.seek(start)
        file.write(data)
        file.flush()
        os.fsync(file.fileno())  # acknowledged means on the disk


def _open_part(venue: Venue, day: date) -> LiveDay:
    """The day's open part, locked (made when the day's first round arrives, or a late
    part when the day has closed)."""
    for _ in range(3):
        latest = (
            LiveDay.objects.select_for_update(of=("self",))
            .select_related("submission")
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
    sync_folders(path, levels=4)  # its name, up to the media folder, before the row commits
    # the findings one licensee's live day can store, across its venues, posts and parts
    cap_group = f"live:{venue.licensee_id}:{day.isoformat()}"
    submission = live_submission_open(venue.licensee_id, relative, name, cap_group)
    live_day = LiveDay.objects.create(venue=venue, gaming_day=day, part=part,
                                      submission=submission)  # fmt: skip
    return (
        LiveDay.objects.select_for_update(of=("self",))
        .select_related("submission")
        .get(pk=live_day.pk)
    )


def live_day_submission_counts(submission_id: int) -> None:
    """The day's submission told how far its file has grown (bytes, lines, chunks), as an
    upload's is: the posts keep these on the day, so that they never wait for a worker
    holding the submission's row."""
    grown = LiveDay.objects.filter(submission_id=submission_id)
    counts = grown.values("size_bytes", "lines_total", "chunk_count").first()
    if counts is not None:
        live_submission_grown(submission_id, **counts)


def live_day_validation_started(submission_id: int) -> None:
    """A worker starts on the day's waiting posts: the next post sends a message again (it
    waits for an append in progress, whose post the worker then finds)."""
    LiveDay.objects.filter(submission_id=submission_id, validation_sent=True).update(
        validation_sent=False
    )
