"""A venue's gaming day as it is played: its tables (posts, rounds, last post, chain head),
the hold so far of every wager against its par, and the findings as they arrive. Read from
the open and closed parts of the day; only rounds a worker has validated count."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Count, Max, Sum

from audits.live.models import LiveDay, Receipt
from audits.par.hold import Hold, hold_of
from audits.par.rules import place_rules
from audits.submissions.models import Chunk, ChunkTotal, Finding
from games.models import Venue

ZERO = Decimal(0)
RECENT = 50  # findings shown


@dataclass(frozen=True)
class LiveHold:
    table: str
    game: str
    wager_key: str
    hold: Hold
    authorized: bool  # an authorization in force at the table for the game that day


def live_day_view(venue: Venue, day: date) -> dict:
    parts = list(LiveDay.objects.filter(venue=venue, gaming_day=day).order_by("part"))
    submissions = [p.submission_id for p in parts]
    tables = (
        Receipt.objects.filter(venue=venue.code, gaming_day=day).values("table")
        .annotate(posts=Count("id"), rounds=Sum("rounds"), last=Max("received_at"),
                  seq=Max("seq")).order_by("table")
    )  # fmt: skip
    heads = dict(
        Receipt.objects.filter(venue=venue.code, gaming_day=day)
        .order_by("table", "seq").values_list("table", "hash")
    )  # fmt: skip
    chunks = Chunk.objects.filter(submission__in=submissions)
    return {
        "parts": parts,
        "tables": [{**t, "head": heads.get(t["table"], "")} for t in tables],
        "posted": chunks.count(),
        "validated": chunks.filter(done=True).count(),
        **_holds_apart(_holds(venue, day, submissions)),
        "findings": list(
            Finding.objects.filter(submission__in=submissions).order_by("-submission_id", "-line")[
                :RECENT
            ]
        ),
        "finding_count": Finding.objects.filter(submission__in=submissions).count(),
    }


def _holds_apart(holds: list[LiveHold]) -> dict:
    """The hold of authorized play against its par; play without an authorization in force
    apart (no par applies to it: validation reports it)."""
    return {
        "holds": [h for h in holds if h.authorized],
        "unauthorized": [h for h in holds if not h.authorized],
    }


def _holds(venue: Venue, day: date, submissions: list[int]) -> list[LiveHold]:
    sums: dict[tuple, list] = defaultdict(lambda: [0, ZERO, ZERO])
    rows = (
        ChunkTotal.objects.filter(chunk__submission__in=submissions, chunk__done=True)
        .exclude(wager_key="").values("table", "game", "wager_key")
        .annotate(n=Sum("wagers"), w=Sum("wagered"), net=Sum("net_result"))
    )  # fmt: skip
    for r in rows:
        sums[(r["table"], r["game"], r["wager_key"])] = [r["n"], r["w"], r["net"]]
    holds, sheets = [], {}
    for (table, game, key), (n, wagered, net) in sorted(sums.items()):
        if (table, game) not in sheets:
            rules = place_rules(venue.code, table, game, day)
            wagers = {w["wager_key"]: w.get("sheet") for w in rules.get("wagers", [])}
            sheets[(table, game)] = (rules["in_force"], wagers)
        in_force, wagers = sheets[(table, game)]
        hold = hold_of(n, wagered, net, wagers.get(key))
        holds.append(LiveHold(table, game, key, hold, in_force))
    return holds
