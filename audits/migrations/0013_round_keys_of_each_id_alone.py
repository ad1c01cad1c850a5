"""Round keys computed again: each id's key of its own bytes alone.

Before, a chunk's ids at one place were hashed together over as many 8-byte words as the
longest of them, so an id's key depended on the ids beside it: a round repeated in a chunk
holding a longer id was not found again.  Each stored row's keys are computed again from
its ids (kept in the row) and the row is sorted again by key, line, time and id together.
Rows whose ids all have as many words as the longest keep their keys.

The key and the row's layout are written out here as they were when this migration was made,
so that nothing the project changes later changes what it computes.
"""

import zlib
from hashlib import blake2b

import numpy as np
from django.db import migrations

KEYS, LINES, MICROS, ENDS = np.dtype("<u8"), np.dtype("<u4"), np.dtype("<i8"), np.dtype("<u4")
SEED = np.uint64(0x9E3779B97F4A7C15)
M1, M2 = np.uint64(0xFF51AFD7ED558CCD), np.uint64(0xC4CEB9FE1A85EC53)
S33 = np.uint64(33)
LONGEST_IN_COLUMNS = 256  # bytes; a longer id is hashed by BLAKE2b


def _mix(h: np.ndarray) -> np.ndarray:
    h = h ^ (h >> S33)
    h = h * M1
    h = h ^ (h >> S33)
    h = h * M2
    return h ^ (h >> S33)


def round_keys(data: np.ndarray, start: np.ndarray, length: np.ndarray) -> np.ndarray:
    """The 64-bit key of each round id (id ``i`` is ``data[start[i] : start[i] + length[i]]``,
    its UTF-8 bytes), of its bytes and length alone.  An id of at most
    :data:`LONGEST_IN_COLUMNS` bytes is read as little-endian 8-byte words (the last padded
    with zeros; an empty id one zero word), each mixed into a hash seeded with the length; a
    longer one is hashed by BLAKE2b."""
    padded = np.concatenate([data, np.zeros(1, np.uint8)])
    past_the_end = len(data)  # the zero byte a word reads past its id's end
    keys = SEED ^ (length.astype(np.uint64) * M2)
    words = np.maximum(1, (length + 7) // 8)
    short = length <= LONGEST_IN_COLUMNS
    for w in range(int(words[short].max(initial=0))):
        ids = np.flatnonzero(short & (words > w))
        word = np.zeros(len(ids), np.uint64)
        for b in range(8):
            at = 8 * w + b
            inside = length[ids] > at
            byte = padded[np.where(inside, start[ids] + at, past_the_end)]
            word |= byte.astype(np.uint64) << np.uint64(8 * b)
        keys[ids] = _mix(keys[ids] ^ word)
    for i in np.flatnonzero(~short).tolist():
        a = int(start[i])
        digest = blake2b(bytes(data[a : a + int(length[i])]), digest_size=8).digest()
        keys[i] = int.from_bytes(digest, "little")
    return keys


def stored_ids(blob: bytes, ends: bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ids of a row (its ``ids`` and ``id_ends``) as their bytes one after the other,
    with where each starts and how long it is."""
    end = np.frombuffer(ends, ENDS).astype(np.int64)
    length = np.diff(end, prepend=0)
    return np.frombuffer(zlib.decompress(blob), np.uint8), end - length, length


def recompute(apps, schema_editor):
    RoundKeys = apps.get_model("audits", "RoundKeys")
    for row in RoundKeys.objects.order_by("pk").iterator(chunk_size=100):
        data, start, length = stored_ids(bytes(row.ids), bytes(row.id_ends))
        keys = round_keys(data, start, length)
        if keys.tobytes() == bytes(row.keys):
            continue
        lines = np.frombuffer(bytes(row.lines), LINES).astype(np.int64)
        played = np.frombuffer(bytes(row.played), MICROS)
        order = np.lexsort((lines, keys))
        ordered = b"".join(
            data[a : a + n].tobytes() for a, n in zip(start[order].tolist(), length[order].tolist())
        )
        row.keys = keys[order].astype(KEYS).tobytes()
        row.lines = lines[order].astype(LINES).tobytes()
        row.played = played[order].astype(MICROS).tobytes()
        row.ids = zlib.compress(ordered, 1)
        row.id_ends = np.cumsum(length[order]).astype(ENDS).tobytes()
        row.save(update_fields=["keys", "lines", "played", "ids", "id_ends"])


class Migration(migrations.Migration):
    dependencies = [("audits", "0012_chunk_line_marks")]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
