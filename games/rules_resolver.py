"""Answers of :func:`games.selectors.rules_in_force`, remembered for a whole hand log.

What is in force changes only on the dates some registry record names: a
limit, an authorization or a met condition taking or ending effect, an
approval event.  Between two such dates (an *epoch*) the answer holds
unchanged, so it is asked for once per epoch, not once per day; only an
approval not in force is asked for per day, since its reason names the day.
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.db.models import Q

from games.gaming_day import gaming_day_bounds, gaming_day_of
from games.models import ApprovalEvent, Authorization, ConditionMet, Venue, WagerLimit
from games.registry_reads import RegistryReads
from games.selectors import RulesInForce, local_date_of, rules_in_force

ONE_DAY = timedelta(days=1)


class RulesResolver:
    """Answers :func:`rules_in_force` once per (venue, table, game, options, decks, epoch),
    the rows that hold for every table (:class:`~games.registry_reads.RegistryReads`) read
    once for all of them."""

    def __init__(self) -> None:
        self._cache: dict[tuple, RulesInForce] = {}
        self._venues: dict[str, tuple[str, list[date], time] | None] = {}
        self._reads = RegistryReads()  # the rows every table's answer reads, read once

    def resolve(
        self, *, venue: str, table: str, game: str, options: dict, at: datetime, decks=None
    ):
        known = self._venue(venue)
        day = local_date_of(at, known[0]) if known else None
        declared = tuple(sorted((k, str(v)) for k, v in options.items()))
        place = (venue, table, game, declared, decks)
        epoch_key = place + (bisect_right(known[1], day) if known else None,)
        answer = self._cache.get(epoch_key) or self._cache.get(place + (day,))
        if answer is None:
            answer = rules_in_force(
                venue=venue, table=table, game=game, options=options, at=at, decks=decks,
                reads=self._reads,
            )  # fmt: skip
            dated = answer.reason_code == "approval_not_in_force"  # its reason names the day
            self._cache[place + (day,) if dated else epoch_key] = answer
        return answer

    def span_bounds(self, venue: str, at: datetime) -> tuple[float, float] | None:
        """POSIX times of the start and end of the epoch holding ``at`` at ``venue``.

        Whether the rules were in force is the same for every time in between,
        so a caller may reuse that.  None for an unknown venue.
        """
        known = self._venue(venue)
        if known is None:
            return None
        zone, dates, _ = known
        day = local_date_of(at, zone)
        index = bisect_right(dates, day)
        tz = ZoneInfo(zone)
        start = _midnight(dates[index - 1], tz) if index else float("-inf")
        end = _midnight(dates[index], tz) if index < len(dates) else float("inf")
        return start, end

    def gaming_day(self, venue: str, at: datetime) -> tuple[date, float, float] | None:
        """The gaming day holding ``at`` at ``venue`` (its jurisdiction's time zone and
        start of day), with the POSIX times it begins and ends; None for an unknown venue."""
        known = self._venue(venue)
        if known is None:
            return None
        zone, _, start = known
        day = gaming_day_of(at, zone, start)
        begin, end = gaming_day_bounds(day, zone, start)
        return day, begin.timestamp(), end.timestamp()

    def _venue(self, venue: str) -> tuple[str, list[date], time] | None:
        if venue not in self._venues:
            row = (
                Venue.objects.filter(code=venue)
                .values_list(
                    "licensee__jurisdiction_id",
                    "licensee__jurisdiction__timezone",
                    "licensee__jurisdiction__gaming_day_start",
                )  # fmt: skip
                .first()
            )
            self._venues[venue] = None if row is None else (row[1], change_dates(row[0]), row[2])
        return self._venues[venue]


def change_dates(jurisdiction_id: int) -> list[date]:
    """Every local date from which something in force in the jurisdiction may change."""
    dates: set[date] = set()
    limits = WagerLimit.objects.filter(regulation__jurisdiction_id=jurisdiction_id)
    authorizations = Authorization.objects.filter(venue__licensee__jurisdiction_id=jurisdiction_id)
    for start, end in [
        *limits.values_list("effective_from", "effective_to"),
        *authorizations.values_list("effective_from", "effective_to"),
    ]:
        dates.add(start)
        if end is not None and end < date.max:  # 9999-12-31 in force: no day after it
            dates.add(end + ONE_DAY)  # the last day in force is inclusive
    met = ConditionMet.objects.filter(
        authorization__venue__licensee__jurisdiction_id=jurisdiction_id
    ).values_list("met_on", flat=True)
    dates.update(met)
    events = ApprovalEvent.objects.filter(
        Q(approval__jurisdiction_id=jurisdiction_id)
        | Q(approval__authorizations__venue__licensee__jurisdiction_id=jurisdiction_id)
    )
    for at in events.values_list("at", flat=True):
        day = at.astimezone(UTC).date()  # the approval's own zone is within a day of UTC
        dates.update((day - ONE_DAY, day, day + ONE_DAY))  # ``at`` is the server's clock
    return sorted(dates)


def _midnight(day: date, tz: ZoneInfo) -> float:
    return datetime.combine(day, time(0), tzinfo=tz).timestamp()
