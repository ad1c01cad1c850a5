"""The append API and the receipt check; thin over :mod:`audits.live.append`."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import MethodNotAllowed, NotFound
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.live.api.auth import TableTokenAuthentication
from audits.live.api.throttles import TableRate
from audits.live.append import live_rounds_append, receipt_dict
from audits.live.chain import chain_problems
from audits.live.models import TableToken
from audits.live.posts import PostRefused
from audits.live.tasks import live_chunk_dispatch


class JsonLinesParser(BaseParser):
    media_type = "application/x-ndjson"

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read()


class HoldsTableToken(BasePermission):
    def has_permission(self, request, view):
        return isinstance(request.auth, TableToken)


class RoundsAppendView(APIView):
    """``POST /api/live/venues/<venue>/tables/<table>/rounds/``: JSON lines of the hand-log
    format, by the venue's table token. 201 with the receipt when a round was stored; 200
    when every round was stored before (a retry: the same receipts); 400 with each line that
    cannot be routed, nothing stored. Another venue, known or not, is 404."""

    authentication_classes = [TableTokenAuthentication]
    permission_classes = [HoldsTableToken]
    parser_classes = [JsonLinesParser]
    throttle_classes = [TableRate]  # per token and venue (the user rates are not a table's)

    def initial(self, request, *args, **kwargs):
        """Another method than POST is 405 before any question of who asks."""
        if request.method != "POST" and request.method != "OPTIONS":
            raise MethodNotAllowed(request.method)
        super().initial(request, *args, **kwargs)

    @extend_schema(request={"application/x-ndjson": bytes}, responses={201: dict, 200: dict})
    def post(self, request, venue: str, table: str):
        token: TableToken = request.auth
        if token.venue.code != venue:
            raise NotFound("no such venue for this token")
        try:
            appended = live_rounds_append(token, table, request.body, live_chunk_dispatch)
        except PostRefused as refused:
            answer = {"message": f"nothing stored: {refused}",
                      "field": refused.errors[0]["field"], "errors": refused.errors}  # fmt: skip
            return Response(answer, status=status.HTTP_400_BAD_REQUEST)
        answer = {
            "stored": appended.stored,
            "stored_before": appended.again,
            "receipts": [receipt_dict(r) for r in appended.receipts],
            "rounds": appended.rounds,
        }
        code = status.HTTP_201_CREATED if appended.stored else status.HTTP_200_OK
        return Response(answer, status=code)


class ReceiptsVerifyView(APIView):
    """``POST /api/live/receipts/verify/`` (anyone): a list of receipts, as given; whether
    their chains verify, by the published format alone."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(request=dict, responses={200: dict})
    def post(self, request):
        receipts = request.data.get("receipts") if isinstance(request.data, dict) else None
        fields = ("venue", "table", "gaming_day", "seq", "stored_sha256", "previous", "hash")
        if not isinstance(receipts, list) or not all(
            isinstance(r, dict) and all(k in r for k in fields) for r in receipts
        ):
            return Response({"message": f"receipts: a list of objects with {', '.join(fields)}",
                             "field": "receipts"}, status=status.HTTP_400_BAD_REQUEST)  # fmt: skip
        try:
            problems = chain_problems(receipts)
        except (TypeError, ValueError, AttributeError) as error:
            return Response({"message": f"receipts: {error}", "field": "receipts"}, status=400)
        return Response({"ok": not problems, "receipts": len(receipts), "problems": problems})
