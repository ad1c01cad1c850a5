"""``manage.py create_receipt_key [--path P] [--force]``.

Makes the service's Ed25519 key for live receipts (its signed tree heads) at LIVE_RECEIPT_KEY
(var/signing/receipts-ed25519.pem by default, never committed), readable by its owner only,
and its public key beside it (``receipts-ed25519.pub.pem``): the file to name in
LIVE_RECEIPT_PREVIOUS_KEYS once another key replaces it (docs/deploy.md).
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from audits.live.receipt_keys import receipt_key_create, receipt_public_path


class Command(BaseCommand):
    help = "Create the Ed25519 key that signs live receipts' tree heads."

    def add_arguments(self, parser):
        parser.add_argument("--path", help="the private key's file (default: LIVE_RECEIPT_KEY)")
        parser.add_argument("--force", action="store_true", help="replace an existing key")

    def handle(self, *args, **opts):
        path = Path(opts["path"] or settings.LIVE_RECEIPT_KEY)
        try:
            public, key_id = receipt_key_create(path, overwrite=opts["force"])
        except FileExistsError:
            raise CommandError(
                f"{path} exists already: receipts it signed verify only while its public key "
                f"({receipt_public_path(path).name}) is published; --force replaces it"
            ) from None
        self.stdout.write(f"wrote {path} (private, owner only) and {public}")
        self.stdout.write(f"key id {key_id}")
