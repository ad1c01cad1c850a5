"""``manage.py parsheet GAME [--decks N] [--option name=value ...] [--json]``."""

import json

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from games.engine.catalog import UnknownGame, compute_parsheet
from games.engine.parameters import ParameterError
from games.engine.parsheet_text import render_parsheet
from games.services.defined_wagers import game_defined_sheets


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
        try:
            defined = game_defined_sheets(opts["game"], opts["decks"])  # the registry's own
        except DatabaseError as exc:  # no registry yet (not migrated): the engine's alone
            self.stderr.write(f"the registry could not be read ({exc}): the side wagers it "
                              "defines as data are left out")  # fmt: skip
            defined = {}
        if opts["json"]:
            self.stdout.write(json.dumps(_with_defined(sheet.to_dict(), defined), indent=2))
        else:
            self.stdout.write(render_parsheet(sheet))
            for key, wager in defined.items():
                self.stdout.write(_defined_text(key, wager))


def _with_defined(sheet: dict, defined: dict) -> dict:
    """The engine's wagers, then each side wager the registry defines (its exact sheet under
    its first paytable, and under each of them in ``paytables``)."""
    sheet["wagers"].update(defined)
    if defined:
        sheet["notes"].append("Side wagers defined as data in the registry: "
                              + ", ".join(f"{k} (rule version {w['rule_version']})"
                                          for k, w in defined.items()))  # fmt: skip
    return sheet


def _defined_text(key: str, wager: dict) -> str:
    lines = [f"{key}: {wager['title']} (defined in the registry, rule version "
             f"{wager['rule_version']}); {wager['hands']:,} hands counted"]  # fmt: skip
    for code, sheet in wager["paytables"].items():
        lines.append(f"  paytable {code}: house edge {sheet['house_edge'] * 100:.4f}% "
                     f"(exactly {sheet['house_edge_exact']})")  # fmt: skip
        lines += [f"    {o['outcome']:<26}{o['pays_odds']:>12}{o['combinations']:>14,}"
                  f"{o['probability']:>14.8f}" for o in sheet["outcomes"]]  # fmt: skip
    return "\n".join(lines) + "\n"
