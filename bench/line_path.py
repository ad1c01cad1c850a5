"""How far one hand-log line travels: from the upload to its stored finding.

Uploads a one-line file (an overpaid Lucky 3: one finding) through the same service the API,
the web page and the command use, on a fresh SQLite database with the Washington and demo
registry, and counts the project's own functions called on the way (``audits``, ``games``,
``compliance``: distinct functions, and calls) and the modules they live in. A first file is
validated before counting, so that the engines' tables (built once per process) are not
counted; nor is the registry load, nor anything outside the project.

    .venv/bin/python bench/line_path.py
"""

from __future__ import annotations

import io
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PROJECT = tuple(str(ROOT / package) for package in ("audits", "games", "compliance"))

LINE = {
    "v": 1, "round": "T2-1", "played_at": "2026-11-01T21:14:03-08:00", "venue": "WA-CR-0042",
    "table": "T2", "game": "toss-one-21",
    "options": {"blackjack_pays": "3:2", "lucky3_paytable": "1"}, "shoe": {"decks": 6},
    "dealer": {"cards": ["AS", "KD", "7C", "2H"], "toss": "KD"},
    "seats": [{"seat": 1, "cards": ["TS", "AH", "KC", "9D"], "toss": "9D",
               "wagers": {"main": "25", "lucky3": "5", "bonus4": "5"},
               "results": {"main": "37.50", "lucky3": "40", "bonus4": "-5"}}],
}  # fmt: skip


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="line-path-"))
    os.environ.update(
        DATABASE_URL=f"sqlite:///{work / 'db.sqlite3'}", MEDIA_ROOT=str(work / "media"),
        DJANGO_SETTINGS_MODULE="compliance.settings", LOG_LEVEL="WARNING",
    )  # fmt: skip
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from games.registry_io import load_registry

    data = ROOT / "data" / "registry"
    load_registry([data / "washington.yaml", data / "demo.yaml"])
    from audits.submissions.intake import submission_submit
    from audits.submissions.models import Finding
    from games.models import Licensee

    licensee = Licensee.objects.get(license_number="DEMO-0001")
    calls: Counter = Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code.co_filename.startswith(PROJECT):
            code = frame.f_code
            calls[(code.co_filename, code.co_firstlineno, code.co_qualname)] += 1

    warm = io.BytesIO((json.dumps({**LINE, "round": "warm-up"}) + "\n").encode())
    submission_submit(warm, name="warm.jsonl", licensee=licensee, via="command", now=True)
    content = io.BytesIO((json.dumps(LINE) + "\n").encode())
    sys.setprofile(profile)
    submitted = submission_submit(content, name="one.jsonl", licensee=licensee, via="command",
                                  now=True)  # fmt: skip
    sys.setprofile(None)
    findings = list(Finding.objects.filter(submission=submitted.submission).values_list("code"))
    modules = {Path(f).relative_to(ROOT) for f, _, _ in calls}
    print(f"findings stored: {findings}")
    print(f"project functions called: {len(calls)} distinct, {sum(calls.values())} calls")
    print(f"project modules passed through: {len(modules)}")
    for module in sorted(modules):
        print(f"  {module}")


if __name__ == "__main__":
    main()
