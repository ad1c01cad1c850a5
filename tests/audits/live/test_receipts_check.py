"""The receipts' check, by the published format and keys alone: it says which receipt or head
fails and why, and whatever it is given, it answers (never raises)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.live.receipt_format import HEAD_FORMAT, head_sign, public_key_id
from audits.live.receipts_check import receipts_check
from tests.audits.live.support import issued

KEY = Ed25519PrivateKey.generate()
KEYS = {public_key_id(KEY.public_key()): KEY.public_key()}
DAY = "WA-CR-0042 T2 2026-11-01"


def problems(items) -> list[str]:
    return receipts_check(items, KEYS).problems


def test_a_service_s_receipts_verify_and_are_counted_once():
    answers = issued(5, KEY)
    verdict = receipts_check(answers + answers[2:3], KEYS)  # a retry's answer again
    assert (verdict.ok, verdict.receipts, verdict.heads, verdict.table_days) == (True, 5, 5, 1)
    whole = [{"stored": 1, "stored_before": 0, "receipts": [a], "rounds": []} for a in answers]
    assert receipts_check(whole, KEYS).ok


def test_receipts_another_key_signed_are_refused_each():
    other = Ed25519PrivateKey.generate()
    found = problems(issued(2, other))
    assert found == [f"{DAY}: receipt {n}: signature does not verify with any published key"
                     for n in (1, 2)]  # fmt: skip


def test_missing_receipts_are_named_with_the_head_that_covers_them():
    answers = issued(6, KEY)
    found = problems([answers[0], answers[3], answers[5]])
    assert f"{DAY}: receipts 2 to 3 are missing: the head of size 6 covers them" in found
    assert f"{DAY}: receipt 5 is missing: the head of size 6 covers it" in found


def test_heads_are_consistent_with_one_another_or_it_is_said():
    answers = issued(4, KEY)
    fork = issued(4, KEY, start=datetime(2026, 11, 3, tzinfo=UTC))  # other times: other roots
    found = problems(answers + [fork[3]["head"]])
    assert f"{DAY}: head 4 is not consistent with head 4 (two roots for 4 receipts)" in found
    bad = json.loads(json.dumps(answers))
    bad[3]["head"]["consistency"]["proof"][0] = "00" * 32  # unsigned: the proof may be forged
    assert problems(bad) == [f"{DAY}: head 4 is not consistent with head 3"]
    no_proof = json.loads(json.dumps(answers))
    del no_proof[2]["head"]["consistency"]
    assert problems(no_proof) == [
        f"{DAY}: head 3 cannot be checked against head 2: no consistency proof between them "
        "here (/api/live/receipts/consistency/?venue=WA-CR-0042&table=T2&gaming_day=2026-11-01"
        "&first=2&second=3)"
    ]
    beside = {"format": "compliance-consistency/1", "venue": "WA-CR-0042", "table": "T2",
              "gaming_day": "2026-11-01", "first": 2, "second": 3,
              "proof": answers[2]["head"]["consistency"]["proof"]}  # fmt: skip
    assert problems([*no_proof, beside]) == []


def test_a_later_head_that_leaves_receipts_out_is_caught():
    answers = issued(3, KEY)
    later = head_sign(KEY, {**{k: answers[1]["head"][k] for k in ("venue", "table", "gaming_day",
                                                                   "tree_size", "root_hash")},
                            "timestamp": "2026-11-03T00:00:00.000000+00:00"})  # fmt: skip
    found = problems(answers + [{"format": HEAD_FORMAT, **later}])
    assert found == [f"{DAY}: head 2, signed at 2026-11-03T00:00:00.000000+00:00, is smaller "
                     "than head 3 signed before it at 2026-11-02T05:14:07.000000+00:00: "
                     "receipts acknowledged were left out"]  # fmt: skip


def test_one_receipt_given_with_two_faces_is_refused():
    answers = issued(2, KEY)
    found = problems([*answers, {**answers[1], "rounds": 2}])
    assert f"{DAY}: receipt 2: given twice, with different fields" in found


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 70) | st.text(max_size=8)
    | st.sampled_from(["compliance-tree-head/1", "compliance-consistency/1", "00" * 32]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["receipts", "heads", "head", "inclusion", "consistency", "proof",
                         "path", "seq", "tree_size", "first", "second", "format", "venue",
                         "root_hash", "leaf_index", "timestamp", "signature", "key_id"]),
        inner, max_size=6),
    max_leaves=20,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(JSON, max_size=4), st.data())
def test_whatever_it_is_given_it_answers(items, data):
    """Random values, and real receipts with a value put anywhere in them."""
    assert isinstance(receipts_check(items, KEYS).problems, list)
    answers = json.loads(json.dumps(issued(3, KEY)))
    target = answers[data.draw(st.integers(1, 2))]  # the first head follows none
    where = [[], ["head"], ["inclusion"], ["head", "consistency"]]
    for name in data.draw(st.sampled_from(where)):
        target = target[name]
    target[data.draw(st.sampled_from(sorted(target)))] = data.draw(JSON)
    assert isinstance(receipts_check(answers, KEYS).problems, list)
