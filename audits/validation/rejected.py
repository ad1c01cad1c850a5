"""A line rejected: the finding that says where and why, in a reader's words."""

from __future__ import annotations

import re

from .findings import Finding, format_rule


class Rejected(Exception):
    """The line cannot be read as a round; ``finding`` says where and why."""

    def __init__(self, finding: Finding):
        super().__init__(finding.message)
        self.finding = finding


def reject(line: int, code: str, message: str, round_id: str = "", seat=None, key=""):
    """Reject the line: raise :class:`Rejected` with the finding of ``code``."""
    raise Rejected(Finding(line, round_id, code, message, format_rule(code), seat, key))


#: msgspec's and Python's type names, in a reader's words
JSON_TYPES = {
    "int": "a whole number", "str": "a string", "float": "a number", "bool": "true or false",
    "array": "a list", "list": "a list", "object": "an object", "dict": "an object",
    "null": "null", "NoneType": "null", "decimal": "an amount", "Decimal": "an amount",
}  # fmt: skip
_AT = r"(?: - at `(?P<at>[^`]+)`)?"
_EXPECTED = re.compile(r"Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`" + _AT)
_MISSING = re.compile(r"Object missing required field `(?P<name>[^`]+)`" + _AT)


def field_reason(text: str) -> str:
    """msgspec's validation error as a reader would say it, with the field's path."""
    if match := _EXPECTED.fullmatch(text):
        want = " or ".join(JSON_TYPES.get(t.strip(), t.strip()) for t in match["want"].split("|"))
        got = JSON_TYPES.get(match["got"], match["got"])
        return f"{match['at'] or '$'}: expected {want}, found {got}"
    if match := _MISSING.fullmatch(text):
        return f"{match['at'] or '$'}: the required field {match['name']} is missing"
    return text
