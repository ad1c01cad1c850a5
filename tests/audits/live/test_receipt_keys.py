"""The service's receipt key: made by a command (never replaced unless asked), read from
LIVE_RECEIPT_KEY, refused when it is not an Ed25519 key."""

from __future__ import annotations

import hashlib
import io

import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
)
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from audits.live.receipt_keys import (
    receipt_key_create,
    receipt_keys_published,
    receipt_signing_key,
)


def test_create_receipt_key_writes_a_private_key_for_its_owner_and_its_public_key(tmp_path):
    out = io.StringIO()
    call_command("create_receipt_key", "--path", str(tmp_path / "k.pem"), stdout=out)
    private = load_pem_private_key((tmp_path / "k.pem").read_bytes(), password=None)
    raw = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    assert (tmp_path / "k.pem").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "k.pub.pem").read_bytes().startswith(b"-----BEGIN PUBLIC KEY-----")
    assert f"key id {hashlib.sha256(raw).hexdigest()}" in out.getvalue()
    before = (tmp_path / "k.pem").read_bytes()
    with pytest.raises(CommandError, match="exists already"):
        call_command("create_receipt_key", "--path", str(tmp_path / "k.pem"), stdout=out)
    assert (tmp_path / "k.pem").read_bytes() == before
    call_command("create_receipt_key", "--path", str(tmp_path / "k.pem"), "--force", stdout=out)
    assert (tmp_path / "k.pem").read_bytes() != before


def test_create_signing_identity_makes_the_receipt_key_once(tmp_path):
    call_command("create_signing_identity", "--dir", str(tmp_path), stdout=io.StringIO())
    key = (tmp_path / "receipts-ed25519.pem").read_bytes()
    assert (tmp_path / "receipts-ed25519.pub.pem").exists()
    out = io.StringIO()
    call_command("create_signing_identity", "--dir", str(tmp_path), "--force", stdout=out)
    assert (tmp_path / "receipts-ed25519.pem").read_bytes() == key  # what it signed verifies
    assert "The receipt key exists already" in out.getvalue()


def test_a_key_that_cannot_sign_receipts_is_refused_by_name(settings, tmp_path):
    (tmp_path / "junk.pem").write_text("not a key")
    rsa_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    (tmp_path / "rsa.pem").write_bytes(
        rsa_key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption())
    )
    for name, reason in [("none.pem", "cannot read"), ("junk.pem", "not a PEM private key"),
                         ("rsa.pem", "not an Ed25519 key")]:  # fmt: skip
        settings.LIVE_RECEIPT_KEY = str(tmp_path / name)
        with pytest.raises(ImproperlyConfigured, match=reason):
            receipt_signing_key()
    receipt_key_create(tmp_path / "good.pem")
    settings.LIVE_RECEIPT_KEY = str(tmp_path / "good.pem")
    settings.LIVE_RECEIPT_PREVIOUS_KEYS = [str(tmp_path / "rsa.pem")]
    with pytest.raises(ImproperlyConfigured, match="LIVE_RECEIPT_PREVIOUS_KEYS"):
        receipt_keys_published()

