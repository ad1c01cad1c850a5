"""``manage.py validate_handlog PATH [--json-findings OUT] [--json] [--licensee L]``.

Registers the file as a submission (through the same service as the API and the web
page), validates it in this process and prints a summary.  The same file again is the
same submission (validated again only if it had failed).  Exit status: 0 every round clean, 1
findings, 2 the file could not be processed (with one sentence saying why, never a traceback).
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.submissions.intake import licensee_for_file, submission_submit
from audits.submissions.models import SubmissionStatus
from audits.submissions.storage import SubmissionRefused
from audits.submissions.summary import (
    finding_dicts,
    findings_of,
    submission_summary,
    submission_zone,
)


class Command(BaseCommand):
    help = "Validate a hand log (.jsonl or .jsonl.gz) synchronously and report its findings."

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--json-findings", metavar="OUT", help="write findings as JSON Lines")
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")
        parser.add_argument("--licensee", help="license number (default: from the first venue)")

    def handle(self, *args, **opts):
        path = Path(opts["path"])
        if path.is_dir():
            raise CommandError(f"{path} is a folder, not a hand log", returncode=2)
        if not path.is_file():
            raise CommandError(f"{path}: no such file", returncode=2)
        try:
            licensee = licensee_for_file(path, opts["licensee"])
            with open(path, "rb") as stream:
                submitted = submission_submit(
                    stream, name=path.name, licensee=licensee, via="command", now=True
                )
        except (LookupError, SubmissionRefused) as exc:
            raise CommandError(str(exc), returncode=2) from exc
        except OSError as exc:  # unreadable, removed or cut while read
            raise CommandError(f"{path} could not be read: {exc.strerror or exc}",
                               returncode=2) from exc  # fmt: skip
        submission = submitted.submission
        summary = submission_summary(submission)
        if opts["json_findings"]:
            with open(opts["json_findings"], "w") as out:
                zone = submission_zone(submission)
                for finding in finding_dicts(findings_of(submission), zone):
                    out.write(json.dumps(finding) + "\n")
        self.stdout.write(json.dumps(summary) if opts["json"] else _text(summary))
        if submission.status == SubmissionStatus.FAILED:
            raise SystemExit(2)
        if summary["findings"]:
            raise SystemExit(1)


def _text(s: dict) -> str:
    if s["status"] == "failed":
        return f"{s['file']}: could not be processed: {s['failure_reason']}"
    codes = ", ".join(f"{code} {n}" for code, n in s["findings_by_code"].items()) or "none"
    return (
        f"{s['file']} (sha256 {s['sha256'][:16]}…, submission {s['submission']})\n"
        f"rounds {s['rounds']}, clean {s['clean_rounds']}, rejected lines {s['rejected_lines']}\n"
        f"findings {s['findings']}: {codes}\n"
        f"wagered {s['wagered']}, overpaid {s['overpaid']}, underpaid {s['underpaid']}"
    )
