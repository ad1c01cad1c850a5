"""Runs only when DATABASE_URL points at PostgreSQL (the second pass of `make test`)."""

import os

import pytest
from django.db import connection

DATABASE_URL = os.environ.get("DATABASE_URL", "")

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not DATABASE_URL.startswith("postgres"),
        reason="DATABASE_URL does not point at PostgreSQL (set DATABASE_URL=postgresql://...)",
    ),
]


@pytest.mark.django_db
def test_connection_is_postgresql():
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)
