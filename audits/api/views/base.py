"""What the views of the audits API share: error responses, pagination, content negotiation."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation

from games.api.pagination import RegistryPagination
from games.api.serializers import ApiErrorSerializer

ERROR = ApiErrorSerializer
NOT_FOUND = {404: OpenApiResponse(ERROR, description="no such submission that you may see")}
BAD_QUERY = {400: OpenApiResponse(ERROR, description="a malformed query parameter")}


class AuditPagination(RegistryPagination):
    """``page`` and ``page_size`` (at most 1000); malformed values are 400."""

    max_page_size = 1000


class _FormatIsNotARenderer:
    """DRF reads ``?format=`` as the name of a renderer; here it names an export instead."""

    URL_FORMAT_OVERRIDE = None  # query_params.get(None) is None: no override


class ExportNegotiation(DefaultContentNegotiation):
    """Negotiation for views that stream files: ``?format=`` is the view's own parameter, and
    an ``Accept`` no renderer matches (``text/csv``, ``application/gzip``) is not an error:
    the view answers with the file, and any error as JSON."""

    settings = _FormatIsNotARenderer()

    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except NotAcceptable:
            return renderers[0], renderers[0].media_type
