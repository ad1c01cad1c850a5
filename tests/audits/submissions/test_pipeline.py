"""Submitting and validating hand logs end to end, on the database (SQLite and PostgreSQL)."""

from __future__ import annotations

import gzip
import io
import json

import pytest

from audits.submissions.models import Chunk, Finding, Submission, SubmissionTotal
from audits.submissions.run import SubmissionFailed, submission_prepare
from audits.submissions.run.chunk import chunk_validate
from audits.submissions.storage import NotAHandLog, media_path, submission_store
from audits.submissions.submissions import submission_validate_now
from tests.audits.conftest import round_line


def submit(licensee, content: bytes, name="log.jsonl", chunk_lines=50_000) -> Submission:
    submission, _ = submission_store(io.BytesIO(content), original_name=name, licensee=licensee)
    try:
        return submission_validate_now(submission, chunk_lines)
    except SubmissionFailed:
        submission.refresh_from_db()
        return submission


def codes(submission) -> list[tuple[int, str]]:
    return sorted(submission.findings.values_list("line", "code"))


def test_clean_round_gives_no_finding_and_its_totals(wa):
    s = submit(wa, round_line() + b"\n")
    assert (s.status, s.rounds_total, s.clean_rounds, s.rejected_lines) == ("done", 1, 1, 0)
    assert codes(s) == []
    lucky3 = SubmissionTotal.objects.get(submission=s, wager_key="lucky3")
    assert (lucky3.wagered, lucky3.net_result, lucky3.paid_out) == (5, 10, 10)


def test_raw_file_is_kept_unchanged_with_its_sha256(wa):
    content = round_line() + b"\n\nnot json\n"
    s = submit(wa, content)
    assert media_path(s.raw_file).read_bytes() == content
    import hashlib

    assert s.sha256 == hashlib.sha256(content).hexdigest()


def test_same_file_twice_is_the_same_submission(wa):
    content = round_line() + b"\n"
    first = submit(wa, content)
    again, created = submission_store(io.BytesIO(content), original_name="x", licensee=wa)
    assert (again.pk, created) == (first.pk, False)
    assert Submission.objects.count() == 1


def test_every_line_is_checked_or_rejected(wa):
    lines = [round_line(), b"", b"not json", b"[1]", round_line(round="T2-x-2"), b"\xff\xfe"]
    s = submit(wa, b"\n".join(lines) + b"\n")
    assert (s.rounds_total, s.rejected_lines, s.lines_total) == (2, 3, 5)
    assert codes(s) == [(3, "line_not_json"), (4, "line_not_object"), (6, "line_not_utf8")]


def test_round_over_the_2022_limit_but_within_the_2026_limit(wa):
    old = round_line(
        played_at="2022-06-01T20:00:00-07:00",
        round="T2-old",
        seats__0__wagers__main="350",
        seats__0__results__main="525",
    )
    new = round_line(round="T2-new", seats__0__wagers__main="350", seats__0__results__main="525")
    s = submit(wa, old + b"\n" + new + b"\n")
    over = s.findings.get(code="over_limit")
    assert over.line == 1
    assert (over.expected, over.recorded) == (300, 350)
    assert "WAC 230-15-140" in over.rule and "WSR 09-09-056" in over.rule


def test_duplicate_round_within_the_file_and_across_submissions(wa):
    first = submit(wa, round_line() + b"\n" + round_line() + b"\n", name="october.jsonl")
    assert codes(first) == [(2, "duplicate_round")]
    second = submit(
        wa, round_line(round="T2-other") + b"\n" + round_line() + b"\n", name="november.jsonl"
    )
    found = second.findings.get(code="duplicate_round_submitted")
    assert found.line == 2 and "october.jsonl" in found.message


def test_payout_findings_carry_both_amounts_and_the_rule(wa):
    s = submit(wa, round_line(seats__0__results__main="25") + b"\n")
    under = s.findings.get()
    assert (under.code, under.seat, under.wager_key) == ("underpaid", 1, "main")
    assert (under.expected, under.recorded) == (37.5, 25)
    assert "rule 8" in under.rule
    total = SubmissionTotal.objects.get(submission=s, wager_key="main")
    assert total.underpaid == 12.5


def test_unknown_venue_and_options_not_authorized(wa):
    s = submit(
        wa,
        round_line(venue="WA-XX-1")
        + b"\n"
        + round_line(round="r2", options={"blackjack_pays": "3:2", "lucky3_paytable": "2"})
        + b"\n",
    )
    # Lucky 3 paytable 2 is approved, but the venue is authorized to run paytable 1 only
    assert codes(s) == [(1, "unknown_venue"), (2, "options_not_authorized")]


def test_empty_file_fails_with_a_reason(wa):
    s = submit(wa, b"")
    assert s.status == "failed" and "empty" in s.failure_reason


