"""Bodies refused by their declared size before anything reads them.

The report-verification doors are open to anyone. Django's CSRF check (and DRF's parser)
read a multipart body whole before a view can look at it, so their size limit is enforced
here, first, from ``Content-Length``: a larger body is a 413 and is never read. (A body sent
without ``Content-Length`` is not read at all: Django reads only what that header declares.)
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render

from audits.services.reports.verification import MAX_PDF_BYTES

#: what a multipart body carries besides the file (boundaries, part headers)
OVERHEAD = 64 * 1024
#: path -> the largest body it reads
LIMITS = {
    "/reports/verify/": MAX_PDF_BYTES + OVERHEAD,
    "/api/audits/reports/verify/": MAX_PDF_BYTES + OVERHEAD,
}


def declared_length(request) -> int:
    try:
        return max(int(request.META.get("CONTENT_LENGTH") or 0), 0)
    except ValueError:
        return 0


class BodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = LIMITS.get(request.path_info)
        if limit is not None and declared_length(request) > limit:
            return _too_large(request, limit)
        return self.get_response(request)


def _too_large(request, limit: int):
    message = f"a report is at most {MAX_PDF_BYTES:,} bytes: this body is larger"
    if request.path_info.startswith("/api/"):
        return JsonResponse({"message": message, "field": "file"}, status=413)
    return render(request, "web/report_verify.html", {"error": message}, status=413)
