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
from audits.live.append import live_rounds_append
from audits.live.heads import NoSuchProof, consistency_proof, receipts_answered
from audits.live.models import TableToken
from audits.live.posts import PostRefused
from audits.live.receipt_keys import receipt_key_dict, receipt_keys_published, receipt_verify_keys
from audits.live.receipts_check import receipts_check
from audits.live.tasks import live_chunk_dispatch
from compliance.dates import date_from_text, id_in_range


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
            "receipts": receipts_answered(appended.receipts),
            "rounds": appended.rounds,
        }
        code = status.HTTP_201_CREATED if appended.stored else status.HTTP_200_OK
        return Response(answer, status=code)


class ReceiptsVerifyView(APIView):
    """``POST /api/live/receipts/verify/`` (anyone): ``{"receipts": [...]}``, receipts as the
    append answered them (or whole answers, signed heads, consistency proofs): whether every
    head is signed with a key this service publishes, every receipt is in its head, the heads
    are consistent and none covered is missing; each problem names its receipt and why."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(request=dict, responses={200: dict})
    def post(self, request):
        receipts = request.data.get("receipts") if isinstance(request.data, dict) else None
        if not isinstance(receipts, list) or not receipts:
            return Response({"message": "receipts: a list of receipts as the append answered",
                             "field": "receipts"}, status=status.HTTP_400_BAD_REQUEST)  # fmt: skip
        verdict = receipts_check(receipts, receipt_verify_keys())
        answer = {"ok": verdict.ok, "receipts": verdict.receipts, "heads": verdict.heads,
                  "table_days": verdict.table_days, "problems": verdict.problems}  # fmt: skip
        return Response(answer)


class ReceiptKeysView(APIView):
    """``GET /api/live/receipts/keys/`` (anyone): the public keys that sign tree heads, the
    current one first, each with its key id (the SHA-256 of the raw key)."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict})
    def get(self, request):
        keys = [receipt_key_dict(*published) for published in receipt_keys_published()]
        return Response({"keys": keys})


class ReceiptConsistencyView(APIView):
    """``GET /api/live/receipts/consistency/?venue=&table=&gaming_day=&first=&second=``
    (anyone): the proof that the table-day's signed head of ``first`` receipts is the
    beginning of its head of ``second`` (RFC 9162 §2.1.4); 404 when there are no such heads."""

    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: dict})
    def get(self, request):
        query = request.query_params
        try:
            day = date_from_text(query.get("gaming_day", ""))
            first, second = (id_in_range(query.get(k, "")) for k in ("first", "second"))
        except ValueError as error:
            return Response({"message": str(error), "field": None}, status=400)
        venue, table = query.get("venue", "")[:40], query.get("table", "")[:40]
        try:
            return Response(consistency_proof(venue, table, day, first, second))
        except NoSuchProof as error:
            raise NotFound(str(error)) from error
