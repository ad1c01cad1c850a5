"""``manage.py revoke_table_token PREFIX_OR_ID``: a table token appends nothing from now on
(its posts answer 401, saying it was revoked and when)."""

from django.core.management.base import BaseCommand, CommandError

from audits.live.models import TableToken
from audits.live.tokens import table_token_revoke


class Command(BaseCommand):
    help = "Revoke a table token, named by its id or the first characters of its secret."

    def add_arguments(self, parser):
        parser.add_argument("token", help="its id or its prefix (tt_…), as list_table_tokens shows")

    def handle(self, *args, **opts):
        named = opts["token"].rstrip("…")
        found = TableToken.objects.filter(prefix=named) if not named.isdigit() else (
            TableToken.objects.filter(pk=int(named)))  # fmt: skip
        tokens = list(found[:2])
        if len(tokens) != 1:
            raise CommandError(f"{named!r} names {'no' if not tokens else 'more than one'} "
                               "table token: give its id (list_table_tokens)")  # fmt: skip
        token = tokens[0]
        done = table_token_revoke(token)
        state = "revoked" if done else "was already revoked"
        self.stdout.write(
            f"table token {token.prefix}… of {token.venue.code} ({token.name}) {state}"
        )
