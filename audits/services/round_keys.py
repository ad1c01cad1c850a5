"""The 64-bit key of a round (venue, table, round id): how duplicates are found."""

from __future__ import annotations

from hashlib import blake2b


def round_key(venue: str, table: str, round_id: str) -> int:
    """A signed 64-bit hash (a PostgreSQL ``bigint``); equal keys are then compared in full."""
    digest = blake2b(f"{venue}\x00{table}\x00{round_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)
