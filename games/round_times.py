"""When a round can have been played at a venue: not before the first day its jurisdiction's
records or the venue's authorizations begin (the registry holds nothing such a round could be
judged against), and not more than ``ROUNDS_FUTURE_MARGIN_HOURS`` after it reached the
service.  A time outside that window is no play the service can judge: the append door
refuses it and a file's line is rejected, each with this reason (never a 5xx, never a gaming
day no calendar can close)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from django.conf import settings
from django.db.models import Min

from games.gaming_day import gaming_day_of
from games.models import Authorization, Venue, WagerLimit


def round_latest(received: datetime) -> datetime:
    """The latest time a round that reached the service at ``received`` can carry."""
    return received + timedelta(hours=settings.ROUNDS_FUTURE_MARGIN_HOURS)


def venue_first_day(venue: Venue | str) -> date | None:
    """The first day on record for the venue: the earliest of its jurisdiction's first wager
    limit and its own first authorization (None when neither exists)."""
    if isinstance(venue, Venue):
        venue_id, jurisdiction_id = venue.pk, venue.licensee.jurisdiction_id
    else:
        row = Venue.objects.filter(code=venue).values_list("pk", "licensee__jurisdiction_id")
        if (row := row.first()) is None:
            return None
        venue_id, jurisdiction_id = row
    limits = WagerLimit.objects.filter(regulation__jurisdiction_id=jurisdiction_id)
    authorized = Authorization.objects.filter(venue_id=venue_id)
    days = [
        limits.aggregate(first=Min("effective_from"))["first"],
        authorized.aggregate(first=Min("effective_from"))["first"],
    ]
    days = [d for d in days if d is not None]
    return min(days) if days else None


def round_time_refusal(played: datetime, *, zone: str, day_start: time,
                       first_day: date | None, latest: datetime) -> str | None:  # fmt: skip
    """Why a round played at ``played`` (aware) cannot have been played, or None."""
    try:
        played.astimezone(UTC)
    except OverflowError:
        return f"{played.isoformat()} is outside the calendar in UTC"
    if played > latest:
        return (
            f"{played.isoformat()} is more than {settings.ROUNDS_FUTURE_MARGIN_HOURS} hours "
            "after it was received: no round can have been played then"
        )
    day = gaming_day_of(played, zone, day_start)
    if first_day is not None and day < first_day:
        return (
            f"{played.isoformat()} is on the gaming day {day.isoformat()}, before "
            f"{first_day.isoformat()}, the first day of the venue's and its jurisdiction's "
            "records"
        )
    return None
