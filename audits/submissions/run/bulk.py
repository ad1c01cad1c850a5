"""Writing a chunk's findings and totals (COPY on PostgreSQL, bulk inserts elsewhere) and the
rounds it read (one row per place)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple

from django.db import DEFAULT_DB_ALIAS, connection, connections, models

from audits.submissions.models import Chunk, Finding, RoundKeys
from audits.submissions.run.round_keys import RoundsRead
from audits.submissions.run.tally import RoundPlace
from audits.validation.findings import Finding as FindingData

BATCH = 5000
ROUND_KEY_COLUMNS = ("submission_id", "chunk_id", "venue", "table", "game", "count", "keys",
                     "lines", "played", "ids", "id_ends")  # fmt: skip
ROUND_KEY_TYPES = ["int8", "int8", "varchar", "varchar", "varchar", "int4", "bytea", "bytea",
                   "bytea", "bytea", "bytea"]  # fmt: skip
class FindingRow(NamedTuple):
    """A finding as the table stores it, column by column: what a chunk's exact path and
    a submission's finish write (:func:`write_finding_rows`), no model instance made."""

    submission_id: int
    chunk_id: int | None
    line: int
    round_id: str
    venue: str
    table: str
    game: str
    played_at: datetime | None
    seat: int | None
    wager_key: str
    code: str
    group: str
    severity: str
    message: str
    rule: str
    expected: Decimal | None
    recorded: Decimal | None
    dealer: str
    shift: str


FINDING_COLUMNS = FindingRow._fields


#: where a rejected line that names no place was played: nowhere
NOWHERE = RoundPlace("", "", "", None)


def _finding_rows(chunks: list[Chunk], findings) -> Iterator[FindingRow]:
    firsts = [c.first_line for c in chunks]
    for f, place in findings:
        place = place or NOWHERE
        chunk = chunks[max(0, bisect_right(firsts, f.line) - 1)]  # the chunk of its line
        yield FindingRow(
            chunk.submission_id,
            chunk.pk,
            f.line,
            f.round[:200],
            place.venue[:40],
            place.table[:40],
            place.game[:60],
            place.played_at,
            f.seat,
            f.key[:40],
            f.code,
            f.group,
            f.severity,
            f.message,
            f.rule,
            f.expected,
            f.recorded,
            place.dealer,
            place.shift,
        )


def write_findings(chunks: list[Chunk],
                   findings: list[tuple[FindingData, RoundPlace | None]]) -> None:  # fmt: skip
    """Findings with their round's place, or None for a rejected line; each stored with the
    chunk of its line (``chunks``: the chunks read together, in line order)."""
    write_finding_rows(_finding_rows(chunks, findings))


def write_finding_rows(rows: Iterable[FindingRow]) -> None:
    """Findings stored at once, as rows (one COPY on PostgreSQL)."""
    _write(Finding, FINDING_COLUMNS, rows)


def write_round_keys(chunk: Chunk, read: RoundsRead) -> None:
    """Every round read, for the duplicate checks at the end: one row per place (binary COPY
    on PostgreSQL: the arrays travel as they are)."""
    rows = [
        RoundKeys(submission_id=chunk.submission_id, chunk=chunk, venue=venue[:40],
                  table=table[:40], game=game[:60], **arrays)
        for (venue, table, game), arrays in read.sorted_places()
    ]  # fmt: skip
    if connection.vendor != "postgresql":
        RoundKeys.objects.bulk_create(rows)
        return
    names = ", ".join(f'"{c}"' for c in ROUND_KEY_COLUMNS)
    table = RoundKeys._meta.db_table
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN (FORMAT BINARY)') as copy:
            copy.set_types(ROUND_KEY_TYPES)
            for row in rows:
                copy.write_row([getattr(row, c) for c in ROUND_KEY_COLUMNS])


def write_objects(model, objects: Iterable) -> None:
    """Unsaved ``model`` instances stored at once: one COPY on PostgreSQL (every concrete
    field but the key, each value as Django would save it), ``bulk_create`` elsewhere."""
    if connection.vendor != "postgresql":
        model.objects.bulk_create(objects)
        return
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    ready = connections[DEFAULT_DB_ALIAS]  # the connection itself, not looked up per value
    prepared = [(f.attname, _prepared(f, ready)) for f in fields]
    rows = ([prepare(getattr(o, name)) for name, prepare in prepared] for o in objects)
    _copy(model._meta.db_table, tuple(f.column for f in fields), rows)


#: the fields whose preparation for the database returns a value of these types unchanged (a
#: text field's ``str``, a whole number field's or a key's ``int``, a yes-or-no's ``bool``;
#: ``None`` for any): such a value is written as it is, any other prepared as Django saves it
#: (a resent month's 200,000 duplicate findings: half their COPY's time was preparing values)
AS_IS = {
    models.CharField: str, models.TextField: str, models.IntegerField: int,
    models.BigIntegerField: int, models.SmallIntegerField: int,
    models.PositiveIntegerField: int, models.PositiveSmallIntegerField: int,
    models.ForeignKey: int, models.BooleanField: bool,
}  # fmt: skip


def _prepared(field, ready) -> Callable:
    """How ``field``'s value is prepared for the COPY: as Django saves it, unless a value of
    its plain type (:data:`AS_IS`, the field's exact class)."""
    plain, save = AS_IS.get(type(field)), field.get_db_prep_save
    if plain is None:
        return lambda value: save(value, ready)

    def prepare(value):
        if value is None or type(value) is plain:
            return value
        return save(value, ready)

    return prepare


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
