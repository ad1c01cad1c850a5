"""What a PDF's signature proves: who signed it, when, and whether anything changed since.

``verify_pdf`` never raises on bad input: an unreadable or unsigned PDF gives a
``Verification`` whose ``ok`` is false and whose ``problems`` say why.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime

from asn1crypto import x509 as asn1_x509
from cryptography import x509
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.sign.validation.pdf_embedded import EmbeddedPdfSignature, read_certification_data
from pyhanko.sign.validation.status import PdfSignatureStatus, SignatureCoverageLevel
from pyhanko_certvalidator import ValidationContext


@dataclass
class Verification:
    """The verdict on one PDF's (certification) signature; ``ok`` sums it up."""

    sha256: str
    signed: bool = False
    intact: bool = False
    valid: bool = False
    trusted: bool = False
    certified: bool = False
    modified_after_signing: bool = False
    timestamped: bool = False
    timestamp_trusted: bool | None = None
    signer: str | None = None
    signer_subject: str | None = None
    signed_at: datetime | None = None
    problems: list[str] = field(default_factory=list)
    issued_report: str | None = None  # filled by the caller that knows the issued reports
    #: the files embedded in the PDF (name, bytes, SHA-256): the signature covers them
    attachments: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return (
            self.signed
            and self.intact
            and self.valid
            and self.trusted
            and not self.modified_after_signing
            and self.timestamp_trusted is not False
        )

    def to_dict(self) -> dict:
        """JSON-ready: ``signed_at`` as ISO 8601 with its UTC offset, ``ok`` included."""
        data = asdict(self)
        data["signed_at"] = self.signed_at.isoformat() if self.signed_at else None
        data["ok"] = self.ok
        return data


