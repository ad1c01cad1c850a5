"""What a report judged against: per place, the authorization, approval, rule version,
paytables with their par sheets, and the limits in force on a day."""

from __future__ import annotations

from datetime import date

from games.limits import limits_in_force
from games.models import Authorization, ParSheet, Table, Venue


def place_rules(venue_code: str, table_code: str, game_code: str, day: date) -> dict:
    """The rules in force at one (venue, table, game) on ``day``, as the JSON twin shows them."""
    place = {"venue": venue_code, "table": table_code, "game": game_code, "on": day.isoformat()}
    venue = Venue.objects.filter(code=venue_code).first()
    table = Table.objects.filter(venue=venue, code=table_code).first()
    authorization = table and authorization_in_force(venue, table, game_code, day)
    if not authorization:
        return {**place, "in_force": False}
    return {
        **place,
        **authorization_sheets(authorization),
        "limits": _limits(venue, table, authorization.approval.rule_version.game, day),
    }


def authorization_sheets(authorization: Authorization) -> dict:
    """The approval, rule version, assumed variant and par sheets of each wager of an
    authorization (what :func:`place_rules` shows but the limits)."""
    approval, version = authorization.approval, authorization.approval.rule_version
    decks, options = assumed_variant(authorization)
    sheets = list(ParSheet.objects.filter(rule_version=version, decks=decks))
    return {
        "in_force": True,
        "approval": {"reference": approval.reference, "content_hash": approval.content_hash},
        "rule_version": {
            "version": version.version,
            "title": version.title,
            "content_hash": version.content_hash,
        },
        "par_sheet_basis": {"decks": decks, "options": options},
        "wagers": _wagers(approval, sheets, options),
    }


def authorization_in_force(venue: Venue, table: Table, game_code: str, day) -> Authorization | None:
    """The authorization of a game at a table on a day (the table's own before the
    venue's)."""
    return authorization_on(venue_authorizations(venue, game_code), table, day)


def venue_authorizations(venue: Venue, game_code: str) -> list[Authorization]:
    """Every authorization of the game at the venue, any table, any dates."""
    return list(
        Authorization.objects.filter(
            venue=venue, approval__rule_version__game__code=game_code
        ).select_related("approval__rule_version", "table")
    )


def authorization_on(
    authorizations: list[Authorization], table: Table, day
) -> Authorization | None:
    """Of ``authorizations``, the one in force at the table on the day: the table's own
    before the venue's, the latest begun first."""
    in_force = [
        a for a in authorizations
        if a.table_id in (table.pk, None) and a.effective_from <= day
        and (a.effective_to is None or a.effective_to >= day)
    ]  # fmt: skip
    in_force.sort(key=lambda a: (a.table_id is None, -a.effective_from.toordinal()))
    return in_force[0] if in_force else None


def assumed_variant(authorization: Authorization) -> tuple[int, dict[str, str]]:
    """The deck count and options the theoretical figures are computed for.

    Totals are not kept per shoe or per option, so the report states its
    basis: the authorized deck count (six when several are allowed), the
    authorized options, and for an option left open the first approved value.
    """
    allowed = authorization.decks or authorization.approval.rule_version.decks_allowed
    decks = allowed[0] if len(allowed) == 1 else (6 if 6 in allowed else max(allowed))
    options = {n: str(v[0]) for n, v in authorization.approval.allowed_options.items() if v}
    options.update({k: str(v) for k, v in authorization.options.items()})
    return decks, options


def _wagers(approval, sheets: list[ParSheet], options: dict[str, str]) -> list[dict]:
    rows = []
    main = [s for s in sheets if s.paytable_id is None and _options_match(s.options, options)]
    for sheet in main:
        rows.append(_wager_row(sheet.wager_key, None, sheet))
    for link in approval.paytable_links.select_related("paytable"):
        paytable = link.paytable  # its sheets: one per wager it prices (every tie wager)
        priced = [s for s in sheets if s.paytable_id == paytable.pk]
        for sheet in priced or [None]:
            key = sheet.wager_key if sheet else paytable.wager_key
            rows.append(_wager_row(key, paytable, sheet))
    return rows


def _options_match(sheet_options: dict, options: dict[str, str]) -> bool:
    return all(options.get(k) == str(v) for k, v in sheet_options.items())


def _wager_row(key: str, paytable, sheet: ParSheet | None) -> dict:
    row = {"wager_key": key, "paytable": None, "house_edge": None, "theoretical_return": None}
    if paytable is not None:
        row["paytable"] = {
            "code": paytable.code,
            "version": paytable.version,
            "content_hash": paytable.content_hash,
            "illustrative": paytable.illustrative,
        }
    if sheet is not None:
        row.update(house_edge=sheet.house_edge, theoretical_return=1 - sheet.house_edge)
        row["sheet"] = sheet.sheet
    return row


def _limits(venue: Venue, table: Table, game, day: date) -> list[dict]:
    return [
        {
            "kind": lim.kind,
            "amount": str(lim.amount),
            "wager_key": lim.wager_key,
            "scope": lim.scope,
            "citation": lim.regulation + (f" ({lim.filing})" if lim.filing else ""),
        }
        for lim in limits_in_force(venue, table, game, day)
    ]
