"""What :func:`~audits.samples.generate_toss_one` wrote, and its answer key."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GenerationReport:
    """What was written, and the answer key: each deliberate error's line and code."""

    path: str
    rounds: int  # lines that are rounds (rejected lines excluded)
    rejected_lines: int
    lines: int
    faults: list[tuple[int, str]] = field(default_factory=list)  # (line, finding code)
    kinds: list[tuple[int, str]] = field(default_factory=list)  # (line, fault kind)
    size: int = 0  # bytes on disk
    seconds: float = 0.0

    def summary(self) -> str:
        return (
            f"wrote {self.path}: {self.lines:,} lines, {self.rounds:,} rounds, "
            f"{self.rejected_lines:,} rejected lines, {len(self.faults):,} deliberate errors, "
            f"{self.size:,} bytes in {self.seconds:.1f} s"
        )

    def answer_key(self) -> list[dict[str, Any]]:
        return [
            {"line": line, "code": code, "kind": kind}
            for (line, code), (_, kind) in zip(self.faults, self.kinds, strict=True)
        ]

    def write_answer_key(self, path: str | os.PathLike) -> None:
        with open(path, "w", encoding="utf-8") as fh:
            for entry in self.answer_key():
                fh.write(json.dumps(entry) + "\n")

    def add(self, line: int, kind: str, code: str) -> None:
        """Record a deliberate error of ``kind`` on ``line``, reported as ``code``."""
        self.faults.append((line, code))
        self.kinds.append((line, kind))
