"""The append door's limits: posts and rounds a minute, per table token and per venue
(``LIVE_RATES``), counted by :mod:`compliance.rates` (shared by every process).  A busy venue
plays a few hundred rounds a minute; the defaults leave it tenfold room and bound what one
leaked token, or one venue's runaway table system, can cost.  Over a limit: 429 with
``Retry-After`` and which limit it was; nothing of the post is read or stored."""

from __future__ import annotations

from django.conf import settings
from rest_framework.exceptions import Throttled
from rest_framework.throttling import BaseThrottle

from audits.live.models import TableToken
from compliance.rates import Rate, rate_hit


def post_rounds(body: bytes) -> int:
    """The rounds a post holds, as the door counts them: its lines (a last one without a
    newline counts too)."""
    return max(1, body.count(b"\n") + (0 if body.endswith(b"\n") else 1))


class TableRate(BaseThrottle):
    def allow_request(self, request, view) -> bool:
        token = request.auth
        if not isinstance(token, TableToken):
            return True
        rounds = post_rounds(request.body)
        limits = (
            ("token", f"table token {token.prefix}…", token.pk),
            ("venue", f"venue {token.venue.code}", token.venue_id),
        )
        for scope, who, key in limits:
            for what, cost in (("posts", 1), ("rounds", rounds)):
                text = settings.LIVE_RATES.get(f"{scope}_{what}")
                if not text:
                    continue
                rate = Rate.parse(text)
                verdict = rate_hit(f"live:{scope}:{what}:{key}", rate, cost=cost)
                if not verdict.allowed:
                    raise Throttled(
                        wait=verdict.retry_after,
                        detail=(
                            f"nothing stored: {who} is over its limit of {text} {what} "
                            f"(LIVE_RATES {scope}_{what}); try again in {verdict.retry_after} s"
                        ),
                    )
        return True
