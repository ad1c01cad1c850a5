"""Writing a chunk's rows at once: what COPY stores (PostgreSQL) is what the ORM would."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest

from audits.submissions.models import ChunkSeat, ChunkTotal
from audits.submissions.run.bulk import write_objects
from tests.audits.conftest import round_line
from tests.audits.submissions.test_pipeline import submit

FIELDS = ("venue", "table", "game", "gaming_day", "wager_key", "rounds", "wagers", "wagered",
          "net_result", "paid_out", "stake_squares", "stake_cubes", "overpaid",
          "underpaid")  # fmt: skip


@pytest.mark.django_db
def test_objects_written_at_once_read_back_as_created(wa):
    chunk = submit(wa, round_line(round="B-1") + b"\n").chunks.get()
    made = [
        ChunkTotal(
            chunk=chunk,
            venue="WA-CR-0042",
            table="T 1",
            game="toss-one-21",
            gaming_day=date(2026, 10, 2),
            wager_key=key,
            rounds=3,
            wagers=2,
            wagered=Decimal("12.50"),
            net_result=Decimal("-7.25"),
            paid_out=Decimal(0),
            stake_squares=Decimal("78.13"),
            stake_cubes=Decimal("976.5625"),
            overpaid=Decimal("0.01"),
            underpaid=Decimal(0),
        )  # fmt: skip
        for key in ("main", "lucky3", "")
    ] + [ChunkTotal(chunk=chunk, venue="x", table="é ✓", game="g", gaming_day=None)]
    ChunkTotal.objects.filter(chunk=chunk).delete()
    write_objects(ChunkTotal, made)
    stored = ChunkTotal.objects.filter(chunk=chunk).order_by("venue", "wager_key")
    assert [tuple(getattr(t, f) for f in FIELDS) for t in stored] == sorted(
        (tuple(getattr(t, f) for f in FIELDS) for t in made), key=lambda r: (r[0], r[4])
    )
    ChunkSeat.objects.filter(chunk=chunk).delete()
    day = date(2026, 10, 2)
    seats = ChunkSeat(chunk=chunk, venue="v", table="t", game="g", gaming_day=day, seat_1=4,
                      seat_7=1)  # fmt: skip
    write_objects(ChunkSeat, [seats])
    seat = ChunkSeat.objects.get(chunk=chunk)
    assert (seat.seat_1, seat.seat_2, seat.seat_7) == (4, 0, 1)
    write_objects(ChunkSeat, [])  # nothing to write: nothing written, no error
    assert ChunkSeat.objects.filter(chunk=chunk).count() == 1


@pytest.mark.django_db
def test_findings_written_at_once_are_stored_as_the_orm_stores_them(wa):
    """Values of a field's plain type are written as they are; any other is prepared as
    Django saves it (a number given to a text field, numpy's integers, text COPY escapes)."""
    import numpy as np

    from audits.submissions.models import Finding

    first = submit(wa, round_line(round="B-1") + b"\n")
    second = submit(wa, round_line(round="B-2") + b"\n")
    played = datetime(2026, 10, 2, 21, 14, 3, 250000, tzinfo=UTC)

    def made(submission):
        return [
            Finding(submission=submission, line=np.int64(7), round_id=12345, venue="WA\tCR",
                    table="T\\1", game="é ✓\n", played_at=played, seat=np.int16(3),
                    wager_key="", code="overpaid", group="payout", severity="high",
                    message="line one\nline two", rule="", expected=Decimal("12.50"),
                    recorded=Decimal(3), dealer="", shift=""),
            Finding(submission=submission, line=1, round_id="", code="x", group="g",
                    severity="s", message="m", rule="r", seat=None, played_at=None),
        ]  # fmt: skip

    Finding.objects.filter(submission__in=[first, second]).delete()
    write_objects(Finding, made(first))
    Finding.objects.bulk_create(made(second))
    fields = [f.attname for f in Finding._meta.concrete_fields
              if f.attname not in ("id", "submission_id")]  # fmt: skip

    def stored(submission):
        rows = Finding.objects.filter(submission=submission).order_by("line")
        return [tuple(getattr(f, n) for n in fields) for f in rows]

    assert stored(first) == stored(second)
    assert stored(first)[1][fields.index("round_id")] == "12345"
