"""Rounds as they are played: a venue's table token appends posts of rounds over HTTP, each
answered with a receipt chained per table and gaming day; retries are stored once; another
venue is out of reach; the day closes into a submission equal to the same rounds uploaded
as one file."""

from __future__ import annotations

import hashlib
import io
import json
import random
from collections import Counter
from datetime import UTC, datetime, timedelta

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from audits.live.chain import GENESIS, chain_problems, receipt_hash
from audits.live.close import live_days_close
from audits.live.models import LiveDay, LiveRound, Receipt
from audits.live.tokens import table_token_create, table_token_revoke
from audits.samples import generate_toss_one
from audits.submissions.models import (
    Chunk,
    Submission,
    SubmissionStatus,
)
from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from audits.submissions.withdrawal import submission_withdraw, submission_withdrawal_decide
from games.models import Venue
from tests.audits.conftest import round_line
from tests.audits.live.support import judged, routable

LATER = datetime(2027, 1, 1, tzinfo=UTC)  # every gaming day of these tests has ended
NDJSON = "application/x-ndjson"


def _url(venue: str, table: str) -> str:
    return f"/api/live/venues/{venue}/tables/{table}/rounds/"


def _post(client: APIClient, secret: str, venue: str, table: str, lines: list[bytes]):
    body = b"\n".join(lines) + b"\n"
    return client.post(_url(venue, table), data=body, content_type=NDJSON,
                       HTTP_AUTHORIZATION=f"Table {secret}")  # fmt: skip


@pytest.fixture
def token(wa):
    return table_token_create(Venue.objects.get(code="WA-CR-0042"), "pit 1")[1]


def test_a_post_is_stored_with_a_receipt_chained_to_the_tables_last(wa, token):
    client = APIClient()
    first = _post(client, token, "WA-CR-0042", "T2", [round_line()])
    assert first.status_code == 201, first.content
    (r1,) = first.json()["receipts"]
    assert (r1["seq"], r1["previous"], r1["gaming_day"]) == (1, GENESIS, "2026-11-01")
    assert r1["stored_sha256"] == hashlib.sha256(round_line() + b"\n").hexdigest()
    second = _post(client, token, "WA-CR-0042", "T2", [round_line(round="T2-2026-11-01-000002")])
    (r2,) = second.json()["receipts"]
    assert (r2["seq"], r2["previous"]) == (2, r1["hash"])
    assert r2["hash"] == receipt_hash("WA-CR-0042", "T2", "2026-11-01", 2, r2["stored_sha256"],
                                      r1["hash"])  # fmt: skip
    assert chain_problems([r1, r2]) == []
    verified = client.post("/api/live/receipts/verify/", {"receipts": [r1, r2]}, format="json")
    assert verified.json() == {"ok": True, "receipts": 2, "heads": 2, "table_days": 1,
                               "problems": []}  # fmt: skip
    forged = {**r1, "stored_sha256": "0" * 64}
    assert not client.post("/api/live/receipts/verify/", {"receipts": [forged, r2]},
                           format="json").json()["ok"]  # fmt: skip
    assert chain_problems([r2]) == ["WA-CR-0042 T2 2026-11-01: receipt 1 is missing (next is 2)"]


def test_a_new_days_file_and_its_rounds_are_on_the_disk_before_the_post_is_answered(
    wa, token, monkeypatch
):
    import os

    synced, real_fsync = [], os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.fstat(fd).st_ino) or
                        real_fsync(fd))  # fmt: skip
    assert _post(APIClient(), token, "WA-CR-0042", "T2", [round_line()]).status_code == 201
    path = _media(LiveDay.objects.get().submission)
    # the new file's name (its folders up to the media's), then the rounds written into it
    assert synced == [*(f.stat().st_ino for f in list(path.parents)[:4]), path.stat().st_ino]


