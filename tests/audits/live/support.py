"""What the live tests share: which lines a post can route, what validation said of a set of
submissions whatever the lines its rounds sit on (to compare a closed live day with the same
rounds uploaded as one file), and signed receipts made from the published format alone."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from datetime import UTC, datetime, timedelta

from audits.submissions.models import Finding, SubmissionTotal


def routable(line: bytes) -> bool:
    try:
        record = json.loads(line)
        datetime.fromisoformat(record["played_at"])
        return isinstance(record.get("round"), str) and record.get("table") is not None
    except (ValueError, KeyError, TypeError):
        return False


def judged(submissions, besides: tuple[str, ...] = ()) -> dict:
    """What validation said of the rounds, whatever their lines: findings (but the codes
    ``besides``) and totals."""
    findings = Counter(
        Finding.objects.filter(submission__in=submissions)
        .exclude(code__in=besides)
        .values_list("round_id", "seat", "wager_key", "code", "expected", "recorded")
    )
    totals = Counter()
    for t in SubmissionTotal.objects.filter(submission__in=submissions):
        key = (t.venue, t.table, t.game, t.wager_key)
        totals[key + ("rounds",)] += t.rounds
        totals[key + ("wagered",)] += t.wagered
        totals[key + ("net",)] += t.net_result
        totals[key + ("clean",)] += t.clean_rounds
    return {"findings": findings, "totals": totals,
            "rounds": sum(s.rounds_total for s in submissions),
            "clean": sum(s.clean_rounds for s in submissions)}  # fmt: skip


def issued(count: int, key, table: str = "T2", day: str = "2026-11-01", start=None) -> list[dict]:
    """``count`` receipts of one table-day as a service signing with ``key`` answers them
    (each with its inclusion proof and signed head), built from the published format alone:
    what an attacker with its own key, or a test, can make."""
    from audits.live.chain import FORMAT, GENESIS, receipt_hash
    from audits.live.merkle import Tree
    from audits.live.receipt_format import (
        HEAD_FORMAT,
        head_sign,
        receipt_leaf_hash,
        timestamp_text,
    )

    start = start or datetime(2026, 11, 2, 5, 14, 4, tzinfo=UTC)
    tree, previous, answers = Tree([]), GENESIS, []
    for seq in range(1, count + 1):
        stored = hashlib.sha256(f"post {seq}".encode()).hexdigest()
        receipt = {"format": FORMAT, "venue": "WA-CR-0042", "table": table, "gaming_day": day,
                   "seq": seq, "stored_sha256": stored, "rounds": 1, "first_line": seq,
                   "previous": previous,
                   "hash": receipt_hash("WA-CR-0042", table, day, seq, stored, previous),
                   "received_at": timestamp_text(start + timedelta(seconds=seq))}  # fmt: skip
        previous = receipt["hash"]
        tree.append(receipt_leaf_hash(receipt))
        head = head_sign(key, {"venue": "WA-CR-0042", "table": table, "gaming_day": day,
                               "tree_size": seq, "root_hash": tree.root().hex(),
                               "timestamp": receipt["received_at"]})  # fmt: skip
        head = {"format": HEAD_FORMAT, **head}
        if seq > 1:
            proof = [p.hex() for p in tree.consistency(seq - 1)]
            head["consistency"] = {"first": seq - 1, "proof": proof}
        answers.append({**receipt, "leaf_hash": receipt_leaf_hash(receipt).hex(),
                        "inclusion": {"leaf_index": seq - 1, "tree_size": seq,
                                      "path": [p.hex() for p in tree.inclusion(seq - 1)]},
                        "head": head})  # fmt: skip
    return answers
