"""The rule documents' texts, shown under their titles with every rule anchored.

The texts are kept in ``data/documents/`` byte for byte as received; titles come
from the engine's catalogue (``games.engine.sources.DOCUMENT_TITLES``). A rule
is found in its text by the lists the document is made of: a numbered list
("1.", "2.", ...) or a run of bullets is one list, and each document names its
lists as its rules cite them (Toss One 21 has one, unnamed: "rule 8"; the tie
bonus game's are "setup" and "play"; Ante Up 21's are its sections).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings

from games.engine.sources import (
    ANTE_UP_RULES,
    DOCUMENT_TITLES,
    TIE_BONUS_RULES,
    TOSS_ONE_RULES,
    document_title,
    rule_parts,
)

#: The names a document's rules give its lists, in the order the lists come.
LIST_NAMES = {
    TOSS_ONE_RULES: ("",),
    TIE_BONUS_RULES: ("setup", "play"),
    ANTE_UP_RULES: ("POKER BONUS", "INITIAL BET", "DEAL AND BET POKER", "PLAY 21", "PLAY POKER"),
}

#: Rules cited by a word that is a heading in the text.
HEADINGS = {TIE_BONUS_RULES: {"intro": "To Play"}}

_ITEM = re.compile(r"^\s*(?:(?P<number>\d+)\.\s|-\s|[•◆]\s)")
_SECTION_THEN_NUMBER = re.compile(r"^(?P<part>.+) (?P<number>\d+)$")


@dataclass(frozen=True)
class DocumentLine:
    number: int
    text: str


@dataclass(frozen=True)
class RuleDocument:
    file: str
    title: str
    sha256: str
    lines: tuple[DocumentLine, ...]
    lists: tuple[tuple[int, ...], ...]  # each list's item line numbers
    openings: tuple[int, ...]  # the line opening each list (0 when none)

    def rule_cited(self, rule: str) -> str:
        """A rule as the engine cites it today (older findings wrote "PLAY 21 1")."""
        names = LIST_NAMES.get(self.file, ())
        old = _SECTION_THEN_NUMBER.match(rule)
        if rule_parts(rule)[0] not in names and old and old["part"].isupper():
            return f"{old['part']}, {old['number']}" if old["part"] in names else rule
        return rule

    def line_of(self, rule: str) -> int:
        """The line where ``rule`` ("8", "play 3", "POKER BONUS, 2", "intro") is; 0 if unknown."""
        names = LIST_NAMES.get(self.file, ())
        heading = HEADINGS.get(self.file, {}).get(rule)
        if heading is not None:
            return next((ln.number for ln in self.lines if ln.text.strip() == heading), 0)
        part, number = rule_parts(self.rule_cited(rule))
        if part not in names or names.index(part) >= len(self.lists):
            return 0
        index = names.index(part)
        if number == 0:
            return self.openings[index]
        items = self.lists[index]
        return items[number - 1] if number <= len(items) else 0


def _lists(lines: tuple[DocumentLine, ...]) -> tuple[tuple, tuple]:
    lists: list[list[int]] = []
    openings: list[int] = []
    last_text, in_list = 0, False
    for line in lines:
        if not line.text.strip():
            continue
        item = _ITEM.match(line.text)
        if item is None:
            last_text, in_list = line.number, False
            continue
        if not in_list or item["number"] == "1":
            lists.append([])
            openings.append(last_text)
        lists[-1].append(line.number)
        in_list = True
    return tuple(tuple(items) for items in lists), tuple(openings)


@lru_cache(maxsize=16)
def rule_document_get(file: str) -> RuleDocument | None:
    """A rule document by its file name, or None if the registry does not hold it."""
    if file not in DOCUMENT_TITLES:
        return None
    raw = (settings.RULE_DOCUMENTS_DIR / file).read_bytes()
    text = raw.decode("utf-8", errors="replace")
    lines = tuple(DocumentLine(n, t) for n, t in enumerate(text.splitlines(), start=1))
    lists, openings = _lists(lines)
    return RuleDocument(
        file, document_title(file), hashlib.sha256(raw).hexdigest(), lines, lists, openings
    )


def rule_documents_list() -> list[RuleDocument]:
    return [rule_document_get(file) for file in DOCUMENT_TITLES]