def test_truncated_gzip_validates_the_lines_before_the_cut_and_reports_the_cut(wa):
    lines = [round_line(round=f"r{i}") for i in range(400)]
    packed = gzip.compress(b"\n".join(lines) + b"\n")
    s = submit(wa, packed[: len(packed) // 2], name="log.jsonl.gz")
    assert s.status == "done" and 0 < s.rounds_total < 400
    assert s.clean_rounds == s.rounds_total  # every whole line before the cut, checked
    cut = s.findings.get(code="file_truncated")
    assert cut.line == s.lines_total + 1 and "ends early" in cut.message
    assert s.rejected_lines <= 1  # the line the cut went through, if it did


def test_gzip_detected_by_magic_bytes_not_name(wa):
    s = submit(wa, gzip.compress(round_line() + b"\n"), name="log.txt")
    assert s.compressed and (s.status, s.rounds_total, s.clean_rounds) == ("done", 1, 1)


def test_ten_megabyte_line_is_rejected_and_the_rest_checked(wa):
    huge = b'{"v": 1, "round": "' + b"x" * (10 * 1024 * 1024) + b'"}'
    s = submit(wa, huge + b"\n" + round_line() + b"\n")
    assert codes(s) == [(1, "line_too_long")]
    assert (s.rounds_total, s.clean_rounds) == (1, 1)


def test_binary_upload_is_refused_at_the_door(wa):
    with pytest.raises(NotAHandLog, match="binary data"):
        submit(wa, bytes(range(256)) * 10)
    assert not Submission.objects.exists()


def test_binary_bytes_after_a_record_are_rejected_line_by_line(wa):
    s = submit(wa, round_line() + b"\n" + bytes(range(256)) * 10)
    assert s.status == "done" and s.rounds_total == 1
    assert s.rejected_lines == s.lines_total - 1 > 0


def test_chunks_give_the_same_findings_as_one_pass(wa):
    def log(prefix):
        return (
            b"\n".join(
                round_line(round=f"{prefix}{i}", seats__0__results__main="30" if i % 3 else "37.50")
                for i in range(10)
            )
            + b"\n"
        )

    one = submit(wa, log("a"))
    many = submit(wa, log("b") + b"\n", chunk_lines=3)
    assert many.chunk_count == 4
    assert codes(many) == codes(one)
    assert (many.rounds_total, many.clean_rounds) == (one.rounds_total, one.clean_rounds) == (10, 4)


def test_validating_a_chunk_again_stores_nothing_twice(wa):
    content = (
        b"\n".join(round_line(round=f"r{i}", seats__0__results__main="0") for i in range(6)) + b"\n"
    )
    submission, _ = submission_store(io.BytesIO(content), original_name="a", licensee=wa)
    chunks = submission_prepare(submission, lines_per_chunk=2)
    assert chunk_validate(chunks[0]) is True
    assert chunk_validate(Chunk.objects.get(pk=chunks[0].pk)) is False
    assert Finding.objects.filter(chunk=chunks[0]).count() == 2


def test_findings_export_fields(wa):
    from audits.submissions.summary import finding_dicts, findings_of

    s = submit(wa, round_line(seats__0__results__lucky3="40") + b"\n")
    (row,) = list(finding_dicts(findings_of(s), "America/Los_Angeles"))
    assert {k: row[k] for k in ("line", "round", "seat", "key", "code", "group")} == {
        "line": 1,
        "round": "T2-2026-11-01-000001",
        "seat": 1,
        "key": "lucky3",
        "code": "overpaid",
        "group": "payout",
    }
    assert (row["expected"], row["recorded"]) == ("10.00", "40.00")
    json.dumps(row)


@pytest.mark.parametrize(
    "bad, code",
    [
        (round_line(seats__0__wagers__main="5.001"), "bad_amount"),
        (round_line(seats__0__wagers__lucky3="-5"), "negative_stake"),
        (
            round_line(seats=[ROUND_SEAT := json.loads(round_line())["seats"][0]] * 2),
            "duplicate_seat",
        ),
        (round_line(game="baccarat"), "unknown_game"),
        (round_line(table="T9"), "unknown_table"),
    ],
)
def test_bad_input_gets_a_precise_finding(wa, bad, code):
    s = submit(wa, bad + b"\n")
    assert [c for _, c in codes(s)] == [code]


def test_a_chunk_that_keeps_failing_fails_its_submission_with_the_reason(wa):
    from audits.submissions.run.chunk import MAX_ATTEMPTS, ChunkGaveUp
    from audits.tasks import validate_chunk

    submission, _ = submission_store(
        io.BytesIO(round_line() + b"\n"), original_name="a", licensee=wa
    )
    (chunk,) = submission_prepare(submission)
    Chunk.objects.filter(pk=chunk.pk).update(attempts=MAX_ATTEMPTS)
    with pytest.raises(ChunkGaveUp):
        validate_chunk.apply(args=(submission.pk, 0), throw=True)
    submission.refresh_from_db()
    assert submission.status == "failed"
    assert "chunk 0 could not be validated" in submission.failure_reason
