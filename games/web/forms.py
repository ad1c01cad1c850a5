"""Forms of the reviewers' registry actions."""

from __future__ import annotations

from django import forms

from games.models import TRANSITIONS, LimitKind, Paytable


class PaytableVersionForm(forms.Form):
    """The odds of every outcome of a paytable, prefilled with its current version's."""

    source = forms.CharField(
        max_length=300, label="Source (the document or letter these pays come from)"
    )

    def __init__(self, *args, paytable: Paytable, **kwargs):
        super().__init__(*args, **kwargs)
        self.outcomes = list(paytable.entries)
        for outcome, odds in paytable.entries.items():
            self.fields[f"odds_{outcome}"] = forms.CharField(
                label=outcome.replace("_", " "), initial=odds, max_length=40,
                help_text='e.g. "250 to 1"',
            )  # fmt: skip
        self.order_fields(["source", *(f"odds_{o}" for o in self.outcomes)])

    def entries(self) -> dict[str, str]:
        return {o: self.cleaned_data[f"odds_{o}"] for o in self.outcomes}


class AmendForm(forms.Form):
    """Submit a paytable version for approval as an amendment of an approval."""

    base = forms.ModelChoiceField(queryset=None, label="Amends the approval")
    reference = forms.CharField(max_length=120, label="Reference of the new approval")
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label="Reason")

    def __init__(self, *args, approvals, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["base"].queryset = approvals
        if approvals.count() == 1:
            self.fields["base"].initial = approvals.first()


class TransitionForm(forms.Form):
    """One step of an approval's pipeline; the choices are the steps allowed from here."""

    to_status = forms.ChoiceField(label="Move to")
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), label="Reason")
    decision_date = forms.DateField(
        required=False, label="Decision date (approve or deny; default today)",
        widget=forms.DateInput(attrs={"type": "date"}),
    )  # fmt: skip

    def __init__(self, *args, status: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to_status"].choices = [(s, s.replace("_", " ")) for s in TRANSITIONS[status]]


class LimitForm(forms.Form):
    """A new dated value of a wager limit under one of the jurisdiction's regulations."""

    regulation = forms.ModelChoiceField(queryset=None)
    kind = forms.ChoiceField(choices=LimitKind.choices)
    amount = forms.DecimalField(max_digits=12, decimal_places=2, min_value=0)
    effective_from = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}))
    effective_to = forms.DateField(
        required=False, label="Last day in force (empty: open)",
        widget=forms.DateInput(attrs={"type": "date"}),
    )  # fmt: skip
    operator_class = forms.ModelChoiceField(queryset=None, required=False, empty_label="any")
    game = forms.ModelChoiceField(queryset=None, required=False, empty_label="any")
    wager_key = forms.CharField(max_length=40, required=False, help_text="empty: any wager")
    source = forms.CharField(max_length=300, help_text="citation of the value's legal source")
    filing = forms.CharField(max_length=80, required=False, help_text="e.g. WSR 23-09-065")

    def __init__(self, *args, jurisdiction, games, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["regulation"].queryset = jurisdiction.regulations.order_by("citation")
        self.fields["operator_class"].queryset = jurisdiction.operator_classes.order_by("name")
        self.fields["game"].queryset = games.order_by("name")
