"""``manage.py create_demo_accounts [--reset-passwords] [--file PATH] [--site URL]``.

The embedded demo's accounts (``make demo`` runs it): a commission reviewer of wa-wsgc,
compliance staff of each demo licensee and an administrator, with generated passwords
written to var/demo/accounts.txt (mode 0600, git-ignored) and printed with the address to
sign in at.  Run again, it keeps them and prints them from the file.  Refused, creating
nothing, unless DEBUG is on and the database is the embedded SQLite one
(audits/demo/).
"""

import os
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from audits.demo import mode
from audits.demo.accounts import (
    DEFAULT_ACCOUNTS_FILE,
    DEFAULT_SITE,
    DemoAccountsError,
    demo_accounts_ensure,
)
from audits.demo.accounts_file import RESET_COMMAND


def _shown(path: Path) -> str:
    """The path relative to the current directory when it is below it."""
    relative = os.path.relpath(path.resolve())
    return path.as_posix() if relative.startswith("..") else relative


class Command(BaseCommand):
    help = (
        "Create the embedded demo's accounts (reviewer, staff of each demo licensee, admin) "
        "once, with generated passwords written to var/demo/accounts.txt and printed."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--reset-passwords",
            action="store_true",
            help="give every demo account a new password and rewrite the file",
        )
        parser.add_argument(
            "--file",
            default=str(DEFAULT_ACCOUNTS_FILE),
            help="where the passwords are kept (default: var/demo/accounts.txt)",
        )
        parser.add_argument(
            "--site", default=DEFAULT_SITE, help=f"the served address (default {DEFAULT_SITE})"
        )

    def handle(self, *args, **opts):
        refusal = mode.demo_mode_refusal(debug=settings.DEBUG, vendor=mode.database_vendor())
        if refusal:
            raise CommandError(refusal)
        path = Path(opts["file"])
        try:
            result = demo_accounts_ensure(
                embedded=True,
                path=path,
                reset_passwords=opts["reset_passwords"],
                site=opts["site"],
            )
        except DemoAccountsError as exc:
            raise CommandError(str(exc)) from exc
        shown = _shown(path)
        lost = [*result.unknown, *result.stale]
        if result.reset:
            head = f"New passwords for the demo accounts, written to {shown} (mode 0600)."
        elif result.created and len(result.created) == len(result.accounts):
            head = f"Demo accounts created; their passwords are kept in {shown} (mode 0600)."
        elif result.created:
            head = f"Demo accounts created: {', '.join(result.created)}; kept in {shown}."
        elif not path.exists():
            head = f"The demo accounts exist already, but {shown} is missing."
        else:
            head = f"The demo accounts exist already; their passwords are unchanged, in {shown}."
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS(head))
        self.stdout.write(f"Sign in at {result.login_url} as:")
        self.stdout.write("")
        self.stdout.write(result.listing)
        if lost:
            why = "the file is missing" if not path.exists() else "the file does not hold them"
            self.stdout.write(
                self.style.WARNING(
                    f"\nThe passwords of {', '.join(lost)} are unknown ({why}).\n"
                    f"To give every demo account a new password and write them to {shown}, "
                    f"run\n    {RESET_COMMAND}"
                )
            )