def test_a_retry_is_answered_as_before_and_stored_once(wa, token):
    client = APIClient()
    lines = [round_line(), round_line(round="T2-2026-11-01-000002")]
    first = _post(client, token, "WA-CR-0042", "T2", lines)
    again = _post(client, token, "WA-CR-0042", "T2", lines)
    assert again.status_code == 200
    assert again.json()["receipts"] == first.json()["receipts"]
    assert (again.json()["stored"], again.json()["stored_before"]) == (0, 2)
    assert [r["status"] for r in again.json()["rounds"]] == ["stored before"] * 2
    assert LiveRound.objects.count() == 2 and Receipt.objects.count() == 1
    day = LiveDay.objects.get()
    assert day.lines_total == 2 and day.chunk_count == 1


def test_the_same_round_id_with_other_bytes_is_a_finding_never_a_replacement(wa, token):
    client = APIClient()
    _post(client, token, "WA-CR-0042", "T2", [round_line()])
    other = round_line(seats__0__results__main="50")
    answer = _post(client, token, "WA-CR-0042", "T2", [other])
    assert answer.status_code == 201 and answer.json()["rounds"][0]["status"] == "stored"
    (closed,) = live_days_close(LATER)
    submission = Submission.objects.get(pk=closed.submission_id)
    assert submission.status == SubmissionStatus.DONE and submission.lines_total == 2
    codes = Counter(submission.findings.values_list("code", flat=True))
    assert codes["duplicate_round"] == 1
    stored = (submission.raw_file and open(_media(submission), "rb").read()).splitlines()
    assert stored == [round_line(), other]  # both kept, in the order received


def _media(submission):
    from audits.submissions.run import media_path

    return media_path(submission.raw_file)


def test_a_line_that_cannot_be_routed_refuses_the_post_with_where_and_why(wa, token):
    client = APIClient()
    lines = [round_line(), b"{not json", round_line(table="T3"), round_line(played_at="soon")]
    answer = _post(client, token, "WA-CR-0042", "T2", lines)
    assert answer.status_code == 400
    errors = answer.json()["errors"]
    assert [(e["line"], e["field"]) for e in errors] == [(2, "line"), (3, "table"),
                                                          (4, "played_at")]  # fmt: skip
    assert not LiveRound.objects.exists() and not LiveDay.objects.exists()


def test_a_token_reaches_its_own_venue_only_and_reads_nothing(wa, token):
    client = APIClient()
    cedar = round_line(venue="WA-TC-0007", table="T1")
    foreign = _post(client, token, "WA-TC-0007", "T1", [cedar])
    unknown = _post(client, token, "XX-NOPE-1", "T1", [cedar])
    assert foreign.status_code == unknown.status_code == 404
    assert foreign.json() == unknown.json()  # whether the venue exists is not said
    assert not LiveRound.objects.exists()
    for read in ("/api/audits/submissions/", "/api/registry/venues/", "/api/audits/reports/"):
        answer = client.get(read, HTTP_AUTHORIZATION=f"Table {token}")
        assert answer.status_code in (401, 403), read
    # a round id stored at another venue is answered like any new round
    cedar_secret = table_token_create(Venue.objects.get(code="WA-TC-0007"), "pit")[1]
    _post(client, cedar_secret, "WA-TC-0007", "T1",
          [round_line(venue="WA-TC-0007", table="T1", round="SHARED-1")])  # fmt: skip
    mine = _post(client, token, "WA-CR-0042", "T2", [round_line(round="SHARED-1")])
    assert mine.status_code == 201 and mine.json()["rounds"][0]["status"] == "stored"
    # revoked, malformed and user tokens are refused at the append
    table_token_revoke(Venue.objects.get(code="WA-CR-0042") and _token_of(token))
    assert _post(client, token, "WA-CR-0042", "T2", [round_line()]).status_code == 401
    assert _post(client, "tt_guess", "WA-CR-0042", "T2", [round_line()]).status_code == 401
    nobody = client.post(_url("WA-CR-0042", "T2"), data=round_line(), content_type=NDJSON)
    assert nobody.status_code == 401


def _token_of(secret: str):
    from audits.live.tokens import table_token_find

    return table_token_find(secret)


