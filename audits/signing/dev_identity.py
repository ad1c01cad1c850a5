"""A development signing identity: a self-made CA and a report-signing certificate it issued.

For development and tests only: the CA is trusted by nobody but this service's own settings.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

CA_NAME = "Compliance Service Development CA"
SIGNER_NAME = "Compliance Service Report Signing (development)"
ORGANISATION = "Compliance Service (development)"
KEY_SIZE = 3072
CA_YEARS = 10
SIGNER_YEARS = 3


class IdentityExists(Exception):
    """The directory already holds a development identity (and overwriting was not asked)."""


@dataclass(frozen=True)
class DevIdentityFiles:
    """The files of a development identity in one directory."""

    directory: Path

    @property
    def ca_cert(self) -> Path:
        return self.directory / "ca.pem"

    @property
    def signer_key(self) -> Path:
        return self.directory / "signer.key"

    @property
    def signer_cert(self) -> Path:
        return self.directory / "signer.pem"

    @property
    def signer_p12(self) -> Path:
        return self.directory / "signer.p12"

    def all(self) -> list[Path]:
        return [self.ca_cert, self.signer_key, self.signer_cert, self.signer_p12]

    def existing(self) -> list[Path]:
        return [path for path in self.all() if path.exists()]


def create_dev_identity(
    directory: str | Path, *, passphrase: str = "", overwrite: bool = False
) -> DevIdentityFiles:
    """Write ca.pem, signer.key (mode 0600), signer.pem and signer.p12 (encrypted with
    ``passphrase`` when one is given) into ``directory``; raises IdentityExists when any
    of them is already there, unless ``overwrite``."""
    files = DevIdentityFiles(Path(directory))
    if files.existing() and not overwrite:
        raise IdentityExists(", ".join(str(path) for path in files.existing()))
    ca_key, ca_cert = _new_ca()
    key, cert = _new_signer(ca_key, ca_cert)
    files.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    files.ca_cert.write_bytes(ca_cert.public_bytes(serialization.Encoding.PEM))
    files.signer_cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    _write_private(files.signer_key, _key_pem(key, passphrase))
    _write_private(files.signer_p12, _pkcs12(key, cert, ca_cert, passphrase))
    return files


def _new_ca() -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_SIZE)
    name = _name(CA_NAME)
    usage = _key_usage(key_cert_sign=True, crl_sign=True)
    builder = (
        _builder(name, name, key.public_key(), years=CA_YEARS)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
    )
    return key, builder.sign(key, hashes.SHA256())


def _new_signer(
    ca_key: rsa.RSAPrivateKey, ca_cert: x509.Certificate
) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
    key = rsa.generate_private_key(public_exponent=65537, key_size=KEY_SIZE)
    usage = _key_usage(digital_signature=True, content_commitment=True)
    authority = x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key())
    builder = (
        _builder(_name(SIGNER_NAME), ca_cert.subject, key.public_key(), years=SIGNER_YEARS)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
        .add_extension(authority, critical=False)
    )
    return key, builder.sign(ca_key, hashes.SHA256())


def _builder(subject: x509.Name, issuer: x509.Name, public_key, *, years: int):
    now = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=365 * years))
    )


def _name(common_name: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, ORGANISATION),
        ]
    )


def _key_usage(**allowed: bool) -> x509.KeyUsage:
    names = (
        "digital_signature content_commitment key_encipherment data_encipherment "
        "key_agreement key_cert_sign crl_sign encipher_only decipher_only"
    ).split()
    return x509.KeyUsage(**{name: allowed.get(name, False) for name in names})


def _key_pem(key: rsa.RSAPrivateKey, passphrase: str) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, _encryption(passphrase)
    )


def _pkcs12(key, cert: x509.Certificate, ca_cert: x509.Certificate, passphrase: str) -> bytes:
    return pkcs12.serialize_key_and_certificates(
        SIGNER_NAME.encode(), key, cert, [ca_cert], _encryption(passphrase)
    )


def _encryption(passphrase: str) -> serialization.KeySerializationEncryption:
    if passphrase:
        return serialization.BestAvailableEncryption(passphrase.encode())
    return serialization.NoEncryption()


def _write_private(path: Path, data: bytes) -> None:
    """Write a file only its owner can read, whatever the umask and any older file's mode."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(data)
