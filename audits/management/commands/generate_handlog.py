"""``manage.py generate_handlog OUT``: a sample Toss One 21 hand log with its answer key."""

from django.core.management.base import BaseCommand, CommandError

from audits.samples import generate_toss_one


class Command(BaseCommand):
    help = (
        "Write a realistic sample Toss One 21 hand log (JSON Lines, docs/handlog-format.md) "
        "for the demo venue, with a share of deliberate errors of every kind."
    )

    def add_arguments(self, parser):
        parser.add_argument("out", metavar="OUT", help="the file to write (.jsonl or .jsonl.gz)")
        parser.add_argument("--rounds", type=int, help="number of rounds (default: by --days)")
        parser.add_argument("--days", type=int, default=31, help="days covered (default 31)")
        parser.add_argument("--start", default="2026-10-01", help="first day, YYYY-MM-DD")
        parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
        parser.add_argument(
            "--fault-rate", type=float, default=0.01, help="share of faulty rounds (default 0.01)"
        )
        parser.add_argument("--seats", type=int, default=3, help="seats per round (default 3)")
        parser.add_argument("--venue", default="WA-CR-0042", help="venue code")
        parser.add_argument("--tables", default="T1,T2,T3,T4", help="comma-separated table codes")
        parser.add_argument(
            "--gzip", action="store_true", help="gzip the output (implied by a .gz name)"
        )
        parser.add_argument(
            "--answer-key", metavar="FILE", help="write the deliberate errors as JSON lines"
        )

    def handle(self, *args, **opts):
        out = opts["out"]
        try:
            report = generate_toss_one(
                out,
                venue=opts["venue"],
                tables=tuple(t.strip() for t in opts["tables"].split(",") if t.strip()),
                start=opts["start"],
                days=opts["days"],
                rounds=opts["rounds"],
                seats=opts["seats"],
                fault_rate=opts["fault_rate"],
                seed=opts["seed"],
                gzip=opts["gzip"] or out.endswith(".gz"),
            )
            if opts["answer_key"]:
                report.write_answer_key(opts["answer_key"])
        except (OSError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(report.summary())
