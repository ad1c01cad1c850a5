"""``manage.py simulate_tables --token SECRET [--url URL] [--venue CODE] [--day DAY]
[--rounds N] [--speed R] [--batch-max B] [--receipts FILE]``: a day of a venue's tables
played against the append API, as table systems would send it (the sample generator's
rounds, faults included)."""

import json
import tempfile
from pathlib import Path
from zoneinfo import ZoneInfo

from django.core.management.base import BaseCommand
from django.utils import timezone

from audits.live.simulator import http_sender, tables_play
from audits.samples import generate_toss_one
from games.models import Venue


class Command(BaseCommand):
    help = "Play a venue's tables against the append API (for the demo and the load test)."

    def add_arguments(self, parser):
        parser.add_argument("--token", required=True, help="a table token of the venue")
        parser.add_argument("--url", default="http://127.0.0.1:8000")
        parser.add_argument("--venue", default="WA-CR-0042")
        parser.add_argument("--day", default="",
                            help="YYYY-MM-DD: replay that day's times (default: each round "
                            "is played now)")  # fmt: skip
        parser.add_argument("--rounds", type=int, default=2000)
        parser.add_argument("--speed", type=float, default=20.0,
                            help="rounds a second in all; 0: as fast as answered")  # fmt: skip
        parser.add_argument("--batch-max", type=int, default=50)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--receipts", default="", help="write the receipts here (JSON lines)")

    def handle(self, *args, **opts):
        venue = Venue.objects.select_related("licensee__jurisdiction").get(code=opts["venue"])
        zone = venue.licensee.jurisdiction.timezone
        day = opts["day"] or timezone.localdate(timezone=ZoneInfo(zone)).isoformat()
        with tempfile.TemporaryDirectory() as work:
            path = Path(work) / "day.jsonl"
            generate_toss_one(path, venue=opts["venue"], start=day, days=1,
                              rounds=opts["rounds"], seed=opts["seed"])  # fmt: skip
            lines = [line for line in path.read_bytes().splitlines() if _routable(line)]
        played = tables_play(lines, http_sender(opts["url"], opts["token"]),
                             speed=opts["speed"], batch_max=opts["batch_max"],
                             seed=opts["seed"], zone=None if opts["day"] else zone)  # fmt: skip
        if opts["receipts"]:
            Path(opts["receipts"]).write_text("".join(json.dumps(r) + "\n"
                                                      for r in played.receipts))  # fmt: skip
        self.stdout.write(
            f"{played.rounds:,} rounds in {played.posts:,} posts ({played.refused:,} refused) in "
            f"{played.seconds:.1f} s: {played.rate:,.0f} rounds/s; answered in "
            f"{1000 * played.percentile(0.5):.0f} ms (median), "
            f"{1000 * played.percentile(0.99):.0f} ms (99%)"
        )


def _routable(line: bytes) -> bool:
    """A line a table system could have sent (the generator's unreadable lines are not)."""
    try:
        record = json.loads(line)
    except ValueError:
        return False
    return isinstance(record, dict) and bool(record.get("table")) and "played_at" in record
