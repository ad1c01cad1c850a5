"""``manage.py export_registry [--out FILE]``: the registry as one YAML document."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from games.registry_io import export_registry


class Command(BaseCommand):
    help = "Write the whole registry as YAML that load_registry reads (to stdout or --out)."

    def add_arguments(self, parser):
        parser.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")

    def handle(self, *args, **opts):
        text = export_registry()
        if not opts["out"]:
            self.stdout.write(text, ending="")
            return
        try:
            Path(opts["out"]).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"cannot write {opts['out']}: {exc}") from exc
        self.stdout.write(f"wrote {opts['out']}")
