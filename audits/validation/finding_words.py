"""Each finding code in words a reviewer reads: a plain title, what it means (when it is
raised) and what to check first. The pages, the reports and docs/findings.md say the same.
The words are kept in two halves: the record's (:mod:`.words_of_records`) and the play's
(:mod:`.words_of_play`).
"""

from __future__ import annotations

from audits.validation.words import FindingWords
from audits.validation.words_of_play import PLAY_WORDS
from audits.validation.words_of_records import RECORD_WORDS

__all__ = ["FINDING_WORDS", "FindingWords"]

#: code -> its words (every code of :data:`audits.validation.findings.CODES`), in the order
#: the findings page lists them
FINDING_WORDS: dict[str, FindingWords] = {**RECORD_WORDS, **PLAY_WORDS}
