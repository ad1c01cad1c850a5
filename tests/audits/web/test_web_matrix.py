"""Every page and API endpoint × every role × own and other records: the status each gets.

Roles: ``anon`` (signed out), ``nobody`` (signed in, no role), ``staff`` (DEMO-0001,
whose submission and report these are), ``other_staff`` (DEMO-0002, same
jurisdiction), ``reviewer`` (Washington), ``or_reviewer`` (Oregon), ``admin``.
302 for ``anon`` is the redirect to sign in; a record out of scope is a 404 (its
existence is not confirmed); a page a role may never use is a 403.  Administrators
read everything but neither submit logs, ask for reports nor change the registry
through the pages: they manage users and roles in the Django admin.
"""

from __future__ import annotations

import pytest
from django.test import Client

from audits.reports.models import Report
from games.models import Approval, Paytable
from tests.audits.report_support import dev_identity_dir, signing, validated  # noqa: F401  (fixtures)
from tests.audits.submissions_support import people  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db

ROLES = ("anon", "nobody", "staff", "other_staff", "reviewer", "or_reviewer", "admin")

#: path template -> expected status per role, in ROLES order
MATRIX: dict[str, tuple[int, ...]] = {
    "/": (200, 200, 200, 200, 200, 200, 200),
    "/submissions/": (302, 200, 200, 200, 200, 200, 200),
    "/submissions/new/": (302, 403, 200, 200, 200, 200, 403),
    "/submissions/{sub}/": (302, 404, 200, 404, 200, 404, 200),
    "/submissions/{sub}/progress/": (302, 404, 200, 404, 200, 404, 200),
    "/submissions/{sub}/lines/1/": (302, 404, 200, 404, 200, 404, 200),
    "/reports/": (302, 200, 200, 200, 200, 200, 200),
    "/reports/verify/": (200, 200, 200, 200, 200, 200, 200),
    "/monitoring/": (302, 403, 200, 200, 200, 200, 200),
    "/monitoring/venues/WA-CR-0042/": (302, 403, 200, 404, 200, 404, 200),
    "/monitoring/venues/NO-SUCH-VENUE/": (302, 403, 404, 404, 404, 404, 404),
    "/api/audits/reports/{report}/pdf/": (401, 403, 200, 404, 200, 404, 200),
    "/schedules/": (302, 403, 403, 403, 200, 200, 200),  # the admin: whose they are, no form
    "/cases/": (302, 403, 200, 200, 200, 200, 200),
    "/cases/{case}/": (302, 403, 200, 404, 200, 404, 200),
    "/cases/{case}/evidence/{evidence}/": (302, 403, 200, 404, 200, 404, 200),
    "/cases/{case}/evidence/999999/": (302, 403, 404, 404, 404, 404, 404),
    "/registry/": (302, 403, 302, 302, 302, 302, 200),
    "/registry/jurisdictions/wa-wsgc/": (302, 403, 200, 200, 200, 404, 200),
    "/registry/jurisdictions/wa-wsgc/limits/new/": (302, 404, 403, 403, 200, 404, 403),
    "/registry/games/": (302, 403, 200, 200, 200, 200, 200),
    "/registry/rule-versions/{rule_version}/": (302, 403, 200, 200, 200, 404, 200),
    "/registry/paytables/{paytable}/": (302, 403, 200, 200, 200, 404, 200),
    "/registry/approvals/": (302, 403, 200, 200, 200, 200, 200),
    "/registry/approvals/{approval}/": (302, 403, 200, 200, 200, 404, 200),
    "/registry/venues/": (302, 403, 200, 200, 200, 200, 200),
}

#: the API, the same roles and records (anonymous callers get 401: send credentials)
API_MATRIX: dict[str, tuple[int, ...]] = {
    "/api/audits/submissions/": (401, 403, 200, 200, 200, 200, 200),
    "/api/audits/submissions/{sub}/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/submissions/{sub}/findings/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/submissions/{sub}/raw/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/reports/": (401, 403, 200, 200, 200, 200, 200),
    "/api/audits/reports/{report}/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/reports/{report}/figures/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/schedules/": (401, 403, 403, 403, 200, 200, 403),
    "/api/audits/venues/WA-CR-0042/ledger/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/venues/WA-CR-0042/deviations/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/venues/WA-CR-0042/dealers/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/venues/WA-CR-0042/seats/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/cases/": (401, 403, 200, 200, 200, 200, 200),
    "/api/audits/cases/{case}/": (401, 403, 200, 404, 200, 404, 200),
    "/api/audits/cases/{case}/evidence/{evidence}/": (401, 403, 200, 404, 200, 404, 200),
    "/api/registry/jurisdictions/{jurisdiction}/": (401, 403, 200, 200, 200, 404, 200),
    "/api/registry/approvals/{approval}/": (401, 403, 200, 200, 200, 404, 200),
    "/api/registry/paytables/{paytable}/": (401, 403, 200, 200, 200, 404, 200),
    "/api/registry/venues/": (401, 403, 200, 200, 200, 200, 200),
}

