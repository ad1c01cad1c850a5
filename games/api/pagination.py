"""Page-number pagination that answers 400 for a malformed ``page`` or ``page_size``."""

from __future__ import annotations

import re

from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination

_POSITIVE = re.compile(r"[1-9][0-9]{0,8}")


class RegistryPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500

    def paginate_queryset(self, queryset, request, view=None):
        for name in (self.page_query_param, self.page_size_query_param):
            raw = request.query_params.get(name)
            if raw is None or (name == self.page_query_param and raw in self.last_page_strings):
                continue
            if not _POSITIVE.fullmatch(raw):
                raise ValidationError({name: f"{raw!r} is not a positive whole number"})
        return super().paginate_queryset(queryset, request, view)
