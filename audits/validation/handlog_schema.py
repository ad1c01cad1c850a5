"""The JSON Schema of a hand-log line, generated from the record types that decode it.

``msgspec`` writes the schema of :class:`.records.Round` (every fixed object closed:
``additionalProperties: false``); two things it cannot say are added here: an amount is a
string of :data:`~.records.AMOUNT_PATTERN` *or* a JSON number (whose text the service reads
by the same pattern, which a schema cannot say of a number), and the schema's identity (its
``$id``, title and the version it describes). Served at ``/handlog-format/v1/schema.json``.
"""

from __future__ import annotations

from functools import cache

import msgspec

from .records import AMOUNT_PATTERN, Amount, Round, Stake

SCHEMA_URL = "/handlog-format/v1/schema.json"
AMOUNT_DESCRIPTION = Amount.__metadata__[0].description
STAKE_DESCRIPTION = Stake.__metadata__[0].description


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
    """Every amount as a string of the pattern or a JSON number."""
    if isinstance(node, dict):
        if node.get("description") in (AMOUNT_DESCRIPTION, STAKE_DESCRIPTION):
            stake = node["description"] == STAKE_DESCRIPTION
            return {
                "description": f"{'a stake' if stake else 'an amount'}: ASCII digits, at most "
                "eleven before the point and two after, no exponent, no leading zero"
                f"{', never negative' if stake else ''}; a number's text likewise",
                "anyOf": [
                    {"type": "string",
                     "pattern": AMOUNT_PATTERN.replace("^-?", "^") if stake else AMOUNT_PATTERN},
                    {"type": "number", "minimum": 0} if stake else {"type": "number"},
                ],
            }  # fmt: skip
        return {key: _amounts(value) for key, value in node.items()}
    if isinstance(node, list):
        return [_amounts(item) for item in node]
    return node