def test_a_round_after_its_day_closed_is_kept_apart_as_late(wa, token):
    client = APIClient()
    _post(client, token, "WA-CR-0042", "T2", [round_line()])
    live_days_close(LATER)
    late = _post(client, token, "WA-CR-0042", "T2", [round_line(round="T2-2026-11-01-000009")])
    assert late.status_code == 201
    assert late.json()["receipts"][0]["seq"] == 2  # the table-day's chain goes on
    parts = list(LiveDay.objects.order_by("part"))
    assert [(p.part, p.late, p.closed_at is not None) for p in parts] == [
        (0, False, True), (1, True, False)]  # fmt: skip
    assert parts[1].submission.original_name.endswith("-late-1.jsonl")
    assert live_days_close(LATER + timedelta(hours=1)) == [parts[1]]
    assert live_days_close(LATER + timedelta(hours=2)) == []  # closed once


def test_a_closed_day_equals_the_same_rounds_uploaded_as_one_file(
    wa, token, tmp_path, django_capture_on_commit_callbacks, django_user_model
):
    """Every table's rounds posted in batches of 1 to 50 (seeded), then the day closed: the
    same findings (but their lines) and the same totals as the file of the same lines."""
    path = tmp_path / "days.jsonl"
    generate_toss_one(path, rounds=400, start="2026-10-10", days=2, fault_rate=0.08, seed=11)
    lines_routed = [line for line in path.read_bytes().splitlines() if routable(line)]
    by_table: dict[str, list[bytes]] = {}
    for line in lines_routed:
        by_table.setdefault(json.loads(line)["table"], []).append(line)
    client, rng, receipts = APIClient(), random.Random(5), []
    posted: list[bytes] = []
    for table, lines in sorted(by_table.items()):
        while lines:
            batch = lines[: rng.randint(1, 50)]
            lines = lines[len(batch) :]
            with django_capture_on_commit_callbacks(execute=True):  # validated as it lands
                answer = _post(client, token, "WA-CR-0042", table, batch)
            assert answer.status_code == 201, answer.content
            receipts += answer.json()["receipts"]
            posted += batch
    assert not Chunk.objects.filter(done=False).exists()  # each post validated on arrival
    closed = live_days_close(LATER)
    assert len(closed) == 2  # two gaming days
    out = io.StringIO()
    (tmp_path / "receipts.jsonl").write_text("\n".join(json.dumps(r) for r in receipts))
    call_command("verify_receipts", str(tmp_path / "receipts.jsonl"), stdout=out)
    assert out.getvalue().startswith("OK")
    live = [Submission.objects.get(pk=part.submission_id) for part in closed]
    assert all(s.status == SubmissionStatus.DONE for s in live)
    assert all(part.heads for part in LiveDay.objects.all())
    live_view = judged(live)
    someone = django_user_model.objects.create_user("compliance-officer")
    for s in live:  # out of the way, so the upload's rounds are not repeats of theirs
        why = "compared with the same rounds uploaded"
        submission_withdraw(s, user=someone, reason=why)  # a closed day: a request ...
        submission_withdrawal_decide(s, user=someone, accept=True, reason=why)  # ... accepted
    upload_path = tmp_path / "upload.jsonl"
    upload_path.write_bytes(b"".join(line + b"\n" for line in posted))
    with open(upload_path, "rb") as stream:
        upload, _ = submission_store(stream, original_name="upload.jsonl", licensee=wa)
    upload = submission_validate_now(upload)
    # each round of the upload is linked to the withdrawn day's (the same bytes: notes)
    resent = upload.findings.filter(code="resent_after_withdrawal")
    # ... but the lines the format rejects: no round to link (they were rejected live too)
    rejected = set(upload.findings.filter(group="format").values_list("line", flat=True))
    assert rejected and resent.count() == len(posted) - len(rejected)
    assert not rejected & set(resent.values_list("line", flat=True))
    assert not resent.exclude(severity="warning").exists()
    assert judged([upload], besides=("resent_after_withdrawal",)) == live_view
    assert live_view["findings"]  # a month with faults: something to compare
