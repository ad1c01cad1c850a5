"""Receiving a hand log without holding it in memory.

Two ways in, both streamed to :func:`audits.submissions.storage.submission_store`:

- ``multipart/form-data`` with the file in the field ``file``: Django's upload
  handlers spool it to a temporary file (small ones stay in memory, up to
  ``FILE_UPLOAD_MAX_MEMORY_SIZE``), and :class:`UploadLimitHandler` stops the
  upload as soon as it passes the size limit;
- the body itself, typed ``application/x-ndjson``, ``application/jsonl``,
  ``application/gzip`` or ``application/octet-stream``: read from the request
  stream block by block by the store, which stops at the size limit.

The limit is ``settings.AUDITS_MAX_UPLOAD_BYTES`` (1 GiB by default).
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.files.uploadhandler import (
    FileUploadHandler,
    MemoryFileUploadHandler,
    StopUpload,
    TemporaryFileUploadHandler,
)
from rest_framework.exceptions import ParseError
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.parsers import BaseParser

from audits.submissions.api.serializers import SubmissionUploadQuerySerializer
from audits.submissions.storage import DEFAULT_MAX_UPLOAD_BYTES

#: what a multipart body may carry besides the file (boundaries, headers, the licensee field)
MULTIPART_OVERHEAD = 64 * 1024

RAW_MEDIA_TYPES = (
    "application/x-ndjson",
    "application/jsonl",
    "application/gzip",
    "application/octet-stream",
)
MULTIPART = "multipart/form-data"


class UploadLimitHandler(FileUploadHandler):
    """First of the upload handlers: counts the bytes of the files and stops past the limit.

    ``connection_reset`` spares the parser from reading the rest of an
    oversized body just to discard it.
    """

    def __init__(self, request=None, max_bytes: int = DEFAULT_MAX_UPLOAD_BYTES):
        super().__init__(request)
        self.max_bytes = max_bytes
        self.received = 0
        self.exceeded = False

    def receive_data_chunk(self, raw_data, start):
        self.received += len(raw_data)
        if self.received > self.max_bytes:
            self.exceeded = True
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size):
        return None


def install_upload_handlers(request, max_bytes: int) -> UploadLimitHandler:
    """Before anything reads the body (authentication's CSRF check reads ``POST``)."""
    limit = UploadLimitHandler(request, max_bytes)
    request.upload_handlers = [
        limit,
        MemoryFileUploadHandler(request),
        TemporaryFileUploadHandler(request),
    ]
    return limit


class _StreamParser(BaseParser):
    """The body is the hand log: it is handed over unread, as the stream it is.

    Parsing never reads it, so a CSRF check or ``request.data`` costs nothing;
    the view reads ``request.stream`` block by block.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        return {}


class NdjsonParser(_StreamParser):
    media_type = "application/x-ndjson"


class JsonLinesParser(_StreamParser):
    media_type = "application/jsonl"


class GzipParser(_StreamParser):
    media_type = "application/gzip"


class OctetStreamParser(_StreamParser):
    media_type = "application/octet-stream"


STREAM_PARSERS = [NdjsonParser, JsonLinesParser, GzipParser, OctetStreamParser]


def content_length(request) -> int | None:
    """The body's declared length (``Content-Length``), if it declares a valid one."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or "")
    except ValueError:
        return None
    return length if length >= 0 else None


def multipart_file(request, upload_limit):
    """A multipart upload's file (``None`` if it passed ``upload_limit``, the handler
    :func:`install_upload_handlers` put first) and the form's licensee id, if any."""
    try:
        files, data = request.FILES, request.data
    except RequestDataTooBig as exc:
        raise ParseError("the form's fields are too large") from exc
    except SuspiciousOperation as exc:  # too many fields or files
        raise ParseError(str(exc)) from exc
    if upload_limit is not None and upload_limit.exceeded:
        return None, None
    upload = files.get("file")
    if upload is None:
        raise BadRequest({"file": "no file: send the hand log in the form field 'file'"})
    if not upload.size:
        raise BadRequest({"file": "the file is empty"})
    form_licensee_id = None
    if data.get("licensee") not in (None, ""):
        form = SubmissionUploadQuerySerializer(data={"licensee": data["licensee"]})
        form.is_valid(raise_exception=True)
        form_licensee_id = form.validated_data["licensee"]
    upload.seek(0)
    return upload, form_licensee_id
