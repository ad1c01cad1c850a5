"""``manage.py audit_report (--submission ID | --venue V --period 2026-10 |
--jurisdiction J --period 2026-Q3) [--out PATH] [--json]``.

Requests the report and runs the same Celery task that workers run, in this
process, then prints the path of the signed PDF.  Exit status 0 when the
report was issued, 1 when it failed (with the reason).
"""

import hashlib
import json
import shutil
import uuid
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from audits.reports.lifecycle import report_request
from audits.reports.models import ReportKind, ReportStatus
from audits.submissions.models import Submission
from audits.tasks import generate_report
from games.models import Jurisdiction, Venue


class Command(BaseCommand):
    help = "Generate and sign an audit report now; print where the PDF is."

    def add_arguments(self, parser):
        scope = parser.add_mutually_exclusive_group(required=True)
        scope.add_argument(
            "--submission", help="a submission's id, UUID or SHA-256, or the file submitted"
        )
        scope.add_argument("--venue", help="a venue code, e.g. WA-CR-0042")
        scope.add_argument("--jurisdiction", help="a jurisdiction code, e.g. wa-wsgc")
        parser.add_argument("--period", default="", help="2026-10 or 2026-Q3")
        parser.add_argument("--out", help="also copy the signed PDF here")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")

    def handle(self, *args, **opts):
        try:
            report = report_request(**_scope(opts), requested_via="command audit_report")
        except ValidationError as exc:
            raise CommandError("; ".join(f"{k}: {' '.join(v)}" for k, v in _errors(exc))) from exc
        generate_report.apply(args=(report.pk,), throw=False)  # a failure is on the report
        report.refresh_from_db()
        if report.status != ReportStatus.DONE:
            self.stderr.write(f"report {report.uuid} failed: {report.failure_reason}")
            raise SystemExit(1)
        path = Path(settings.MEDIA_ROOT) / report.pdf_file
        if opts["out"]:
            shutil.copyfile(path, opts["out"])
            path = Path(opts["out"])
        if opts["json"]:
            self.stdout.write(
                json.dumps({"report": str(report.uuid), "pdf": str(path), "sha256": report.sha256})
            )
        else:
            self.stdout.write(str(path))


def _scope(opts) -> dict:
    if opts["submission"]:
        return {"kind": ReportKind.SUBMISSION, "submission": _submission(opts["submission"])}
    if opts["venue"]:
        venue = Venue.objects.filter(code=opts["venue"]).first()
        if venue is None:
            raise CommandError(f"no venue {opts['venue']!r}")
        return {"kind": ReportKind.VENUE, "venue": venue, "period": opts["period"]}
    jurisdiction = Jurisdiction.objects.filter(code=opts["jurisdiction"]).first()
    if jurisdiction is None:
        raise CommandError(f"no jurisdiction {opts['jurisdiction']!r}")
    return {"kind": ReportKind.JURISDICTION, "jurisdiction": jurisdiction, "period": opts["period"]}


def _submission(value: str) -> Submission:
    if Path(value).is_file():
        value = _sha256(Path(value))
    if value.isdigit():
        found = Submission.objects.filter(pk=int(value)).first()
    elif len(value) == 64:  # one submission per licensee may hold the same file
        matches = list(Submission.objects.filter(sha256=value.lower())[:2])
        if len(matches) > 1:
            raise CommandError(
                f"several licensees submitted the file {value[:16]}…: give the submission's "
                "id or UUID"
            )
        found = matches[0] if matches else None
    else:
        found = Submission.objects.filter(uuid=_uuid(value)).first() if _uuid(value) else None
    if found is None:
        raise CommandError(f"no submission {value!r} (give its id, UUID, SHA-256 or file)")
    return found


def _uuid(value: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(value)
    except ValueError:
        return None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _errors(exc: ValidationError):
    return exc.message_dict.items() if hasattr(exc, "error_dict") else [("error", exc.messages)]
