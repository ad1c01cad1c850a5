"""PDFs to sign and ways to tamper with them, and a self-made timestamp authority."""

from __future__ import annotations

import datetime as dt
import io

from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper
from reportlab.pdfgen import canvas

FIGURE = b"1,234.50"
TWIN = b'{"overpaid_total": "1234.50"}'


def report_pdf() -> bytes:
    """A one-page PDF whose content stream is uncompressed, so its text can be edited."""
    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pageCompression=0)
    page.drawString(72, 720, "Audit report (test)")
    page.drawString(72, 700, f"Overpaid total: {FIGURE.decode()}")
    page.showPage()
    page.save()
    return buffer.getvalue()


def edit_figure(pdf: bytes) -> bytes:
    """The same bytes with the figure changed, same length (offsets stay right)."""
    assert pdf.count(FIGURE) == 1
    return pdf.replace(FIGURE, b"1,234.90")


def flip_byte(pdf: bytes, offset: int) -> bytes:
    return pdf[:offset] + bytes([pdf[offset] ^ 0x01]) + pdf[offset + 1 :]


def attachment_stream_offset(pdf: bytes) -> int:
    """An offset inside the embedded file's (signed) stream data."""
    start = pdf.index(b"stream", pdf.index(b"/EmbeddedFile")) + len(b"stream\n")
    return start + 4


def append_update(pdf: bytes, change: str) -> bytes:
    """``pdf`` with an incremental update appended: a new /Info entry or a page annotation."""
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
    if change == "info":
        info = writer.trailer["/Info"]
        info["/Subject"] = generic.pdf_string("figures corrected")
        writer.update_container(info)
    else:
        page = writer.root["/Pages"]["/Kids"][0]
        note = generic.DictionaryObject(
            {
                generic.pdf_name("/Type"): generic.pdf_name("/Annot"),
                generic.pdf_name("/Subtype"): generic.pdf_name("/Text"),
                generic.pdf_name("/Rect"): generic.ArrayObject(
                    map(generic.NumberObject, [72, 600, 92, 620])
                ),
                generic.pdf_name("/Contents"): generic.pdf_string("the total is 1,234.90"),
            }
        )
        page["/Annots"] = generic.ArrayObject([writer.add_object(note)])
        writer.update_container(page)
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def self_made_tsa() -> tuple[DummyTimeStamper, asn1_x509.Certificate]:
    """A timestamp authority that signs its own tokens, and its (self-signed) certificate."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Test TSA")])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
        .sign(key, hashes.SHA256())
    )
    asn1_cert = asn1_x509.Certificate.load(cert.public_bytes(serialization.Encoding.DER))
    asn1_key = asn1_keys.PrivateKeyInfo.load(
        key.private_bytes(
            serialization.Encoding.DER,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return DummyTimeStamper(tsa_cert=asn1_cert, tsa_key=asn1_key), asn1_cert
