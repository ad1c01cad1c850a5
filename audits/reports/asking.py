"""What a user may ask a period report of, from the pages: the scopes (venues, the summary of
a jurisdiction) the user may ask for, and the recent months and quarters with their state
(over, or not over yet: a report of a period not over gives its figures to date)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from audits.reports.access import user_can_request_report
from audits.reports.periods import period_bounds
from games.access import jurisdictions_visible_to, venues_visible_to

MONTHS, QUARTERS = 13, 5


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


def report_scopes_for(user) -> list[Choice]:
    """``venue:CODE`` and ``jurisdiction:CODE`` the user may ask a report of, in words."""
    venues = venues_visible_to(user).select_related("licensee").order_by("code")
    scopes = [Choice(f"venue:{v.code}", f"Venue {v.code}, {v.name}") for v in venues
              if user_can_request_report(user, venue=v)]  # fmt: skip
    for j in jurisdictions_visible_to(user).order_by("code"):
        if user_can_request_report(user, jurisdiction=j):
            scopes.append(Choice(f"jurisdiction:{j.code}", f"The jurisdiction: {j.name}"))
    return scopes


def report_periods_until(today: date) -> list[Choice]:
    """The months and quarters begun by ``today``, newest first, each with its state."""
    months, year, month = [], today.year, today.month
    for _ in range(MONTHS):
        months.append(f"{year}-{month:02d}")
        year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    quarters, year, quarter = [], today.year, (today.month - 1) // 3 + 1
    for _ in range(QUARTERS):
        quarters.append(f"{year}-Q{quarter}")
        year, quarter = (year, quarter - 1) if quarter > 1 else (year - 1, 4)
    return [_period(p, today) for p in months + quarters]


def _period(period: str, today: date) -> Choice:
    first, last = period_bounds(period)
    if "Q" in period:
        words = f"quarter {period[-1]} of {first.year}"
    else:
        words = first.strftime("%B %Y")
    state = "not over: its figures to date" if last >= today else "over"
    return Choice(period, f"{words} ({first} to {last}), {state}")
