"""Checking signed receipts: pure Python (no database), the published format
(docs/live-rounds.md, "Receipts") and the keys the service publishes, nothing else.

What it is given: receipts as an append answered them (or whole answers), tree heads (the
closes' heads, say) and consistency proofs (``GET /api/live/receipts/consistency/``), mixed.
Per table-day it checks that

- every head's signature verifies with one of the published keys;
- every receipt is the leaf its head's inclusion proof puts in that signed head (a field
  changed, any of them, and it is not);
- the heads are consistent with one another: two heads of one size have one root, and each
  size is proven the beginning of the next larger one (a head's own ``consistency`` proof
  from the head signed before it, or a consistency proof given beside);
- no head signed later is smaller than one signed before it (receipts acknowledged, then
  left out);
- every receipt a head covers (seq 1 to its size) is there;
- and, as before the trees, the hash chain.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from audits.live.chain import chain_problems
from audits.live.merkle import verify_consistency, verify_inclusion
from audits.live.receipt_format import (
    CONSISTENCY_FORMAT,
    HEAD_FORMAT,
    FormatError,
    head_bytes,
    head_signature_verifies,
    receipt_leaf_hash,
)

CONSISTENCY_URL = "/api/live/receipts/consistency/"


@dataclass
class Verdict:
    receipts: int = 0
    heads: int = 0
    table_days: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@dataclass
class _Day:
    receipts: dict[int, dict] = field(default_factory=dict)
    heads: list[dict] = field(default_factory=list)  # signed with a published key
    proofs: list[tuple[int, int, list[bytes]]] = field(default_factory=list)


def _where(record: dict) -> tuple[str, str, str]:
    return (str(record.get("venue")), str(record.get("table")), str(record.get("gaming_day")))


def _size(value) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{value!r} is not a size")
    return value


def _hashes(values) -> list[bytes]:
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError("not a list of hex hashes")
    return [bytes.fromhex(v) for v in values]


def _flatten(items: list, problems: list[str]) -> list[dict]:
    flat = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            problems.append(f"item {number} is not a JSON object")
        elif isinstance(item.get("receipts"), list) or isinstance(item.get("heads"), list):
            # a whole answer: an append's (its receipts), or the closes' heads
            for name in ("receipts", "heads"):
                flat += _flatten(item[name], problems) if isinstance(item.get(name), list) else []
        else:
            flat.append(item)
    return flat


def receipts_check(items: list, keys: dict[str, Ed25519PublicKey]) -> Verdict:
    """Every problem of ``items`` (receipts, append answers, heads, consistency proofs), with
    ``keys`` the published keys by key id."""
    verdict, days, signed = Verdict(), {}, {}
    problems = verdict.problems

    def head_ok(head: dict, what: str) -> bool:
        """The head is signed with a published key (each head checked once)."""
        try:
            key = head_bytes(head) + str(head.get("signature")).encode()
        except FormatError as error:
            problems.append(f"{what}: its head cannot be read ({error})")
            return False
        if key not in signed:
            signed[key] = head_signature_verifies(head, keys)
            if signed[key]:
                days.setdefault(_where(head), _Day()).heads.append(head)
                verdict.heads += 1
                _embedded_proof(head, days[_where(head)], what, problems)
        if not signed[key]:
            problems.append(f"{what}: signature does not verify with any published key")
        return signed[key]

    seen = set()
    for item in _flatten(items, problems):
        text = json.dumps(item, sort_keys=True)
        if text in seen:  # the same receipt answered twice (a retry): once
            continue
        seen.add(text)
        where = " ".join(_where(item))
        if item.get("format") == HEAD_FORMAT:
            head_ok(item, f"{where}: head of size {item.get('tree_size')}")
        elif item.get("format") == CONSISTENCY_FORMAT:
            try:
                proof = (_size(item["first"]), _size(item["second"]), _hashes(item["proof"]))
            except (KeyError, ValueError) as error:
                problems.append(f"{where}: a consistency proof cannot be read ({error})")
                continue
            days.setdefault(_where(item), _Day()).proofs.append(proof)
        else:
            _receipt(item, days, head_ok, verdict)
    chained = [r for day in days.values() for r in day.receipts.values()]
    problems += chain_problems(chained)
    for where, day in sorted(days.items()):
        _day_problems(" ".join(where), where, day, problems)
    verdict.table_days = len(days)
    return verdict


def _receipt(receipt: dict, days: dict, head_ok, verdict: Verdict) -> None:
    problems = verdict.problems
    what = f"{' '.join(_where(receipt))}: receipt {receipt.get('seq')}"
    try:
        leaf = receipt_leaf_hash(receipt)
    except FormatError as error:
        problems.append(f"{what}: not a receipt ({error})")
        return
    verdict.receipts += 1
    day = days.setdefault(_where(receipt), _Day())
    if receipt["seq"] in day.receipts:
        problems.append(f"{what}: given twice, with different fields")
        return
    day.receipts[receipt["seq"]] = receipt
    head, inclusion = receipt.get("head"), receipt.get("inclusion")
    if not isinstance(head, dict) or not isinstance(inclusion, dict):
        problems.append(f"{what}: carries no signed head")
        return
    if _where(head) != _where(receipt):
        problems.append(f"{what}: its head is another table-day's")
        return
    if not head_ok(head, what):
        return
    try:
        index, size = inclusion["leaf_index"], inclusion["tree_size"]
        path, root = _hashes(inclusion["path"]), bytes.fromhex(head["root_hash"])
        included = (index == receipt["seq"] - 1 and size == head["tree_size"]
                    and verify_inclusion(index, size, leaf, path, root))  # fmt: skip
    except (KeyError, ValueError, TypeError):
        included = False
    if not included:
        problems.append(f"{what}: not included in the signed head of size "
                        f"{head['tree_size']}")  # fmt: skip


def _embedded_proof(head: dict, day: _Day, what: str, problems: list[str]) -> None:
    """A head's proof that the head signed before it is its beginning."""
    proof = head.get("consistency")
    if proof is None:
        return
    try:
        day.proofs.append((_size(proof["first"]), head["tree_size"], _hashes(proof["proof"])))
    except (KeyError, ValueError, TypeError) as error:
        problems.append(f"{what}: its head's consistency proof cannot be read ({error})")


