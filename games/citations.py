"""A citation as people read it: each rule document named by its title, linked to its rule.

Findings store their citation as text. Those written before documents were cited by
title name the document by its file ("000_cf8f04cc5a045191.txt rule 8: ..."); both
read the same here: the title, the rule, a link to the rule in the registry's copy.
"""

from __future__ import annotations

import re

from django.urls import reverse

from games.documents import rule_document_get
from games.engine.sources import DOCUMENT_TITLES, rule_in_words

_NAMES = {title: file for file, title in DOCUMENT_TITLES.items()} | {
    file: file for file in DOCUMENT_TITLES
}
# a document's name, then its rule: ", play, rule 3" / ", rule 8" / ", INITIAL BET" / " rule 8"
_CITED = re.compile(
    "(?P<name>" + "|".join(re.escape(n) for n in sorted(_NAMES, key=len, reverse=True)) + ")"
    r"(?:(?:, | rule )(?P<rule>[^:;,]+(?:,? rule \d+|, \d+)?))?"
)
_RULE_WORDS = re.compile(r"^(?P<part>.*?),?\s*rule (?P<number>\d+)$")


def _rule_from_words(words: str) -> str:
    """'play, rule 3' → 'play 3'; 'rule 8' → '8'; 'PLAY 21, rule 1' → 'PLAY 21, 1'."""
    numbered = _RULE_WORDS.match(words.strip())
    if numbered is None:
        return words.strip()
    part, number = numbered["part"], numbered["number"]
    if not part:
        return number
    return f"{part} {number}" if part.islower() else f"{part}, {number}"


def citation_parts(text: str) -> list[tuple[str, str]]:
    """``text`` cut into (words, link) pieces; a piece that cites no document has no link."""
    parts, at = [], 0
    for cited in _CITED.finditer(text or ""):
        parts.append((text[at : cited.start()], ""))
        file = _NAMES[cited["name"]]
        rule = _rule_from_words(cited["rule"] or "")
        rule = rule_document_get(file).rule_cited(rule) if rule else rule
        words = DOCUMENT_TITLES[file] + (f", {rule_in_words(rule)}" if rule else "")
        parts.append((words, _link(file, rule)))
        at = cited.end()
    parts.append(((text or "")[at:], ""))
    return [(words, link) for words, link in parts if words]


def citation_in_words(text: str) -> str:
    """The citation's text with every document named by its title (for PDFs and exports)."""
    return "".join(words for words, _ in citation_parts(text))


def _link(file: str, rule: str) -> str:
    url = reverse("registry-document", args=[file])
    document = rule_document_get(file)
    line = document.line_of(rule) if document is not None and rule else 0
    return f"{url}#line-{line}" if line else url
