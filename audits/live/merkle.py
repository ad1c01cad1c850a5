"""Merkle trees as Certificate Transparency builds them (RFC 9162, section 2.1): pure Python.

A table-day's receipts are the leaves, in the order of their ``seq``. The functions here take
the leaves' hashes (``leaf_hash`` of each leaf's bytes), so a tree of a few thousand receipts
is computed from one column of the database, never from the receipts themselves.

- ``leaf_hash(data)`` = SHA-256(0x00 || data); a node = SHA-256(0x01 || left || right).
- ``Tree(leaves).root(n)``: MTH(D[n]), the first ``n`` leaves (RFC 9162 §2.1.1: the left
  subtree holds the largest power of two smaller than ``n``).
- ``Tree(leaves).inclusion(m, n)``: PATH(m, D[n]) (§2.1.3.1); ``verify_inclusion`` is
  §2.1.3.2's algorithm.
- ``Tree(leaves).consistency(m, n)``: PROOF(m, D[n]) (§2.1.4.1); ``verify_consistency`` is
  §2.1.4.2's algorithm.

The tree's levels are built once, bottom up (each level pairs its nodes and carries an odd
last one up unchanged, which gives the RFC's shape), so a root, a path or a proof is then
read from them in O(log n) hashes.
"""

from __future__ import annotations

import hashlib

EMPTY_ROOT = hashlib.sha256(b"").digest()  # MTH({})


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two smaller than ``n`` (``n`` > 1)."""
    return 1 << ((n - 1).bit_length() - 1)


class Tree:
    """The tree of ``leaves`` (their hashes, in order), and of each of its prefixes."""

    def __init__(self, leaves: list[bytes]):
        self.size = len(leaves)
        self.levels = [list(leaves)]
        level = self.levels[0]
        while len(level) > 1:
            up = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
            if len(level) % 2:
                up.append(level[-1])
            self.levels.append(up)
            level = up

    def _mth(self, start: int, end: int) -> bytes:
        """MTH(D[start:end]) for a subtree the RFC's recursion meets: ``start`` a multiple of
        the power of two that holds ``end - start`` leaves.  Such a subtree is a node of the
        whole tree (when it ends where the tree ends, or is full) or is computed from two."""
        count = end - start
        height = (count - 1).bit_length()
        if end == self.size or count == 1 << height:
            return self.levels[height][start >> height]
        k = _split(count)
        return node_hash(self._mth(start, start + k), self._mth(start + k, end))

    def root(self, n: int | None = None) -> bytes:
        n = self.size if n is None else n
        if not 0 <= n <= self.size:
            raise ValueError(f"no tree of {n} leaves among {self.size}")
        return EMPTY_ROOT if n == 0 else self._mth(0, n)

    def inclusion(self, m: int, n: int | None = None) -> list[bytes]:
        """PATH(m, D[n]): the hashes proving that leaf ``m`` (from 0) is in the first ``n``."""
        n = self.size if n is None else n
        if not 0 <= m < n <= self.size:
            raise ValueError(f"no leaf {m} in a tree of {n} leaves")
        path: list[bytes] = []
        start, end = 0, n
        while end - start > 1:
            k = _split(end - start)
            if m < start + k:
                path.append(self._mth(start + k, end))
                end = start + k
            else:
                path.append(self._mth(start, start + k))
                start += k
        return path[::-1]  # the RFC lists the path from the leaf up

    def consistency(self, m: int, n: int | None = None) -> list[bytes]:
        """PROOF(m, D[n]): the hashes proving the first ``m`` leaves are the first of ``n``."""
        n = self.size if n is None else n
        if not 0 < m <= n <= self.size:
            raise ValueError(f"no consistency proof from {m} to {n} leaves")
        proof: list[bytes] = []
        start, end, whole = 0, n, True  # SUBPROOF(m - start, D[start:end], whole)
        while m - start != end - start:
            k = _split(end - start)
            if m - start <= k:
                proof.append(self._mth(start + k, end))
                end = start + k
            else:
                proof.append(self._mth(start, start + k))
                start, whole = start + k, False
        if not whole:
            proof.append(self._mth(start, end))
        return proof[::-1]  # the RFC lists the proof from the smaller tree's side up

    def append(self, leaf: bytes) -> None:
        """One leaf more: only the right edge of each level changes (O(log n) hashes), so a
        post reads and builds the table-day's tree before it takes the day's lock and adds
        its own leaf under it."""
        self.levels[0].append(leaf)
        self.size += 1
        height = 0
        while len(self.levels[height]) > 1:
            level = self.levels[height]
            if height + 1 == len(self.levels):
                self.levels.append([])
            up = self.levels[height + 1]
            last = level[-1] if len(level) % 2 else node_hash(level[-2], level[-1])
            if (len(level) - 1) >> 1 < len(up):
                up[(len(level) - 1) >> 1] = last
            else:
                up.append(last)
            height += 1


def verify_inclusion(index: int, size: int, leaf: bytes, path: list[bytes], root: bytes) -> bool:
    """RFC 9162 §2.1.3.2: ``leaf`` (a leaf hash) is leaf ``index`` of the tree of ``size``
    leaves whose root is ``root``."""
    if not 0 <= index < size:
        return False
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while fn and not fn & 1:
                    fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and r == root


def verify_consistency(first: int, second: int, first_root: bytes, second_root: bytes,
                       proof: list[bytes]) -> bool:  # fmt: skip
    """RFC 9162 §2.1.4.2: the tree of ``first`` leaves is the beginning of the tree of
    ``second``.  A tree is consistent with itself (equal sizes: equal roots, no proof)."""
    if first == second:
        return first >= 0 and not proof and first_root == second_root
    if not 0 < first < second or not proof:
        return False
    path = [first_root, *proof] if first & (first - 1) == 0 else list(proof)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            if not fn & 1:
                while fn and not fn & 1:
                    fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return fr == first_root and sr == second_root and sn == 0