#: POSTs that change something: who may (302 back to a page) and who may not
POSTS: dict[str, tuple[int, ...]] = {
    "/submissions/{sub}/report/": (302, 404, 302, 404, 302, 404, 403),
    "/registry/approvals/{approval}/move/": (302, 404, 403, 403, 302, 404, 403),
    "/registry/paytables/{paytable}/versions/": (302, 403, 403, 403, 400, 404, 403),
    "/cases/new/": (302, 403, 302, 302, 302, 302, 302),
    "/cases/{case}/answer/": (302, 403, 302, 404, 302, 404, 302),
    "/cases/{case}/decide/": (302, 403, 302, 404, 302, 404, 302),
}

#: the API's POSTs, an empty body each: who may act gets 400 (the body is missing), who may
#: never act 403 before the body is read, who may not see the case 404, anonymous callers 401
API_POSTS: dict[str, tuple[int, ...]] = {
    "/api/audits/cases/": (401, 403, 400, 400, 400, 400, 403),
    "/api/audits/cases/{case}/answer/": (401, 403, 400, 404, 403, 404, 403),
    "/api/audits/cases/{case}/decide/": (401, 403, 403, 404, 400, 404, 403),
}


def _case_with_evidence(validated, people):  # noqa: F811
    """A case on one of the submission's findings, answered by its staff with a file."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from audits.investigations.cases import case_answer, case_open

    finding = validated.findings.exclude(group="format").first()
    case = case_open(people.reviewer, title="t", text="explain", finding_ids=[finding.pk])
    step = case_answer(people.staff, case, text="why", cause="dealer_error",
                       files=[SimpleUploadedFile("a.txt", b"evidence")])  # fmt: skip
    return case, step.evidence.get()


def client_for(role: str, people) -> Client:  # noqa: F811
    client = Client()
    if role != "anon":
        client.force_login(getattr(people, role))
    return client


def test_every_page_answers_each_role_as_the_matrix_says(
    validated,
    people,
    signing,
    django_capture_on_commit_callbacks,  # noqa: F811
):
    from audits.reports.requests import report_request_by

    with django_capture_on_commit_callbacks(execute=True):
        report = report_request_by(people.staff, {"submission": str(validated.uuid)})
    assert Report.objects.get(pk=report.pk).status == "done"
    approval = Approval.objects.get(status="approved", rule_version__game__code="toss-one-21")
    ids = {
        "sub": validated.uuid, "report": report.uuid, "approval": approval.pk,
        "paytable": approval.paytable_links.first().paytable_id,
        "rule_version": approval.rule_version_id, "jurisdiction": approval.jurisdiction_id,
    }  # fmt: skip
    case, evidence = _case_with_evidence(validated, people)
    ids.update(case=case.pk, evidence=evidence.pk)
    wrong = []
    for template, expected in {**MATRIX, **API_MATRIX}.items():
        url = template.format(**ids)
        for role, status in zip(ROLES, expected, strict=True):
            got = client_for(role, people).get(url).status_code
            if got != status:
                wrong.append(f"GET {url} as {role}: {got}, expected {status}")
    assert not wrong, "\n".join(wrong)


def test_every_action_answers_each_role_as_the_matrix_says(validated, people, signing):  # noqa: F811
    approval = Approval.objects.get(status="approved", rule_version__game__code="toss-one-21")
    ids = {
        "sub": validated.uuid, "approval": approval.pk,
        "paytable": approval.paytable_links.first().paytable_id,
    }  # fmt: skip
    case, _ = _case_with_evidence(validated, people)
    ids["case"] = case.pk
    steps = case.steps.count()
    paytables, wrong = Paytable.objects.count(), []
    for template, expected in {**POSTS, **API_POSTS}.items():
        url = template.format(**ids)
        for role, status in zip(ROLES, expected, strict=True):
            # an empty form: allowed roles get it back (400) or a message (302); none changes
            got = client_for(role, people).post(url, {}).status_code
            if got != status:
                wrong.append(f"POST {url} as {role}: {got}, expected {status}")
    assert not wrong, "\n".join(wrong)
    approval.refresh_from_db()
    assert approval.status == "approved" and Paytable.objects.count() == paytables
    assert case.steps.count() == steps  # an empty form changes no case
