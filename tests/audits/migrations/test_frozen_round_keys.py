"""The round keys migrations 0006 and 0013 compute with their own copy of the key: the keys
stored since 0013, each id's of its own bytes alone, whatever ids are hashed with it."""

from __future__ import annotations

from importlib import import_module

import numpy as np
import pytest

MIGRATIONS = ("0006_round_keys_per_chunk", "0013_round_keys_of_each_id_alone")
#: ids at the edges of the words and of the columns, and the keys stored for them
STORED = {
    "T1-2026-10-01-000001": "0xae100ff89225c2cc",
    "": "0x9ca066f1a4ab2eea",
    "é": "0x1e4957263413b12e",
    "x" * 300: "0x1546d9cac139b512",
    "a" * 8: "0x1c9af2aca3e396ac",
    "a" * 9: "0xa8478a7339a6771c",
    "y" * 256: "0x13d748b350e16b3e",
    "y" * 257: "0x504719a23bc9cfd7",
    "a\x00": "0x3876172a3b44cccc",
}


def id_bytes(ids: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    encoded = [i.encode("utf-8") for i in ids]
    length = np.array([len(e) for e in encoded], np.int64)
    return np.frombuffer(b"".join(encoded), np.uint8), np.cumsum(length) - length, length


@pytest.mark.parametrize("name", MIGRATIONS)
def test_each_id_has_the_key_stored_since_0013(name):
    round_keys = import_module(f"audits.migrations.{name}").round_keys
    keys = round_keys(*id_bytes(list(STORED)))
    assert [hex(k) for k in keys.tolist()] == list(STORED.values())
    for one, key in STORED.items():
        assert hex(int(round_keys(*id_bytes([one]))[0])) == key
