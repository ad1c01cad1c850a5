"""The bytes a receipt's leaf and a tree head are, as docs/live-rounds.md publishes them, and
the signature over a head."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta, timezone

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from audits.live.receipt_format import (
    FormatError,
    head_bytes,
    head_sign,
    head_signature_verifies,
    leaf_bytes,
    public_key_id,
    receipt_leaf_hash,
    timestamp_text,
)

RECEIPT = {"format": "compliance-receipt/1", "venue": "WA-CR-0042", "table": "T2",
           "gaming_day": "2026-11-01", "seq": 2, "stored_sha256": "a" * 64, "rounds": 1,
           "first_line": 2, "previous": "b" * 64, "hash": "c" * 64,
           "received_at": "2026-11-02T05:14:04.000000+00:00"}  # fmt: skip
HEAD = {"venue": "WA-CR-0042", "table": "T2", "gaming_day": "2026-11-01", "tree_size": 2,
        "root_hash": "d" * 64, "timestamp": "2026-11-02T05:14:04.000000+00:00"}  # fmt: skip


def test_a_leaf_is_every_field_a_line_in_the_published_order():
    assert leaf_bytes(RECEIPT) == (
        b"compliance-receipt/1\nWA-CR-0042\nT2\n2026-11-01\n2\n" + b"a" * 64 + b"\n1\n2\n"
        + b"b" * 64 + b"\n" + b"c" * 64 + b"\n2026-11-02T05:14:04.000000+00:00\n"
    )  # fmt: skip
    assert receipt_leaf_hash(RECEIPT) == hashlib.sha256(b"\x00" + leaf_bytes(RECEIPT)).digest()
    # what an API answer adds to a receipt is not in its leaf
    assert leaf_bytes({**RECEIPT, "leaf_hash": "e" * 64, "head": {}}) == leaf_bytes(RECEIPT)


@pytest.mark.parametrize(
    ("field", "value"),
    [("seq", "2"), ("seq", True), ("rounds", 1.0), ("table", "T2\nT3"), ("venue", None),
     ("received_at", 1)],
)  # fmt: skip
def test_a_field_that_cannot_be_written_one_way_is_refused(field, value):
    with pytest.raises(FormatError, match=field):
        leaf_bytes({**RECEIPT, field: value})
    with pytest.raises(FormatError, match="previous is missing"):
        leaf_bytes({k: v for k, v in RECEIPT.items() if k != "previous"})


def test_a_head_is_signed_over_its_format_and_six_fields():
    assert head_bytes(HEAD) == (
        b"compliance-tree-head/1\nWA-CR-0042\nT2\n2026-11-01\n2\n" + b"d" * 64
        + b"\n2026-11-02T05:14:04.000000+00:00\n"
    )  # fmt: skip
    key = Ed25519PrivateKey.generate()
    signed = head_sign(key, HEAD)
    raw = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    assert signed["key_id"] == public_key_id(key.public_key()) == hashlib.sha256(raw).hexdigest()
    key.public_key().verify(bytes.fromhex(signed["signature"]), head_bytes(HEAD))
    keys = {signed["key_id"]: key.public_key()}
    assert head_signature_verifies(signed, keys)
    for field, value in [("tree_size", 3), ("root_hash", "e" * 64), ("table", "T3"),
                         ("timestamp", "2026-11-02T05:14:05.000000+00:00")]:  # fmt: skip
        assert not head_signature_verifies({**signed, field: value}, keys), field
    other = Ed25519PrivateKey.generate()
    assert not head_signature_verifies(head_sign(other, HEAD), keys)  # not a published key
    assert not head_signature_verifies({**signed, "signature": "zz"}, keys)
    assert not head_signature_verifies({**signed, "tree_size": "2"}, keys)


def test_times_are_written_in_utc_to_the_microsecond():
    moment = datetime(2026, 11, 1, 21, 14, 4, tzinfo=timezone(timedelta(hours=-8)))
    assert timestamp_text(moment) == "2026-11-02T05:14:04.000000+00:00"
    assert timestamp_text(moment.astimezone(UTC).replace(microsecond=7)).endswith(".000007+00:00")
