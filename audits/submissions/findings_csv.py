"""Findings as CSV, the one way: the API's export and the signed report's attachment
(``findings.csv``) write the same columns, with cells a spreadsheet reads as text."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator

from audits.submissions.summary import FINDING_FIELDS, finding_dicts
from audits.validation.finding_words import FINDING_WORDS
from games.engine.names import game_words
from games.services.defined_wagers import wager_title

#: the columns a program reads: the keys of :func:`finding_dicts`, in its order, which are
#: its :data:`FINDING_FIELDS` under the contract's names
CODE_COLUMNS = tuple({"round_id": "round", "wager_key": "key"}.get(f, f) for f in FINDING_FIELDS)
#: after them, what a person reading the sheet decides by: the finding, the wager and the
#: game in words (the codes stay in their own columns, where programs look for them)
WORD_COLUMNS = ("finding", "wager_name", "game_name")
CSV_COLUMNS = CODE_COLUMNS + WORD_COLUMNS
#: what a spreadsheet reads as the start of a formula (OWASP, "CSV Injection")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")


class _Echo:
    """A file that hands back what is written to it, for :func:`csv.writer`."""

    def write(self, value: str) -> str:
        return value


def csv_cell(value) -> str:
    """A cell a spreadsheet shows as text: one that could start a formula gets a leading
    ``'`` (a negative amount of ours, a plain number, stays a number)."""
    if value is None:
        return ""
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def findings_csv_rows(findings, zone_name: str) -> Iterator[str]:
    """The header, then one CSV row per finding (times in the named zone)."""
    writer = csv.writer(_Echo())
    yield writer.writerow(CSV_COLUMNS)
    for row in finding_dicts(findings, zone_name):
        yield writer.writerow([csv_cell(v) for v in (*(row[c] for c in CODE_COLUMNS),
                                                     *_words(row))])  # fmt: skip


def _words(row: dict) -> tuple[str, str, str]:
    words = FINDING_WORDS.get(row["code"])
    return (
        words.title if words else row["code"],
        wager_title(row["key"]) if row["key"] else "",
        game_words(row["game"]) if row["game"] else "",
    )
