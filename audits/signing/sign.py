"""Certifying a PDF: embed its JSON twin, then sign the whole with a PAdES certification
signature that allows no later change."""

from __future__ import annotations

import io
from dataclasses import dataclass

from pyhanko.pdf_utils import embed
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import signers
from pyhanko.sign.fields import MDPPerm, SigSeedSubFilter
from pyhanko.sign.timestamps import HTTPTimeStamper, TimeStamper

SIGNATURE_FIELD = "ReportCertification"


@dataclass(frozen=True)
class Attachment:
    """A file to embed in the PDF before signing (the report's machine-readable twin)."""

    name: str
    data: bytes
    mime_type: str = "application/json"
    description: str = "The report's figures, machine-readable"


def sign_pdf(
    pdf_bytes: bytes,
    signer: signers.Signer,
    *,
    reason: str,
    attachment: Attachment | None = None,
    timestamper: TimeStamper | None = None,
    attachments: tuple[Attachment, ...] = (),
) -> bytes:
    """The PDF with ``attachment`` (and ``attachments``) embedded and a certification
    signature (no changes allowed) covering all, timestamped by ``timestamper`` when one
    is given."""
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf_bytes), strict=False)
    for item in (attachment, *attachments):
        if item is not None:
            embed_attachment(writer, item)
    pdf_signer = signers.PdfSigner(_certification(reason), signer, timestamper=timestamper)
    output = io.BytesIO()
    pdf_signer.sign_pdf(writer, output=output)
    return output.getvalue()


def timestamper_for(tsa_url: str) -> TimeStamper | None:
    """An RFC 3161 client for the timestamp authority at ``tsa_url``; None when it is empty."""
    return HTTPTimeStamper(tsa_url) if tsa_url else None


def embed_attachment(writer: IncrementalPdfFileWriter, attachment: Attachment) -> None:
    """Add ``attachment`` to the document's embedded files in ``writer``'s next revision."""
    data = embed.EmbeddedFileObject.from_file_data(
        writer, attachment.data, mime_type=attachment.mime_type
    )
    spec = embed.FileSpec(
        file_spec_string=attachment.name,
        file_name=attachment.name,
        embedded_data=data,
        description=attachment.description,
    )
    embed.embed_file(writer, spec)


def _certification(reason: str) -> signers.PdfSignatureMetadata:
    return signers.PdfSignatureMetadata(
        field_name=SIGNATURE_FIELD,
        certify=True,
        docmdp_permissions=MDPPerm.NO_CHANGES,
        subfilter=SigSeedSubFilter.PADES,
        reason=reason,
        md_algorithm="sha256",
    )
