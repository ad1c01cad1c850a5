"""The registry rows :func:`games.selectors.rules_in_force` reads that hold for every table
and day: a venue (with its licensee and jurisdiction) and its tables, a game, and a venue's
authorizations of a game with their approvals' events, conditions and paytables and the
conditions met.

One :class:`RegistryReads` reads each once for as long as it is kept.  A lone question gets
a fresh one (the same queries as ever); a validation run keeps one for all its questions
(:class:`~games.rules_resolver.RulesResolver`, whose answers already hold for the run), so
that a log of many tables reads them once, not once per table: per table only its limits
are read.
"""

from __future__ import annotations

from django.db.models import F, Prefetch

from games.models import ApprovalPaytable, Authorization, Game, Table, Venue


def paytable_links(through: str = "") -> Prefetch:
    """An approval's paytable links with their paytables (what ``paytables_for`` reads),
    ``through`` a relation to the approval; a new one each time (Django marks its queryset)."""
    return Prefetch(
        f"{through}paytable_links", queryset=ApprovalPaytable.objects.select_related("paytable")
    )


class RegistryReads:
    def __init__(self) -> None:
        self._venues: dict[str, Venue | None] = {}
        self._tables: dict[int, dict[str, Table]] = {}
        self._games: dict[str, Game | None] = {}
        self._authorizations: dict[tuple[int, int], list[Authorization]] = {}

    def venue(self, code: str) -> Venue | None:
        if code not in self._venues:
            self._venues[code] = (
                Venue.objects.select_related("licensee__jurisdiction").filter(code=code).first()
            )
        return self._venues[code]

    def table(self, venue: Venue, code: str) -> Table | None:
        if venue.pk not in self._tables:
            self._tables[venue.pk] = {t.code: t for t in venue.tables.order_by("pk")}
        return self._tables[venue.pk].get(code)

    def game(self, code: str) -> Game | None:
        if code not in self._games:
            self._games[code] = Game.objects.filter(code=code).first()
        return self._games[code]

    def authorizations(self, venue: Venue, game: Game) -> list[Authorization]:
        """The venue's authorizations of the game, the tables' own first (then the venue's),
        latest first, each with what its terms read (:mod:`games.terms`)."""
        key = (venue.pk, game.pk)
        if key not in self._authorizations:
            self._authorizations[key] = list(
                Authorization.objects.filter(venue=venue, approval__rule_version__game=game)
                .select_related(
                    "approval__rule_version__game", "approval__jurisdiction", "venue", "table"
                )  # fmt: skip
                .prefetch_related(
                    "approval__events",
                    "approval__conditions",
                    "conditions_met",
                    paytable_links("approval__"),
                )  # fmt: skip
                # the table's own first, then the venue's (NULLs last on every database)
                .order_by(F("table_id").asc(nulls_last=True), "-effective_from")
            )
        return self._authorizations[key]
