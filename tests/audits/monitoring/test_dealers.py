"""Who dealt: the optional dealer id and shift read (or the line rejected, naming the field),
rounds counted per dealer by both paths and once however often submitted, findings filed
under their dealer, and the concentration test: a planted dealer who over-pays 1 round in
200 is flagged, a fair month is not, and over many seeded months false alarms stay within
the confidence level."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from audits.monitoring.dealers import dealer_checks, over_paid_tail
from audits.monitoring.models import DealerDay
from audits.samples import generate_toss_one
from games.gaming_day import gaming_day_of
from games.models import Venue
from tests.audits.conftest import round_line
from tests.audits.submissions.test_pipeline import codes, submit

PLANTED = "Dana-T2-evening"
_DEALERS = {f"Dana-T{t}-{s}" for t in range(1, 5) for s in ("day", "evening")}


def _dealer_of(record: dict) -> str:
    """Two shifts a day at each table, each its own dealer."""
    evening = datetime.fromisoformat(record["played_at"]).hour >= 17
    return f"Dana-{record['table']}-{'evening' if evening else 'day'}"


def _month(tmp_path, *, plant: bool, seed: int = 41, days: int = 10, faults=0.01) -> bytes:
    """A log with each round's dealer and shift; with ``plant``, one dealer over-pays one
    round in 200 by the main wager's stake (the log records what was paid)."""
    path = tmp_path / "log.jsonl"
    generate_toss_one(path, days=days, fault_rate=faults, seed=seed)
    lines, theirs = [], 0
    for line in path.read_bytes().splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            lines.append(line)  # a planted unreadable line stays as it is
            continue
        dealer = _dealer_of(r)
        r["dealer"]["id"] = dealer
        r["shift"] = dealer.rsplit("-", 1)[1]
        if plant and dealer == PLANTED:
            theirs += 1
            if theirs % 200 == 0:
                seat = r["seats"][0]
                seat["results"]["main"] = str(Decimal(seat["results"]["main"]) +
                                              Decimal(seat["wagers"]["main"]))  # fmt: skip
        lines.append(json.dumps(r).encode())
    return b"\n".join(lines) + b"\n"


# -- the tail (against exact fractions) -----------------------------------------------------


@pytest.mark.parametrize("n, total_k, total_n", [(30, 7, 200), (400, 12, 3000), (5, 5, 9)])
def test_the_tail_matches_exact_counting(n, total_k, total_n):
    from math import comb

    for k in range(0, min(n, total_k) + 2):
        ways = sum(comb(n, x) * comb(total_n - n, total_k - x)
                   for x in range(k, min(n, total_k) + 1))  # fmt: skip
        exact = Fraction(ways, comb(total_n, total_k))
        assert over_paid_tail(k, n, total_k, total_n) == pytest.approx(float(exact), rel=1e-9,
                                                                        abs=1e-300)  # fmt: skip


def test_the_tail_at_the_edges():
    assert over_paid_tail(0, 10, 3, 100) == 1.0 and over_paid_tail(4, 10, 3, 100) == 0.0
    assert over_paid_tail(3, 100, 3, 100) == 1.0  # every round is the dealer's
    far = over_paid_tail(40, 3000, 50, 24000)  # 40 of 50 where 6 are expected
    assert 0 < far < 1e-20


# -- the format -------------------------------------------------------------------------------


def test_a_dealer_and_shift_are_read_and_filed_with_the_findings(wa):
    over = round_line(round="T2-x", **{"dealer__id": "D-17", "shift": "night",
                                       "seats__0__results__main": "50"})  # fmt: skip
    submission = submit(wa, over + b"\n")
    finding = submission.findings.get(code="overpaid")
    assert (finding.dealer, finding.shift) == ("D-17", "night")
    assert DealerDay.objects.get(wager_key="").dealer == "D-17"


@pytest.mark.parametrize("fields, path", [
    ({"dealer__id": 17}, "$.dealer.id"),
    ({"dealer__id": ""}, "$.dealer.id"),
    ({"dealer__id": "x" * 65}, "$.dealer.id"),
    ({"dealer__id": "tab\there"}, "$.dealer.id"),
    ({"shift": ["night"]}, "$.shift"),
])  # fmt: skip
def test_a_malformed_dealer_or_shift_rejects_the_line_naming_the_field(wa, fields, path):
    good = [round_line(round=f"T2-{i}", **{"dealer__id": "D-1"}) for i in range(40)]
    bad = round_line(round="T2-bad", **fields)
    submission = submit(wa, b"\n".join([*good, bad]) + b"\n")  # the screen reads the batch
    assert codes(submission) == [(41, "field_invalid")]
    assert path in submission.findings.get().message
    assert DealerDay.objects.get(wager_key="").rounds == 40  # the rejected line is nobody's round


