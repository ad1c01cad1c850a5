"""A lock by name for the rest of the transaction, so that two requests deciding "is there
one already?" at once decide one after the other (a PostgreSQL advisory lock)."""

from __future__ import annotations

from hashlib import blake2b

from django.db import connection


def transaction_lock(name: str) -> None:
    """Hold the lock named ``name`` until the current transaction ends."""
    if connection.vendor != "postgresql":
        return  # the embedded database: one writer at a time already
    digest = blake2b(name.encode("utf-8", "surrogatepass"), digest_size=8).digest()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s)", [int.from_bytes(digest, "big", signed=True)]
        )
