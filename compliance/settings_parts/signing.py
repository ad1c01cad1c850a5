"""The keys the service signs with: audit reports' identity and trust, and live receipts'
tree heads."""

import os
from pathlib import Path

from compliance.settings_parts.environment import BASE_DIR, env_list

# Audit reports are signed with this identity: a PKCS#12 file (REPORT_SIGNING_PKCS12, with
# REPORT_SIGNING_PASSPHRASE) or a PEM key and certificate (REPORT_SIGNING_KEY,
# REPORT_SIGNING_CERT, and the CA chain in REPORT_SIGNING_CHAIN). Verification trusts the
# CA certificates in REPORT_TRUST_ROOTS (comma-separated PEM files). A timestamp is added
# when REPORT_TSA_URL names a timestamp authority. The defaults are the development identity
# that `manage.py create_signing_identity` writes into var/signing/ (never committed).
REPORT_SIGNING_DIR = Path(os.environ.get("REPORT_SIGNING_DIR") or BASE_DIR / "var" / "signing")
REPORT_SIGNING_PKCS12 = os.environ.get("REPORT_SIGNING_PKCS12") or ""
REPORT_SIGNING_PASSPHRASE = os.environ.get("REPORT_SIGNING_PASSPHRASE") or ""
_SIGNING_FILE = {name: str(REPORT_SIGNING_DIR / name) for name in ("signer.key", "signer.pem")}
REPORT_SIGNING_KEY = os.environ.get("REPORT_SIGNING_KEY") or _SIGNING_FILE["signer.key"]
REPORT_SIGNING_CERT = os.environ.get("REPORT_SIGNING_CERT") or _SIGNING_FILE["signer.pem"]
REPORT_SIGNING_CHAIN = os.environ.get("REPORT_SIGNING_CHAIN") or str(REPORT_SIGNING_DIR / "ca.pem")
REPORT_TRUST_ROOTS = env_list("REPORT_TRUST_ROOTS") or [str(REPORT_SIGNING_DIR / "ca.pem")]
REPORT_TSA_URL = os.environ.get("REPORT_TSA_URL") or ""
# Live receipts' tree heads are signed with this Ed25519 key of the service's own (a PEM file
# that `manage.py create_receipt_key` or `create_signing_identity` makes); the public keys of
# earlier ones (comma-separated PEM files) stay published, so that what they signed verifies.
LIVE_RECEIPT_KEY = os.environ.get("LIVE_RECEIPT_KEY") or str(
    REPORT_SIGNING_DIR / "receipts-ed25519.pem"
)
LIVE_RECEIPT_PREVIOUS_KEYS = env_list("LIVE_RECEIPT_PREVIOUS_KEYS")
