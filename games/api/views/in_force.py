"""The view of ``GET rules-in-force``: what applied to a round."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from games import access
from games.api import serializers
from games.api.permissions import HasRegistryRole
from games.selectors import rules_in_force

from .base import ERROR, NOT_FOUND


class RulesInForceView(APIView):
    """What applied to a round at a venue's table, of a game, with its options, at a time.

    Only for venues the requesting user may see (404 otherwise, also for a
    venue that does not exist).  An unknown table or game, or a round
    nothing was authorized for, is a 200 answer with ``in_force: false`` and
    the reason, as the audit uses it.
    """

    permission_classes = [IsAuthenticated, HasRegistryRole]

    @extend_schema(
        parameters=[serializers.RulesInForceQuerySerializer],
        responses={
            200: serializers.RulesInForceSerializer,
            400: OpenApiResponse(ERROR, description="a malformed query"),
            **NOT_FOUND,
        },
    )
    def get(self, request):
        query = serializers.RulesInForceQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        asked = query.validated_data
        if not access.venues_visible_to(request.user).filter(code=asked["venue"]).exists():
            raise NotFound(f"no venue {asked['venue']!r} that you may see")
        answer = rules_in_force(
            venue=asked["venue"],
            table=asked["table"],
            game=asked["game"],
            options=asked["options"],
            at=asked["at"],
            decks=asked.get("decks"),
        )
        return Response(answer.to_dict())
