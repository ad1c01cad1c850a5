"""The words of one finding code: a plain title, what it means and what to check first."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FindingWords:
    title: str  # a short plain title
    meaning: str  # when the code is raised
    check: str  # what to check first
