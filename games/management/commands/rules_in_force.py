"""``manage.py rules_in_force --venue V --table T --game G --at TIME [--option k=v] [--json]``."""

import json

from django.core.management.base import BaseCommand, CommandError

from games.registry_io.values import parse_rfc3339
from games.selectors import RulesInForce, rules_in_force

from .parsheet import parse_option


class Command(BaseCommand):
    help = (
        "What applied at a venue's table for a game at a time: approval, rules, paytables, limits."
    )

    def add_arguments(self, parser):
        parser.add_argument("--venue", required=True, help="venue code, e.g. WA-CR-0042")
        parser.add_argument("--table", required=True, help="table code, e.g. T1")
        parser.add_argument("--game", required=True, help="game code, e.g. toss-one-21")
        parser.add_argument(
            "--at", required=True, help="RFC 3339 time with its offset: 2026-11-01T21:14:03-08:00"
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a declared option of the round, e.g. blackjack_pays=3:2 (repeatable)",
        )
        parser.add_argument(
            "--decks", type=int, help="the shoe's decks, judged against every term (optional)"
        )
        parser.add_argument("--json", action="store_true", help="print the answer as JSON")

    def handle(self, *args, **opts):
        try:
            at = parse_rfc3339(opts["at"])
        except ValueError as exc:
            raise CommandError(f"--at: {exc}") from exc
        options = dict(parse_option(o) for o in opts["option"])
        answer = rules_in_force(
            venue=opts["venue"], table=opts["table"], game=opts["game"], options=options, at=at,
            decks=opts["decks"],
        )  # fmt: skip
        if opts["json"]:
            self.stdout.write(json.dumps(answer.to_dict(), indent=2, default=str))
        else:
            self.stdout.write(summary(answer))


def summary(answer: RulesInForce) -> str:
    data = answer.to_dict()
    where = f"{data['venue'] or '?'}/{data['table'] or '?'} {data['game'] or '?'}"
    when = f"{data['at']} (local date {data['local_date'] or '?'})"
    if not answer.in_force:
        return (
            f"NOT IN FORCE at {where} at {when}\n{data['reason_code']}: {data['reason']}\n"
            f"cited: {data['cited']}"
        )
    approval, rules, authorization = data["approval"], data["rule_version"], data["authorization"]
    lines = [
        f"IN FORCE at {where} at {when}",
        f"authorization: {authorization['citation']}",
        f"  table: {authorization['table'] or 'every table of the venue'}; options "
        f"{_pairs(authorization['options'])}; decks "
        f"{_list(authorization['decks']) or 'any the approved rules allow'}",
        *(f"  condition met: {c['condition']} on {c['met_on']} ({c['evidence']})"
          for c in authorization["conditions_met"]),
        f"approval: {approval['citation']}, hash {approval['content_hash']}",
        f"  allowed options: {_pairs(_lists(approval['allowed_options']))}",
        f"rule version: {rules['version']} (hash {rules['content_hash']}); decks "
        f"{_list(rules['decks_allowed'])}",
        f"parameters: {_pairs(rules['parameters'])}",
    ]  # fmt: skip
    for key, table in data["paytables"].items():
        lines.append(
            f"paytable {key} #{table['code']} v{table['version']}: {_pairs(table['entries'])}"
        )
    lines.extend(_limit_line(limit) for limit in data["limits"])
    if not data["limits"]:
        lines.append("limits: none registered")
    return "\n".join(lines)


def _limit_line(limit: dict) -> str:
    filing = f", {limit['filing']}" if limit["filing"] else ""
    return (
        f"limit {limit['kind']} {limit['amount']} ({limit['scope']}): "
        f"{limit['regulation']}{filing}, from {limit['effective_from']}"
    )


def _lists(mapping: dict) -> dict:
    return {k: _list(v) for k, v in mapping.items()}


def _list(values) -> str:
    return ", ".join(map(str, values or []))


def _pairs(mapping: dict) -> str:
    return ", ".join(f"{k}={x}" for k, x in mapping.items()) or "none"
