"""Forms of the submission pages: the upload, and the findings' filters."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from django import forms

from audits.submissions.finding_kinds import GROUP_TITLES
from audits.validation.finding_words import FINDING_WORDS
from audits.validation.findings import CODES, GROUPS
from games.engine.names import game_words

SEVERITIES = ("critical", "error", "warning")


class UploadForm(forms.Form):
    file = forms.FileField(label="Hand log (.jsonl or .jsonl.gz)")
    licensee = forms.ModelChoiceField(queryset=None, label="Licensee")

    def __init__(self, *args, licensees, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["licensee"].queryset = licensees
        if licensees.count() == 1:
            self.fields["licensee"].initial = licensees.first()


class FindingFilterForm(forms.Form):
    """The findings' filters; each field narrows the list (the page swaps the list in place
    as a filter changes, and reloads without JavaScript)."""

    severity = forms.ChoiceField(
        required=False, choices=[("", "any severity"), *((s, s) for s in SEVERITIES)]
    )
    group = forms.ChoiceField(
        required=False, label="Kind",
        choices=[("", "any kind"), *((g, GROUP_TITLES.get(g, g)) for g in GROUPS)],
    )
    code = forms.ChoiceField(
        required=False,
        label="Finding",
        choices=[("", "any finding"), *((c, FINDING_WORDS[c].title) for c in sorted(CODES))],
    )
    game = forms.ChoiceField(required=False, choices=[("", "any game")])
    table = forms.CharField(required=False, max_length=40)
    dealer = forms.CharField(required=False, max_length=64)
    played_on = forms.DateField(
        required=False, label="Played on", widget=forms.DateInput(attrs={"type": "date"})
    )
    seat = forms.IntegerField(required=False, min_value=0, max_value=32767)

    def __init__(self, *args, games=(), zone="UTC", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "any game"), *((g, game_words(g)) for g in games)]
        self.zone = ZoneInfo(zone)

    def apply(self, findings):
        data = {k: v for k, v in self.cleaned_data.items() if v not in ("", None)}
        day = data.pop("played_on", None)
        if day is not None:
            start = datetime.combine(day, time(0), tzinfo=self.zone)
            data |= {"played_at__gte": start, "played_at__lt": start + timedelta(days=1)}
        return findings.filter(**data)
