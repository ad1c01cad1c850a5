"""Forms of the submission pages: the upload, and the findings' filters."""

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
