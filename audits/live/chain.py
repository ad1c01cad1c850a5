"""The receipt chain: pure Python, the published format (docs/live-rounds.md) and nothing else.

Every accepted post is answered with a receipt; a receipt's hash covers the hash of the
bytes stored and the previous receipt's hash for the same venue, table and gaming day, so
a licensee can prove what it sent and when, and nobody can change, drop or reorder a post
afterwards without breaking every later hash.
"""

from __future__ import annotations

import hashlib

FORMAT = "compliance-receipt/1"
GENESIS = "0" * 64  # the "previous" of a table-day's first receipt


def receipt_hash(venue: str, table: str, gaming_day: str, seq: int, stored_sha256: str,
                 previous: str) -> str:  # fmt: skip
    """SHA-256 (hex) of the receipt's fields, one per line, in this order."""
    fields = (FORMAT, venue, table, gaming_day, str(seq), stored_sha256, previous)
    return hashlib.sha256("\n".join(fields).encode()).hexdigest()


def chain_problems(receipts: list[dict]) -> list[str]:
    """What is wrong with receipts of one or more table-days (empty: the chains verify).

    Each receipt is the API's dictionary: venue, table, gaming_day, seq, stored_sha256,
    previous, hash. Per table-day, the sequence starts at 1 and runs without a gap, each
    ``previous`` is the hash before it and each hash is recomputed."""
    problems: list[str] = []
    chains: dict[tuple, list[dict]] = {}
    for r in receipts:
        chains.setdefault((r["venue"], r["table"], r["gaming_day"]), []).append(r)
    for (venue, table, day), chain in sorted(chains.items()):
        where = f"{venue} {table} {day}"
        previous = GENESIS
        for expected, r in enumerate(sorted(chain, key=lambda r: r["seq"]), start=1):
            if r["seq"] != expected:
                problems.append(f"{where}: receipt {expected} is missing (next is {r['seq']})")
                break
            if r["previous"] != previous:
                problems.append(f"{where}: receipt {expected} does not follow receipt "
                                f"{expected - 1}")  # fmt: skip
                break
            again = receipt_hash(venue, table, day, r["seq"], r["stored_sha256"], previous)
            if again != r["hash"]:
                problems.append(f"{where}: receipt {expected} was changed (its hash is not "
                                "its fields')")  # fmt: skip
                break
            previous = r["hash"]
    return problems
