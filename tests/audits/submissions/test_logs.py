"""Structured logs: each line of a submission's validation is JSON carrying its id."""

from __future__ import annotations

import io
import json
import logging

import pytest

from audits.submissions.models import Submission
from audits.submissions.storage import submission_store
from compliance.logs import ContextFilter, json_formatter
from games.models import Jurisdiction, Licensee

pytestmark = pytest.mark.django_db


@pytest.fixture
def json_lines():
    """What the production handler would print, read back as dicts."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(json_formatter())
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    saved = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        root.removeHandler(handler)
        root.setLevel(saved)


def test_every_line_of_a_validation_names_its_submission(
    json_lines, media, django_capture_on_commit_callbacks
):
    wa = Jurisdiction.objects.create(code="wa-wsgc", name="Washington")
    licensee = Licensee.objects.create(jurisdiction=wa, name="L", license_number="1")
    from audits.tasks import validate_submission

    submission, _ = submission_store(
        io.BytesIO(b"not json\n{}\n"), original_name="bad.jsonl", licensee=licensee
    )
    validate_submission.delay(submission.pk)  # eager here: the same code a worker runs
    submission = Submission.objects.get(pk=submission.pk)
    assert submission.status == "done" and submission.rejected_lines == 2
    ours = [r for r in json_lines() if r["logger"].startswith("audits")]
    messages = [r["message"] for r in ours]
    assert any(m.startswith("submission stored") for m in messages)
    assert any(m.startswith("split into 1 chunk") for m in messages)
    assert any(m.startswith("chunk 0 validated: 2 lines, 0 rounds") for m in messages)
    assert any(m.startswith("submission finished") for m in messages)
    assert all(r["submission"] == str(submission.uuid) for r in ours), ours
    assert all(r["task_id"] for r in ours if not r["message"].startswith("submission stored"))
    chunk_lines = [r for r in ours if r["message"].startswith("chunk 0")]
    assert chunk_lines and all(r["chunk"] == "0" for r in chunk_lines)
    assert {"time", "level", "logger", "request_id", "report"} <= set(ours[0])
