"""Table tokens: made once (the secret shown once) with an expiry, found by their SHA-256,
listed and revoked (by the licensee's staff, the admin or a command); a revoked or expired
token is refused with its reason."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from audits.live.models import TableToken
from games.models import Venue

PREFIX = "tt_"  # a table token is told apart from a user's at a glance


class TokenRefused(Exception):
    """A token known but not in force: revoked or expired (the message says which, when)."""


def table_token_create(venue: Venue, name: str, created_by=None,
                       days: int | None = None) -> tuple[TableToken, str]:  # fmt: skip
    """A new token for ``venue``, in force ``days`` (``LIVE_TABLE_TOKEN_DAYS``), and its
    secret (never stored: only its SHA-256 is)."""
    secret = PREFIX + secrets.token_urlsafe(32)
    days = settings.LIVE_TABLE_TOKEN_DAYS if days is None else days
    token = TableToken.objects.create(
        venue=venue, name=name, created_by=created_by, prefix=secret[:8],
        key_sha256=hashlib.sha256(secret.encode()).hexdigest(),
        expires_at=timezone.now() + timedelta(days=days),
    )  # fmt: skip
    return token, secret


def table_token_find(secret: str) -> TableToken | None:
    """The token in force with this secret; None for an unknown or malformed one;
    :class:`TokenRefused` with the reason for one revoked or expired."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    digest = hashlib.sha256(secret.encode()).hexdigest()
    token = TableToken.objects.select_related("venue__licensee__jurisdiction")
    token = token.filter(key_sha256=digest).first()
    if token is not None and (refusal := token.refusal(timezone.now())):
        raise TokenRefused(refusal)
    return token


def table_token_revoke(token: TableToken, by=None) -> bool:
    """Revoke ``token`` (once); whether this call revoked it."""
    revoked = TableToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(
        revoked_at=timezone.now(), revoked_by=by
    )
    return bool(revoked)


def table_tokens_of(venues) -> list[TableToken]:
    """The tokens of ``venues`` (a query of those the user may see), the newest first."""
    tokens = TableToken.objects.filter(venue__in=venues).select_related("venue", "created_by")
    return list(tokens.order_by("-created_at", "-pk"))
