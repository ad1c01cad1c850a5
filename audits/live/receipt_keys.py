"""The service's own key for live receipts (Ed25519): the private key in ``LIVE_RECEIPT_KEY``
signs every tree head; its public key and those of ``LIVE_RECEIPT_PREVIOUS_KEYS`` (earlier
keys, after a rotation) are published, and are the only keys the service's verifier accepts.

The keys are read once per process and path (a post signs with it); a change of the setting
reads the new file (``setting_changed``, which tests send)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
    load_pem_private_key,
    load_pem_public_key,
)
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver

from audits.live.receipt_format import public_key_id

MAKE_ONE = "`manage.py create_receipt_key` makes one"


@lru_cache(maxsize=8)
def _private_key(path: str) -> Ed25519PrivateKey:
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise ImproperlyConfigured(
            f"LIVE_RECEIPT_KEY: cannot read {path} ({error.strerror}): {MAKE_ONE}"
        ) from error
    try:
        key = load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as error:
        raise ImproperlyConfigured(f"LIVE_RECEIPT_KEY: {path} is not a PEM private key "
                                   f"without a passphrase ({error})") from error  # fmt: skip
    if not isinstance(key, Ed25519PrivateKey):
        raise ImproperlyConfigured(f"LIVE_RECEIPT_KEY: {path} is not an Ed25519 key")
    return key


@lru_cache(maxsize=32)
def _public_key(path: str) -> Ed25519PublicKey:
    try:
        key = load_pem_public_key(Path(path).read_bytes())
    except (OSError, ValueError) as error:
        raise ImproperlyConfigured(f"LIVE_RECEIPT_PREVIOUS_KEYS: {path}: {error}") from error
    if not isinstance(key, Ed25519PublicKey):
        raise ImproperlyConfigured(f"LIVE_RECEIPT_PREVIOUS_KEYS: {path} is not an Ed25519 key")
    return key


@receiver(setting_changed)
def _forget_keys(*, setting, **kwargs):
    if setting in ("LIVE_RECEIPT_KEY", "LIVE_RECEIPT_PREVIOUS_KEYS"):
        _private_key.cache_clear()
        _public_key.cache_clear()


def receipt_signing_key() -> Ed25519PrivateKey:
    """The key that signs tree heads (ImproperlyConfigured when there is none: nothing is
    acknowledged without a signature)."""
    return _private_key(str(settings.LIVE_RECEIPT_KEY))


def receipt_keys_published() -> list[tuple[str, Ed25519PublicKey, bool]]:
    """(key id, public key, whether it signs now): the current key first."""
    current = receipt_signing_key().public_key()
    keys = [(public_key_id(current), current, True)]
    for path in settings.LIVE_RECEIPT_PREVIOUS_KEYS:
        key = _public_key(str(path))
        if public_key_id(key) not in {k for k, _, _ in keys}:
            keys.append((public_key_id(key), key, False))
    return keys


def receipt_verify_keys() -> dict[str, Ed25519PublicKey]:
    return {key_id: key for key_id, key, _ in receipt_keys_published()}


def receipt_key_dict(key_id: str, key: Ed25519PublicKey, current: bool) -> dict:
    """A published key as the keys endpoint gives it."""
    return {
        "key_id": key_id,
        "algorithm": "Ed25519",
        "public_key": key.public_bytes(Encoding.Raw, PublicFormat.Raw).hex(),
        "pem": key.public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo).decode(),
        "current": current,
    }


def receipt_public_path(path: Path) -> Path:
    """Where the public key of the private key at ``path`` is written: ``x.pem`` ->
    ``x.pub.pem``."""
    return path.with_name(path.name.removesuffix(".pem") + ".pub.pem")


def receipt_key_create(path: Path, overwrite: bool = False) -> tuple[Path, str]:
    """A new Ed25519 key at ``path`` (owner-only) and its public key beside it; the public
    key's path and key id. FileExistsError when a key is there and ``overwrite`` is off."""
    key = Ed25519PrivateKey.generate()
    path.parent.mkdir(parents=True, exist_ok=True)
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if overwrite else os.O_EXCL)
    with os.fdopen(os.open(path, flags, 0o600), "wb") as file:
        file.write(key.private_bytes(Encoding.PEM, PrivateFormat.PKCS8, NoEncryption()))
    os.chmod(path, 0o600)  # a file that was there keeps its own mode otherwise
    public = receipt_public_path(path)
    public.write_bytes(
        key.public_key().public_bytes(Encoding.PEM, PublicFormat.SubjectPublicKeyInfo)
    )
    _private_key.cache_clear()
    return public, public_key_id(key.public_key())
