"""The registry pages: what each role reads, and the reviewers' actions through them."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.models import (
    Approval,
    ApprovalStatus,
    Jurisdiction,
    Membership,
    Paytable,
    Role,
    WagerLimit,
)
from games.services.rules import rule_version_create

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def oregon_reviewer(registry):
    oregon = Jurisdiction.objects.create(code="or-lottery", name="Oregon Lottery")
    user = get_user_model().objects.create_user("or-reviewer")
    Membership.objects.create(user=user, role=Role.REVIEWER, jurisdiction=oregon)
    return user


def pages(r) -> list[str]:
    return [
        "/registry/jurisdictions/wa-wsgc/",
        "/registry/games/",
        f"/registry/rule-versions/{r.rules.pk}/",
        f"/registry/paytables/{r.lucky3.pk}/",
        "/registry/approvals/",
        f"/registry/approvals/{r.approval.pk}/",
        "/registry/venues/",
        "/registry/documents/",
        "/registry/documents/002_c2cb5e416e61c85b.txt/",
    ]


def test_every_registry_page_reads_for_reviewers_and_staff(registry):
    for user in (registry.reviewer, registry.staff):
        for url in pages(registry):
            assert signed_in(user).get(url).status_code == 200, (user, url)
    home = signed_in(registry.staff).get("/registry/")
    assert home.status_code == 302 and home["Location"].endswith("/registry/jurisdictions/wa-wsgc/")


def test_the_limit_timeline_shows_each_value_with_its_filing(registry):
    page = signed_in(registry.staff).get("/registry/jurisdictions/wa-wsgc/").content.decode()
    assert "300.00" in page and "400.00" in page
    assert "WSR 09-09-056" in page and "WSR 23-09-065" in page
    assert page.index("2009-07-01") < page.index("2023-08-20")
    assert page.count("<strong>in force</strong>") == 1  # the $400 value, open since 2023
    assert "Add a limit value" not in page


def test_a_rule_version_shows_its_text_hash_parameters_and_diff(registry):
    second = rule_version_create(
        game=registry.toss, title="Toss One 21 - Rules of Play (revised)",
        rules=[*registry.rules.rules[:-1], {"number": "99", "text": "A new closing rule."}],
        parameters={}, options=registry.rules.options, decks_allowed=[6],
        source_document="revised.txt",
    )  # fmt: skip
    page = signed_in(registry.reviewer).get(f"/registry/rule-versions/{second.pk}/")
    html = page.content.decode()
    assert second.content_hash in html
    assert '<ins><span class="visually-hidden">added: </span>99. A new closing rule.</ins>' in html
    assert "<del>" in html and "decks allowed" in html
    first = signed_in(registry.reviewer).get(f"/registry/rule-versions/{registry.rules.pk}/")
    assert b"This is the first version." in first.content


def test_a_paytable_shows_its_pays_and_par_sheet(registry):
    page = signed_in(registry.staff).get(f"/registry/paytables/{registry.lucky3.pk}/")
    html = page.content.decode()
    assert registry.lucky3.content_hash in html and "house edge" in html
    for outcome, odds in registry.lucky3.entries.items():
        assert outcome in html and odds in html
    assert "New version of this paytable" not in html and "Submit for approval" not in html


def test_staff_do_not_see_other_licensees_venues_nor_use_reviewer_actions(registry):
    venues = signed_in(registry.staff).get("/registry/venues/").content.decode()
    assert "WA-CR-0042" in venues and "WA-CR-0099" not in venues
    staff = signed_in(registry.staff)
    new_version = f"/registry/paytables/{registry.lucky3.pk}/versions/"
    assert staff.post(new_version, {"source": "x"}).status_code == 403
    assert staff.post(f"/registry/approvals/{registry.approval.pk}/move/", {}).status_code == 403
    assert staff.get("/registry/jurisdictions/wa-wsgc/limits/new/").status_code == 403
    assert Paytable.objects.count() == 2


def test_a_reviewer_of_another_jurisdiction_sees_none_of_it(registry, oregon_reviewer):
    client = signed_in(oregon_reviewer)
    for url in ("/registry/jurisdictions/wa-wsgc/", f"/registry/approvals/{registry.approval.pk}/"):
        assert client.get(url).status_code == 404
    move = f"/registry/approvals/{registry.approval.pk}/move/"
    assert client.post(move, {"to_status": "revoked", "reason": "x"}).status_code == 404
    assert registry.approval.__class__.objects.get(pk=registry.approval.pk).status == "approved"
    assert b"WA-CR-0042" not in client.get("/registry/venues/").content


def test_signed_out_and_roleless_users_are_kept_out(registry):
    nobody = get_user_model().objects.create_user("nobody")
    for url in pages(registry):
        assert Client().get(url).status_code == 302
        assert signed_in(nobody).get(url).status_code == 403


def test_a_reviewer_approves_a_new_paytable_version_through_the_pages(registry):
    client = signed_in(registry.reviewer)
    entries = {f"odds_{k}": v for k, v in registry.lucky3.entries.items()}
    first_outcome = next(iter(registry.lucky3.entries))
    entries[f"odds_{first_outcome}"] = "30 to 1"
    made = client.post(
        f"/registry/paytables/{registry.lucky3.pk}/versions/", {**entries, "source": "letter 2026"}
    )
    new = Paytable.objects.get(wager_key="lucky3", version=2)
    assert made.status_code == 302 and made["Location"] == f"/registry/paytables/{new.pk}/"
    assert new.entries[first_outcome] == "30 to 1" and new.par_sheets.exists()
    submitted = client.post(
        f"/registry/paytables/{new.pk}/submit/",
        {"base": registry.approval.pk, "reference": "WSGC letter 2026-11", "reason": "new pays"},
    )
    amendment = Approval.objects.get(reference="WSGC letter 2026-11")
    assert submitted["Location"] == f"/registry/approvals/{amendment.pk}/"
    covered = set(amendment.paytable_links.values_list("paytable", flat=True))
    assert covered == {new.pk, registry.bonus4.pk}
    assert amendment.conditions.count() == registry.approval.conditions.count()
    move = f"/registry/approvals/{amendment.pk}/move/"
    client.post(move, {"to_status": "under_review", "reason": "reading the letter"})
    client.post(
        move, {"to_status": "approved", "reason": "letter signed", "decision_date": "2026-11-20"}
    )
    amendment.refresh_from_db()
    assert amendment.status == ApprovalStatus.APPROVED and amendment.content_hash
    assert amendment.decision_date == date(2026, 11, 20)
    page = client.get(f"/registry/approvals/{amendment.pk}/").content.decode()
    assert "reading the letter" in page and "letter signed" in page


def test_a_step_the_pipeline_forbids_is_refused_with_a_message(registry):
    client = signed_in(registry.reviewer)
    move = f"/registry/approvals/{registry.approval.pk}/move/"
    refused = client.post(move, {"to_status": "under_review", "reason": "again"}, follow=True)
    assert b"Choose a step allowed from here" in refused.content
    assert Approval.objects.get(pk=registry.approval.pk).status == ApprovalStatus.APPROVED


def test_a_reviewer_adds_a_limit_value_and_an_overlap_is_refused(registry):
    client = signed_in(registry.reviewer)
    url = "/registry/jurisdictions/wa-wsgc/limits/new/"
    form = {
        "regulation": registry.wac140.pk, "kind": "max_single_wager", "amount": "25.00",
        "effective_from": "2024-01-01", "wager_key": "lucky3", "source": "WAC 230-15-140",
        "game": registry.toss.pk,
    }  # fmt: skip
    assert client.post(url, form).status_code == 302
    assert WagerLimit.objects.filter(wager_key="lucky3", amount="25.00").count() == 1
    again = client.post(url, form)
    assert again.status_code == 400 and WagerLimit.objects.filter(wager_key="lucky3").count() == 1
