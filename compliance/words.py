"""Numbers in sentences for people: ``3 findings``, ``1 round``."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """``counted(1, "round")`` -> ``1 round``; ``counted(1200, "finding")`` -> ``1,200
    findings``."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
