"""Forms of the web pages."""

from __future__ import annotations

from django import forms

from audits.validation.findings import CODES, GROUPS

SEVERITIES = sorted({severity for _, severity in CODES.values()})


class UploadForm(forms.Form):
    file = forms.FileField(label="Hand log (.jsonl or .jsonl.gz)")
    licensee = forms.ModelChoiceField(queryset=None, label="Licensee")

    def __init__(self, *args, licensees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["licensee"].queryset = licensees
        if licensees.count() == 1:
            self.fields["licensee"].initial = licensees.first()


class FindingFilterForm(forms.Form):
    code = forms.ChoiceField(
        required=False, choices=[("", "any code"), *((c, c) for c in sorted(CODES))]
    )
    group = forms.ChoiceField(
        required=False, choices=[("", "any group"), *((g, g) for g in GROUPS)]
    )
    severity = forms.ChoiceField(
        required=False, choices=[("", "any severity"), *((s, s) for s in SEVERITIES)]
    )
    table = forms.CharField(required=False, max_length=40)
    seat = forms.IntegerField(required=False, min_value=0, max_value=32767)

    def apply(self, findings):
        data = {k: v for k, v in self.cleaned_data.items() if v not in ("", None)}
        return findings.filter(**data)


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
