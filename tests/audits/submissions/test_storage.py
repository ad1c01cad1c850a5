"""Storing an upload: the bytes kept unchanged, named by their SHA-256, whatever the blocks."""

from __future__ import annotations

import hashlib
import io
import random
import threading
import time
from types import SimpleNamespace

import pytest

from audits.submissions import storage
from audits.submissions.storage import SubmissionTooLarge, media_path, submission_store


def content(size: int) -> bytes:
    return random.Random(size).randbytes(size // 2 + 1).hex().encode()[:size]  # fixed seed


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
