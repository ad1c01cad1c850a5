"""``manage.py create_signing_identity [--dir DIR] [--force] [--passphrase P]``.

Makes a development CA and a report-signing certificate it issued: ca.pem, signer.key,
signer.pem and signer.p12 in REPORT_SIGNING_DIR (var/signing/, never committed); and, when
there is none, the key that signs live receipts (LIVE_RECEIPT_KEY, or receipts-ed25519.pem in
--dir; ``create_receipt_key --force`` replaces one).
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from audits.live.receipt_keys import receipt_key_create
from audits.signing.dev_identity import IdentityExists, create_dev_identity

RECEIPT_KEY = "receipts-ed25519.pem"


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
        self._receipt_key(Path(opts["dir"]) / RECEIPT_KEY if opts["dir"] else None)
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

    def _receipt_key(self, path: Path | None) -> None:
        """Never replaced here: what the key signed verifies only while it is published."""
        path = path or Path(settings.LIVE_RECEIPT_KEY)
        if path.exists():
            self.stdout.write(f"The receipt key exists already ({path}).")
            return
        public, key_id = receipt_key_create(path)
        self.stdout.write(f"wrote {path} and {public} (receipt key {key_id[:16]}…)")