def test_rounds_per_dealer_are_the_logs_and_counted_once(wa, tmp_path):
    content = _month(tmp_path, plant=False, days=3, faults=0)
    expected = Counter()
    for line in content.splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue
        day = gaming_day_of(datetime.fromisoformat(r["played_at"]), "America/Los_Angeles",
                            wa.jurisdiction.gaming_day_start)  # fmt: skip
        expected[(r["table"], day, r["dealer"]["id"])] += 1
    first = submit(wa, content, chunk_lines=1500)  # three chunks
    got = Counter()
    for row in DealerDay.objects.filter(submission=first, wager_key=""):
        got[(row.table, row.gaming_day, row.dealer)] += row.rounds
    assert got == expected and sum(got.values()) == 3600
    again = submit(wa, content.replace(b'"v": 1', b'"v":1'), name="again.jsonl")
    assert again.findings.filter(code="duplicate_round_submitted").exists()
    assert not DealerDay.objects.filter(submission=again).exists()  # every round read before


# -- the concentration test -------------------------------------------------------------------


def test_a_dealer_who_overpays_one_round_in_200_is_flagged(wa, tmp_path):
    submit(wa, _month(tmp_path, plant=True, days=31))  # a month: about 23 planted
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    checks = dealer_checks(venue, date(2026, 10, 1), date(2026, 10, 31))
    assert {c.dealer for c in checks if c.rounds > 100} == _DEALERS  # four tables, two shifts
    flagged = [c.dealer for c in checks if c.flagged]
    assert flagged == [PLANTED]
    planted = checks[0]
    assert planted.dealer == PLANTED and planted.adjusted < 0.05
    assert planted.rate > 2 * planted.others_rate and planted.overpaid > 0


def test_the_flag_on_the_page_over_the_api_and_in_the_report(wa, tmp_path):
    from django.test import Client
    from rest_framework.test import APIClient

    from audits.reports.figures import report_figures
    from audits.reports.lifecycle import report_request
    from audits.reports.models import ReportKind

    submit(wa, _month(tmp_path, plant=True, days=31))
    staff, other = staff_of(wa)
    api = APIClient()
    api.force_authenticate(staff)
    url = "/api/audits/venues/WA-CR-0042/dealers/"
    rows = api.get(url, {"from": "2026-10-01", "to": "2026-10-31"}).json()
    assert [r["dealer"] for r in rows if r["flagged"]] == [PLANTED]
    api.force_authenticate(other)
    assert api.get(url).status_code == 404
    page = Client()
    page.force_login(staff)
    shown = page.get("/monitoring/venues/WA-CR-0042/", {"day": "2026-10-31"}).content.decode()
    assert f'{PLANTED} <strong class="flag">flagged</strong>' in shown
    venue = Venue.objects.get(code="WA-CR-0042")
    figures = report_figures(report_request(kind=ReportKind.VENUE, venue=venue, period="2026-10"))
    dealers = figures["monitoring"]["dealers"][0]["dealers"]
    assert [d["dealer"] for d in dealers if d["flagged"]] == [PLANTED]


def staff_of(licensee):
    """A staff member of the licensee, and one of another licensee."""
    from django.contrib.auth import get_user_model

    from games.models import Licensee, Membership, Role

    staff = get_user_model().objects.create_user("staff")
    Membership.objects.create(user=staff, role=Role.STAFF, licensee=licensee)
    other = get_user_model().objects.create_user("other")
    another = Licensee.objects.exclude(pk=licensee.pk).first()
    Membership.objects.create(user=other, role=Role.STAFF, licensee=another)
    return staff, other


def test_a_fair_month_flags_no_dealer(wa, tmp_path):
    submit(wa, _month(tmp_path, plant=False, days=31))
    venue = Venue.objects.select_related("licensee__jurisdiction").get(code="WA-CR-0042")
    checks = dealer_checks(venue, date(2026, 10, 1), date(2026, 10, 31))
    assert {c.dealer for c in checks if c.rounds > 100} == _DEALERS
    assert sum(c.overpaid_rounds for c in checks) > 30
    assert not any(c.flagged for c in checks)


def test_false_alarms_over_many_seeded_months_stay_within_the_confidence_level():
    """2,000 months of eight dealers alike (seed fixed): the share of months flagging any
    dealer at 95% is at most 5% (Bonferroni and an exact conditional test keep it below)."""
    rng = np.random.default_rng(20261124)
    rounds = rng.integers(1500, 3500, size=(2000, 8))
    overpaid = rng.binomial(rounds, 0.003)
    months_flagged = 0
    for n, k in zip(rounds, overpaid, strict=True):
        total_n, total_k = n.sum(), k.sum()
        p = [over_paid_tail(int(k[d]), int(n[d]), int(total_k), int(total_n)) for d in range(8)]
        months_flagged += min(1.0, min(p) * 8) <= 0.05
    assert 0.01 <= months_flagged / 2000 <= 0.05
