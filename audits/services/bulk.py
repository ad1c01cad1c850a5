"""Writing findings and seen rounds in bulk: COPY on PostgreSQL, bulk inserts elsewhere."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.db import connection

from audits.models import Chunk, Finding, RoundSeen
from audits.validation.findings import Finding as FindingData

from .round_keys import round_key
from .tally import RoundPlace, SeenRound

BATCH = 5000
FINDING_COLUMNS = (
    "submission_id",
    "chunk_id",
    "line",
    "round_id",
    "venue",
    "table",
    "game",
    "played_at",
    "seat",
    "wager_key",
    "code",
    "group",
    "severity",
    "message",
    "rule",
    "expected",
    "recorded",
)
SEEN_COLUMNS = (
    "submission_id",
    "chunk_id",
    "key",
    "venue",
    "table",
    "round_id",
    "line",
    "played_at",
    "game",
)


def _finding_rows(chunk: Chunk, findings) -> Iterator[tuple]:
    for f, place in findings:
        venue, table, game, played_at = place or ("", "", "", None)
        yield (
            chunk.submission_id,
            chunk.pk,
            f.line,
            f.round[:200],
            venue[:40],
            table[:40],
            game[:60],
            played_at,
            f.seat,
            f.key[:40],
            f.code,
            f.group,
            f.severity,
            f.message,
            f.rule,
            f.expected,
            f.recorded,
        )


def _seen_rows(chunk: Chunk, rounds: Iterable[SeenRound]) -> Iterator[tuple]:
    submission_id, chunk_id = chunk.submission_id, chunk.pk
    for (venue, table, game, played_at), round_id, line in rounds:
        yield (
            submission_id,
            chunk_id,
            round_key(venue, table, round_id),
            venue[:40],
            table[:40],
            round_id[:200],
            line,
            played_at,
            game[:60],
        )


def write_findings(chunk: Chunk, findings: list[tuple[FindingData, RoundPlace | None]]) -> None:
    """Findings with their round's place, or None for a rejected line."""
    _write(Finding, FINDING_COLUMNS, _finding_rows(chunk, findings))


def write_rounds_seen(chunk: Chunk, rounds: list[SeenRound]) -> None:
    """Every round read, for the duplicate checks at the end."""
    _write(RoundSeen, SEEN_COLUMNS, _seen_rows(chunk, rounds))


def _write(model, columns: tuple[str, ...], rows: Iterator[tuple]) -> None:
    if connection.vendor == "postgresql":
        _copy(model._meta.db_table, columns, rows)
        return
    fields = [c[:-3] + "_id" if c.endswith("_id") else c for c in columns]
    batch = []
    for row in rows:
        batch.append(model(**dict(zip(fields, row, strict=True))))
        if len(batch) >= BATCH:
            model.objects.bulk_create(batch)
            batch = []
    if batch:
        model.objects.bulk_create(batch)


def _copy(table: str, columns: tuple[str, ...], rows: Iterator[tuple]) -> None:
    names = ", ".join(f'"{c}"' for c in columns)
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN') as copy:
            for row in rows:
                copy.write_row(row)
