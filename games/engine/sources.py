"""Where each rule the engine applies comes from.

A :class:`Source` names a rule document and the rule in it (or a
regulation's citation, or a rule-version parameter).  Findings quote
``str(source)``, which names the document by its title and the rule by its
number ("Toss One 21, Rules of Play, rule 8: ..."), as a reviewer would in a
letter; ``source.document`` keeps the document's file name, by which the
registry finds its text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

TOSS_ONE_RULES = "000_cf8f04cc5a045191.txt"
ANTE_UP_RULES = "001_763f04d33639373a.txt"
WA_TOSS_ONE_APPROVAL = "002_c2cb5e416e61c85b.txt"
TIE_BONUS_RULES = "004_a9e458785fa10065.txt"

#: Each rule document's title, as a citation names it.
DOCUMENT_TITLES = {
    TOSS_ONE_RULES: "Toss One 21, Rules of Play",
    ANTE_UP_RULES: "Ante Up 21 Poker Bonus Edition, Rules of Play",
    WA_TOSS_ONE_APPROVAL: "Washington State Gambling Commission, approval of Toss One 21 "
    "(April 27, 2017)",
    TIE_BONUS_RULES: "Blackjack with Tie Bonus Wagers, Rules of Play",
}

# "8"; "play 3" (a list named by a lower-case word); "PLAY 21, 1" (a section, then the number)
_NUMBERED = re.compile(r"^(?:(?P<part>.+?),\s*|(?P<word>[a-z]+)\s+)?(?P<number>\d+)$")


def document_title(document: str) -> str:
    """The title of a rule document named by its file (any other name as it is)."""
    return DOCUMENT_TITLES.get(document, document)


def rule_parts(rule: str) -> tuple[str, int]:
    """``8`` → ("", 8); ``play 3`` → ("play", 3); ``PLAY 21, 1`` → ("PLAY 21", 1);
    ``PLAY 21`` → ("PLAY 21", 0): the list (or section) a rule is in and its number there."""
    numbered = _NUMBERED.match(rule)
    if numbered is None:
        return rule, 0
    return numbered["part"] or numbered["word"] or "", int(numbered["number"])


def rule_in_words(rule: str) -> str:
    """``8`` → "rule 8"; ``play 3`` → "play, rule 3"; ``POKER BONUS`` → "POKER BONUS"."""
    part, number = rule_parts(rule)
    if not number:
        return rule
    return f"{part}, rule {number}" if part else f"rule {number}"


@dataclass(frozen=True, slots=True)
class Source:
    document: str
    rule: str = ""
    summary: str = ""

    @property
    def where(self) -> str:
        """The document's title and the rule's number, without the summary."""
        title = document_title(self.document)
        return f"{title}, {rule_in_words(self.rule)}" if self.rule else title

    def __str__(self) -> str:
        return _source_words(self)


@lru_cache(maxsize=4096)
def _source_words(source: Source) -> str:
    """A source in words, once per source (findings quote it for every wager settled)."""
    return f"{source.where}: {source.summary}" if source.summary else source.where


def parameter_source(name: str, value: object, summary: str = "") -> Source:
    """The source of a decision taken by a named rule-version parameter."""
    return Source(f"rule-version parameter {name}={value}", "", summary)
