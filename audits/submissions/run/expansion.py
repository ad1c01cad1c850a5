"""Decompressing a gzip hand log within bounds: a cap on the expanded size and on the ratio.

A gzip file of 2 MB can expand to 2 GiB (a "bomb"). :class:`GzipExpander` is fed the
compressed bytes as they arrive and yields what they expand to, in pieces of at most
:data:`PIECE` bytes (so memory stays bounded); past ``AUDITS_MAX_EXPANDED_BYTES``, or past
``AUDITS_MAX_GZIP_RATIO`` times the compressed bytes read once the output passes
:data:`RATIO_FLOOR`, it stops with :class:`ExpansionRefused`. Concatenated gzip members (what
``cat a.gz b.gz`` makes) are read one after the other, as ``gzip`` does. A stream that stops
before its end is *truncated*: :attr:`GzipExpander.cut` says where, and what came before the
cut is still yielded (its whole lines are validated; the cut is reported).
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings

log = logging.getLogger(__name__)

GZIP_MAGIC = b"\x1f\x8b"
PIECE = 1 << 20
FEED = 1 << 14  # compressed bytes given to zlib at once
#: below this many expanded bytes, no ratio is too high (a small file of repeated lines)
RATIO_FLOOR = 64 << 20
DEFAULT_MAX_EXPANDED_BYTES = 16 << 30
DEFAULT_MAX_RATIO = 100


class ExpansionRefused(Exception):
    """The file expands past the cap or the ratio: a clear reason, for a 413."""


@dataclass(frozen=True)
class ExpansionLimits:
    max_bytes: int
    max_ratio: int

    @classmethod
    def from_settings(cls) -> ExpansionLimits:
        return cls(
            int(getattr(settings, "AUDITS_MAX_EXPANDED_BYTES", 0) or DEFAULT_MAX_EXPANDED_BYTES),
            int(getattr(settings, "AUDITS_MAX_GZIP_RATIO", 0) or DEFAULT_MAX_RATIO),
        )


class GzipExpander:
    """Feed it compressed blocks (:meth:`expand`), then call :meth:`finish`."""

    def __init__(self, limits: ExpansionLimits | None = None):
        self.limits = limits or ExpansionLimits.from_settings()
        self.compressed = self.expanded = 0
        self.cut: str | None = None  # why and where the stream stopped early, if it did
        self._member = zlib.decompressobj(wbits=31)
        self._fed = False  # the current member has been given bytes
        self._broken = False

    def expand(self, block: bytes) -> Iterator[bytes]:
        """What ``block`` expands to; raises :class:`ExpansionRefused` past the limits."""
        self.compressed += len(block)
        data = block
        while data and not self._broken:
            self._fed = True
            feed, rest = data[:FEED], data[FEED:]  # a little at a time: what precedes damage
            try:  # is yielded (zlib drops the output of the call that meets it)
                piece = self._member.decompress(feed, PIECE)
            except zlib.error as exc:
                log.info("gzip data damaged: %s", exc)  # zlib's words, for the service's team
                at = self.compressed - len(data) + len(feed)
                self._stop(f"the gzip data is damaged within its first {at:,} compressed bytes")
                return
            if piece:
                self._count(len(piece))
                yield piece
            if not self._member.eof:
                data = self._member.unconsumed_tail + rest
                continue
            data = self._member.unused_data + rest  # the member ended: another may follow
            self._member, self._fed = zlib.decompressobj(wbits=31), False
            if data and not data.startswith(GZIP_MAGIC[: len(data)]):
                self._stop(f"not gzip data after {self.compressed - len(data):,} bytes")

    def finish(self) -> Iterator[bytes]:
        """The last expanded bytes; sets :attr:`cut` if the stream stopped mid-member."""
        if self._broken or not self._fed:
            return
        piece = self._member.flush()
        if piece:
            self._count(len(piece))
            yield piece
        if not self._member.eof:
            self._stop(
                f"the gzip stream ends early, after {self.compressed:,} compressed bytes "
                f"({self.expanded:,} bytes expanded)"
            )

    def _stop(self, why: str) -> None:
        self._broken = True
        self.cut = why

    def _count(self, size: int) -> None:
        self.expanded += size
        limits = self.limits
        if self.expanded > limits.max_bytes:
            raise ExpansionRefused(
                f"the file expands to more than {limits.max_bytes:,} bytes "
                "(AUDITS_MAX_EXPANDED_BYTES): split it, or send it uncompressed"
            )
        if self.expanded > RATIO_FLOOR and self.expanded > limits.max_ratio * self.compressed:
            raise ExpansionRefused(
                f"the file expands more than {limits.max_ratio} times its compressed size "
                "(AUDITS_MAX_GZIP_RATIO): not a hand log as a table system writes it"
            )
