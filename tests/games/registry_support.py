"""Paths and helpers shared by the registry file tests."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

from django.apps import apps
from django.core.management import call_command

from games.models import (
    Approval,
    Paytable,
    RuleVersion,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "registry"
WASHINGTON = DATA / "washington.yaml"
DEMO = DATA / "demo.yaml"
TOSS_ONE_APPROVAL = "WSGC approval letter, Toss One 21, April 27, 2017"
HEX64 = re.compile(r"[0-9a-f]{64}")


def snapshot() -> dict[str, int]:
    """Row counts of every registry model, history tables included."""
    return {
        m._meta.label: m._base_manager.count() for m in apps.get_app_config("games").get_models()
    }


def hashes() -> dict[str, object]:
    return {
        "rule_versions": sorted(
            (r.game.code, r.version, r.content_hash) for r in RuleVersion.objects.all()
        ),
        "paytables": sorted(
            (p.rule_version.game.code, p.wager_key, p.code, p.version, p.content_hash)
            for p in Paytable.objects.all()
        ),
        "approvals": sorted(
            (a.reference, a.status, a.decision_date, a.content_hash) for a in Approval.objects.all()
        ),
    }


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


# -- the Washington file --------------------------------------------------------------
