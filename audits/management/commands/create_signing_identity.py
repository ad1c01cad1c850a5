"""``manage.py create_signing_identity [--dir DIR] [--force] [--passphrase P]``.

Makes a development CA and a report-signing certificate it issued: ca.pem, signer.key,
signer.pem and signer.p12 in REPORT_SIGNING_DIR (var/signing/, never committed).
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from audits.signing.dev_identity import IdentityExists, create_dev_identity


class Command(BaseCommand):
    help = "Create a development signing identity (CA + signer) for audit reports."

    def add_arguments(self, parser):
        parser.add_argument("--dir", help="directory (default: settings.REPORT_SIGNING_DIR)")
        parser.add_argument("--force", action="store_true", help="replace existing files")
        parser.add_argument(
            "--passphrase",
            help="encrypt signer.key and signer.p12 (default: REPORT_SIGNING_PASSPHRASE)",
        )

    def handle(self, *args, **opts):
        directory = Path(opts["dir"] or settings.REPORT_SIGNING_DIR)
        passphrase = opts["passphrase"]
        if passphrase is None:
            passphrase = settings.REPORT_SIGNING_PASSPHRASE
        try:
            files = create_dev_identity(directory, passphrase=passphrase, overwrite=opts["force"])
        except IdentityExists as exists:
            self.stdout.write(f"A signing identity exists already ({exists}); --force replaces it.")
            return
        for path in files.all():
            self.stdout.write(f"wrote {path}")
        self.stdout.write(self.style.WARNING("For development only: nobody else trusts this CA."))
