"""Storing an upload: the bytes kept unchanged, named by their SHA-256, whatever the blocks."""

from __future__ import annotations

import gzip
import hashlib
import io
import random
import re
import threading
import time
from types import SimpleNamespace

import pytest

from audits.submissions import storage
from audits.submissions.models import Submission
from audits.submissions.run import media_path
from audits.submissions.storage import NotAHandLog, SubmissionTooLarge, submission_store


def content(size: int) -> bytes:
    """``size`` bytes of lines that start like records, their ids random (fixed seed): what
    is stored is not read, but a file of no records is refused at the door."""
    rng, out = random.Random(size), bytearray()
    while len(out) < size:
        out += b'{"round": "' + rng.randbytes(rng.randint(1, 40)).hex().encode() + b'"}\n'
    return bytes(out[:size])


@pytest.mark.parametrize("block", [7, 4096, 1 << 22])
def test_the_stored_bytes_and_their_sha256_whatever_the_block(wa, monkeypatch, block):
    monkeypatch.setattr(storage, "BLOCK", block)
    data = content(50_001)
    submission, created = submission_store(io.BytesIO(data), original_name="a.jsonl",
                                           licensee=wa)  # fmt: skip
    assert created
    assert submission.sha256 == hashlib.sha256(data).hexdigest()
    assert media_path(submission.raw_file).read_bytes() == data
    assert submission.size_bytes == len(data)
    assert not list(media_path("incoming").iterdir())  # nothing left behind
    assert not _hashing_threads()  # the helper that hashed the blocks has stopped


def test_an_upload_over_the_limit_in_a_later_block_keeps_nothing(wa, monkeypatch):
    monkeypatch.setattr(storage, "BLOCK", 1000)
    with pytest.raises(SubmissionTooLarge):
        submission_store(io.BytesIO(content(10_000)), original_name="a.jsonl", licensee=wa,
                         max_bytes=5_500)  # fmt: skip
    assert not list(media_path("incoming").iterdir())
    assert not media_path("submissions").exists()


def test_a_stream_that_fails_midway_keeps_nothing(wa, monkeypatch):
    monkeypatch.setattr(storage, "BLOCK", 1000)

    class Broken(io.BytesIO):
        def read(self, n=-1):
            if self.tell() >= 3000:
                raise OSError("the client went away")
            return super().read(n)

    with pytest.raises(OSError):
        submission_store(Broken(content(10_000)), original_name="a.jsonl", licensee=wa)
    assert not list(media_path("incoming").iterdir())
    assert not _hashing_threads()


def test_a_stream_that_reuses_its_buffer_is_hashed_as_it_was_read(wa, monkeypatch):
    # each block is hashed while the next is read: a stream filling the same buffer again
    # must not change what the block already read is hashed as
    monkeypatch.setattr(storage, "BLOCK", 1000)
    # storage's SHA-256 waits before each block: the next block is read first
    monkeypatch.setattr(storage, "hashlib", SimpleNamespace(sha256=SlowSha256))
    data = content(10_000)

    class Reusing(io.BytesIO):
        buffer = bytearray(1000)

        def read(self, n=-1):
            got = super().read(n)
            self.buffer[: len(got)] = got
            return memoryview(self.buffer)[: len(got)]

    submission, _ = submission_store(Reusing(data), original_name="a.jsonl", licensee=wa)
    assert submission.sha256 == hashlib.sha256(data).hexdigest()
    assert media_path(submission.raw_file).read_bytes() == data


class SlowSha256:
    """SHA-256 that waits before hashing each block, as a slow hash would."""

    def __init__(self):
        self._sha = hashlib.sha256()

    def update(self, block) -> None:
        time.sleep(0.02)
        self._sha.update(block)

    def hexdigest(self) -> str:
        return self._sha.hexdigest()


def _hashing_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("upload-sha256")]


# ------------------------------------------------------- refused at the door: not a hand log


def _nothing_kept() -> bool:
    incoming = media_path("incoming")
    return not (incoming.exists() and list(incoming.iterdir())) and not (
        media_path("submissions").exists() and any(media_path("submissions").rglob("*.*"))
    )


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"venue,table,round,main\n" + b"WA-CR-0042,T1,r1,25\n" * 50_000, "(CSV)"),  # 1 MB
        (random.Random(7).randbytes(300_000), "binary data"),  # fixed seed
        (b"\x1f\x8b\x08\x00" + b"\x00" * 600, "starts like a gzip file but is not one"),
        (gzip.compress(b"venue,table\nWA,T1\n", mtime=0), "(CSV)"),  # a gzip of a CSV
        (gzip.compress(b"<html><body>Sign in</body></html>", mtime=0), "an HTML page"),
    ],
)
def test_what_is_not_a_hand_log_is_refused_and_nothing_is_kept(wa, monkeypatch, data, said):
    monkeypatch.setattr(storage, "BLOCK", 4096)  # judged before the end of a large file
    with pytest.raises(NotAHandLog, match=re.escape(said)) as refused:
        submission_store(io.BytesIO(data), original_name="export.csv", licensee=wa)
    assert str(refused.value).startswith("This is not a hand log: ")
    assert not Submission.objects.exists() and _nothing_kept()
    assert not _hashing_threads()


def test_a_truncated_gzip_of_records_is_kept_and_its_cut_reported_later(wa):
    packed = gzip.compress(content(20_000))[:-40]
    submission, created = submission_store(io.BytesIO(packed), original_name="a.gz", licensee=wa)
    assert created and submission.compressed


def test_the_file_and_its_name_are_on_the_disk_before_the_submission_is_recorded(wa, monkeypatch):
    """Acknowledged means on the disk: the file synced before its rename, then the folders
    that name it, all before the submission's row exists (a crash loses no accepted file)."""
    synced, real_fsync = [], storage.os.fsync

    def fsync(descriptor):
        info = storage.os.fstat(descriptor)
        rows = Submission.objects.filter(licensee=wa).count()
        synced.append(((info.st_dev, info.st_ino), rows))
        real_fsync(descriptor)

    monkeypatch.setattr(storage.os, "fsync", fsync)
    data = content(10_000)
    submission, _ = submission_store(io.BytesIO(data), original_name="a.jsonl", licensee=wa)
    path = media_path(submission.raw_file)
    inode = lambda p: (p.stat().st_dev, p.stat().st_ino)  # noqa: E731
    expected = [inode(path), *(inode(folder) for folder in list(path.parents)[:4])]
    assert [node for node, _ in synced] == expected
    assert all(rows == 0 for _, rows in synced)  # before the submission was recorded
