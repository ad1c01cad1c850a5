"""``manage.py verify_receipts FILE``: check receipts of live rounds (JSON lines, or a JSON
list, as the append API gave them) by the published chain format alone.

Exit status 0 when every table-day's chain verifies, else 1."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.live.chain import chain_problems


class Command(BaseCommand):
    help = "Verify the hash chains of live-round receipts."

    def add_arguments(self, parser):
        parser.add_argument("file", help="receipts: a JSON list or one JSON object a line")

    def handle(self, *args, **opts):
        try:
            text = Path(opts["file"]).read_text()
            receipts = _receipts(text)
            problems = chain_problems(receipts)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise CommandError(f"{opts['file']}: {error}") from error
        chains = len({(r["venue"], r["table"], r["gaming_day"]) for r in receipts})
        if problems:
            self.stdout.write(f"NOT OK: {len(receipts):,} receipts, {chains:,} chain(s)")
            for problem in problems:
                self.stdout.write(f"problem: {problem}")
            raise SystemExit(1)
        self.stdout.write(f"OK: {len(receipts):,} receipts, {chains:,} chain(s) verify")


def _receipts(text: str) -> list[dict]:
    text = text.strip()
    if text.startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]
