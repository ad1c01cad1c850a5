"""A finding code's plain title on the pages (``{{ f.code|finding_title }}``)."""

from __future__ import annotations

from django import template

from audits.validation.finding_words import FINDING_WORDS

register = template.Library()


@register.filter
def finding_title(code: str) -> str:
    words = FINDING_WORDS.get(code)
    return words.title if words else code
