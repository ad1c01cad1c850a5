"""Root conftest: marks the repository root as pytest's rootdir.

pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml; the one fixture here empties
the cache before every test.
"""

import pytest


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: the API's rate-limit counters live there, and
    users of different tests share ids (the database is rolled back, the cache is not)."""
    from django.core.cache import cache

    cache.clear()
    yield
