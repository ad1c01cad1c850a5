"""``manage.py verify_report PDF [--json] [--extract DIR]``: check a report's signature.

Exit status 0 when the PDF verifies (signed, intact, valid, trusted, unchanged), else 1.
It also says whether the exact bytes are those of a report this service issued. With
``--extract``, a PDF that verifies has its attached files (report.json, findings.csv)
written into DIR; one that does not has nothing written.
"""

import json
import logging
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.reports.verification import report_check
from audits.signing.identity import SigningSetupError
from audits.signing.verify import pdf_attachments


class Command(BaseCommand):
    help = "Verify the signature of an audit report PDF against the configured trust roots."

    def add_arguments(self, parser):
        parser.add_argument("pdf")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
        parser.add_argument(
            "--extract", metavar="DIR", help="write the attached files into DIR (if it verifies)"
        )

    def handle(self, *args, **opts):
        if opts["verbosity"] < 2:
            _quiet_pyhanko()  # its tracebacks for a failed check repeat what the verdict says
        try:
            data = Path(opts["pdf"]).read_bytes()
            verification = report_check(data)
        except (OSError, SigningSetupError) as error:
            raise CommandError(str(error)) from error
        result = verification.to_dict()
        self.stdout.write(json.dumps(result, indent=1) if opts["json"] else _text(result))
        if not verification.ok:
            if opts["extract"]:
                self.stderr.write("nothing extracted: the PDF does not verify")
            raise SystemExit(1)
        if opts["extract"]:
            for path in _extract(data, Path(opts["extract"])):
                self.stdout.write(f"extracted {path}")


def _extract(data: bytes, into: Path) -> list[Path]:
    """The attachments written into ``into`` under their own names; a name that is not a
    plain file name (a path, a dot file) is refused, never written elsewhere."""
    files = pdf_attachments(data)
    for name, _ in files:
        if not name or Path(name).name != name or name.startswith("."):
            raise CommandError(f"nothing extracted: {name!r} is not a plain file name")
    into.mkdir(parents=True, exist_ok=True)
    for name, content in files:
        (into / name).write_bytes(content)
    return [into / name for name, _ in files]


def _quiet_pyhanko() -> None:
    for name in ("pyhanko", "pyhanko_certvalidator"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _text(v: dict) -> str:
    lines = [
        f"{'OK' if v['ok'] else 'NOT OK'}: sha256 {v['sha256']}",
        f"signer {v['signer'] or '-'}, signed at {v['signed_at'] or '-'}",
    ]
    checks = ("signed", "certified", "intact", "valid", "trusted", "timestamped")
    lines.append(", ".join(f"{name} {'yes' if v[name] else 'no'}" for name in checks))
    lines.append(f"modified after signing: {'yes' if v['modified_after_signing'] else 'no'}")
    issued = v.get("issued_report")
    lines.append(f"issued by this service: {'report ' + issued if issued else 'no'}")
    lines += [f"attached: {a['name']}, {a['bytes']:,} bytes, sha256 {a['sha256']}"
              for a in v.get("attachments", [])]  # fmt: skip
    lines += [f"problem: {problem}" for problem in v["problems"]]
    return "\n".join(lines)
