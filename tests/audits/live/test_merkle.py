"""The Merkle trees of receipts are RFC 9162's (§2.1): small trees computed by hand, the
reference vectors Certificate Transparency's implementations share (RFC 6962's leaves), the
RFC's own example of seven leaves, and every inclusion and consistency proof of trees of 1 to
40 leaves verifying, against the RFC's recursive definitions, and failing with a byte flipped."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audits.live.merkle import (
    EMPTY_ROOT,
    Tree,
    leaf_hash,
    node_hash,
    verify_consistency,
    verify_inclusion,
)


def sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


# --- the RFC's definitions, word for word (recursive, slow, obviously right) ----------------


def _k(n: int) -> int:
    k = 1
    while k * 2 < n:
        k *= 2
    return k


def mth(d: list[bytes]) -> bytes:
    if not d:
        return sha(b"")
    if len(d) == 1:
        return d[0]  # leaves are given as their hashes
    k = _k(len(d))
    return sha(b"\x01" + mth(d[:k]) + mth(d[k:]))


def path(m: int, d: list[bytes]) -> list[bytes]:
    if len(d) == 1:
        return []
    k = _k(len(d))
    return path(m, d[:k]) + [mth(d[k:])] if m < k else path(m - k, d[k:]) + [mth(d[:k])]


def subproof(m: int, d: list[bytes], whole: bool) -> list[bytes]:
    if m == len(d):
        return [] if whole else [mth(d)]
    k = _k(len(d))
    if m <= k:
        return subproof(m, d[:k], whole) + [mth(d[k:])]
    return subproof(m - k, d[k:], False) + [mth(d[:k])]


# --- by hand ---------------------------------------------------------------------------------


def test_small_trees_by_hand():
    a, b, c = (sha(b"\x00" + x) for x in (b"a", b"b", b"c"))
    assert leaf_hash(b"a") == a
    assert node_hash(a, b) == sha(b"\x01" + a + b)
    assert Tree([]).root() == EMPTY_ROOT == sha(b"")
    assert Tree([a]).root() == a
    assert Tree([a, b]).root() == sha(b"\x01" + a + b)
    ab = sha(b"\x01" + a + b)
    assert Tree([a, b, c]).root() == sha(b"\x01" + ab + c)  # the odd leaf is the right subtree
    assert Tree([a, b, c]).inclusion(2) == [ab]
    assert Tree([a, b, c]).inclusion(0) == [b, c]
    assert Tree([a, b, c]).consistency(2) == [c]
    assert Tree([a, b, c]).consistency(1) == [b, c]
    assert Tree([a, b, c]).root(2) == ab


def test_the_rfcs_example_of_seven_leaves():
    """RFC 9162 §2.1.5: the tree of d0..d6, its inclusion and consistency proofs."""
    a, b, c, d, e, f, j = (leaf_hash(bytes([n])) for n in range(7))
    g, h, i = node_hash(a, b), node_hash(c, d), node_hash(e, f)
    k, l = node_hash(g, h), node_hash(i, j)  # noqa: E741 (the RFC's names)
    tree = Tree([a, b, c, d, e, f, j])
    assert tree.root() == node_hash(k, l)
    assert tree.inclusion(0) == [b, h, l]
    assert tree.inclusion(3) == [c, g, l]
    assert tree.inclusion(4) == [f, j, k]
    assert tree.inclusion(6) == [i, k]
    assert tree.consistency(3) == [c, d, g, l]
    assert tree.consistency(4) == [l]
    assert tree.consistency(6) == [i, j, k]
    assert tree.root(3) == node_hash(g, c) and tree.root(6) == node_hash(k, i)


CT_LEAVES = [b"", b"\x00", b"\x10", b"\x20\x21", b"\x30\x31", b"\x40\x41\x42\x43",
             bytes(range(0x50, 0x58)), bytes(range(0x60, 0x70))]  # fmt: skip
CT_ROOTS = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]


def test_the_reference_vectors_of_certificate_transparency():
    tree = Tree([leaf_hash(x) for x in CT_LEAVES])
    assert [tree.root(n).hex() for n in range(9)] == CT_ROOTS
    assert [p.hex()[:8] for p in tree.inclusion(0, 8)] == ["96a296d2", "5f083f0a", "6b47aaf2"]
    assert [p.hex()[:8] for p in tree.inclusion(5, 8)] == ["bc1a0643", "ca854ea1", "d37ee418"]
    assert [p.hex()[:8] for p in tree.consistency(6, 8)] == ["0ebc5d34", "ca854ea1", "d37ee418"]
    assert [p.hex()[:8] for p in tree.consistency(2, 5)] == ["5f083f0a", "bc1a0643"]


def test_sizes_that_are_no_tree_are_refused():
    tree = Tree([leaf_hash(b"x")] * 3)
    for call in (lambda: tree.root(4), lambda: tree.inclusion(3), lambda: tree.consistency(0),
                 lambda: tree.consistency(2, 4)):  # fmt: skip
        with pytest.raises(ValueError):
            call()
    root = tree.root()
    assert not verify_inclusion(3, 3, leaf_hash(b"x"), [], root)
    assert not verify_consistency(2, 1, tree.root(2), root, [])
    assert not verify_consistency(1, 3, tree.root(1), root, [])  # an empty proof of growth
    assert verify_consistency(3, 3, root, root, []) and not verify_consistency(3, 3, root, b"", [])


# --- every proof of trees of 1 to 40 leaves ---------------------------------------------------

LEAVES = st.lists(st.binary(min_size=32, max_size=32), min_size=40, max_size=40, unique=True)


@settings(max_examples=10, deadline=None)  # each example: 40 trees, every proof of each
@given(LEAVES)
def test_every_root_path_and_proof_is_the_rfcs_and_verifies(leaves):
    tree = Tree(leaves)
    grown = Tree([])
    for n in range(1, 41):
        grown.append(leaves[n - 1])
        assert grown.levels == Tree(leaves[:n]).levels  # a leaf added is the tree rebuilt
        root = mth(leaves[:n])
        assert tree.root(n) == grown.root() == root
        for m in range(n):
            proof = tree.inclusion(m, n)
            assert proof == path(m, leaves[:n]) == grown.inclusion(m)
            assert verify_inclusion(m, n, leaves[m], proof, root)
        for m in range(1, n + 1):
            proof = tree.consistency(m, n)
            assert proof == subproof(m, leaves[:n], True)
            assert verify_consistency(m, n, mth(leaves[:m]), root, proof)


def _flip(value: bytes, at: int) -> bytes:
    return value[:at] + bytes([value[at] ^ 1]) + value[at + 1 :]


@settings(max_examples=200, deadline=None)
@given(LEAVES, st.integers(1, 40), st.data())
def test_a_flipped_byte_fails_every_proof(leaves, n, data):
    tree = Tree(leaves[:n])
    root, at = tree.root(), data.draw(st.integers(0, 31))
    m = data.draw(st.integers(0, n - 1))
    proof = tree.inclusion(m)
    assert not verify_inclusion(m, n, _flip(leaves[m], at), proof, root)
    assert not verify_inclusion(m, n, leaves[m], proof, _flip(root, at))
    for i in range(len(proof)):
        assert not verify_inclusion(m, n, leaves[m], [*proof[:i], _flip(proof[i], at),
                                                      *proof[i + 1 :]], root)  # fmt: skip
    if n > 1:
        assert not verify_inclusion((m + 1) % n, n, leaves[m], proof, root)  # another place
    first = data.draw(st.integers(1, n))
    proof, old = tree.consistency(first), tree.root(first)
    assert not verify_consistency(first, n, _flip(old, at), root, proof)
    assert not verify_consistency(first, n, old, _flip(root, at), proof)
    for i in range(len(proof)):
        changed = [*proof[:i], _flip(proof[i], at), *proof[i + 1 :]]
        assert not verify_consistency(first, n, old, root, changed)
