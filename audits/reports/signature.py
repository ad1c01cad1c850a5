"""Reports signed and verified: the signing layer (``audits.signing``, pure Python) configured
from Django settings."""

from __future__ import annotations

from pathlib import Path

from asn1crypto import x509
from django.conf import settings

from audits.signing.identity import SigningIdentity, load_signer, load_trust_roots
from audits.signing.sign import Attachment, sign_pdf, timestamper_for
from audits.signing.verify import Verification, verify_pdf


def signing_identity_from_settings() -> SigningIdentity:
    """REPORT_SIGNING_PKCS12 when set, else the PEM key, certificate and CA chain."""
    passphrase = settings.REPORT_SIGNING_PASSPHRASE
    if settings.REPORT_SIGNING_PKCS12:
        return SigningIdentity(pkcs12=Path(settings.REPORT_SIGNING_PKCS12), passphrase=passphrase)
    return SigningIdentity(
        key=Path(settings.REPORT_SIGNING_KEY),
        cert=Path(settings.REPORT_SIGNING_CERT),
        chain=_paths(settings.REPORT_SIGNING_CHAIN),
        passphrase=passphrase,
    )


def trust_roots_from_settings() -> list[x509.Certificate]:
    """The CA certificates in REPORT_TRUST_ROOTS (raises SigningSetupError when unreadable)."""
    return load_trust_roots(_paths(settings.REPORT_TRUST_ROOTS))


def report_sign(
    pdf_bytes: bytes,
    attachment_name: str,
    attachment_bytes: bytes,
    reason: str,
    others: tuple[Attachment, ...] = (),
) -> bytes:
    """The report PDF with its JSON twin (and ``others``, its findings as CSV) embedded,
    certified with the configured identity (and timestamped when REPORT_TSA_URL is set)."""
    return sign_pdf(
        pdf_bytes,
        load_signer(signing_identity_from_settings()),
        reason=reason,
        attachment=Attachment(attachment_name, attachment_bytes),
        timestamper=timestamper_for(settings.REPORT_TSA_URL),
        attachments=others,
    )


def report_verify(pdf_bytes: bytes) -> Verification:
    """The PDF's signature checked against the configured trust roots."""
    return verify_pdf(pdf_bytes, trust_roots_from_settings())


def _paths(value: str | Path | list | tuple) -> tuple[Path, ...]:
    """A setting holding one path, comma-separated paths or a list of paths."""
    items = value.split(",") if isinstance(value, str) else value
    return tuple(Path(str(item).strip()) for item in items if str(item).strip())
