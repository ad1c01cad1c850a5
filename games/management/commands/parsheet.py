"""``manage.py parsheet GAME [--decks N] [--option name=value ...] [--json]``."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.engine.catalog import UnknownGame, compute_parsheet
from games.engine.parameters import ParameterError
from games.engine.parsheet_text import render_parsheet


def parse_option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise CommandError(f"--option {text!r}: expected name=value")
    return name.strip(), value.strip()


class Command(BaseCommand):
    help = "Print the exact par sheet (theoretical return of each wager) of a game."

    def add_arguments(self, parser):
        parser.add_argument("game", help="game code, e.g. toss-one-21")
        parser.add_argument("--decks", type=int, default=6, help="decks in the shoe (1 to 8)")
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a declared option (blackjack_pays=6:5) or a rule parameter (kicker_ace=low)",
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument(
            "--no-sensitivity",
            action="store_true",
            help="skip recomputing the sheet under the other readings of the open points",
        )

    def handle(self, *args, **opts):
        settings = dict(parse_option(o) for o in opts["option"])
        try:
            sheet = compute_parsheet(
                opts["game"], opts["decks"], settings, sensitivity=not opts["no_sensitivity"]
            )
        except (UnknownGame, ParameterError) as exc:
            raise CommandError(str(exc).strip('"')) from exc
        if opts["json"]:
            self.stdout.write(json.dumps(sheet.to_dict(), indent=2))
        else:
            self.stdout.write(render_parsheet(sheet))
