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
        help_text="previous_month, previous_quarter, or a month (2026-10) or quarter (2026-Q3)",
    )  # fmt: skip
    minute = forms.CharField(max_length=60, initial="0")
    hour = forms.CharField(max_length=60, initial="6")
    day_of_month = forms.CharField(max_length=60, initial="2", label="Day of month")
    month_of_year = forms.CharField(max_length=60, initial="*", label="Months")

    def crontab(self) -> dict[str, str]:
        fields = ("minute", "hour", "day_of_month", "month_of_year")
        return {**{f: self.cleaned_data[f] for f in fields}, "day_of_week": "*"}
