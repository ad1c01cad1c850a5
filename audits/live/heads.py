"""Signed tree heads of live receipts: each table-day's receipts are the leaves of a Merkle
tree (RFC 9162, :mod:`audits.live.merkle`) in the published format
(:mod:`audits.live.receipt_format`, docs/live-rounds.md "Receipts").

Each post that adds a receipt has the service sign the head of the tree it makes (size,
root, time) with its own key (:mod:`audits.live.receipt_keys`), with the proof that the
head signed before it is its beginning.  The append answers each receipt with its head and
its inclusion proof; the close keeps each table's last head; anyone may ask for the proof
between two heads.  So a receipt changed, dropped, or signed by another service is caught
by :func:`audits.live.receipts_check.receipts_check`.
"""

from __future__ import annotations

from datetime import date

from django.db.models import Q

from audits.live.chain import FORMAT
from audits.live.merkle import Tree
from audits.live.models import Receipt, TreeHead
from audits.live.receipt_format import (
    CONSISTENCY_FORMAT,
    HEAD_FORMAT,
    head_sign,
    receipt_leaf_hash,
    timestamp_text,
)
from audits.live.receipt_keys import receipt_signing_key


def receipt_fields(receipt: Receipt) -> dict:
    """A receipt's eleven fields, as its leaf is made of them (and the chain reads them)."""
    return {
        "format": FORMAT, "venue": receipt.venue, "table": receipt.table,
        "gaming_day": receipt.gaming_day.isoformat(), "seq": receipt.seq,
        "stored_sha256": receipt.stored_sha256, "rounds": receipt.rounds,
        "first_line": receipt.first_line, "previous": receipt.previous, "hash": receipt.hash,
        "received_at": timestamp_text(receipt.received_at),
    }  # fmt: skip


def table_day_tree(venue: str, table: str, day: date, upto: int | None = None) -> Tree:
    """The tree of the table-day's receipts (the first ``upto`` of them), by sequence."""
    receipts = Receipt.objects.filter(venue=venue, table=table, gaming_day=day)
    if upto is not None:
        receipts = receipts.filter(seq__lte=upto)
    return Tree([receipt_leaf_hash(receipt_fields(r)) for r in receipts.order_by("seq")])


def tree_head_sign(receipt: Receipt) -> TreeHead:
    """The head of the tree ``receipt`` completes, signed and stored (in the post's
    transaction: a post whose receipt does not commit leaves no head)."""
    tree = table_day_tree(receipt.venue, receipt.table, receipt.gaming_day, upto=receipt.seq)
    if tree.size != receipt.seq:
        raise RuntimeError(f"{receipt}: {tree.size} receipts where {receipt.seq} were expected")
    fields = {"venue": receipt.venue, "table": receipt.table,
              "gaming_day": receipt.gaming_day.isoformat(), "tree_size": tree.size,
              "root_hash": tree.root().hex(),
              "timestamp": timestamp_text(receipt.received_at)}  # fmt: skip
    signed = head_sign(receipt_signing_key(), fields)
    consistency = None
    if tree.size > 1:
        proof = [p.hex() for p in tree.consistency(tree.size - 1)]
        consistency = {"first": tree.size - 1, "proof": proof}
    return TreeHead.objects.create(
        venue=receipt.venue, table=receipt.table, gaming_day=receipt.gaming_day,
        tree_size=tree.size, root_hash=signed["root_hash"], timestamp=signed["timestamp"],
        key_id=signed["key_id"], signature=signed["signature"], consistency=consistency,
    )  # fmt: skip


def head_dict(head: TreeHead) -> dict:
    """A signed head as the service publishes it."""
    published = {
        "format": HEAD_FORMAT, "venue": head.venue, "table": head.table,
        "gaming_day": head.gaming_day.isoformat(), "tree_size": head.tree_size,
        "root_hash": head.root_hash, "timestamp": head.timestamp, "key_id": head.key_id,
        "signature": head.signature,
    }  # fmt: skip
    if head.consistency:
        published["consistency"] = head.consistency
    return published


def receipts_answered(receipts: list[Receipt]) -> list[dict]:
    """Each receipt as the append answers it: its fields, its leaf hash, the head signed
    when it was added and the proof that it is in that head."""
    answers, trees = [], {}
    heads = _heads_of(receipts)
    for receipt in receipts:
        where = (receipt.venue, receipt.table, receipt.gaming_day)
        if where not in trees:
            trees[where] = table_day_tree(*where)
        fields = receipt_fields(receipt)
        path = trees[where].inclusion(receipt.seq - 1, receipt.seq)
        answers.append({
            **fields, "leaf_hash": receipt_leaf_hash(fields).hex(),
            "inclusion": {"leaf_index": receipt.seq - 1, "tree_size": receipt.seq,
                          "path": [p.hex() for p in path]},
            "head": head_dict(heads[(*where, receipt.seq)]),
        })  # fmt: skip
    return answers


def _heads_of(receipts: list[Receipt]) -> dict[tuple, TreeHead]:
    """The head signed when each receipt was added (one made before heads were signed, in
    an earlier version, is signed now, with the receipt's own time: its fields are the
    receipts', so the head is the one it would have been)."""
    wanted = Q()
    for r in receipts:
        wanted |= Q(venue=r.venue, table=r.table, gaming_day=r.gaming_day, tree_size=r.seq)
    heads = {(h.venue, h.table, h.gaming_day, h.tree_size): h
             for h in TreeHead.objects.filter(wanted)} if receipts else {}  # fmt: skip
    for r in receipts:
        where = (r.venue, r.table, r.gaming_day, r.seq)
        if where not in heads:
            heads[where] = tree_head_sign(r)
    return heads


def table_day_last_heads(venue: str, day: date) -> dict[str, dict]:
    """Each table's last signed head of the gaming day at ``venue``."""
    last: dict[str, TreeHead] = {}
    for head in TreeHead.objects.filter(venue=venue, gaming_day=day).order_by("tree_size"):
        last[head.table] = head
    return {table: head_dict(head) for table, head in sorted(last.items())}


class NoSuchProof(ValueError):
    """No proof between these sizes of this table-day (the message says why)."""


def consistency_proof(venue: str, table: str, day: date, first: int, second: int) -> dict:
    """The proof that the table-day's tree of ``first`` receipts is the beginning of its tree
    of ``second``, in the published form."""
    sizes = set(TreeHead.objects.filter(venue=venue, table=table, gaming_day=day,
                                        tree_size__in=(first, second))
                .values_list("tree_size", flat=True))  # fmt: skip
    if not 0 < first <= second or {first, second} - sizes:
        raise NoSuchProof(f"no signed heads of {first} and {second} receipts for {venue} "
                          f"{table} {day}")  # fmt: skip
    tree = table_day_tree(venue, table, day, upto=second)
    return {"format": CONSISTENCY_FORMAT, "venue": venue, "table": table,
            "gaming_day": day.isoformat(), "first": first, "second": second,
            "proof": [p.hex() for p in tree.consistency(first, second)]}  # fmt: skip
