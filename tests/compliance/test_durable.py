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
