"""A line rejected for its format but readable as JSON keeps the place it names on its
finding (venue, table, game, time, dealer, round), so a reviewer sorting findings by table or
dealer still sees it; a line that is not JSON has none."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from audits.submissions.storage import submission_store
from audits.submissions.submissions import submission_validate_now
from tests.audits.conftest import round_line
from tests.audits.submissions_support import log

pytestmark = pytest.mark.django_db


def _validated(wa, tmp_path, content: bytes):
    path = tmp_path / "log.jsonl"
    path.write_bytes(content)
    with open(path, "rb") as stream:
        submission, _ = submission_store(stream, original_name="log.jsonl", licensee=wa)
    return submission_validate_now(submission)


def test_a_rejected_line_keeps_the_place_it_names(wa, tmp_path):
    bad_card = round_line(round="bad-1", table="T3", dealer__id="D-17", dealer__cards=["ZZ"])
    submission = _validated(wa, tmp_path, log(round_line(), bad_card, b"not json at all"))
    rejected = submission.findings.filter(group="format").order_by("line")
    first, second = rejected
    assert first.line == 2 and first.code == "bad_card"
    assert (first.venue, first.table, first.game, first.dealer, first.round_id) == (
        "WA-CR-0042", "T3", "toss-one-21", "D-17", "bad-1")  # fmt: skip
    assert first.played_at == datetime(2026, 11, 2, 5, 14, 3, tzinfo=UTC)
    assert second.line == 3 and (second.venue, second.table, second.played_at) == ("", "", None)
    assert submission.rejected_lines == 2


def test_unreadable_parts_of_the_place_are_left_empty(wa, tmp_path):
    line = round_line(round="bad-2", table=7, played_at="yesterday", dealer="D", seats=[])
    submission = _validated(wa, tmp_path, log(line))
    finding = submission.findings.get()
    assert finding.group == "format"
    assert (finding.venue, finding.table, finding.played_at, finding.dealer) == (
        "WA-CR-0042", "", None, "")  # fmt: skip
