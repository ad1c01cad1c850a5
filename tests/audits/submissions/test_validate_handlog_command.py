"""``manage.py validate_handlog`` never ends in a traceback: a file it cannot process is exit
status 2 and one sentence saying why; a file it can is 0 (clean) or 1 (findings)."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from unittest.mock import patch

import pytest
from django.core.management import execute_from_command_line

from tests.audits.conftest import round_line
from tests.audits.submissions_support import log

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str, str]:
    """The command as a shell runs it: its exit status, what it printed and its errors
    (the test's database connection kept open: the command closes them all as it ends)."""
    out, err = io.StringIO(), io.StringIO()
    keep = patch("django.core.management.base.connections.close_all")
    with redirect_stdout(out), redirect_stderr(err), keep:
        try:
            execute_from_command_line(["manage.py", "validate_handlog", *args])
            status = 0
        except SystemExit as exit:
            status = exit.code if isinstance(exit.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def refused(status: int, err: str) -> str:
    assert status == 2
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def test_line_one_not_utf8_names_no_venue(wa, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"venue": "WA-CR-0042", "round": "\xff\xfe"}\n' + round_line() + b"\n")
    status, _, err = run(str(path))
    # line 2 names the venue: the file is validated, line 1 rejected for its encoding
    assert status == 1 and "Traceback" not in err
    path.write_bytes(b"\xff\xfe\xfd not a round\n")
    assert "give --licensee" in refused(*run(str(path))[::2])


def test_undecodable_bytes_anywhere_are_findings_not_a_crash(wa, tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_bytes(log(round_line(round="a"), b"\x80\x81\x82", round_line(round="b")[:-2]
                         + b'\xc3"}', round_line(round="c")))  # fmt: skip
    status, out, err = run(str(path), "--licensee", wa.license_number)
    assert status == 1 and "Traceback" not in err
    assert "line_not_utf8" in out


def test_a_folder_a_missing_file_and_a_stranger_are_refused_in_a_sentence(wa, tmp_path):
    assert "is a folder" in refused(*run(str(tmp_path))[::2])
    assert "no such file" in refused(*run(str(tmp_path / "gone.jsonl"))[::2])
    path = tmp_path / "log.jsonl"
    path.write_bytes(log(round_line()))
    assert "no licensee" in refused(*run(str(path), "--licensee", "NOPE")[::2])


def test_an_unreadable_file_is_refused_in_a_sentence(wa, tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    path.write_bytes(log(round_line()))

    def unreadable(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("audits.management.commands.validate_handlog.open", unreadable,
                        raising=False)  # fmt: skip
    assert "could not be read: Permission denied" in refused(
        *run(str(path), "--licensee", wa.license_number)[::2]
    )


def test_a_file_that_shrinks_while_read_is_validated_as_read(wa, tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    path.write_bytes(log(*(round_line(round=f"r{i}") for i in range(200))))
    real_open = open

    class Shrinking(io.FileIO):
        def read(self, size=-1):
            data = super().read(size)
            with real_open(path, "r+b") as f:
                f.truncate(len(round_line()) * 3 // 2)  # cut mid-line, after the first read
            return data

        def readinto(self, buffer):
            got = super().readinto(buffer)
            with real_open(path, "r+b") as f:
                f.truncate(len(round_line()) * 3 // 2)
            return got

    monkeypatch.setattr("audits.management.commands.validate_handlog.open",
                        lambda p, mode="rb": Shrinking(p, "r"), raising=False)  # fmt: skip
    status, out, err = run(str(path), "--licensee", wa.license_number)
    assert status in (0, 1, 2) and "Traceback" not in err
    if status == 2:
        refused(status, err)


def test_a_file_that_is_not_a_hand_log_is_refused_in_a_sentence(wa, tmp_path):
    path = tmp_path / "rounds.csv"
    path.write_bytes(b"venue,table,round\nWA-CR-0042,T1,r1\n")
    said = refused(*run(str(path), "--licensee", wa.license_number)[::2])
    assert "This is not a hand log: it is a table of comma-separated values (CSV)" in said