def verify_pdf(
    pdf_bytes: bytes,
    trust_roots: Sequence[asn1_x509.Certificate],
    *,
    allow_fetching: bool = False,
) -> Verification:
    """Check the PDF's certification signature (or its first signature when it has none)
    against ``trust_roots``; revocation is checked only where information is at hand
    (soft-fail), fetched over the network only with ``allow_fetching``."""
    result = Verification(sha256=hashlib.sha256(pdf_bytes).hexdigest())
    try:
        reader = PdfFileReader(io.BytesIO(pdf_bytes), strict=False)
        signatures = reader.embedded_regular_signatures
    except Exception as error:  # any parse failure is a verdict, not a crash
        result.problems.append(f"not a readable PDF: {error}")
        return result
    if not signatures:
        result.problems.append("the PDF has no signature")
        return result
    _check(result, reader, signatures, _validation_context(trust_roots, allow_fetching))
    try:
        result.attachments = [
            {"name": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            for name, data in _attachments(reader)
        ]
    except Exception as error:  # a damaged file inside is a verdict too, never a crash
        result.problems.append(f"the files inside the PDF cannot be read: {error}")
    if not trust_roots:
        result.problems.append("no trusted root certificates are configured")
    return result


def pdf_attachments(pdf_bytes: bytes) -> list[tuple[str, bytes]]:
    """Every embedded file of the PDF's latest revision, by name. Trust them only when the
    PDF verifies ``ok``."""
    return _attachments(PdfFileReader(io.BytesIO(pdf_bytes), strict=False))


def pdf_attachment(pdf_bytes: bytes, name: str) -> bytes | None:
    """The embedded file called ``name`` in the PDF's latest revision, None when absent.

    Trust its content only when the PDF verifies ``ok``: the certification signature
    covers the attachment."""
    reader = PdfFileReader(io.BytesIO(pdf_bytes), strict=False)
    try:
        tree = reader.root["/Names"]["/EmbeddedFiles"]
    except KeyError:
        return None
    spec = _name_tree_lookup(tree, name)
    return None if spec is None else spec["/EF"]["/F"].data


def _check(result, reader, signatures, context) -> None:
    result.signed = True
    embedded = _certification_signature(reader, signatures)
    result.certified = embedded is not None
    embedded = embedded or signatures[0]
    result.signer, result.signer_subject = _signer_names(embedded.signer_cert)
    try:
        status = validate_pdf_signature(embedded, context)
    except Exception as error:  # a malformed signature is a verdict too
        result.problems.append(f"the signature cannot be checked: {error}")
        return
    _record(result, status)
    result.problems.extend(_problems(result, status, later_signatures=len(signatures) - 1))


def _record(result: Verification, status: PdfSignatureStatus) -> None:
    result.intact = status.intact
    result.valid = status.valid
    result.trusted = status.trusted
    result.modified_after_signing = (
        status.coverage != SignatureCoverageLevel.ENTIRE_FILE or status.docmdp_ok is False
    )
    result.signed_at = status.signer_reported_dt
    stamp = status.timestamp_validity
    result.timestamped = stamp is not None
    if stamp is not None:
        result.timestamp_trusted = stamp.intact and stamp.valid and stamp.trusted


def _problems(result: Verification, status: PdfSignatureStatus, later_signatures: int):
    if not result.intact:
        yield "the signed content was changed: its digest no longer matches the signature"
    elif not result.valid:
        yield "the signature value does not verify with the signer's certificate"
    elif status.revoked:
        yield "the signer's certificate has been revoked"
    elif not result.trusted:
        yield f"the signer's certificate is not trusted here ({_trust_problem(status)})"
    if result.modified_after_signing:
        yield _modification_problem(status, later_signatures)
    if result.timestamp_trusted is False:
        yield "the signature's timestamp is not valid or its authority is not trusted"


def _trust_problem(status: PdfSignatureStatus) -> str:
    if status.trust_problem_indic is None:
        return "no path to a trusted root"
    return status.trust_problem_indic.name.lower().replace("_", " ")


def _modification_problem(status: PdfSignatureStatus, later_signatures: int) -> str:
    if later_signatures:
        return f"the file was changed after signing: {later_signatures} more signature(s) added"
    if status.coverage == SignatureCoverageLevel.ENTIRE_REVISION:
        return "the file was changed after signing: an update was appended to the signed file"
    if status.coverage != SignatureCoverageLevel.ENTIRE_FILE:
        return "the signature does not cover the whole file (unusual byte range)"
    return "the file was changed after signing in a way its certification does not permit"


def _certification_signature(
    reader: PdfFileReader, signatures: list[EmbeddedPdfSignature]
) -> EmbeddedPdfSignature | None:
    certification = read_certification_data(reader)
    if certification is None:
        return None
    author = certification.author_sig
    return next((sig for sig in signatures if sig.sig_object == author), None)


def _signer_names(cert: asn1_x509.Certificate) -> tuple[str, str]:
    """The subject's common name (or whole name when it has none) and its RFC 4514 form."""
    subject = x509.load_der_x509_certificate(cert.dump()).subject
    common = subject.get_attributes_for_oid(x509.NameOID.COMMON_NAME)
    return (str(common[0].value) if common else subject.rfc4514_string()), subject.rfc4514_string()


def _validation_context(trust_roots, allow_fetching: bool) -> ValidationContext:
    return ValidationContext(
        trust_roots=list(trust_roots),
        allow_fetching=allow_fetching,
        revocation_mode="soft-fail",
    )


def _attachments(reader) -> list[tuple[str, bytes]]:
    """Every embedded file of the PDF's latest revision, by name (none when it has none)."""
    try:
        tree = reader.root["/Names"]["/EmbeddedFiles"]
    except KeyError:
        return []
    return [(name, spec["/EF"]["/F"].data) for name, spec in _name_tree_items(tree)]


def _name_tree_items(node: generic.DictionaryObject):
    """Every (name, value) of a PDF name tree, in order."""
    names = node["/Names"] if "/Names" in node else []
    for index in range(0, len(names) - 1, 2):
        yield str(names[index]), names[index + 1].get_object()
    for kid in node["/Kids"] if "/Kids" in node else []:
        yield from _name_tree_items(kid.get_object())


def _name_tree_lookup(node: generic.DictionaryObject, name: str):
    """The value for ``name`` in a PDF name tree (flat /Names or nested /Kids)."""
    names = node["/Names"] if "/Names" in node else []
    for index in range(0, len(names) - 1, 2):
        if str(names[index]) == name:
            return names[index + 1]
    for kid in node["/Kids"] if "/Kids" in node else []:
        found = _name_tree_lookup(kid.get_object(), name)
        if found is not None:
            return found
    return None
