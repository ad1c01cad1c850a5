"""``manage.py close_live_days``: close the live gaming days that have ended (what beat runs
every minute; for the embedded mode, which has no beat)."""

from django.core.management.base import BaseCommand

from audits.live.close import live_days_close


class Command(BaseCommand):
    help = "Close the live gaming days that have ended (idempotent)."

    def handle(self, *args, **opts):
        failed = []
        closed = live_days_close(failed=failed)
        for part in closed:
            late = f" (late part {part.part})" if part.late else ""
            self.stdout.write(f"closed {part.venue.code} {part.gaming_day}{late}")
        self.stdout.write(f"{len(closed)} gaming day(s) closed")
        for part, reason in failed:  # logged as errors too; left open, the others closed
            self.stdout.write(f"could not close {part.venue.code} {part.gaming_day} "
                              f"(part {part.part}): {reason}")  # fmt: skip
