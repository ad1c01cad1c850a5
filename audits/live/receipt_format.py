"""The bytes the service hashes and signs for live receipts: pure Python, the published format
(docs/live-rounds.md, "Receipts") and nothing else.

- A receipt's **leaf** (a leaf of its table-day's Merkle tree, :mod:`audits.live.merkle`):
  its eleven fields, in ``LEAF_FIELDS`` order, each written as text and followed by ``\\n``
  (UTF-8): integers in decimal, everything else as the receipt carries it. Every field is in
  it, so changing any one (``received_at`` too) changes the leaf's hash.
- A **tree head**: ``HEAD_FORMAT`` then the head's six ``HEAD_FIELDS``, each followed by
  ``\\n``; the service signs these bytes with Ed25519. The format line keeps a signature
  over a head from meaning anything else.
- A **key id**: the SHA-256 (hex) of the raw 32-byte Ed25519 public key.

A text field holding ``\\n`` (or that is not text) is refused, so two different receipts
can never write the same bytes.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from audits.live.merkle import leaf_hash

HEAD_FORMAT = "compliance-tree-head/1"
CONSISTENCY_FORMAT = "compliance-consistency/1"
LEAF_FIELDS = ("format", "venue", "table", "gaming_day", "seq", "stored_sha256", "rounds",
               "first_line", "previous", "hash", "received_at")  # fmt: skip
INTEGER_FIELDS = frozenset({"seq", "rounds", "first_line", "tree_size"})
HEAD_FIELDS = ("venue", "table", "gaming_day", "tree_size", "root_hash", "timestamp")


class FormatError(ValueError):
    """A field that cannot be written in the published form."""


def _text(name: str, value) -> str:
    if name in INTEGER_FIELDS:
        if type(value) is not int:  # bool is an int to Python, not to the format
            raise FormatError(f"{name} is not an integer")
        return str(value)
    if not isinstance(value, str) or "\n" in value:
        raise FormatError(f"{name} is not one line of text")
    return value


def _lines(record: dict, names: tuple[str, ...]) -> bytes:
    try:
        return "".join(_text(n, record[n]) + "\n" for n in names).encode()
    except KeyError as missing:
        raise FormatError(f"{missing.args[0]} is missing") from None


def leaf_bytes(receipt: dict) -> bytes:
    return _lines(receipt, LEAF_FIELDS)


def receipt_leaf_hash(receipt: dict) -> bytes:
    return leaf_hash(leaf_bytes(receipt))


def head_bytes(head: dict) -> bytes:
    """The bytes a tree head's signature covers."""
    return (HEAD_FORMAT + "\n").encode() + _lines(head, HEAD_FIELDS)


def timestamp_text(moment: datetime) -> str:
    """A time as receipts and heads write it: UTC, to the microsecond."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def public_key_id(public_key: Ed25519PublicKey) -> str:
    return hashlib.sha256(public_key.public_bytes(Encoding.Raw, PublicFormat.Raw)).hexdigest()


def head_sign(private_key: Ed25519PrivateKey, head: dict) -> dict:
    """``head`` (its six fields) with ``key_id`` and ``signature`` (hex) added."""
    signature = private_key.sign(head_bytes(head)).hex()
    return {**head, "key_id": public_key_id(private_key.public_key()), "signature": signature}


def head_signature_verifies(head: dict, keys: dict[str, Ed25519PublicKey]) -> bool:
    """The head's signature verifies with the published key it names (``keys`` by key id)."""
    key_id, signature = head.get("key_id"), head.get("signature")
    if not isinstance(key_id, str) or not isinstance(signature, str) or key_id not in keys:
        return False
    key = keys[key_id]
    try:
        key.verify(bytes.fromhex(signature), head_bytes(head))
    except (InvalidSignature, ValueError):
        return False
    return True
