"""Forms of the report pages: a report schedule."""

from __future__ import annotations

from django import forms


class ScheduleForm(forms.Form):
    name = forms.CharField(max_length=150)
    kind = forms.ChoiceField(
        choices=[("venue", "a venue's report"), ("jurisdiction", "the summary")]
    )
    scope = forms.CharField(max_length=40, label="Venue or jurisdiction code")
    period = forms.CharField(
        max_length=20, initial="previous_month",
        help_text="the month before each run: previous_month; the quarter before: "
        "previous_quarter; or a month (2026-10) or a quarter (2026-Q3)",
    )  # fmt: skip
    minute = forms.CharField(max_length=60, initial="0")
    hour = forms.CharField(max_length=60, initial="6")
    day_of_month = forms.CharField(max_length=60, initial="2", label="Day of month")
    month_of_year = forms.CharField(max_length=60, initial="*", label="Months")

    def crontab(self) -> dict[str, str]:
        fields = ("minute", "hour", "day_of_month", "month_of_year")
        return {**{f: self.cleaned_data[f] for f in fields}, "day_of_week": "*"}


class ReportAskForm(forms.Form):
    """A venue's or a jurisdiction's report of a month or quarter: both start unchosen."""

    scope = forms.ChoiceField(label="Report of")
    period = forms.ChoiceField(label="Period")

    def __init__(self, *args, scopes, periods, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["scope"].choices = [("", "choose a venue or the jurisdiction")] + [
            (c.value, c.label) for c in scopes
        ]
        self.fields["period"].choices = [("", "choose a month or a quarter")] + [
            (c.value, c.label) for c in periods
        ]

    def request_data(self) -> dict:
        """What :func:`report_request_by` takes: ``{"venue": code, "period": ...}`` or the
        jurisdiction's."""
        kind, code = self.cleaned_data["scope"].split(":", 1)
        return {kind: code, "period": self.cleaned_data["period"]}
