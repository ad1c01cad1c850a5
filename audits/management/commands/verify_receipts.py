"""``manage.py verify_receipts FILE``: check live-round receipts (JSON lines, or a JSON list,
as the append API gave them; whole answers, signed heads and consistency proofs may be
mixed in) against the keys this service publishes: each head's signature, each receipt's
inclusion in its head, the heads' consistency, nothing a head covers missing, the chain.

Exit status 0 when everything verifies, else 1 with each problem on its own line."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.live.receipt_keys import receipt_verify_keys
from audits.live.receipts_check import receipts_check


class Command(BaseCommand):
    help = "Verify signed receipts of live rounds against this service's published keys."

    def add_arguments(self, parser):
        parser.add_argument("file", help="receipts: a JSON list or one JSON object a line")

    def handle(self, *args, **opts):
        try:
            items = _items(Path(opts["file"]).read_text())
        except (OSError, ValueError) as error:
            raise CommandError(f"{opts['file']}: {error}") from error
        verdict = receipts_check(items, receipt_verify_keys())
        counted = (f"{verdict.receipts:,} receipts, {verdict.heads:,} signed heads, "
                   f"{verdict.table_days:,} table-day(s)")  # fmt: skip
        if not verdict.ok:
            self.stdout.write(f"NOT OK: {counted}")
            for problem in verdict.problems:
                self.stdout.write(f"problem: {problem}")
            raise SystemExit(1)
        self.stdout.write(f"OK: {counted} verify")


def _items(text: str) -> list:
    text = text.strip()
    if text.startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]
