"""Frozen: what migration 0006 imports by this name (a migration that has landed is never
edited).  The chunk pipeline's own is :mod:`audits.submissions.run.tally`; this one is for
that migration alone and never changes (``tests/test_migrations_frozen.py``)."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple


class RoundPlace(NamedTuple):
    """Where and when a round was played, as migration 0006 files a round seen."""

    venue: str
    table: str
    game: str
    played_at: datetime | None
