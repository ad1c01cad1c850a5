"""Which licensee a file is submitted for, when the caller does not say."""

from __future__ import annotations

import gzip
from pathlib import Path

import msgspec
from django.core.management.base import CommandError

from games.models import Licensee, Venue

from .storage import GZIP_MAGIC


def licensee_for_file(path: Path, license_number: str | None) -> Licensee:
    """The named licensee, or the owner of the first venue the file names."""
    if license_number:
        licensee = Licensee.objects.filter(license_number=license_number).first()
        if licensee is None:
            raise CommandError(f"no licensee with license number {license_number!r}")
        return licensee
    for venue_code in _venues(path):
        venue = Venue.objects.select_related("licensee").filter(code=venue_code).first()
        if venue is not None:
            return venue.licensee
    raise CommandError("no line names a registered venue: give --licensee")


def _venues(path: Path, limit: int = 1000):
    with open(path, "rb") as head:
        opener = gzip.open if head.read(2) == GZIP_MAGIC else open
    try:
        with opener(path, "rb") as f:
            for _, line in zip(range(limit), f, strict=False):
                try:
                    venue = msgspec.json.decode(line).get("venue")
                except (msgspec.DecodeError, AttributeError):
                    continue
                if isinstance(venue, str):
                    yield venue
    except (OSError, EOFError):
        return
