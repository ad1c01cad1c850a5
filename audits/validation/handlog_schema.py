"""The JSON Schema of a hand-log line, generated from the record types that decode it.

``msgspec`` writes the schema of :class:`.records.Round`; two things it cannot say are
added here: an amount is a string *or* a JSON number with at most two decimals, and the
schema's identity (its ``$id``, title and the version it describes). Served at
``/handlog-format/v1/schema.json``.
"""

from __future__ import annotations

from functools import cache

import msgspec

from .records import Round

SCHEMA_URL = "/handlog-format/v1/schema.json"
AMOUNT_PATTERN = r"^-?[0-9]{1,11}(\.[0-9]{1,2})?$"


@cache
def handlog_json_schema() -> dict:
    schema = msgspec.json.schema(Round)
    schema = _amounts(schema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_URL,
        "title": "Hand log format v1: one line, one round",
        "description": "docs/handlog-format.md (served at /handlog-format/): the contract "
        "between table systems and the compliance service",
        **schema,
    }


def _amounts(node):
    """Every ``{"type": "string", "format": "decimal"}`` as a string or a JSON number."""
    if isinstance(node, dict):
        if node.get("format") == "decimal" and node.get("type") == "string":
            return {
                "description": node.get("description", "an amount"),
                "anyOf": [
                    {"type": "string", "pattern": AMOUNT_PATTERN},
                    {"type": "number"},
                ],
            }
        return {key: _amounts(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_amounts(item) for item in node]
    return node
