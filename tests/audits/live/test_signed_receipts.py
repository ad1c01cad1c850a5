"""Receipts signed by the service (issue 52): each post's receipt answered with the signed
head of its table-day's Merkle tree and its inclusion proof, checked by ``verify_receipts``
and the open verify endpoint against this service's published keys; another service's
receipts, an edited field, a dropped receipt are each refused, saying which and why."""

from __future__ import annotations

import io
import json

import pytest
from cryptography.hazmat.primitives.serialization import load_pem_private_key
from django.core.management import call_command
from rest_framework.test import APIClient

from audits.live.close import live_days_close
from audits.live.merkle import verify_consistency
from audits.live.models import LiveDay, TreeHead
from audits.live.receipt_format import LEAF_FIELDS
from audits.live.receipt_keys import receipt_key_create, receipt_verify_keys
from audits.live.receipts_check import receipts_check
from audits.live.tokens import table_token_create
from games.models import Venue
from tests.audits.conftest import round_line
from tests.audits.live.support import issued

pytestmark = pytest.mark.django_db
NDJSON = "application/x-ndjson"
VERIFY = "/api/live/receipts/verify/"


@pytest.fixture
def posted(wa):
    """Three posts of table T2 on 1 November 2026 (and one of T3), as the API answered."""
    secret = table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit 1")[1]
    client, receipts = APIClient(), []
    for table, number in [("T2", 1), ("T2", 2), ("T3", 1), ("T2", 3)]:
        line = round_line(round=f"{table}-2026-11-01-{number:06d}", table=table)
        answer = client.post(f"/api/live/venues/WA-CR-0042/tables/{table}/rounds/",
                             data=line + b"\n", content_type=NDJSON,
                             HTTP_AUTHORIZATION=f"Table {secret}")  # fmt: skip
        assert answer.status_code == 201, answer.content
        receipts += answer.json()["receipts"]
    return receipts


def _edited(value):
    """``value`` changed the least: an integer by one, text in its last character."""
    if isinstance(value, int):
        return value + 1
    return value[:-1] + ("0" if value[-1] != "0" else "1")


def _check(items) -> list[str]:
    return receipts_check(items, receipt_verify_keys()).problems


def _verify_command(tmp_path, items) -> tuple[int, str]:
    path = tmp_path / "receipts.jsonl"
    path.write_text("\n".join(json.dumps(i) for i in items))
    out = io.StringIO()
    try:
        call_command("verify_receipts", str(path), stdout=out)
    except SystemExit as stop:
        return stop.code, out.getvalue()
    return 0, out.getvalue()


def test_each_receipt_carries_its_signed_head_and_inclusion_proof(posted, tmp_path):
    t2 = [r for r in posted if r["table"] == "T2"]
    assert [(r["seq"], r["head"]["tree_size"], r["inclusion"]["tree_size"]) for r in t2] == [
        (1, 1, 1), (2, 2, 2), (3, 3, 3)]  # fmt: skip
    assert t2[2]["head"]["consistency"]["first"] == 2  # proven to begin with the head before
    assert TreeHead.objects.filter(table="T2").count() == 3
    assert _check(posted) == []
    assert _verify_command(tmp_path, posted) == (0, "OK: 4 receipts, 4 signed heads, "
                                                    "2 table-day(s) verify\n")  # fmt: skip
    answer = APIClient().post(VERIFY, {"receipts": posted}, format="json").json()
    assert (answer["ok"], answer["receipts"], answer["heads"]) == (True, 4, 4)


@pytest.mark.parametrize("field", LEAF_FIELDS)
def test_a_receipt_with_any_field_edited_fails_naming_it(posted, field):
    edited = {**posted[1], field: _edited(posted[1][field])}  # T2's second
    problems = _check([posted[0], edited, posted[3]])
    assert problems, field
    assert any("receipt 2" in p or "T2" in p for p in problems), problems


def test_a_head_with_an_edited_field_or_signature_fails(posted):
    for name in ("root_hash", "timestamp", "tree_size", "signature"):
        head = posted[3]["head"]
        receipt = {**posted[3], "head": {**head, name: _edited(head[name])}}
        problems = _check([posted[0], posted[1], receipt])
        assert problems, name


