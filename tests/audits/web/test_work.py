"""Each role's first page is its work: what awaits the user, most pressing first, linked to
where it is acted on; another licensee's work never shows."""

from __future__ import annotations

import pytest
from django.test import Client

from audits.investigations.cases import case_answer, case_open
from audits.submissions.withdrawal import submission_withdraw
from audits.web.work import work_of
from tests.audits.report_support import validated  # noqa: F401  (fixture)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def first_page(user) -> str:
    client = Client()
    client.force_login(user)
    return client.get("/").content.decode()


def test_staff_see_the_case_awaiting_their_answer_first(validated, people):  # noqa: F811
    finding = validated.findings.filter(code="overpaid").first()
    case = case_open(people.reviewer, title="Lucky 3 overpaid on T2", text="Explain.",
                     finding_ids=[finding.pk])  # fmt: skip
    page = first_page(people.staff)
    assert page.index("Cases awaiting your answer") < page.index("Your latest submissions")
    assert f'href="/cases/{case.pk}/"' in page and "Lucky 3 overpaid on T2" in page
    assert "Lucky 3 overpaid on T2" not in first_page(people.other_staff)
    assert [c.pk for c in work_of(people.staff).cases_awaiting] == [case.pk]
    assert work_of(people.reviewer).cases_awaiting == []  # it awaits the licensee

    case_answer(people.staff, case, text="The dealer misread the paytable.", cause="dealer_error")
    assert [c.pk for c in work_of(people.reviewer).cases_awaiting] == [case.pk]
    page = first_page(people.reviewer)
    assert page.index("Cases awaiting your decision") < page.index("Latest submissions")
    assert f'href="/cases/{case.pk}/"' in page


def test_reviewers_see_the_money_paid_wrong_and_not_a_withdrawn_file(validated, people):  # noqa: F811
    work = work_of(people.reviewer)
    (listed,) = work.money_wrong
    assert listed.pk == validated.pk and listed.over + listed.under > 0
    page = first_page(people.reviewer)
    assert f'href="/submissions/{validated.uuid}/?group=payout#findings"' in page
    assert "Submissions with the most money paid wrong" not in first_page(people.staff)
    assert work_of(people.or_reviewer).money_wrong == []
    submission_withdraw(validated, user=people.staff, reason="the wrong file")
    assert work_of(people.reviewer).money_wrong == []


def test_reviewers_see_deviations_no_case_takes_up(validated, people):  # noqa: F811
    from datetime import timedelta
    from decimal import Decimal

    from django.utils import timezone

    from audits.monitoring.models import Deviation

    day = timezone.localdate() - timedelta(days=3)
    recent = Deviation.objects.create(
        licensee=people.licensee, venue="WA-CR-0042", table="T2", game="toss-one-21",
        wager_key="lucky3", period="day", first_day=day, last_day=day, wagers=900,
        wagered=Decimal("4500"), house_won=Decimal("900"), observed_hold=0.2,
        theoretical_hold=0.06, interval_low=0.0, interval_high=0.12, p_value=0.0001,
        confidence=Decimal("0.95"), method="normal", basis=[], submission=validated,
    )  # fmt: skip
    assert recent.pk in {d.pk for d in work_of(people.reviewer).deviations}
    page = first_page(people.reviewer)
    assert f'href="/monitoring/venues/WA-CR-0042/?day={day:%Y-%m-%d}#deviations"' in page
    assert work_of(people.or_reviewer).deviations == []
    case_open(people.reviewer, title="Hold", text="Look.", deviation_ids=[recent.pk])
    assert recent.pk not in {d.pk for d in work_of(people.reviewer).deviations}
