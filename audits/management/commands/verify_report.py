"""``manage.py verify_report PDF [--json]``: check a report's signature.

Exit status 0 when the PDF verifies (signed, intact, valid, trusted, unchanged), else 1.
It also says whether the exact bytes are those of a report this service issued.
"""

import json
import logging
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from audits.reports.verification import report_check
from audits.signing.identity import SigningSetupError


class Command(BaseCommand):
    help = "Verify the signature of an audit report PDF against the configured trust roots."

    def add_arguments(self, parser):
        parser.add_argument("pdf")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

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
            raise SystemExit(1)


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
