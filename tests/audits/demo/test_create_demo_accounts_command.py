"""``manage.py create_demo_accounts``: only in the embedded demo mode (DEBUG on and SQLite),
creating nothing otherwise; it prints the accounts with where to sign in, and again, from the
file, when run again."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError
from django.db import connection

from audits.demo import mode
from audits.demo.accounts import demo_accounts_read
from tests.audits.demo.test_accounts import (  # noqa: F401  (fixtures)
    USERNAMES,
    accounts_file,
    demo_registry,
    fast_passwords,
    sign_in,
)
from tests.games.registry_support import run

LOGIN = "Sign in at http://127.0.0.1:8000/accounts/login/ as:"


@pytest.fixture
def embedded(settings, monkeypatch):
    """The embedded demo mode, whatever database this pass runs on: DEBUG on, and the
    mode check told the database is SQLite (the input of the check, not the database)."""
    settings.DEBUG = True
    monkeypatch.setattr(mode, "database_vendor", lambda: "sqlite")


def create(accounts_file, *args) -> str:
    return run("create_demo_accounts", "--file", str(accounts_file), *args)


def test_refused_when_debug_is_off(demo_registry, accounts_file, settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off") as refused:
        create(accounts_file)
    assert "nothing was created" in str(refused.value)
    assert not get_user_model().objects.exists()
    assert not accounts_file.exists()


def test_refused_when_the_database_is_not_sqlite(
    demo_registry, accounts_file, settings, monkeypatch
):
    settings.DEBUG = True
    monkeypatch.setattr(mode, "database_vendor", lambda: "postgresql")
    with pytest.raises(CommandError, match="the database is postgresql, not the embedded SQLite"):
        create(accounts_file)
    assert not get_user_model().objects.exists()
    assert not accounts_file.exists()


def test_the_mode_check_reads_the_real_database(demo_registry, accounts_file, settings):
    """Unpatched: on the SQLite pass the command creates the accounts, on PostgreSQL it
    refuses."""
    settings.DEBUG = True
    assert mode.database_vendor() == connection.vendor
    if connection.vendor == "sqlite":
        assert LOGIN in create(accounts_file)
        assert get_user_model().objects.filter(username__in=USERNAMES).count() == 4
    else:
        with pytest.raises(CommandError, match=f"the database is {connection.vendor}"):
            create(accounts_file)
        assert not get_user_model().objects.exists()


def test_it_prints_the_accounts_then_the_same_again(demo_registry, accounts_file, embedded):
    first = create(accounts_file)
    assert "Demo accounts created" in first and LOGIN in first
    stored = demo_accounts_read(accounts_file)
    assert list(stored) == USERNAMES
    for username, password in stored.items():
        assert f"{username}  " in first and password in first
    assert "casino compliance staff of Evergreen Fictional Gaming LLC" in first
    assert "look first at: their work on the first page /" in first
    assert "/monitoring/" in first and "/cases/" in first  # the hints name monitoring and cases
    assert "/submissions/" in first and "/reports/" in first

    second = create(accounts_file)
    assert "exist already; their passwords are unchanged" in second and LOGIN in second
    assert demo_accounts_read(accounts_file) == stored
    for password in stored.values():
        assert password in second
    sign_in("evergreen-staff", stored["evergreen-staff"])


def test_without_the_file_it_says_so_and_how_to_reset(demo_registry, accounts_file, embedded):
    create(accounts_file)
    old = demo_accounts_read(accounts_file)
    accounts_file.unlink()
    told = create(accounts_file)
    assert "is missing" in told and "(password unknown)" in told
    assert "manage.py create_demo_accounts --reset-passwords" in told
    assert not accounts_file.exists()

    reset = create(accounts_file, "--reset-passwords")
    assert "New passwords for the demo accounts" in reset
    new = demo_accounts_read(accounts_file)
    assert list(new) == USERNAMES and not set(new.values()) & set(old.values())
    sign_in("reviewer", new["reviewer"])


def test_without_the_registry_it_says_to_load_it(db, accounts_file, embedded):
    with pytest.raises(CommandError, match="load_registry data/registry/washington.yaml"):
        create(accounts_file)
