"""``manage.py generate_handlog OUT``: a sample hand log of a venue with its answer key."""

from datetime import date, timedelta

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from audits.demo.sample_month import sample_month_generate, sample_venue_get
from audits.demo.submitted_days import days_taken_message, submissions_of_days
from audits.samples import generate_toss_one
from audits.samples.stakes import MODES


class Command(BaseCommand):
    help = (
        "Write a realistic sample hand log (JSON Lines, docs/handlog-format.md) of every game "
        "the registry authorizes at the venue, each at its tables, with a share of deliberate "
        "errors of every kind; --toss-one-only deals Toss One 21 without the registry."
    )

    def add_arguments(self, parser):
        parser.add_argument("out", metavar="OUT", help="the file to write (.jsonl or .jsonl.gz)")
        parser.add_argument(
            "--rounds",
            type=int,
            help="rounds per authorization, or per table of a blackjack-family game "
            "(default: 300 per table and day)",
        )
        parser.add_argument("--days", type=int, default=31, help="days covered (default 31)")
        parser.add_argument("--start", default="2026-10-01", help="first day, YYYY-MM-DD")
        parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
        parser.add_argument(
            "--fault-rate", type=float, default=0.01, help="share of faulty rounds (default 0.01)"
        )
        parser.add_argument("--seats", type=int, default=3, help="seats per round (default 3)")
        parser.add_argument("--venue", default="WA-CR-0042", help="venue code")
        parser.add_argument(
            "--toss-one-only",
            action="store_true",
            help="Toss One 21 only, at --tables, without reading the registry",
        )
        parser.add_argument(
            "--tables", help="with --toss-one-only: comma-separated tables (default T1,T2,T3,T4)"
        )
        parser.add_argument(
            "--stakes", choices=MODES, default="few",
            help="with --toss-one-only: how players stake: few amounts (the demo's), any whole "
            "dollar up to --most-stake, or every cent amount in turn (default few)",
        )  # fmt: skip
        parser.add_argument(
            "--most-stake", type=int, default=400,
            help="with --stakes any or distinct: the most a main wager stakes, in dollars "
            "(default 400, Washington's limit; choose tables whose own limit allows it)",
        )  # fmt: skip
        parser.add_argument(
            "--gzip", action="store_true", help="gzip the output (implied by a .gz name)"
        )
        parser.add_argument(
            "--answer-key", metavar="FILE", help="write the deliberate errors as JSON lines"
        )
        parser.add_argument(
            "--reuse-round-ids", action="store_true",
            help="deal days of the venue already submitted (their round ids again: the "
            "service finds each such round already submitted)",
        )  # fmt: skip

    def handle(self, *args, **opts):
        out = opts["out"]
        common = {
            "days": opts["days"],
            "rounds": opts["rounds"],
            "seats": opts["seats"],
            "fault_rate": opts["fault_rate"],
            "seed": opts["seed"],
            "gzip": opts["gzip"] or out.endswith(".gz"),
        }
        try:
            start = date.fromisoformat(opts["start"])
            _refuse_future(start, opts["days"])
            if not opts["reuse_round_ids"] and not opts["toss_one_only"]:
                _refuse_days_taken(opts["venue"], start, opts["days"])
            if opts["tables"] and not opts["toss_one_only"]:
                raise ValueError("--tables needs --toss-one-only: the registry says the tables")
            if opts["stakes"] != "few" and not opts["toss_one_only"]:
                raise ValueError("--stakes needs --toss-one-only: the demo month stakes as its "
                                 "tables' limits allow")  # fmt: skip
            if opts["toss_one_only"]:
                given = opts["tables"] or "T1,T2,T3,T4"
                tables = tuple(t.strip() for t in given.split(",") if t.strip())
                report = generate_toss_one(out, venue=opts["venue"], tables=tables,
                                           start=start, stakes=opts["stakes"],
                                           most_stake=opts["most_stake"] * 100,
                                           **common)  # fmt: skip
            else:
                last = start + timedelta(days=opts["days"] - 1)
                venue = sample_venue_get(opts["venue"], start, last)
                report = sample_month_generate(out, venue, start=start, **common)
            if opts["answer_key"]:
                report.write_answer_key(opts["answer_key"])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(report.summary())


def _refuse_future(start: date, days: int) -> None:
    """A hand log holds days played: none after today."""
    last, today = start + timedelta(days=days - 1), timezone.localdate()
    if last > today:
        raise ValueError(f"the last day asked, {last}, is after today, {today}: a hand log "
                         "holds days already played (give an earlier --start or fewer --days)")


def _refuse_days_taken(venue: str, start: date, days: int) -> None:
    """Refuse to deal days whose round ids the venue already submitted (--toss-one-only
    reads neither the registry nor the submissions: the bench's logs, dealt anywhere)."""
    last = start + timedelta(days=days - 1)
    zone = sample_venue_get(venue, start, last).timezone
    taken = submissions_of_days(venue, start, last, zone)
    if taken:
        raise ValueError(days_taken_message(venue, start, last, zone, taken))
