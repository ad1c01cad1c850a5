"""The report's hold figures: per game and wager, observed hold against the par sheet's
with its interval (valid wagers at authorized tables only), the rest apart, and the flags
of Benjamini–Hochberg over the judged rows."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from audits.monitoring.deviations import game_wagers
from audits.par.hold import hold_of
from audits.par.many_tests import bh_threshold

ZERO = Decimal(0)


def hold_rows(totals, rules: list[dict], fewest: int) -> list[dict]:
    """Per game and wager: amounts, observed hold and the par sheet's, with its interval;
    valid wagers at authorized tables only (:func:`not_counted_rows` lists the rest); judged
    with a par sheet and at least the jurisdiction's ``fewest`` wagers."""
    sums = _wager_sums(totals, lambda t: (t.game, t.wager_key) if _counted(t, rules) else None)
    sheets = _sheets_by_wager(rules)
    rows = []
    for (game, key), (wagers, wagered, net) in sorted(sums.items()):
        basis = sheets.get((game, key))
        hold = hold_of(wagers, wagered, net, basis["sheet"] if basis else None)
        row = {"game": game, "wager_key": key, **hold.to_dict()}
        row["basis"] = basis["basis"] if basis else None
        row["judged"] = hold.low is not None and wagers >= fewest
        rows.append(row)
    return flagged(rows)


def not_counted_rows(totals, rules: list[dict]) -> list[dict]:
    """Wagers left out of the hold: at a table the game is not authorized at, or a wager
    the game does not have (each also a finding)."""
    sums = _wager_sums(
        totals,
        lambda t: None if _counted(t, rules) else (t.venue, t.table, t.game, t.wager_key),
    )
    return [
        {"venue": v, "table": tb, "game": g, "wager_key": k, "wagers": n,
         "wagered": str(w), "house_won": str(-net),
         "why": "not a wager of the game" if _authorized(v, tb, g, rules)
         else "no authorization of the game at this table"}
        for (v, tb, g, k), (n, w, net) in sorted(sums.items())
    ]  # fmt: skip


def _wager_sums(totals, key_of) -> dict[tuple, list]:
    """Wagers, amount wagered and net result of the wager totals, summed by ``key_of``
    (a total whose key is None is left out)."""
    sums: dict[tuple, list] = defaultdict(lambda: [0, ZERO, ZERO])
    for t in totals:
        key = key_of(t) if t.wager_key else None
        if key is not None:
            row = sums[key]
            row[0] += t.wagers
            row[1] += t.wagered
            row[2] += t.net_result
    return sums


def _counted(total, rules: list[dict]) -> bool:
    in_game = total.wager_key in game_wagers(total.game)
    return in_game and _authorized(total.venue, total.table, total.game, rules)


def _authorized(venue: str, table: str, game: str, rules: list[dict]) -> bool:
    return any(
        p.get("in_force") and (p["venue"], p["table"], p["game"]) == (venue, table, game)
        for p in rules
    )


def flagged(rows: list[dict], level: float = 0.05) -> list[dict]:
    """Each row flagged when its p is at or under the Benjamini–Hochberg threshold over the
    report's judged rows (one in twenty is outside its own interval by chance alone)."""
    tested = [r["p_value"] for r in rows if r["judged"] and r["p_value"] is not None]
    threshold = bh_threshold(tested, level)
    for row in rows:
        row["flagged"] = bool(
            threshold and row["judged"] and row["p_value"] is not None
            and row["p_value"] <= threshold
        )  # fmt: skip
    return rows


def _sheets_by_wager(rules: list[dict]) -> dict[tuple, dict]:
    found = {}
    for place in rules:
        for wager in place.get("wagers", []):
            if wager.get("sheet") and (place["game"], wager["wager_key"]) not in found:
                found[(place["game"], wager["wager_key"])] = {
                    "sheet": wager["sheet"],
                    "basis": place["par_sheet_basis"],
                }
    return found
