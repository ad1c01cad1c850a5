"""Only valid wagers at authorized tables count in the hold: rounds at a table the venue has
not registered are shown apart, on the ledger page and in the report, and the venue's hold
is the authorized tables' alone; a wager the game does not have is a finding and no total."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

from django.test import Client

from audits.monitoring.deviations import hold_checks
from audits.reports.figures import report_figures
from audits.reports.lifecycle import report_request
from audits.samples import generate_toss_one
from games.models import Venue
from tests.audits.submissions.test_pipeline import submit
from tests.audits.submissions_support import people  # noqa: F401  (fixture)


def _log(tmp_path) -> bytes:
    """Two days of four tables; T4's rounds moved to an unregistered T9, and every T3 seat
    with a Lucky 3 also staking a "lucky7" the game does not have."""
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, days=2, fault_rate=0, seed=5)
    lines = []
    for line in path.read_bytes().splitlines():
        r = json.loads(line)
        if r["table"] == "T4":
            r["table"] = "T9"
        if r["table"] == "T3":
            for seat in r["seats"]:
                if "lucky3" in seat["wagers"]:
                    seat["wagers"]["lucky7"] = "5"
                    seat["results"]["lucky7"] = "-5"
        lines.append(json.dumps(r).encode())
    return b"\n".join(lines) + b"\n"


def test_apart_on_the_page_in_the_checks_and_in_the_report(wa, tmp_path, people):  # noqa: F811
    submission = submit(wa, _log(tmp_path))
    codes = set(submission.findings.values_list("code", flat=True))
    assert {"unknown_table", "unknown_wager"} <= codes
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    day = date(2026, 10, 1)
    checks = hold_checks(venue, day, date(2026, 10, 2))
    by_place = {(c.table, c.wager_key): c for c in checks}
    assert ("T3", "lucky7") not in by_place  # a wager the game lacks: a finding, no total
    assert not by_place[("T9", "main")].counted
    assert by_place[("T1", "main")].counted and by_place[("T3", "lucky3")].counted
    whole = by_place[("", "main")]  # the venue's main wager: T1 to T3 alone
    tables = [c for c in checks if c.wager_key == "main" and c.table in ("T1", "T2", "T3")]
    assert whole.hold.wagers == sum(c.hold.wagers for c in tables)
    assert {b["table"] for b in whole.basis} == {"T1", "T2", "T3"}

    client = Client()
    client.force_login(people.reviewer)
    page = client.get("/monitoring/venues/WA-CR-0042/?day=2026-10-02").content.decode()
    apart = page[page.index("Not counted in the hold") :]
    assert "<td>T9</td>" in apart and "no authorization of the game at this table" in apart
    counted = page[page.index("<h2>Month to date") : page.index("Not counted in the hold")]
    assert "<td>T9</td>" not in counted and "lucky7" not in counted

    report = report_request(kind="submission", submission=submission)
    figures = report_figures(report)
    held = {(r["game"], r["wager_key"]): r for r in figures["hold"]}
    assert ("toss-one-21", "lucky7") not in held
    left = {(x["table"], x["wager_key"]): x for x in figures["not_counted"]}
    assert ("T3", "lucky7") not in left and {t for t, _ in left} == {"T9"}
    assert left[("T9", "main")]["why"] == "no authorization of the game at this table"
    t9 = by_place[("T9", "main")].hold
    assert Decimal(left[("T9", "main")]["wagered"]) == t9.wagered
    main = held[("toss-one-21", "main")]
    assert main["wagers"] == whole.hold.wagers  # the report's hold: the counted tables'
