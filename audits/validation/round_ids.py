"""Round ids as bytes, many at once, and the 64-bit key of each: how a round is found again.

A round is known by (venue, table, round id).  Its *key* is a stable 64-bit hash of the
round id's UTF-8 bytes (length included), computed in numpy for a whole batch; equal keys
are then confirmed on the ids themselves (:mod:`audits.services.duplicates`).  The hash is
part of what is stored (:mod:`audits.services.round_keys`): changing it needs a migration
that computes the keys again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from hashlib import blake2b

import msgspec
import numpy as np

SEED = np.uint64(0x9E3779B97F4A7C15)
M1, M2 = np.uint64(0xFF51AFD7ED558CCD), np.uint64(0xC4CEB9FE1A85EC53)
S33 = np.uint64(33)
LONGEST_IN_COLUMNS = 256  # bytes; a longer id is hashed on its own (still deterministic)
KEYS = np.dtype("<u8")
BACKSLASH = ord("\\")
_TEXT = msgspec.json.Decoder(str)


@dataclass
class IdBytes:
    """Round ids as UTF-8 bytes one after the other: id ``i`` is
    ``data[start[i] : start[i] + length[i]]``."""

    data: np.ndarray  # uint8
    start: np.ndarray
    length: np.ndarray

    @classmethod
    def of(cls, ids: Sequence[str]) -> IdBytes:
        encoded = [i.encode("utf-8", "surrogatepass") for i in ids]
        length = np.fromiter(map(len, encoded), np.int64, len(encoded))
        data = np.frombuffer(b"".join(encoded), np.uint8)
        return cls(data, np.cumsum(length) - length, length)

    @classmethod
    def of_json(cls, spans, escaped: np.ndarray | None = None) -> IdBytes:
        """Ids from their raw JSON strings (:class:`~audits.validation.screen.fixed.Spans`):
        the bytes between the quotes, or, where an id has an escape, its decoded text.
        ``escaped``: which ids have an escape, where the caller knows (else the spans' bytes
        are searched, which then must hold nothing but the ids)."""
        start, length = spans.start + 1, spans.length - 2
        if escaped is None:
            at = np.flatnonzero(spans.array == BACKSLASH)
            which = np.unique(np.searchsorted(spans.start, at, side="right") - 1)
        else:
            which = np.flatnonzero(escaped)
        if not which.size:
            return cls(spans.array, start, length)
        ids = [None] * len(length)
        plain = np.ones(len(length), bool)
        plain[which] = False
        data = spans.bytes
        for i in np.flatnonzero(plain).tolist():
            ids[i] = data[int(start[i]) : int(start[i] + length[i])]
        for i in which.tolist():
            ids[i] = _TEXT.decode(spans.value(i)).encode("utf-8", "surrogatepass")
        length = np.fromiter(map(len, ids), np.int64, len(ids))
        return cls(np.frombuffer(b"".join(ids), np.uint8), np.cumsum(length) - length, length)

    def take(self, order: np.ndarray) -> IdBytes:
        """The ids in ``order``, their bytes one after the other."""
        length = self.length[order]
        total = int(length.sum())
        ends = np.cumsum(length)
        positions = np.repeat(self.start[order] - (ends - length), length) + np.arange(total)
        return IdBytes(self.data[positions], ends - length, length)

    def text(self, i: int) -> str:
        a = int(self.start[i])
        return bytes(self.data[a : a + int(self.length[i])]).decode("utf-8", "surrogatepass")

    def __len__(self) -> int:
        return len(self.length)


def _mix(h: np.ndarray) -> np.ndarray:
    h ^= h >> S33
    h *= M1
    h ^= h >> S33
    h *= M2
    h ^= h >> S33
    return h


def round_keys(ids: IdBytes) -> np.ndarray:
    """The 64-bit key of each round id (its UTF-8 bytes, length included), in columns."""
    n = len(ids)
    keys = np.zeros(n, KEYS)
    short = np.flatnonzero(ids.length <= LONGEST_IN_COLUMNS)
    if short.size:
        width = max(8, -(-int(ids.length[short].max()) // 8) * 8)
        padded = np.concatenate([ids.data, np.zeros(width, np.uint8)])
        rows = np.lib.stride_tricks.sliding_window_view(padded, width)[ids.start[short]]
        rows = rows * (np.arange(width) < ids.length[short][:, None])
        words = rows.astype(np.uint8).view(KEYS)
        with np.errstate(over="ignore"):
            h = SEED ^ (ids.length[short].astype(KEYS) * M2)
            for j in range(words.shape[1]):
                h = _mix(h ^ words[:, j])
        keys[short] = h
    for i in np.flatnonzero(ids.length > LONGEST_IN_COLUMNS).tolist():
        a = int(ids.start[i])
        digest = blake2b(bytes(ids.data[a : a + int(ids.length[i])]), digest_size=8).digest()
        keys[i] = int.from_bytes(digest, "little")
    return keys
