"""Signing reports (PAdES certification + embedded JSON twin) and catching any change."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography import x509
from django.core.management import call_command
from django.core.management.base import CommandError
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import signers
from pyhanko.sign.timestamps import HTTPTimeStamper

from audits.reports.signature import report_sign, report_verify
from audits.signing.dev_identity import SIGNER_NAME, DevIdentityFiles, create_dev_identity
from audits.signing.identity import (
    SigningIdentity,
    SigningSetupError,
    load_signer,
    load_trust_roots,
)
from audits.signing.sign import Attachment, sign_pdf, timestamper_for
from audits.signing.verify import pdf_attachment, verify_pdf
from tests.audits.signing_support import (
    TWIN,
    append_update,
    attachment_stream_offset,
    edit_figure,
    flip_byte,
    report_pdf,
    self_made_tsa,
)

REPO = Path(__file__).resolve().parents[3]
PASSPHRASE = "dev-passphrase"
REASON = "Audit report (test)"


def pem_identity(files: DevIdentityFiles, passphrase: str = PASSPHRASE) -> SigningIdentity:
    return SigningIdentity(
        key=files.signer_key, cert=files.signer_cert, chain=(files.ca_cert,), passphrase=passphrase
    )


def p12_identity(files: DevIdentityFiles, passphrase: str = PASSPHRASE) -> SigningIdentity:
    return SigningIdentity(pkcs12=files.signer_p12, passphrase=passphrase)


def sign(identity: SigningIdentity, pdf: bytes | None = None, **options) -> bytes:
    attachment = Attachment("report.json", TWIN)
    signer = load_signer(identity)
    return sign_pdf(pdf or report_pdf(), signer, reason=REASON, attachment=attachment, **options)


@pytest.fixture(scope="module")
def identity(tmp_path_factory) -> DevIdentityFiles:
    return create_dev_identity(tmp_path_factory.mktemp("signing"), passphrase=PASSPHRASE)


@pytest.fixture(scope="module")
def other_identity(tmp_path_factory) -> DevIdentityFiles:
    return create_dev_identity(tmp_path_factory.mktemp("other-ca"))


@pytest.fixture(scope="module")
def roots(identity):
    return load_trust_roots([identity.ca_cert])


@pytest.fixture(scope="module")
def signed(identity) -> bytes:
    return sign(pem_identity(identity))


def assert_caught(verification, *, words: str) -> None:
    assert not verification.ok
    assert any(words in problem for problem in verification.problems), verification.problems


# --- signing and verifying ------------------------------------------------------------------


def test_a_signed_report_verifies(signed, roots):
    verification = verify_pdf(signed, roots)

    assert verification.ok, verification.problems
    assert verification.signed and verification.certified
    assert verification.intact and verification.valid and verification.trusted
    assert not verification.modified_after_signing
    assert verification.problems == []
    assert verification.signer == SIGNER_NAME
    assert f"CN={SIGNER_NAME}" in verification.signer_subject
    assert verification.signed_at.tzinfo is not None
    assert abs(dt.datetime.now(dt.UTC) - verification.signed_at) < dt.timedelta(minutes=5)
    assert verification.sha256 == hashlib.sha256(signed).hexdigest()
    assert pdf_attachment(signed, "report.json") == TWIN
    assert pdf_attachment(signed, "other.json") is None


def test_the_verdict_is_json_ready(signed, roots):
    data = json.loads(json.dumps(verify_pdf(signed, roots).to_dict()))

    assert data["ok"] is True
    assert data["issued_report"] is None
    assert dt.datetime.fromisoformat(data["signed_at"]).utcoffset() is not None


def test_signing_from_the_pkcs12_file(identity, roots):
    signed = sign(p12_identity(identity))

    assert verify_pdf(signed, roots).ok
    assert pdf_attachment(signed, "report.json") == TWIN


@pytest.mark.parametrize("make_identity", [pem_identity, p12_identity])
def test_a_wrong_passphrase_is_a_setup_error(identity, make_identity):
    with pytest.raises(SigningSetupError):
        load_signer(make_identity(identity, passphrase="wrong"))


def test_a_missing_key_file_is_a_setup_error(tmp_path):
    files = DevIdentityFiles(tmp_path)
    with pytest.raises(SigningSetupError, match="not found"):
        load_signer(pem_identity(files))


def test_an_approval_signature_is_not_a_certification(identity, roots):
    meta = signers.PdfSignatureMetadata(field_name="Approval", md_algorithm="sha256")
    writer = IncrementalPdfFileWriter(io.BytesIO(report_pdf()))
    signed = signers.sign_pdf(writer, meta, load_signer(pem_identity(identity))).getvalue()

    verification = verify_pdf(signed, roots)

    assert verification.trusted and not verification.certified


# --- tampering ------------------------------------------------------------------------------


def test_an_edited_figure_is_caught(signed, roots):
    edited = edit_figure(signed)
    assert len(edited) == len(signed) and b"1,234.90" in edited

    verification = verify_pdf(edited, roots)

    assert not verification.intact
    assert_caught(verification, words="digest no longer matches")


@pytest.mark.parametrize("where", ["header", "attachment"])
def test_a_flipped_byte_is_caught(signed, roots, where):
    offset = 12 if where == "header" else attachment_stream_offset(signed)

    verification = verify_pdf(flip_byte(signed, offset), roots)

    assert not verification.intact
    assert_caught(verification, words="digest no longer matches")


@pytest.mark.parametrize("change", ["info", "annotation"])
def test_an_appended_update_is_caught(signed, roots, change):
    updated = append_update(signed, change)
    assert updated.startswith(signed) and len(updated) > len(signed)

    verification = verify_pdf(updated, roots)

    assert verification.intact  # the signed revision itself is untouched...
    assert verification.modified_after_signing  # ...but something came after it
    assert_caught(verification, words="changed after signing")


def test_a_certificate_from_another_ca_is_not_trusted(other_identity, roots):
    verification = verify_pdf(sign(pem_identity(other_identity, passphrase="")), roots)

    assert verification.intact and verification.valid
    assert not verification.trusted
    assert_caught(verification, words="not trusted")


def test_without_trust_roots_nothing_is_trusted(signed):
    assert_caught(verify_pdf(signed, []), words="no trusted root")


@pytest.mark.parametrize("data", [b"", b"not a pdf at all", b"%PDF-1.7\n%%EOF"])
def test_unreadable_input_is_a_verdict_not_a_crash(data, roots):
    verification = verify_pdf(data, roots)

    assert not verification.signed
    assert verification.problems and not verification.ok


def test_a_truncated_signed_pdf_is_not_ok(signed, roots):
    assert not verify_pdf(signed[: len(signed) // 2], roots).ok


def test_an_unsigned_pdf_is_not_ok(roots):
    assert_caught(verify_pdf(report_pdf(), roots), words="no signature")


# --- timestamps -----------------------------------------------------------------------------


def test_a_timestamp_from_a_trusted_authority(identity, roots):
    tsa, tsa_cert = self_made_tsa()
    signed = sign(pem_identity(identity), timestamper=tsa)

    trusting_tsa = verify_pdf(signed, [*roots, tsa_cert])
    not_trusting_tsa = verify_pdf(signed, roots)

    assert trusting_tsa.ok and trusting_tsa.timestamped and trusting_tsa.timestamp_trusted
    assert not_trusting_tsa.timestamped and not not_trusting_tsa.timestamp_trusted
    assert_caught(not_trusting_tsa, words="timestamp")


def test_a_tsa_url_makes_an_http_timestamper():
    assert timestamper_for("") is None
    timestamper = timestamper_for("http://tsa.invalid/tsr")
    assert isinstance(timestamper, HTTPTimeStamper) and timestamper.url == "http://tsa.invalid/tsr"


# --- poppler agrees -------------------------------------------------------------------------


def test_poppler_reads_the_signature_as_valid(signed, tmp_path):
    if shutil.which("pdfsig") is None:
        pytest.skip("pdfsig not installed: apt-get install poppler-utils")
    path = tmp_path / "signed.pdf"
    path.write_bytes(signed)
    tampered = tmp_path / "tampered.pdf"
    tampered.write_bytes(edit_figure(signed))

    good = subprocess.run(["pdfsig", "-nocert", path], capture_output=True, text=True)
    bad = subprocess.run(["pdfsig", "-nocert", tampered], capture_output=True, text=True)

    assert "Signature Validation: Signature is Valid." in good.stdout, good.stdout + good.stderr
    assert "Total document signed" in good.stdout
    assert "Signature Validation: Signature is Valid." not in bad.stdout


# --- the commands and the settings adapter --------------------------------------------------


def test_create_signing_identity_writes_a_ca_and_a_signer(tmp_path):
    out = io.StringIO()
    call_command("create_signing_identity", "--dir", str(tmp_path / "id"), stdout=out)
    files = DevIdentityFiles(tmp_path / "id")

    ca = x509.load_pem_x509_certificate(files.ca_cert.read_bytes())
    cert = x509.load_pem_x509_certificate(files.signer_cert.read_bytes())
    usage = cert.extensions.get_extension_for_class(x509.KeyUsage).value
    assert usage.content_commitment and usage.digital_signature and not usage.key_cert_sign
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert cert.issuer == ca.subject
    cert.verify_directly_issued_by(ca)
    assert files.signer_key.stat().st_mode & 0o777 == 0o600
    assert files.signer_p12.stat().st_mode & 0o777 == 0o600
    assert b"PRIVATE KEY" in files.signer_key.read_bytes()
    assert str(files.signer_key) in out.getvalue()


def test_create_signing_identity_keeps_existing_files_unless_forced(tmp_path):
    directory = str(tmp_path)
    call_command("create_signing_identity", "--dir", directory, stdout=io.StringIO())
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}

    out = io.StringIO()
    call_command("create_signing_identity", "--dir", directory, stdout=out)
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
    assert "exists already" in out.getvalue()

    call_command("create_signing_identity", "--dir", directory, "--force", stdout=io.StringIO())
    assert (tmp_path / "signer.key").read_bytes() != before["signer.key"]


@pytest.fixture
def configured(settings, identity):
    settings.REPORT_SIGNING_PKCS12 = ""
    settings.REPORT_SIGNING_PASSPHRASE = PASSPHRASE
    settings.REPORT_SIGNING_KEY = str(identity.signer_key)
    settings.REPORT_SIGNING_CERT = str(identity.signer_cert)
    settings.REPORT_SIGNING_CHAIN = str(identity.ca_cert)
    settings.REPORT_TRUST_ROOTS = [str(identity.ca_cert)]
    settings.REPORT_TSA_URL = ""
    return settings


@pytest.mark.parametrize("source", ["pem", "pkcs12"])
def test_report_sign_and_verify_use_the_settings(configured, identity, source):
    if source == "pkcs12":
        configured.REPORT_SIGNING_PKCS12 = str(identity.signer_p12)
        configured.REPORT_SIGNING_KEY = "/nonexistent/signer.key"

    signed = report_sign(report_pdf(), "twin.json", TWIN, REASON)
    verification = report_verify(signed)

    assert verification.ok, verification.problems
    assert pdf_attachment(signed, "twin.json") == TWIN


@pytest.mark.django_db  # the command also looks the bytes up among the issued reports
def test_verify_report_command_on_a_good_report(configured, signed, tmp_path):
    path = tmp_path / "report.pdf"
    path.write_bytes(signed)
    out = io.StringIO()

    call_command("verify_report", str(path), "--json", stdout=out)  # no SystemExit: exit 0

    data = json.loads(out.getvalue())
    assert data["ok"] is True and data["signer"] == SIGNER_NAME
    assert data["issued_report"] is None  # signed with the identity, but not issued here
    assert data["sha256"] == hashlib.sha256(signed).hexdigest()


@pytest.mark.django_db
def test_verify_report_command_on_a_tampered_report(configured, signed, tmp_path):
    path = tmp_path / "report.pdf"
    path.write_bytes(edit_figure(signed))
    out = io.StringIO()

    with pytest.raises(SystemExit) as exit_:
        call_command("verify_report", str(path), stdout=out)

    assert exit_.value.code == 1
    assert out.getvalue().startswith("NOT OK")
    assert "digest no longer matches" in out.getvalue()


@pytest.mark.django_db
def test_verify_report_extracts_the_attached_files_only_from_a_report_that_verifies(
    configured, signed, identity, tmp_path
):
    good, bad = tmp_path / "good.pdf", tmp_path / "bad.pdf"
    good.write_bytes(signed)
    bad.write_bytes(edit_figure(signed))
    out = io.StringIO()
    call_command("verify_report", str(good), "--extract", str(tmp_path / "out"), stdout=out)
    assert (tmp_path / "out" / "report.json").read_bytes() == TWIN
    assert "extracted" in out.getvalue()
    with pytest.raises(SystemExit):
        call_command("verify_report", str(bad), "--extract", str(tmp_path / "no"),
                     stdout=io.StringIO(), stderr=io.StringIO())  # fmt: skip
    assert not (tmp_path / "no").exists()
    # a signed file whose attachment is named as a path is refused, nothing written
    sneaky = sign(pem_identity(identity), attachments=(Attachment("../escape.txt", b"x"),))
    path = tmp_path / "sneaky.pdf"
    path.write_bytes(sneaky)
    with pytest.raises(CommandError, match="not a plain file name"):
        call_command("verify_report", str(path), "--extract", str(tmp_path / "in"),
                     stdout=io.StringIO())  # fmt: skip
    assert not (tmp_path / "escape.txt").exists() and not (tmp_path / "in").exists()


def test_verify_report_command_on_a_missing_file(configured, tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        call_command("verify_report", str(tmp_path / "missing.pdf"))


def test_verify_report_command_exits_1_from_the_shell(tmp_path, identity, signed):
    path = tmp_path / "report.pdf"
    path.write_bytes(append_update(signed, "info"))
    env = {**os.environ, "REPORT_TRUST_ROOTS": str(identity.ca_cert)}

    done = subprocess.run(
        [sys.executable, "manage.py", "verify_report", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
    )
    assert done.returncode == 1, done.stderr
    assert "modified after signing: yes" in done.stdout
