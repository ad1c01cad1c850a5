"""Table tokens: made once (the secret shown once), found by their SHA-256, revoked."""

from __future__ import annotations

import hashlib
import secrets

from django.utils import timezone

from audits.live.models import TableToken
from games.models import Venue

PREFIX = "tt_"  # a table token is told apart from a user's at a glance


def table_token_create(venue: Venue, name: str, created_by=None) -> tuple[TableToken, str]:
    """A new token for ``venue`` and its secret (never stored: only its SHA-256 is)."""
    secret = PREFIX + secrets.token_urlsafe(32)
    token = TableToken.objects.create(
        venue=venue, name=name, created_by=created_by, prefix=secret[:8],
        key_sha256=hashlib.sha256(secret.encode()).hexdigest(),
    )  # fmt: skip
    return token, secret


def table_token_find(secret: str) -> TableToken | None:
    """The live token with this secret, None for any other (unknown, revoked, malformed)."""
    if not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    digest = hashlib.sha256(secret.encode()).hexdigest()
    token = TableToken.objects.select_related("venue__licensee__jurisdiction")
    return token.filter(key_sha256=digest, revoked_at__isnull=True).first()


def table_token_revoke(token: TableToken) -> None:
    TableToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
