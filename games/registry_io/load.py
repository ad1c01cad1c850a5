"""``load_registry``: apply registry files in one transaction, idempotently."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from django.core.exceptions import ValidationError
from django.db import transaction

from games.engine.parameters import ParameterError
from games.models import ImmutableRecordError

from .errors import RegistryFileError
from .load_approvals import load_approvals
from .load_games import load_games, load_manufacturers
from .load_jurisdictions import load_jurisdictions, load_limits
from .load_licensees import load_licensees
from .records import Load, Rec
from .report import LoadReport
from .yamlfile import RegistryFile, read_registry_file

TOP_LEVEL_KEYS = ("jurisdictions", "manufacturers", "games", "approvals", "licensees")


def load_registry(paths: Iterable[str | Path], actor=None) -> LoadReport:
    """Load registry files in order; all or nothing.

    Records are matched by their natural keys: what is present is left as it
    is, what is new is created (rule versions, paytables, approvals and
    authorizations through the services), and a file that differs from a
    record that can no longer change is refused.  Every file is parsed before
    the database is touched; any error rolls the whole load back.
    """
    files = [read_registry_file(p) for p in paths]
    report = LoadReport(files=[f.name for f in files])
    load = Load(report, actor)
    with transaction.atomic():
        for file in files:
            _load_file(file, load)
    return report


def _load_file(file: RegistryFile, load: Load) -> None:
    root = Rec(file, load, file.data, "")
    root.expect(optional=TOP_LEVEL_KEYS)
    try:
        jurisdictions = root.items("jurisdictions")
        load_jurisdictions(jurisdictions)
        load_manufacturers(root.items("manufacturers"))
        load_games(root.items("games"))
        load_approvals(root.items("approvals"))
        load_licensees(root.items("licensees"))
        load_limits(jurisdictions)  # last: a limit may name a game or a venue's table
    except RegistryFileError:
        raise
    except (
        ValidationError,
        ImmutableRecordError,
        ParameterError,
    ) as exc:  # not located by the loader
        raise file.error("", f"refused by the registry: {exc}") from exc
