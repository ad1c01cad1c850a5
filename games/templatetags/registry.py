"""Template filters of the registry pages."""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join

from games.citations import citation_parts
from games.engine.names import game_words
from games.engine.sources import document_title as title_of
from games.engine.words import outcome_in_words
from games.services.defined_wagers import wager_title

register = template.Library()


@register.filter
def percent(value, places: int = 3) -> str:
    """0.0882740 -> "8.827%" (par-sheet figures are floats; money never goes through here)."""
    if value is None or value == "":
        return ""
    return f"{float(value) * 100:.{int(places)}f}%"


@register.filter
def short_hash(value: str) -> str:
    return (value or "")[:12]


@register.filter
def cite(value: str):
    """A citation with each rule document named by its title and linked to its rule."""
    linked = (
        format_html('<a href="{}">{}</a>', link, words) if link else words
        for words, link in citation_parts(value)
    )
    return format_html_join("", "{}", ((piece,) for piece in linked))


@register.filter
def document_title(value: str) -> str:
    """A rule document's file name → its title (anything else as it is)."""
    return title_of(value) if value else ""


@register.filter
def game_name(code: str) -> str:
    """``toss-one-21`` -> ``Toss One 21`` (a game the engine does not know: its code)."""
    return game_words(code) if code else ""


@register.filter
def wager_name(key: str) -> str:
    """``lucky3`` -> ``Lucky 3``, a defined side wager by its title; an empty key stays empty
    (a line of rounds)."""
    return wager_title(key) if key else ""


@register.filter
def outcome_name(key: str, wager_key: str = "") -> str:
    """A paytable's or par sheet's outcome key in words, capitalized for a table's first
    column: ``suited_three_of_a_kind`` -> ``Suited three of a kind``."""
    words = outcome_in_words(key, wager_key or "") if key else ""
    return words[:1].upper() + words[1:]
