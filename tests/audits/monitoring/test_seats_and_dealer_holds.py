"""Where players sat and what each dealer held: rounds per seat and each dealer's wagers as
the log has them, counted once however often submitted; a seat over-paid 1 round in 200 is
flagged and a fair month flags none; a dealer who over-pays often enough to move his hold is
outside his interval while the others are inside, and the dealers' sums add up to the
venue's ledger."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date, datetime
from decimal import Decimal

import pytest

from audits.monitoring.dealers import dealer_checks, seat_checks
from audits.monitoring.ledger import ledger_lines
from audits.monitoring.models import DealerDay, SeatDay
from audits.samples import generate_toss_one
from games.gaming_day import gaming_day_of
from games.models import Venue
from tests.audits.monitoring.test_dealers import _DEALERS, _dealer_of, staff_of
from tests.audits.submissions.test_pipeline import submit

PLANTED_SEAT = ("T3", 2)
SKIMMER = "Dana-T1-day"
MONTH = (date(2026, 10, 1), date(2026, 10, 31))


def _log(tmp_path, *, seed=41, start="2026-10-01", days=31, faults=0.01, seat_every=0,
         skim_every=0) -> bytes:  # fmt: skip
    """A month naming each round's dealer; with ``seat_every``, the player at the planted
    seat is over-paid by his main stake one round in that many; with ``skim_every``, the
    skimmer over-pays the first seat of one round in that many."""
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, start=start, days=days, fault_rate=faults, seed=seed)
    lines, at_seat, dealt = [], 0, 0
    for line in path.read_bytes().splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            lines.append(line)
            continue
        r["dealer"]["id"] = _dealer_of(r)
        for seat in r["seats"]:
            if seat_every and (r["table"], seat["seat"]) == PLANTED_SEAT:
                at_seat += 1
                if at_seat % seat_every == 0:
                    _overpay(seat)
        if skim_every and r["dealer"]["id"] == SKIMMER:
            dealt += 1
            if dealt % skim_every == 0:
                _overpay(r["seats"][0])
        lines.append(json.dumps(r).encode())
    return b"\n".join(lines) + b"\n"


def _overpay(seat: dict) -> None:
    seat["results"]["main"] = str(Decimal(seat["results"]["main"]) +
                                  Decimal(seat["wagers"]["main"]))  # fmt: skip


@pytest.fixture
def venue(wa):
    return Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")


def test_rounds_per_seat_are_the_logs_and_counted_once(wa, venue, tmp_path):
    content = _log(tmp_path, days=3, faults=0)
    expected = Counter()
    for line in content.splitlines():
        r = json.loads(line)
        day = gaming_day_of(datetime.fromisoformat(r["played_at"]), "America/Los_Angeles",
                            wa.jurisdiction.gaming_day_start)  # fmt: skip
        for seat in r["seats"]:
            expected[(r["table"], day, seat["seat"])] += 1
    first = submit(wa, content, chunk_lines=1500)  # three chunks
    got = Counter()
    for row in SeatDay.objects.filter(submission=first):
        for seat, played in row.played().items():
            got[(row.table, row.gaming_day, seat)] += played
    assert got == expected and sum(got.values()) == 3 * 3600
    again = submit(wa, content.replace(b'"v": 1', b'"v":1'), name="again.jsonl")
    assert again.findings.filter(code="duplicate_round_submitted").count() == 3600
    assert not SeatDay.objects.filter(submission=again).exists()
    assert not DealerDay.objects.filter(submission=again).exists()


def test_a_seat_over_paid_one_round_in_200_is_flagged(wa, venue, tmp_path):
    submit(wa, _log(tmp_path, seat_every=200))
    checks = seat_checks(venue, *MONTH)
    assert len([c for c in checks if c.rounds > 1000]) == 28  # four tables, seven seats
    assert [(c.table, c.seat) for c in checks if c.flagged] == [PLANTED_SEAT]
    planted = checks[0]
    assert planted.adjusted < 0.05 and planted.rate > 3 * planted.others_rate
    assert planted.overpaid_rounds >= 3900 // 200 and planted.overpaid > 0


def test_a_fair_month_flags_no_seat(wa, venue, tmp_path):
    submit(wa, _log(tmp_path))
    checks = seat_checks(venue, *MONTH)
    assert sum(c.overpaid_rounds for c in checks) > 30
    assert not any(c.flagged for c in checks)


def test_each_dealers_sums_add_up_to_the_venues_ledger(wa, venue, tmp_path):
    submit(wa, _log(tmp_path, days=5))
    checks = dealer_checks(venue, date(2026, 10, 1), date(2026, 10, 5))
    per_wager = Counter()
    for check in checks:
        for h in check.holds:
            per_wager[(h.wager_key, "wagers")] += h.hold.wagers
            per_wager[(h.wager_key, "house won")] += h.hold.house_won
            assert h.tested == ("T9" not in check.dealer)  # T9: no par sheet
    ledger = Counter()
    for line in ledger_lines(venue, date(2026, 10, 1), date(2026, 10, 5)):
        if line.wager_key:
            ledger[(line.wager_key, "wagers")] += line.wagers
            ledger[(line.wager_key, "house won")] += line.house_win
    assert per_wager == ledger and ledger[("main", "wagers")] > 15000
    assert {(c.dealer, h.wager_key) for c in checks for h in c.holds if h.tested} == {
        (d, key) for d in _DEALERS for key in ("main", "lucky3", "bonus4")
    }


def test_a_dealer_whose_over_payments_move_his_hold_is_outside_his_interval(wa, venue,
                                                                             tmp_path):  # fmt: skip
    submit(wa, _log(tmp_path, skim_every=5))
    checks = {c.dealer: c for c in dealer_checks(venue, *MONTH)}
    main = {d: next(h for h in c.holds if h.wager_key == "main") for d, c in checks.items()}
    skimmed = main.pop(SKIMMER)
    assert skimmed.tested and skimmed.deviation and skimmed.hold.p_value < 1e-4
    assert skimmed.hold.observed < skimmed.hold.low  # the house kept less than its band
    others = [h for d, h in main.items() if d in _DEALERS]
    # at 95%, one of seven fair dealers is outside his interval about a third of the time:
    # the others are each tested, none is anywhere near as far off
    assert len(others) == 7 and all(h.tested and h.hold.p_value > 1e-3 for h in others)
    assert checks[SKIMMER].flagged  # and his over-paid rounds stand out too


def test_seats_and_dealer_holds_on_the_page_over_the_api_and_in_the_report(wa, venue,
                                                                         tmp_path):  # fmt: skip
    import shutil
    import subprocess

    from django.test import Client
    from rest_framework.test import APIClient

    from audits.reports.figures import report_figures
    from audits.reports.lifecycle import report_request
    from audits.reports.models import ReportKind
    from audits.reports.render import report_pdf

    submit(wa, _log(tmp_path, seat_every=200))  # October: a seat over-paid
    submit(wa, _log(tmp_path, start="2026-11-01", days=30, skim_every=5), name="nov.jsonl")
    staff, other = staff_of(wa)
    api = APIClient()
    api.force_authenticate(staff)
    month = {"from": "2026-10-01", "to": "2026-10-31"}
    seats = api.get("/api/audits/venues/WA-CR-0042/seats/", month).json()
    assert [(s["table"], s["seat"]) for s in seats if s["flagged"]] == [PLANTED_SEAT]
    assert len(seats) >= 28 and all(s["rounds"] > 0 for s in seats)
    november = {"from": "2026-11-01", "to": "2026-11-30"}
    dealers = api.get("/api/audits/venues/WA-CR-0042/dealers/", november).json()
    skimmer = next(d for d in dealers if d["dealer"] == SKIMMER)
    main = next(h for h in skimmer["holds"] if h["wager_key"] == "main")
    assert main["deviation"] and main["observed_hold"] < main["interval_low"]
    api.force_authenticate(other)
    assert api.get("/api/audits/venues/WA-CR-0042/seats/", month).status_code == 404

    page = Client()
    page.force_login(staff)
    shown = page.get("/monitoring/venues/WA-CR-0042/", {"day": "2026-10-31"}).content.decode()
    assert '<td>2 <strong class="flag">flagged</strong></td>' in shown  # seat 2 (at T3)
    assert "Hold per dealer" in shown and "outside</strong>" not in shown.split("Seats")[-1]
    shown = page.get("/monitoring/venues/WA-CR-0042/", {"day": "2026-11-30"}).content.decode()
    assert f'{SKIMMER} <strong class="flag">outside</strong>' in shown

    report = report_request(kind=ReportKind.VENUE, venue=venue, period="2026-10")
    figures = report_figures(report)
    m = figures["monitoring"]
    assert [(s["table"], s["seat"]) for s in m["seats"][0]["seats"] if s["flagged"]] == [
        PLANTED_SEAT
    ]
    assert len(m["dealers"][0]["dealers"][0]["holds"]) == 3  # main, lucky3, bonus4
    later = report_figures(report_request(kind=ReportKind.VENUE, venue=venue, period="2026-11"))
    held = {d["dealer"]: d["holds"] for d in later["monitoring"]["dealers"][0]["dealers"]}
    assert "main" in [h["wager_key"] for h in held[SKIMMER] if h["deviation"]]
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed (apt-get install poppler-utils)")
    path = tmp_path / "report.pdf"
    path.write_bytes(report_pdf(figures))
    text = subprocess.run(["pdftotext", str(path), "-"], check=True,
                          capture_output=True).stdout.decode()  # fmt: skip
    for words in ("Hold per dealer", "Seats", "seats played, each tested", "FLAGGED"):
        assert words in text, words
