"""A venue's table tokens on the staff's pages: listed (never a secret) with when each was
made, expires or was revoked; the licensee's staff make one (its secret shown once) and
revoke one. Reviewers of the jurisdiction see the list; anyone else gets 404, as for a venue
that does not exist."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from audits.doors.pages import role_required
from audits.live.models import TableToken
from audits.live.tokens import table_token_create, table_token_revoke, table_tokens_of
from games.access import STAFF, membership_of, venues_visible_to

NAME_MOST = 100


def _venue(request, code: str):
    venue = venues_visible_to(request.user).filter(code=code).first()
    if venue is None:
        raise Http404("no such venue that you may see")
    return venue


def _staff_of(user, venue) -> bool:
    membership = membership_of(user)
    return (membership is not None and membership.role == STAFF
            and membership.licensee_id == venue.licensee_id)  # fmt: skip


@role_required
def venue_tokens(request, code: str):
    venue = _venue(request, code)
    now = timezone.now()
    tokens = [(t, t.refusal(now)) for t in table_tokens_of([venue])]
    return render(request, "web/table_tokens.html", {
        "venue": venue, "tokens": tokens, "can_manage": _staff_of(request.user, venue),
        "secret": request.session.pop("table_token_secret", None),
    })  # fmt: skip


@role_required
@require_POST
def venue_token_create(request, code: str):
    venue = _venue(request, code)
    if not _staff_of(request.user, venue):
        raise PermissionDenied("only the licensee's staff make its table tokens")
    name = " ".join(request.POST.get("name", "").split())[:NAME_MOST]
    if not name or not name.isprintable():
        messages.error(request, "Not made: name the table system that will hold it.")
        return redirect("web-venue-tokens", code=venue.code)
    token, secret = table_token_create(venue, name, created_by=request.user)
    request.session["table_token_secret"] = (token.prefix, secret)  # shown once, then gone
    return redirect("web-venue-tokens", code=venue.code)


@role_required
@require_POST
def venue_token_revoke(request, code: str, token: int):
    venue = _venue(request, code)
    found = TableToken.objects.filter(pk=token, venue=venue).first()
    if found is None:
        raise Http404("no such table token at this venue")
    if not _staff_of(request.user, venue):
        raise PermissionDenied("only the licensee's staff revoke its table tokens")
    if table_token_revoke(found, by=request.user):
        messages.success(request, f"Table token {found.prefix}… ({found.name}) is revoked: its "
                         "posts are refused from now on.")  # fmt: skip
    return redirect("web-venue-tokens", code=venue.code)