def test_a_dropped_receipt_is_named_missing(posted, tmp_path):
    t2 = [r for r in posted if r["table"] == "T2"]
    problems = _check([t2[0], t2[2]])  # the head of size 3 covers the second
    assert any("receipt 2 is missing" in p for p in problems), problems
    code, out = _verify_command(tmp_path, [t2[0], t2[2]])
    assert code == 1 and "receipt 2 is missing" in out


def test_two_services_each_verify_their_own_receipts_and_refuse_the_others(
    posted, tmp_path, settings
):
    """Another instance, with its own key, took rounds for the same venue, table and day."""
    other_path = tmp_path / "other.pem"
    receipt_key_create(other_path)
    other_key = load_pem_private_key(other_path.read_bytes(), password=None)
    theirs = issued(3, other_key, table="T2", day="2026-11-01")
    ours = [r for r in posted if r["table"] == "T2"]
    assert _check(ours) == []
    refused = _check(theirs)
    assert len(refused) == 3
    assert all("signature does not verify with any published key" in p for p in refused)
    settings.LIVE_RECEIPT_KEY, settings.LIVE_RECEIPT_PREVIOUS_KEYS = str(other_path), []
    assert _check(theirs) == []  # the other service, by its own published key
    assert len(_check(ours)) == 3  # refuses ours
    answer = APIClient().post(VERIFY, {"receipts": ours}, format="json").json()
    assert answer["ok"] is False and len(answer["problems"]) == 3


def test_a_rewritten_day_is_inconsistent_with_the_heads_given_before(posted, settings):
    """The same service signing a second history of the table-day: two roots for one size."""
    ours = [r for r in posted if r["table"] == "T2"]
    rewritten = issued(3, _service_key(settings), table="T2", day="2026-11-01")
    problems = _check([*ours, rewritten[2]["head"]])
    assert any("two roots for 3 receipts" in p for p in problems), problems


def _service_key(settings):
    from audits.live.receipt_keys import receipt_signing_key

    return receipt_signing_key()


def test_the_consistency_endpoint_proves_a_head_begins_the_next(posted):
    api = APIClient()
    query = {"venue": "WA-CR-0042", "table": "T2", "gaming_day": "2026-11-01"}
    answer = api.get("/api/live/receipts/consistency/", {**query, "first": 1, "second": 3})
    assert answer.status_code == 200, answer.content
    heads = {h.tree_size: bytes.fromhex(h.root_hash) for h in TreeHead.objects.filter(table="T2")}
    proof = [bytes.fromhex(p) for p in answer.json()["proof"]]
    assert verify_consistency(1, 3, heads[1], heads[3], proof)
    t2 = [r for r in posted if r["table"] == "T2"]
    heads_only = [{**t2[0]["head"]}, {k: v for k, v in t2[2]["head"].items()
                                     if k != "consistency"}]  # fmt: skip
    assert any("no consistency proof" in p for p in _check(heads_only))
    assert _check([*heads_only, answer.json()]) == []
    missing = api.get("/api/live/receipts/consistency/", {**query, "first": 1, "second": 9})
    assert missing.status_code == 404
    bad = api.get("/api/live/receipts/consistency/", {**query, "first": "x", "second": 3})
    assert bad.status_code == 400


def test_the_keys_endpoint_publishes_the_key_that_signs(posted):
    keys = APIClient().get("/api/live/receipts/keys/").json()["keys"]
    assert keys[0]["key_id"] == posted[0]["head"]["key_id"]


def test_the_close_publishes_each_tables_last_signed_head(posted, tmp_path):
    from datetime import UTC, datetime

    closed = live_days_close(datetime(2026, 11, 3, 12, tzinfo=UTC))
    assert len(closed) == 1
    heads = LiveDay.objects.get().heads
    assert {t: h["tree_size"] for t, h in heads.items()} == {"T2": 3, "T3": 1}
    assert _check([*posted, *heads.values()]) == []
