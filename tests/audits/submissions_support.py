"""Shared by the submissions API tests: users around the demo licensee, clients, uploads.

Import the fixtures (``people``, ``submit``) into a test module to use them
(pytest finds fixtures by name in the module).

Celery runs eagerly in tests; ``transaction.on_commit`` callbacks (which enqueue the
validation) run only inside ``django_capture_on_commit_callbacks(execute=True)``.
"""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from games.models import Jurisdiction, Licensee, Membership, Role
from tests.audits.conftest import round_line

API = "/api/audits/submissions/"


@pytest.fixture
def people(wa) -> SimpleNamespace:
    """Users on either side of each scope, around the demo licensee ``wa`` (DEMO-0001).

    ``staff``: DEMO-0001's compliance staff; ``other_staff``: DEMO-0002's (same
    jurisdiction); ``reviewer``: a WSGC reviewer; ``or_reviewer``: a reviewer of another
    jurisdiction; ``admin``: a superuser; ``nobody``: a user without a role.
    """
    User = get_user_model()
    p = SimpleNamespace(licensee=wa, other=Licensee.objects.get(license_number="DEMO-0002"))
    p.staff = User.objects.create_user("staff")
    Membership.objects.create(user=p.staff, role=Role.STAFF, licensee=wa)
    p.other_staff = User.objects.create_user("other-staff")
    Membership.objects.create(user=p.other_staff, role=Role.STAFF, licensee=p.other)
    p.reviewer = User.objects.create_user("reviewer")
    Membership.objects.create(user=p.reviewer, role=Role.REVIEWER, jurisdiction=wa.jurisdiction)
    oregon = Jurisdiction.objects.create(
        code="or-lottery", name="Oregon Lottery", timezone="America/Los_Angeles"
    )
    p.oregon_licensee = Licensee.objects.create(
        jurisdiction=oregon, name="Beaver Fictional LLC", license_number="OR-1"
    )
    p.or_reviewer = User.objects.create_user("or-reviewer")
    Membership.objects.create(user=p.or_reviewer, role=Role.REVIEWER, jurisdiction=oregon)
    p.admin = User.objects.create_superuser("admin", password=None)
    p.nobody = User.objects.create_user("nobody")
    return p


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def post_multipart(api, content: bytes, name="log.jsonl", query="", **fields):
    form = {"file": SimpleUploadedFile(name, content), **fields}
    return api.post(API + query, form, format="multipart")


def post_raw(api, content: bytes, content_type="application/x-ndjson", **params):
    query = "&".join(f"{k}={quote(str(v))}" for k, v in params.items())
    return api.post(API + (f"?{query}" if query else ""), content, content_type=content_type)


@pytest.fixture
def submit(django_capture_on_commit_callbacks):
    """``submit(post, ...)``: make the upload and run what it enqueues on commit (eagerly)."""

    def run(post, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return post(*args, **kwargs)

    return run


def log(*lines: bytes) -> bytes:
    return b"\n".join(lines) + b"\n"


TWO_ROUNDS = log(round_line(), round_line(round="T2-2", seats__0__results__main="25"))
