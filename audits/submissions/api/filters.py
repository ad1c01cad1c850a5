"""Query-string filters of the audits lists.

A malformed value (a time that is not RFC 3339, a seat or line that is not a
whole number, an unknown status, code, group or severity) is answered with
400, never ignored.  Lists of choices are comma-separated
(``code=overpaid,underpaid``).  Times are RFC 3339 with an offset
(``2026-11-01T21:14:03-08:00`` or ``...Z``); a ``+`` left unescaped in the
query string (which arrives as a space) is read as the ``+`` it was.  A bare
date (``2026-11-01``), a day (``played_on``) or a month (``played_in``) is the
jurisdiction's local calendar: the view activates its time zone.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

from django import forms
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field

from audits.submissions.models import (
    Finding,
    RoundKeys,
    Submission,
    SubmissionStatus,
    SubmissionTotal,
)
from audits.validation.findings import CODES, GROUPS
from compliance.dates import EARLIEST, LATEST, MAX_ID, NotADate, date_from_text, date_in_range
from games.api.filters import IdFilter

SEVERITIES = sorted({severity for _, severity in CODES.values()})

_RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})")
_UNESCAPED_PLUS = re.compile(r"(?<=\d) (\d{2}:\d{2})$")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_MONTH = re.compile(r"(\d{4})-(\d{2})")


def _refused(reason: str) -> forms.ValidationError:
    """A refusal that quotes what the client sent: the text is a parameter, never the format
    (django-filter and Django format a message with ``%``: ``played_on=%`` was a 500)."""
    return forms.ValidationError("%(reason)s", code="invalid", params={"reason": reason})


def _date(value) -> date:
    try:
        return date_from_text(value)
    except NotADate as exc:
        raise _refused(str(exc)) from None


def local_midnight(day: date, message: str = "out of range") -> datetime:
    """The first instant of ``day`` in the active time zone (the jurisdiction's)."""
    try:
        moment = datetime.combine(day, time(0), tzinfo=timezone.get_current_timezone())
        moment.astimezone(UTC)
    except (OverflowError, ValueError) as exc:
        raise _refused(f"{day} is out of range") from exc
    return moment


class LocalDayField(forms.Field):
    """A day of the local calendar, ``YYYY-MM-DD``: its first instant and the next day's."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        day = _date(value)
        return local_midnight(day), local_midnight(day + timedelta(days=1))


class LocalMonthField(forms.Field):
    """A month of the local calendar, ``YYYY-MM``: its first instant and the next month's."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        match = _MONTH.fullmatch(str(value).strip())
        if not match or not 1 <= int(match[2]) <= 12:
            raise _refused(f"{value!r} is not a month, e.g. 2026-10")
        year, month = int(match[1]), int(match[2])
        try:  # the month's first and last days are dates the service holds
            first = date_in_range(date(year, month, 1))
            following = date(year + month // 12, month % 12 + 1, 1)
            date_in_range(following - timedelta(days=1))
        except ValueError:
            raise _refused(
                f"{value!r} is out of range: a month from {EARLIEST:%Y-%m} to {LATEST:%Y-%m}"
            ) from None
        return local_midnight(first), local_midnight(following)


@extend_schema_field({"type": "string", "format": "date", "example": "2026-10-18"})
class LocalDayFilter(filters.Filter):
    field_class = LocalDayField

    def filter(self, queryset, value):
        if value is None:
            return queryset
        start, end = value
        return queryset.filter(**{f"{self.field_name}__gte": start, f"{self.field_name}__lt": end})


@extend_schema_field({"type": "string", "pattern": r"^\d{4}-\d{2}$", "example": "2026-10"})
class LocalMonthFilter(LocalDayFilter):
    field_class = LocalMonthField


class Rfc3339Field(forms.Field):
    """An RFC 3339 date-time; the offset is required (a bare local time is ambiguous)."""

    default_error_messages = {
        "invalid": "not an RFC 3339 time with an offset, e.g. 2026-11-01T21:14:03-08:00",
    }

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if _DATE.fullmatch(str(value).strip()):  # local midnight
            return local_midnight(_date(value), self.error_messages["invalid"])
        text = _UNESCAPED_PLUS.sub(r"+\1", str(value).strip())
        if not _RFC3339.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        text = text.upper().replace("Z", "+00:00")
        if "." in text:  # Python reads at most microseconds
            head, _, tail = text.partition(".")
            digits, offset = tail[:-6], tail[-6:]
            text = f"{head}.{digits[:6].ljust(6, '0')}{offset}"
        try:
            moment = datetime.fromisoformat(text)
            moment.astimezone(UTC)  # year 1 or 9999 with an offset: outside the calendar
            date_in_range(moment.date())
        except ValueError as exc:
            raise _refused(f"{value!r}: {exc}") from exc
        except OverflowError as exc:
            raise _refused(f"{value!r} is out of range") from exc
        return moment


@extend_schema_field(OpenApiTypes.DATETIME)
class Rfc3339Filter(filters.Filter):
    field_class = Rfc3339Field


class WholeNumberFilter(filters.Filter):
    """A whole number within ``min_value``..``max_value``."""

    field_class = forms.IntegerField


class ChoiceInFilter(filters.BaseInFilter, filters.ChoiceFilter):
    """One or more of the choices, comma-separated."""


class SubmissionFilter(filters.FilterSet):
    status = ChoiceInFilter(
        choices=SubmissionStatus.choices, help_text="queued, validating, done, failed"
    )
    licensee = IdFilter(field_name="licensee", help_text="licensee id")
    withdrawn = filters.BooleanFilter(
        field_name="withdrawn_at", lookup_expr="isnull", exclude=True,
        help_text="true: only those withdrawn by their licensee; false: only those not",
    )  # fmt: skip
    venue = filters.CharFilter(
        method="_with_rounds_at", help_text="venue code: submissions with rounds at that venue"
    )
    submitted_after = Rfc3339Filter(
        field_name="submitted_at",
        lookup_expr="gte",
        help_text="RFC 3339, or a date (local midnight); inclusive",
    )
    submitted_before = Rfc3339Filter(
        field_name="submitted_at",
        lookup_expr="lt",
        help_text="RFC 3339, or a date (local midnight); exclusive",
    )

    class Meta:
        model = Submission
        fields = [
            "status", "licensee", "withdrawn", "venue", "submitted_after", "submitted_before",
        ]  # fmt: skip

    def _with_rounds_at(self, queryset, name, value):
        """Rounds at the venue: from the totals once validated, from the rounds read before."""
        if not value:
            return queryset
        totals = SubmissionTotal.objects.filter(submission=OuterRef("pk"), venue=value)
        seen = RoundKeys.objects.filter(submission=OuterRef("pk"), venue=value)
        return queryset.filter(Q(Exists(totals)) | Q(Exists(seen)))


class FindingFilter(filters.FilterSet):
    code = ChoiceInFilter(
        choices=sorted((code, code) for code in CODES), help_text="finding code(s)"
    )
    group = ChoiceInFilter(choices=[(g, g) for g in GROUPS], help_text="finding group(s)")
    severity = ChoiceInFilter(choices=[(s, s) for s in SEVERITIES], help_text="severity(ies)")
    venue = filters.CharFilter(help_text="venue code")
    table = filters.CharFilter(help_text="table identifier at the venue")
    game = filters.CharFilter(help_text="game code")
    dealer = filters.CharFilter(help_text="who dealt (the log's dealer.id)")
    seat = WholeNumberFilter(min_value=0, max_value=32767, help_text="seat number")
    wager_key = filters.CharFilter(help_text='the wager key (``key`` in the findings), e.g. "main"')
    round = filters.CharFilter(field_name="round_id", help_text="the venue's round identifier")
    line_from = WholeNumberFilter(
        field_name="line", lookup_expr="gte", min_value=1, max_value=MAX_ID, help_text="inclusive"
    )
    line_to = WholeNumberFilter(
        field_name="line", lookup_expr="lte", min_value=1, max_value=MAX_ID, help_text="inclusive"
    )
    played_after = Rfc3339Filter(
        field_name="played_at",
        lookup_expr="gte",
        help_text="RFC 3339, or a date (local midnight); inclusive",
    )
    played_before = Rfc3339Filter(
        field_name="played_at",
        lookup_expr="lt",
        help_text="RFC 3339, or a date (local midnight); exclusive",
    )
    played_on = LocalDayFilter(
        field_name="played_at", help_text="a day of the jurisdiction's calendar: YYYY-MM-DD"
    )
    played_in = LocalMonthFilter(
        field_name="played_at", help_text="a month of the jurisdiction's calendar: YYYY-MM"
    )

    class Meta:
        model = Finding
        fields = [
            "code",
            "group",
            "severity",
            "venue",
            "table",
            "game",
            "dealer",
            "seat",
            "wager_key",
            "round",
            "line_from",
            "line_to",
            "played_after",
            "played_before",
            "played_on",
            "played_in",
        ]
