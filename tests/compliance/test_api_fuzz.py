"""Schemathesis against the OpenAPI schema: no 5xx, and every response as the schema says.

Every operation is called with generated parameters and bodies, as casino staff with a
token (knox: no password hashing per call), on a small registry.  The checks are
schemathesis' defaults (no server error, documented status codes, content types and
headers, response bodies valid against their schemas) but the acceptance of every
schema-valid request, which cross-field rules make untrue (see NOT_CHECKED).

Deterministic: the same code gives the same verdict.  The seed is fixed
(``API_FUZZ_SEED``, default :data:`CI_SEED`; schemathesis derives one per operation from
it), so is the number of examples per operation (``API_FUZZ_EXAMPLES``, default 4), and
hypothesis keeps no example database between runs.  ``make fuzz`` runs it wider with a
random seed that it prints, so a failure found there is replayed with that seed.

The application is called in-process (WSGI) inside the test's transaction.  Django closes a
connection at the end of every request whose autocommit differs from its settings, which
inside a test transaction would close the test's own connection (and with it the
transaction; SQLite's in-memory test database ignores the close, PostgreSQL does not):
:func:`connections_kept` does what Django's test client does and keeps it open.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from compliance.wsgi import application
from tests.audits.report_support import dev_identity_dir, signing  # noqa: F401  (fixtures)

CI_SEED = 20261123
SEED = int(os.environ.get("API_FUZZ_SEED") or CI_SEED)
EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES") or 4)

# the raw upload types carry bytes, as application/octet-stream does
schemathesis.serializer.alias(
    ["application/jsonl", "application/x-ndjson", "application/gzip"], "application/octet-stream"
)
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
schema.config.seed = SEED
#: "a schema-valid request is accepted" cannot hold where a rule spans fields (a report is
#: of a submission, or of a venue or jurisdiction with a period): the 400 says which.
#: Nor can "a schema-violating request is refused" where django-filter reads an empty filter
#: (``?in_force_on=``) as no filter at all, by design.
NOT_CHECKED = [
    schemathesis.checks.positive_data_acceptance,
    schemathesis.checks.negative_data_rejection,
]


@pytest.fixture
def connections_kept():
    """The test's database connection survives each in-process request (see the docstring)."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def token(db, settings_override, connections_kept):
    from django.contrib.auth import get_user_model
    from knox.models import AuthToken

    from games.models import Jurisdiction, Licensee, Membership, Role

    wa = Jurisdiction.objects.get_or_create(code="wa-wsgc", defaults={"name": "Washington"})[0]
    licensee = Licensee.objects.get_or_create(
        jurisdiction=wa, license_number="1", defaults={"name": "L"}
    )[0]
    user, created = get_user_model().objects.get_or_create(username="fuzz-staff")
    if created:
        Membership.objects.create(user=user, role=Role.STAFF, licensee=licensee)
    return AuthToken.objects.create(user=user)[1]


@pytest.fixture
def settings_override(settings, tmp_path, signing):  # noqa: F811  (reports verify for real)
    settings.MEDIA_ROOT = str(tmp_path)
    settings.ALLOWED_HOSTS = ["localhost", "testserver"]
    settings.API_THROTTLE_RATES = {"anon": "100000/minute", "user": "100000/minute",
                                   "uploads": "100000/minute"}  # fmt: skip
    # schemathesis' auth probes send many wrong passwords from one address: past the limit
    # they would get the lockout's 429 (test_signin_guard.py), not the 401 they check for
    settings.AXES_FAILURE_LIMIT = 100_000


@schema.parametrize()
@settings(
    max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck)
)
def test_no_server_error_and_responses_match_the_schema(case, token):
    case.call_and_validate(headers={"Authorization": f"Token {token}"}, excluded_checks=NOT_CHECKED)
