"""Loading the signer's key and certificates, and the trusted root certificates."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from asn1crypto import x509
from pyhanko.keys import (
    load_cert_from_pemder,
    load_certs_from_pemder,
    load_private_key_from_pemder,
)
from pyhanko.sign.signers import SimpleSigner
from pyhanko_certvalidator.registry import SimpleCertificateStore

from compliance.errors import ServerNotSetUp


class SigningSetupError(ServerNotSetUp):
    """The signing identity or the trust roots cannot be loaded (missing file, bad passphrase)."""

    public = (
        "report signing or verification is not set up on this server "
        "(REPORT_SIGNING_* and REPORT_TRUST_ROOTS)"
    )


@dataclass(frozen=True)
class SigningIdentity:
    """Where the signing key is: a PKCS#12 file, or a PEM key, certificate and CA chain."""

    pkcs12: Path | None = None
    passphrase: str = ""
    key: Path | None = None
    cert: Path | None = None
    chain: tuple[Path, ...] = ()


def load_signer(identity: SigningIdentity) -> SimpleSigner:
    """The pyHanko signer for ``identity``; raises SigningSetupError when it cannot load."""
    if identity.pkcs12 is not None:
        return _pkcs12_signer(identity)
    if identity.key is None or identity.cert is None:
        raise SigningSetupError("no signing identity: give a PKCS#12 file or a key and cert")
    return _pem_signer(identity)


def load_trust_roots(paths: Iterable[str | Path]) -> list[x509.Certificate]:
    """The certificates in the given PEM/DER files; raises SigningSetupError when one is
    missing or unreadable."""
    paths = [_existing(path, "trust root") for path in paths]
    try:
        return list(load_certs_from_pemder(paths))
    except (OSError, ValueError) as error:
        raise SigningSetupError(f"cannot read the trust roots: {error}") from error


def _pkcs12_signer(identity: SigningIdentity) -> SimpleSigner:
    data = _existing(identity.pkcs12, "PKCS#12 file").read_bytes()
    try:
        return SimpleSigner.load_pkcs12_data(
            data, other_certs=_chain(identity), passphrase=_passphrase(identity)
        )
    except ValueError as error:
        raise SigningSetupError(
            f"cannot open {identity.pkcs12} (wrong passphrase or not PKCS#12)"
        ) from error


def _pem_signer(identity: SigningIdentity) -> SimpleSigner:
    key_path = _existing(identity.key, "signing key")
    cert_path = _existing(identity.cert, "signing certificate")
    try:
        key = load_private_key_from_pemder(key_path, passphrase=_passphrase(identity))
        cert = load_cert_from_pemder(cert_path)
    except (OSError, ValueError, TypeError) as error:
        raise SigningSetupError(f"cannot read the signing key or certificate: {error}") from error
    registry = SimpleCertificateStore()
    registry.register_multiple(_chain(identity))
    return SimpleSigner(signing_key=key, signing_cert=cert, cert_registry=registry)


def _chain(identity: SigningIdentity) -> list[x509.Certificate]:
    return load_trust_roots(identity.chain) if identity.chain else []


def _passphrase(identity: SigningIdentity) -> bytes | None:
    return identity.passphrase.encode() if identity.passphrase else None


def _existing(path: str | Path | None, what: str) -> Path:
    if path is None or not Path(path).is_file():
        raise SigningSetupError(f"{what} not found: {path}")
    return Path(path)