def _day_problems(name: str, where: tuple, day: _Day, problems: list[str]) -> None:
    roots: dict[int, bytes] = {}
    for head in sorted(day.heads, key=lambda h: h["tree_size"]):
        root = bytes.fromhex(head["root_hash"])
        size = head["tree_size"]
        if roots.setdefault(size, root) != root:
            problems.append(f"{name}: head {size} is not consistent with head {size} "
                            f"(two roots for {size} receipts)")  # fmt: skip
    proven = set()
    for first, second, proof in day.proofs:
        if first in roots and second in roots:
            if verify_consistency(first, second, roots[first], roots[second], proof):
                proven.add((first, second))
            else:
                problems.append(f"{name}: head {second} is not consistent with head {first}")
    sizes = sorted(roots)
    for first, second in zip(sizes, sizes[1:], strict=False):
        if (first, second) not in proven and not any(
            (a, b) == (first, second) for a, b, _ in day.proofs
        ):
            venue, table, gaming_day = where
            problems.append(
                f"{name}: head {second} cannot be checked against head {first}: no consistency "
                f"proof between them here ({CONSISTENCY_URL}?venue={venue}&table={table}"
                f"&gaming_day={gaming_day}&first={first}&second={second})"
            )
    _time_problems(name, day.heads, problems)
    if day.receipts and sizes:
        missing = [seq for seq in range(1, sizes[-1] + 1) if seq not in day.receipts]
        for start, end in _runs(missing):
            which = f"receipt {start} is" if start == end else f"receipts {start} to {end} are"
            problems.append(f"{name}: {which} missing: the head of size {sizes[-1]} covers "
                            f"{'it' if start == end else 'them'}")  # fmt: skip


def _time_problems(name: str, heads: list[dict], problems: list[str]) -> None:
    """A head signed later than another and smaller: the service left out receipts it had
    acknowledged in the earlier one."""
    try:
        timed = sorted((datetime.fromisoformat(h["timestamp"]), h["tree_size"], h["timestamp"])
                       for h in heads)  # fmt: skip
    except (TypeError, ValueError):
        problems.append(f"{name}: a head's timestamp is not an ISO 8601 time")
        return
    largest = None
    for _, size, at in timed:
        if largest is not None and size < largest[0]:
            problems.append(f"{name}: head {size}, signed at {at}, is smaller than head "
                            f"{largest[0]} signed before it at {largest[1]}: receipts "
                            "acknowledged were left out")  # fmt: skip
        if largest is None or size > largest[0]:
            largest = (size, at)


def _runs(numbers: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs
