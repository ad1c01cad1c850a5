"""The findings' shape (as :func:`audits.submissions.summary.finding_dicts` makes them)."""

from __future__ import annotations

from rest_framework import serializers

EXPORT_FORMATS = ("json", "jsonl", "csv")


class FindingSerializer(serializers.Serializer):
    """One finding, with the hand-log contract's names (``round``, ``key``)."""

    line = serializers.IntegerField(help_text="line number in the file (1-based)")
    round = serializers.CharField(help_text="the venue's round identifier, if read")
    seat = serializers.IntegerField(allow_null=True)
    key = serializers.CharField(help_text="the wager key, if the finding concerns one")
    code = serializers.CharField(help_text="stable code")
    group = serializers.CharField(
        help_text="format, integrity, approval, wager, procedure or payout"
    )
    severity = serializers.CharField()
    message = serializers.CharField(help_text="plain-language explanation")
    rule = serializers.CharField(help_text="the rule or regulation it rests on")
    expected = serializers.DecimalField(
        max_digits=14, decimal_places=2, allow_null=True, help_text="payouts: the right amount"
    )
    recorded = serializers.DecimalField(
        max_digits=14, decimal_places=2, allow_null=True, help_text="payouts: the amount recorded"
    )
    venue = serializers.CharField()
    table = serializers.CharField()
    game = serializers.CharField()
    played_at = serializers.DateTimeField(allow_null=True)
    dealer = serializers.CharField(help_text='who dealt the round, if the log says ("" if not)')
    shift = serializers.CharField(help_text='the shift, if the log says ("" if not)')


class FindingsQuerySerializer(serializers.Serializer):
    """The parameters of the findings list besides its filters."""

    format = serializers.ChoiceField(
        choices=EXPORT_FORMATS,
        required=False,
        default="json",
        help_text=(
            "json: a page of findings; jsonl or csv: every finding that matches the filters, "
            "streamed (no pagination)"
        ),
    )
