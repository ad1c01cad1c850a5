"""Files kept as evidence reach the disk before the service says so (compliance/durable.py):
the storage of uploads and of investigations' evidence are tested where they keep a file."""

from __future__ import annotations

from compliance import durable


def test_a_file_written_durably_is_synced_then_named(tmp_path, monkeypatch):
    synced, real_fsync = [], durable.os.fsync

    def fsync(descriptor):
        info = durable.os.fstat(descriptor)
        synced.append((info.st_ino, sorted(p.name for p in (tmp_path / "reports").iterdir())))
        real_fsync(descriptor)

    monkeypatch.setattr(durable.os, "fsync", fsync)
    path = tmp_path / "reports" / "r.pdf"
    durable.write_durably(path, b"%PDF signed")
    assert path.read_bytes() == b"%PDF signed"
    partial, folder = synced
    assert partial[1] == ["r.pdf.part"]  # its bytes synced before it takes the name
    assert folder == (path.parent.stat().st_ino, ["r.pdf"])  # then the name
    durable.write_durably(path, b"%PDF again")
    assert path.read_bytes() == b"%PDF again" and len(synced) == 4


def test_a_large_file_is_synced_while_it_is_written(tmp_path, monkeypatch):
    synced, real = [], durable.os.fdatasync
    monkeypatch.setattr(durable.os, "fdatasync", lambda fd: synced.append(fd) or real(fd))
    with open(tmp_path / "upload", "wb") as file, durable.EarlySync(file, every=1000) as early:
        descriptor = file.fileno()
        for _ in range(10):
            file.write(b"x" * 400)
            file.flush()
            early.wrote(400)
            early.wait()  # one at a time: here each is done before the next write
    assert synced == [descriptor] * 3  # at 1,200, 2,400 and 3,600 bytes written
