"""A submission's verdict, first on its page: clean, findings with the money paid wrong, a
damaged gzip called damaged (whatever its findings say), a file that could not be read; and
the page puts it, with its actions, before everything else."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from audits.submissions.summary import submission_summary
from audits.submissions.verdict import submission_verdict
from tests.audits.conftest import round_line
from tests.audits.submissions.test_pipeline import submit

pytestmark = pytest.mark.django_db


def _verdict(submission):
    return submission_verdict(submission, submission_summary(submission))


def _lines(n: int, overpay: int = 0) -> bytes:
    lines = [round_line(round=f"r{i}") for i in range(n)]
    for i in range(overpay):  # the Lucky 3 paid a unit more than won
        record = json.loads(lines[i])
        record["seats"][0]["results"]["lucky3"] = "11"
        lines[i] = json.dumps(record).encode()
    return b"\n".join(lines) + b"\n"


def test_a_clean_file_reads_clean(wa):
    v = _verdict(submit(wa, _lines(3)))
    assert v.tone == "clean"
    assert v.headline == (
        "Clean: every one of the 3 rounds was played, wagered and paid as approved."
    )


def test_findings_say_how_many_and_the_money_paid_wrong(wa):
    s = submit(wa, _lines(5, overpay=2))
    v = _verdict(s)
    summary = submission_summary(s)
    assert v.tone == "findings" and summary["findings"] >= 2
    assert v.headline.startswith(f"{summary['findings']:,} findings in 2 rounds of 5")
    assert f"overpaid USD {float(summary['overpaid']):,.2f}" in v.headline
    assert "open a case" in v.next_step


def test_a_damaged_gzip_is_called_damaged_first(wa):
    packed = bytearray(gzip.compress(_lines(3000)))
    packed[len(packed) * 4 // 5] ^= 0xFF  # one byte flipped, past the first lines read
    s = submit(wa, bytes(packed), name="log.jsonl.gz")
    assert s.status == "done"  # the lines before the damage are validated
    v = _verdict(s)
    assert v.tone == "damaged" and v.headline.startswith("Damaged file: the gzip")
    kept = s.findings.get(code="file_truncated").line - 1
    assert f"Only the {kept:,} lines before the damage were read." in v.headline
    assert "Send the whole file again" in v.next_step
    assert "Error -3" not in v.headline + v.detail  # zlib's words are for the service's log
    assert not re.search(r"\(s\)", v.headline + v.detail)


def test_a_cut_gzip_is_damaged_too_and_an_unreadable_file_failed(wa):
    packed = gzip.compress(_lines(400))
    v = _verdict(submit(wa, packed[: len(packed) // 2], name="log.jsonl.gz"))
    assert v.tone == "damaged" and "ends early" in v.headline
    v = _verdict(submit(wa, b""))
    assert v.tone == "failed" and "could not be read" in v.headline and "empty" in v.detail
