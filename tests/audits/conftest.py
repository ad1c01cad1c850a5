"""The Washington registry and the fictional demo venues, loaded from the shipped YAML files,
and a private MEDIA_ROOT for every test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.registry_io import load_registry
from tests.registry_replay import registry_replay

DATA = Path(__file__).resolve().parents[2] / "data" / "registry"

ROUND = {
    "v": 1,
    "round": "T2-2026-11-01-000001",
    "played_at": "2026-11-01T21:14:03-08:00",
    "venue": "WA-CR-0042",
    "table": "T2",
    "game": "toss-one-21",
    "options": {"blackjack_pays": "3:2", "lucky3_paytable": "1"},
    "shoe": {"decks": 6},
    "dealer": {"cards": ["AS", "KD", "7C", "2H"], "toss": "KD"},
    "seats": [
        {
            "seat": 1,
            "cards": ["TS", "AH", "KC", "9D"],
            "toss": "9D",
            "wagers": {"main": "25", "lucky3": "5", "bonus4": "5"},
            "results": {"main": "37.50", "lucky3": "10", "bonus4": "-5"},
        },
    ],
}


def round_line(**changes) -> bytes:
    """The format page's example round (with the dealer's correct toss), changed as given."""
    data = json.loads(json.dumps(ROUND))
    for path, value in changes.items():
        target = data
        *parents, last = path.split("__")
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value
    return json.dumps(data).encode()


def changed(data: dict, changes) -> dict:
    """A deep copy of ``data`` with each ``(path, value)`` set; a path that an earlier change
    removed is passed over."""
    data = json.loads(json.dumps(data))
    for path, value in changes:
        target = data
        try:
            for part in path[:-1]:
                target = target[part]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    return data


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return Path(settings.MEDIA_ROOT)


@pytest.fixture
def wa(db, media):
    """The shipped registry: loaded by the first test of the process, the same rows inserted
    again for the others (tests/registry_replay.py)."""
    registry_replay(lambda: load_registry([DATA / "washington.yaml", DATA / "demo.yaml"]))
    from games.models import Licensee

    return Licensee.objects.get(license_number="DEMO-0001")
