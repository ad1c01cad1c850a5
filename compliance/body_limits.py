"""Request bodies refused before anything reads them.

Django's CSRF check, its form parser and DRF's parsers read a body whole (spooling file
parts to disk) before a view can look at it.  So every body is bounded here, first, by the
``Content-Length`` it declares, before a byte of it is read: a larger one is a 413 and is
never read.  Each door has its own bound (:data:`DOORS`, by URL name): sign-in and API
tokens :setting:`SIGNIN_MAX_BODY_BYTES`, hand-log uploads :setting:`AUDITS_MAX_UPLOAD_BYTES`,
an investigation's answer with its evidence :setting:`CASE_ANSWER_MAX_BYTES`, a report to
verify :setting:`REPORT_VERIFY_MAX_BYTES`; every other form and API call
:setting:`FORM_MAX_BODY_BYTES`.  A body sent without ``Content-Length`` (chunked) would be
read as empty by Django: it is refused at once (411), so no client believes it was sent.
"""

from __future__ import annotations

from functools import lru_cache

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve

#: what a multipart body carries besides its files (boundaries, part headers, fields)
OVERHEAD = 64 * 1024
#: URL name -> the setting that bounds its body (beyond :data:`OVERHEAD`)
DOORS = {
    "login": "SIGNIN_MAX_BODY_BYTES",
    "token-issue": "SIGNIN_MAX_BODY_BYTES",
    "token-revoke": "SIGNIN_MAX_BODY_BYTES",
    "token-revoke-all": "SIGNIN_MAX_BODY_BYTES",
    "web-submission-upload": "AUDITS_MAX_UPLOAD_BYTES",
    "submission-list": "AUDITS_MAX_UPLOAD_BYTES",
    "web-case-answer": "CASE_ANSWER_MAX_BYTES",
    "case-answer": "CASE_ANSWER_MAX_BYTES",
    "web-report-verify": "REPORT_VERIFY_MAX_BYTES",
    "report-verify": "REPORT_VERIFY_MAX_BYTES",
}
WITH_FILES = {"AUDITS_MAX_UPLOAD_BYTES", "CASE_ANSWER_MAX_BYTES", "REPORT_VERIFY_MAX_BYTES"}


def declared_length(request) -> int | None:
    """The body's declared length; None when there is no (valid) ``Content-Length``."""
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or ""), 0)
    except ValueError:
        return None


def body_limit(path: str) -> int:
    """The most bytes a body sent to ``path`` may hold."""
    setting = DOORS.get(_url_name(path), "FORM_MAX_BODY_BYTES")
    return int(getattr(settings, setting)) + (OVERHEAD if setting in WITH_FILES else 0)


@lru_cache(maxsize=4096)
def _url_name(path: str) -> str:
    """The name of the route ``path`` resolves to ("" for none): remembered, since a table
    system posts to the same few paths many times a second."""
    try:
        return resolve(path).url_name or ""
    except Resolver404:
        return ""


class BodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        length = declared_length(request)
        if length is None and _has_body(request):
            message = "send the body with its Content-Length (not chunked)"
            return refused_answer(request, 411, message)
        if length:
            limit = body_limit(request.path_info)
            if length > limit:
                message = f"this body is {length:,} bytes: at most {limit:,} are read here"
                return refused_answer(request, 413, message)
        return self.get_response(request)


def _has_body(request) -> bool:
    return "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()


def refused_answer(request, status: int, message: str, field: str | None = None):
    """The refusal of a request before any view: JSON under /api/ (naming the ``field`` to
    blame, if any), else a page."""
    if request.path_info.startswith("/api/"):
        return JsonResponse({"message": message, "field": field}, status=status)
    return render(request, "request_refused.html", {"message": message}, status=status)
