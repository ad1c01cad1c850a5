"""The hand-log format, published to table-system vendors at stable addresses (no sign-in):
the page (``/handlog-format/``, docs/handlog-format.md rendered as HTML; its Markdown as it is
with ``?format=markdown``) and its JSON Schema (``/handlog-format/v1/schema.json``)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET
from markdown_it import MarkdownIt

from audits.validation.handlog_schema import handlog_json_schema

PAGE = Path(settings.BASE_DIR) / "docs" / "handlog-format.md"


@require_GET
def handlog_format_page(request):
    if request.GET.get("format") == "markdown":
        response = HttpResponse(PAGE.read_bytes(), content_type="text/markdown; charset=utf-8")
    else:  # the project's own document: its HTML is trusted (raw HTML in it is not passed)
        html = MarkdownIt("commonmark", {"html": False}).enable("table").render(PAGE.read_text())
        response = render(request, "web/handlog_format.html", {"html": mark_safe(html)})  # noqa: S308
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def handlog_format_schema(request):
    response = JsonResponse(handlog_json_schema(), json_dumps_params={"indent": 1})
    response["Content-Type"] = "application/schema+json"
    response["Cache-Control"] = "public, max-age=3600"
    return response
