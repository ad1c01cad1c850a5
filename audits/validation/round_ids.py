"""Round ids as bytes, many at once, and the 64-bit key of each: how a round is found again.

A round is known by (venue, table, round id).  Its *key* is a stable 64-bit hash of the
round id's UTF-8 bytes (length included), computed for a whole batch in compiled code, or in
numpy (a word of every id at a time) while the kernels are not compiled
(:func:`~.screen.readiness.kernels_ready`), the same keys either way; equal keys
are then confirmed on the ids themselves (:mod:`audits.submissions.duplicates`).  The hash is
part of what is stored (:mod:`audits.submissions.run.round_keys`): changing it needs a migration
that computes the keys again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from hashlib import blake2b

import msgspec
import numpy as np

from .screen.kernel import compiled
from .screen.readiness import KernelNotCompiled, kernels_ready

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

    data: np.ndarray  # uint8, read-only
    start: np.ndarray
    length: np.ndarray

    def __post_init__(self) -> None:
        if self.data.flags.writeable:  # one type for the kernels, wherever the bytes come from
            self.data = self.data.view()
            self.data.flags.writeable = False

    @classmethod
    def of(cls, ids: Sequence[str]) -> IdBytes:
        encoded = [i.encode("utf-8", "surrogatepass") for i in ids]
        length = np.fromiter(map(len, encoded), np.int64, len(encoded))
        data = np.frombuffer(b"".join(encoded), np.uint8)
        return cls(data, np.cumsum(length) - length, length)

    def take(self, order: np.ndarray) -> IdBytes:
        """The ids in ``order``, their bytes one after the other."""
        order = np.asarray(order)
        order = np.flatnonzero(order) if order.dtype == bool else order.astype(np.int64)
        length = self.length[order]
        start = np.cumsum(length) - length
        if kernels_ready():
            data = np.empty(int(length.sum()), np.uint8)
            try:
                _gather(self.data, self.start[order], length, start, data)
                return IdBytes(data, start, length)
            except KernelNotCompiled:  # not in the cache: numpy's, the same bytes
                pass
        source = np.repeat(self.start[order] - start, length) + np.arange(int(length.sum()))
        return IdBytes(self.data[source], start, length)

    def text(self, i: int) -> str:
        a = int(self.start[i])
        return bytes(self.data[a : a + int(self.length[i])]).decode("utf-8", "surrogatepass")

    def __len__(self) -> int:
        return len(self.length)


def round_keys(ids: IdBytes, in_kernels: bool | None = None) -> np.ndarray:
    """The 64-bit key of each round id: of its UTF-8 bytes and length alone, whatever other
    ids are hashed with it.  An id of at most :data:`LONGEST_IN_COLUMNS` bytes is read as
    little-endian 8-byte words (the last padded with zeros; an empty id one zero word), each
    mixed into a hash seeded with the length; a longer one is hashed by BLAKE2b.  In
    compiled code where the kernels are (``in_kernels`` None), else in numpy."""
    keys = None
    if in_kernels or (in_kernels is None and kernels_ready()):
        try:
            keys = _short_keys_compiled(ids)
        except KernelNotCompiled:  # not in the cache: numpy's, the same keys
            pass
    if keys is None:
        keys = _short_keys_numpy(ids)
    for i in np.flatnonzero(ids.length > LONGEST_IN_COLUMNS).tolist():
        a = int(ids.start[i])
        digest = blake2b(bytes(ids.data[a : a + int(ids.length[i])]), digest_size=8).digest()
        keys[i] = int.from_bytes(digest, "little")
    return keys


def _short_keys_compiled(ids: IdBytes) -> np.ndarray:
    keys = np.zeros(len(ids.length), np.uint64)
    _short_keys(ids.data, ids.start, ids.length, keys)
    return keys


def _short_keys_numpy(ids: IdBytes) -> np.ndarray:
    """The keys of the ids of at most :data:`LONGEST_IN_COLUMNS` bytes (the others' left to
    the caller): their ``w``-th words gathered and mixed in, ``w`` from the first."""
    length = ids.length.astype(np.int64)
    keys = SEED ^ (length.astype(np.uint64) * M2)
    short = length <= LONGEST_IN_COLUMNS
    words = np.maximum(1, (length + 7) // 8)
    padded = np.concatenate([ids.data, np.zeros(1, np.uint8)])  # its last byte: a zero
    byte = np.arange(8)
    for w in range(int(words[short].max(initial=0))):
        rows = np.flatnonzero(short & (words > w))
        at = ids.start[rows, None] + 8 * w + byte
        inside = byte < (length[rows, None] - 8 * w)
        word = padded[np.where(inside, at, len(padded) - 1)].view(KEYS)[:, 0]
        keys[rows] = _mixed(keys[rows] ^ word)
    return keys


def _mixed(h: np.ndarray) -> np.ndarray:
    """The 64-bit finalizer of MurmurHash3 (its products wrap, as unsigned words do)."""
    h = h ^ (h >> S33)
    h = h * M1
    h = h ^ (h >> S33)
    h = h * M2
    return h ^ (h >> S33)


@compiled
def _short_keys(data, start, length, keys):
    for i in range(len(length)):
        n = length[i]
        if n > LONGEST_IN_COLUMNS:
            continue
        h = SEED ^ (np.uint64(n) * M2)
        for w in range(max(1, (n + 7) // 8)):
            word = np.uint64(0)
            for b in range(min(8, n - 8 * w)):
                word |= np.uint64(data[start[i] + 8 * w + b]) << np.uint64(8 * b)
            h = _mix(h ^ word)
        keys[i] = h


@compiled
def _mix(h):
    h ^= h >> S33
    h *= M1
    h ^= h >> S33
    h *= M2
    h ^= h >> S33
    return h


@compiled
def _gather(data, start, length, out_start, out):
    """Copies the bytes ``data[start[k]:start[k] + length[k]]`` to ``out`` at ``out_start[k]``."""
    for k in range(len(start)):
        a, at = start[k], out_start[k]
        for j in range(length[k]):
            out[at + j] = data[a + j]
