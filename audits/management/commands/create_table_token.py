"""``manage.py create_table_token VENUE NAME``: a token a table system appends rounds with.

The secret is printed once and never stored (only its SHA-256 is)."""

from django.core.management.base import BaseCommand, CommandError

from audits.live.tokens import table_token_create
from games.models import Venue


class Command(BaseCommand):
    help = "Make a table token that may append rounds at one venue and do nothing else."

    def add_arguments(self, parser):
        parser.add_argument("venue", help="a venue code, e.g. WA-CR-0042")
        parser.add_argument("name", help="which table system holds it")
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help="how long it is in force (LIVE_TABLE_TOKEN_DAYS, 365)",
        )

    def handle(self, *args, **opts):
        venue = Venue.objects.filter(code=opts["venue"]).first()
        if venue is None:
            raise CommandError(f"no venue {opts['venue']!r}")
        if opts["days"] is not None and opts["days"] < 1:
            raise CommandError("--days: a whole number of days, at least 1")
        token, secret = table_token_create(venue, opts["name"], days=opts["days"])
        self.stdout.write(
            f"table token {token.prefix}… for {venue.code} ({token.name}), in "
            f"force until {token.expires_at:%Y-%m-%d}:"
        )
        self.stdout.write(secret)
        self.stdout.write("Send it as 'Authorization: Table <secret>'; it is not shown again.")
