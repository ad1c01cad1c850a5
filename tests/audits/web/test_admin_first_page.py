"""The administrator's first page leads to what only the administrator does (people,
memberships, scheduled jobs, in the administration site); /schedules/ tells the administrator
whose they are and where to see them, instead of a bare refusal."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db


def _page(user, path: str):
    client = Client()
    client.force_login(user)
    return client.get(path)


def test_the_admins_first_page_leads_to_the_administration_site(people):  # noqa: F811
    page = _page(people.admin, "/").content.decode()
    assert "What only the administrator does" in page
    for link in ('href="/admin/auth/user/"', 'href="/admin/games/membership/"',
                 'href="/admin/django_celery_beat/periodictask/"', 'href="/admin/"'):  # fmt: skip
        assert link in page, link
    assert page.index("What only the administrator does") < page.index("Corrections")
    assert "What only the administrator does" not in _page(people.reviewer, "/").content.decode()


def test_schedules_tell_the_admin_whose_they_are_and_refuse_others(people):  # noqa: F811
    answer = _page(people.admin, "/schedules/")
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "its reviewers create, pause and resume them" in text
    main = text.split('<main id="main">')[1].split("</main>")[0]
    assert 'href="/admin/django_celery_beat/periodictask/"' in main
    assert "<form" not in main  # nothing to ask for: the admin holds no reviewer's membership
    assert _page(people.staff, "/schedules/").status_code == 403
    assert _page(people.reviewer, "/schedules/").status_code == 200


def test_every_page_names_its_icon_and_the_browsers_guess_finds_it(client):  # noqa: F811
    page = client.get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in page
    answer = client.get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"] == "/static/img/favicon.svg"
