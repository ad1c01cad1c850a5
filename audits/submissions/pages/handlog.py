"""The hand-log format, published to table-system vendors at stable addresses (no sign-in):
the page (``/handlog-format/``, the Markdown of docs/handlog-format.md) and its JSON Schema
(``/handlog-format/v1/schema.json``)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from audits.validation.handlog_schema import handlog_json_schema

PAGE = Path(settings.BASE_DIR) / "docs" / "handlog-format.md"


@require_GET
def handlog_format_page(request):
    response = HttpResponse(PAGE.read_bytes(), content_type="text/markdown; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def handlog_format_schema(request):
    response = JsonResponse(handlog_json_schema(), json_dumps_params={"indent": 1})
    response["Content-Type"] = "application/schema+json"
    response["Cache-Control"] = "public, max-age=3600"
    return response
