"""``manage.py load_registry PATH... [--user USERNAME]``: load registry YAML files."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from games.registry_io import RegistryFileError, load_registry


class Command(BaseCommand):
    help = (
        "Load registry YAML files (docs/registry-format.md) in one transaction; loading the "
        "same files again changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH", help="registry YAML files")
        parser.add_argument("--user", help="username the changes are attributed to in history")

    def handle(self, *args, **opts):
        actor = None
        if opts["user"]:
            actor = get_user_model().objects.filter(username=opts["user"]).first()
            if actor is None:
                raise CommandError(f"no user {opts['user']!r}")
        try:
            report = load_registry(opts["paths"], actor=actor)
        except RegistryFileError as exc:
            raise CommandError(f"nothing loaded: {exc}") from exc
        self.stdout.write(str(report))
