"""What the migration tests build in a past state of the models: a submission's chunk."""

from __future__ import annotations


def old_chunk(apps):
    """A licensee's submission with one chunk, in the models of ``apps`` (a past state)."""
    jurisdiction = apps.get_model("games", "Jurisdiction").objects.create(code="x", name="X")
    licensee = apps.get_model("games", "Licensee").objects.create(
        jurisdiction=jurisdiction, name="L", license_number="1"
    )
    submission = apps.get_model("audits", "Submission").objects.create(
        licensee=licensee, sha256="0" * 64, raw_file="f", original_name="old.jsonl", size_bytes=1
    )
    chunk = apps.get_model("audits", "Chunk").objects.create(
        submission=submission, index=0, first_line=1, start_offset=0, end_offset=1
    )
    return submission, chunk
