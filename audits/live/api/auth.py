"""A table token in ``Authorization: Table <secret>``: accepted by the append view only."""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from audits.live.tokens import TokenRefused, table_token_find

KEYWORD = b"table"


class TableTokenAuthentication(BaseAuthentication):
    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != KEYWORD:
            return None
        if len(parts) != 2:
            raise AuthenticationFailed("Authorization: Table <secret>, one secret")
        try:
            token = table_token_find(parts[1].decode("latin-1"))
        except TokenRefused as refused:
            raise AuthenticationFailed(str(refused)) from None
        if token is None:
            raise AuthenticationFailed("not a table token in force")
        return (_TableSystem(token), token)

    def authenticate_header(self, request):
        return "Table"


class _TableSystem:
    """The request's user: a table system, authenticated and nothing else (no permission,
    no licensee, no role: every other view refuses it)."""

    is_authenticated = True
    is_active = True
    is_staff = is_superuser = False
    pk = id = None

    def __init__(self, token):
        self.token = token

    def __str__(self) -> str:
        return f"table system {self.token.prefix}…"


class TableTokenScheme(OpenApiAuthenticationExtension):
    """The table token in the OpenAPI schema (``Authorization: Table <secret>``)."""

    target_class = "audits.live.api.auth.TableTokenAuthentication"
    name = "tableToken"

    def get_security_definition(self, auto_schema):
        what = "Table <secret>: a venue's table token (manage.py create_table_token)"
        return {"type": "apiKey", "in": "header", "name": "Authorization", "description": what}
