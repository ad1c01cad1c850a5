"""A venue's ledger over HTTP: a gaming day with its month and year to date, and any range of
gaming days asked with ``from`` and ``to``, per table, game and wager key.  Reviewers see
every venue of their jurisdiction, staff their licensee's; any other venue answers 404, as
one that does not exist."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.doors.api import ERROR, HasAuditRole, query_day, query_days, visible_venue
from audits.monitoring.deviations import flagged_lines, line_checks
from audits.monitoring.ledger import PERIODS, ledger_last_day, ledger_lines, ledger_periods


class LedgerLineSerializer(serializers.Serializer):
    table = serializers.CharField()
    game = serializers.CharField()
    wager_key = serializers.CharField(help_text='"" for the rounds of the table and game')
    rounds = serializers.IntegerField()
    wagers = serializers.IntegerField()
    wagered = serializers.DecimalField(max_digits=16, decimal_places=2)
    house_win = serializers.DecimalField(max_digits=16, decimal_places=2)
    hold = serializers.DecimalField(max_digits=12, decimal_places=6, allow_null=True)
    paid_out = serializers.DecimalField(max_digits=16, decimal_places=2)
    overpaid = serializers.DecimalField(max_digits=16, decimal_places=2)
    underpaid = serializers.DecimalField(max_digits=16, decimal_places=2)
    theoretical_hold = serializers.FloatField(
        allow_null=True, help_text="the house edge of the par sheet of the variant in force"
    )
    confidence = serializers.FloatField(help_text="the jurisdiction's confidence level")
    interval_low = serializers.FloatField(allow_null=True)
    interval_high = serializers.FloatField(
        allow_null=True,
        help_text="that share of holds over as many wagers under the par sheet fall within "
        "low..high (its exact outcome distribution)",
    )
    p_value = serializers.FloatField(
        allow_null=True, help_text="two-sided probability of a hold at least this far off"
    )
    tested = serializers.BooleanField(
        help_text="a par sheet and at least the jurisdiction's fewest wagers"
    )
    flagged = serializers.BooleanField(
        help_text="the month's test flagged this hold (a deviation kept, listed under "
        "deviations): a reason to look, not a finding"
    )
    deviation = serializers.BooleanField(
        help_text="tested and outside its own interval, one test alone: not a flag unless "
        "`flagged` (kept under this name for clients that read it)"
    )


class LedgerSerializer(serializers.Serializer):
    venue = serializers.CharField()
    gaming_day = serializers.DateField(allow_null=True)
    day = LedgerLineSerializer(many=True)
    month_to_date = LedgerLineSerializer(many=True)
    year_to_date = LedgerLineSerializer(many=True)
    range_from = serializers.DateField(
        allow_null=True, help_text="the first gaming day of `range` (null: no range asked)"
    )
    range_to = serializers.DateField(allow_null=True, help_text="the last gaming day of `range`")
    range = LedgerLineSerializer(
        many=True, help_text="the gaming days from `from` to `to`, both included (when asked)"
    )


class VenueLedgerView(APIView):
    permission_classes = [HasAuditRole]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "day",
                str,
                description="a gaming day, YYYY-MM-DD (default: the latest the ledger holds)",
            ),
            OpenApiParameter(
                "from",
                str,
                description="with or without `to`: also the range from this gaming day, "
                "YYYY-MM-DD (default: 1 January of the year of `to`)",
            ),
            OpenApiParameter(
                "to",
                str,
                description="with or without `from`: also the range to this gaming day "
                "(default: the venue's gaming day now)",
            ),
        ],  # fmt: skip
        responses={
            200: LedgerSerializer,
            404: OpenApiResponse(ERROR, description="no such venue that you may see"),
            400: OpenApiResponse(ERROR, description="a malformed day, or `from` after `to`"),
        },  # fmt: skip
    )
    def get(self, request, code: str):
        venue = visible_venue(request, code)
        day = query_day(request.query_params, "day") or ledger_last_day(venue)
        periods = ledger_periods(venue, day) if day else dict.fromkeys(PERIODS, [])
        flags = flagged_lines(venue, day) if day else {}
        rows = {name: _rows(venue, lines, day, flags.get(name)) for name, lines in periods.items()}
        asked = {"range_from": None, "range_to": None, "range": []}
        if "from" in request.query_params or "to" in request.query_params:
            first, last = query_days(request.query_params, venue)
            lines = ledger_lines(venue, first, last)
            asked = {"range_from": first, "range_to": last, "range": _rows(venue, lines, last)}
        return Response(
            LedgerSerializer({"venue": venue.code, "gaming_day": day, **rows, **asked}).data
        )


def _rows(venue, lines, day, flagged: set | None = None) -> list[dict]:
    """The lines with their checks against the par sheets in force on ``day``, each
    ``flagged`` when its ``(table, game, wager)`` is in ``flagged``."""
    checks = line_checks(venue, lines, day)
    flagged = flagged or set()
    return [{**_row(line, check, venue), "flagged": (line.table, line.game, line.wager_key)
             in flagged} for line, check in zip(lines, checks, strict=True)]  # fmt: skip


def _row(line, check, venue) -> dict:
    figures = {"theoretical_hold": None, "interval_low": None, "interval_high": None,
               "p_value": None, "tested": False, "deviation": False,
               "confidence": float(venue.licensee.jurisdiction.deviation_confidence)}  # fmt: skip
    if check is not None:
        hold = check.hold
        figures.update(theoretical_hold=hold.theoretical, interval_low=hold.low,
                       interval_high=hold.high, p_value=hold.p_value, tested=check.tested,
                       deviation=check.deviation)  # fmt: skip
    names = ("table", "game", "wager_key", "rounds", "wagers", "wagered", "house_win", "hold",
             "paid_out", "overpaid", "underpaid")  # fmt: skip
    return {**{name: getattr(line, name) for name in names}, **figures}
