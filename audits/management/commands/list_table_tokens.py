"""``manage.py list_table_tokens [VENUE]``: the table tokens (never their secrets), with when
each was made, expires or was revoked."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from audits.live.tokens import table_tokens_of
from games.models import Venue


class Command(BaseCommand):
    help = "List the table tokens of every venue, or of one."

    def add_arguments(self, parser):
        parser.add_argument("venue", nargs="?", help="a venue code, e.g. WA-CR-0042")

    def handle(self, *args, **opts):
        venues = Venue.objects.all()
        if opts["venue"]:
            venues = venues.filter(code=opts["venue"])
        now = timezone.now()
        for token in table_tokens_of(venues):
            standing = token.refusal(now) or f"in force until {token.expires_at:%Y-%m-%d}"
            self.stdout.write(f"{token.pk}\t{token.prefix}…\t{token.venue.code}\t{token.name}\t"
                              f"made {token.created_at:%Y-%m-%d}\t{standing}")  # fmt: skip
