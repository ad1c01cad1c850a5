"""Where each rule the engine applies comes from.

A :class:`Source` names a seed document and rule number (or a regulation's
citation, or a rule-version parameter).  Findings quote ``str(source)``.
"""

from __future__ import annotations

from dataclasses import dataclass

TOSS_ONE_RULES = "000_cf8f04cc5a045191.txt"
ANTE_UP_RULES = "001_763f04d33639373a.txt"
WA_TOSS_ONE_APPROVAL = "002_c2cb5e416e61c85b.txt"
TIE_BONUS_RULES = "004_a9e458785fa10065.txt"


@dataclass(frozen=True, slots=True)
class Source:
    document: str
    rule: str = ""
    summary: str = ""

    def __str__(self) -> str:
        where = f"{self.document} rule {self.rule}" if self.rule else self.document
        return f"{where}: {self.summary}" if self.summary else where


def parameter_source(name: str, value: object, summary: str = "") -> Source:
    """The source of a decision taken by a named rule-version parameter."""
    return Source(f"rule-version parameter {name}={value}", "", summary)
