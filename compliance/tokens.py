"""API tokens (django-rest-knox): issued against a user name and password, stored only as a
digest, expiring after ``REST_KNOX["TOKEN_TTL"]``, revoked one by one or all at once.

- ``POST /api/auth/token/`` with HTTP Basic: a new token (shown once) and its expiry;
- ``POST /api/auth/token/revoke/`` with the token: that token stops working;
- ``POST /api/auth/token/revoke-all/`` with a token: every token of the user stops working.

Administrators revoke anyone's tokens in the admin (Knox: Auth tokens).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from knox import views as knox
from rest_framework import serializers

from compliance.signin_guard import GuardedBasicAuthentication

ISSUED = inline_serializer(
    "IssuedToken",
    {"token": serializers.CharField(), "expiry": serializers.DateTimeField(allow_null=True)},
)


class TokenIssue(knox.LoginView):
    authentication_classes = [GuardedBasicAuthentication]  # failed attempts are limited

    @extend_schema(request=None, responses={200: ISSUED}, tags=["auth"])
    def post(self, request, format=None):
        return super().post(request, format)


class TokenRevoke(knox.LogoutView):
    @extend_schema(
        request=None, responses={204: OpenApiResponse(description="revoked")}, tags=["auth"]
    )
    def post(self, request, format=None):
        return super().post(request, format)


class TokenRevokeAll(knox.LogoutAllView):
    @extend_schema(
        request=None, responses={204: OpenApiResponse(description="all revoked")}, tags=["auth"]
    )
    def post(self, request, format=None):
        return super().post(request, format)
