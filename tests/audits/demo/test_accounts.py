"""The demo's accounts (audits/demo/accounts.py): one of each role, created once,
signing in through the real sign-in page, their passwords only in a private git-ignored file.

The service is called with ``embedded=True``, as the command does once it has checked the
mode, so these tests run on PostgreSQL too; the command's refusal is tested beside it
(tests/audits/demo/test_create_demo_accounts_command.py).
"""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.test import Client
from django.urls import reverse

from audits.demo.accounts import (
    DEFAULT_ACCOUNTS_FILE,
    DemoAccountsError,
    DemoModeRefused,
    demo_accounts_ensure,
    demo_accounts_read,
)
from audits.demo.mode import demo_mode_refusal
from games.access import user_role
from games.models import Licensee, Membership
from games.registry_io import load_registry
from tests.games.registry_support import DEMO, WASHINGTON

REPO = Path(__file__).resolve().parents[3]
USERNAMES = ["reviewer", "evergreen-staff", "cedar-staff", "admin"]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hash cheaply in tests (what is tested is the password, not the hasher's cost)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def demo_registry(db):
    load_registry([WASHINGTON, DEMO])


@pytest.fixture
def accounts_file(tmp_path) -> Path:
    return tmp_path / "demo" / "accounts.txt"


@pytest.fixture
def created(demo_registry, accounts_file):
    return demo_accounts_ensure(embedded=True, path=accounts_file)


def passwords(result) -> dict[str, str]:
    return {a.username: a.password for a in result.accounts}


def sign_in(username: str, password: str) -> Client:
    """Sign in through the sign-in page with its CSRF token, as a browser does."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("login"))
    assert page.status_code == 200
    answer = client.post(
        reverse("login"),
        {
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": page.cookies["csrftoken"].value,
        },
    )
    assert answer.status_code == 302, (username, answer.status_code)
    assert answer["Location"] == reverse("dashboard")
    return client


def test_the_accounts_have_their_roles_and_scopes(created):
    assert [a.username for a in created.accounts] == USERNAMES
    assert created.created == tuple(USERNAMES) and created.file_written
    users = {u.username: u for u in get_user_model().objects.filter(username__in=USERNAMES)}
    assert set(users) == set(USERNAMES)

    reviewer = Membership.objects.get(user=users["reviewer"])
    assert (reviewer.role, reviewer.jurisdiction.code, reviewer.licensee) == (
        "reviewer",
        "wa-wsgc",
        None,
    )
    for username, license_number in [
        ("evergreen-staff", "DEMO-0001"),
        ("cedar-staff", "DEMO-0002"),
    ]:
        staff = Membership.objects.get(user=users[username])
        assert (staff.role, staff.licensee.license_number, staff.jurisdiction) == (
            "staff",
            license_number,
            None,
        )
        assert not users[username].is_staff and not users[username].is_superuser
    admin = users["admin"]
    assert admin.is_staff and admin.is_superuser
    assert not Membership.objects.filter(user=admin).exists()
    assert [user_role(users[name]) for name in USERNAMES] == ["reviewer", "staff", "staff", "admin"]
    assert not users["reviewer"].is_superuser and not users["reviewer"].is_staff


def test_the_passwords_are_random_pass_the_validators_and_are_in_the_file(created, accounts_file):
    given = passwords(created)
    assert len(set(given.values())) == len(USERNAMES)
    for username, password in given.items():
        assert len(password) >= 16
        user = get_user_model().objects.get(username=username)
        validate_password(password, user)  # raises if a validator refuses it
        assert user.check_password(password)
    assert demo_accounts_read(accounts_file) == given
    text = accounts_file.read_text()
    assert "http://127.0.0.1:8000/accounts/login/" in text
    assert "--reset-passwords" in text


def test_the_file_is_readable_by_its_owner_only(created, accounts_file):
    assert stat.S_IMODE(accounts_file.stat().st_mode) == 0o600
    assert not [p for p in accounts_file.parent.iterdir() if p != accounts_file]  # no temp left


def test_each_account_signs_in_through_the_sign_in_page(created):
    for username, password in passwords(created).items():
        client = sign_in(username, password)
        dashboard = client.get(reverse("dashboard"))
        assert dashboard.status_code == 200
        assert f"Sign out {username}" in dashboard.content.decode()
    admin = sign_in("admin", passwords(created)["admin"])
    assert admin.get(reverse("admin:index")).status_code == 200
    staff = sign_in("evergreen-staff", passwords(created)["evergreen-staff"])
    assert staff.get(reverse("admin:index")).status_code == 302  # not into the admin


def test_the_reviewer_sees_the_registry_actions_and_staff_do_not(created):
    page = reverse("registry-jurisdiction", kwargs={"code": "wa-wsgc"})
    reviewer = sign_in("reviewer", passwords(created)["reviewer"])
    assert reviewer.get(reverse("registry")).status_code == 302  # one jurisdiction: its page
    assert "Add a limit value" in reviewer.get(page).content.decode()
    assert (
        reviewer.get(reverse("registry-limit-new", kwargs={"code": "wa-wsgc"})).status_code == 200
    )
    for username in ("evergreen-staff", "cedar-staff"):
        staff = sign_in(username, passwords(created)[username])
        html = staff.get(page).content.decode()
        assert "WAC 230-15-140" in html and "Add a limit value" not in html
        assert staff.get(reverse("registry-limit-new", kwargs={"code": "wa-wsgc"})).status_code in (
            403,
            404,
        )


def test_staff_see_only_their_own_licensee(created):
    venues = reverse("registry-venues")
    evergreen = sign_in("evergreen-staff", passwords(created)["evergreen-staff"])
    html = evergreen.get(venues).content.decode()
    assert "WA-CR-0042" in html and "Evergreen Fictional Gaming LLC" in html
    assert "WA-TC-0007" not in html and "Cedar" not in html
    cedar = sign_in("cedar-staff", passwords(created)["cedar-staff"])
    html = cedar.get(venues).content.decode()
    assert "WA-TC-0007" in html and "WA-CR-0042" not in html and "Evergreen" not in html
    reviewer = sign_in("reviewer", passwords(created)["reviewer"])
    html = reviewer.get(venues).content.decode()
    assert "WA-CR-0042" in html and "WA-TC-0007" in html


def test_a_second_run_keeps_the_accounts_and_their_passwords(created, accounts_file):
    before = accounts_file.read_bytes()
    users = get_user_model().objects.count()
    again = demo_accounts_ensure(embedded=True, path=accounts_file)
    assert again.created == () and not again.file_written and not again.reset
    assert again.unknown == () and again.stale == ()
    assert passwords(again) == passwords(created)
    assert accounts_file.read_bytes() == before
    assert get_user_model().objects.count() == users
    sign_in("reviewer", passwords(created)["reviewer"])


def test_without_the_file_the_passwords_are_unknown_until_reset(created, accounts_file):
    accounts_file.unlink()
    again = demo_accounts_ensure(embedded=True, path=accounts_file)
    assert again.unknown == tuple(USERNAMES) and set(passwords(again).values()) == {None}
    assert not accounts_file.exists()  # nothing to write: no password is known
    assert "(password unknown)" in again.listing

    reset = demo_accounts_ensure(embedded=True, path=accounts_file, reset_passwords=True)
    assert reset.reset and reset.file_written and reset.created == ()
    new = passwords(reset)
    assert demo_accounts_read(accounts_file) == new
    assert stat.S_IMODE(accounts_file.stat().st_mode) == 0o600
    for username, old in passwords(created).items():
        assert new[username] != old
        user = get_user_model().objects.get(username=username)
        assert user.check_password(new[username]) and not user.check_password(old)
    sign_in("cedar-staff", new["cedar-staff"])


def test_a_password_changed_since_is_stale_not_shown(created, accounts_file):
    user = get_user_model().objects.get(username="evergreen-staff")
    user.set_password("changed by its owner 31")
    user.save()
    again = demo_accounts_ensure(embedded=True, path=accounts_file)
    assert again.stale == ("evergreen-staff",)
    assert passwords(again)["evergreen-staff"] is None
    assert passwords(again)["reviewer"] == passwords(created)["reviewer"]


def test_an_account_deleted_is_created_again_and_the_others_kept(created, accounts_file):
    get_user_model().objects.filter(username="cedar-staff").delete()
    again = demo_accounts_ensure(embedded=True, path=accounts_file)
    assert again.created == ("cedar-staff",) and again.file_written
    assert passwords(again)["reviewer"] == passwords(created)["reviewer"]
    assert passwords(again)["cedar-staff"] != passwords(created)["cedar-staff"]
    assert demo_accounts_read(accounts_file) == passwords(again)


def test_outside_the_embedded_mode_nothing_is_created(demo_registry, accounts_file):
    with pytest.raises(DemoModeRefused):
        demo_accounts_ensure(embedded=False, path=accounts_file)
    assert not get_user_model().objects.exists()
    assert not accounts_file.exists()


def test_a_user_of_a_demo_name_with_another_role_is_refused_and_nothing_created(
    demo_registry, accounts_file
):
    taken = get_user_model().objects.create_user("cedar-staff", password="someone else's 77")
    Membership.objects.create(
        user=taken, role="staff", licensee=Licensee.objects.get(license_number="DEMO-0001")
    )
    with pytest.raises(DemoAccountsError, match="cedar-staff"):
        demo_accounts_ensure(embedded=True, path=accounts_file)
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["cedar-staff"]
    assert not accounts_file.exists()


def test_without_the_demo_registry_it_says_to_load_it(db, accounts_file):
    with pytest.raises(DemoAccountsError, match="load_registry"):
        demo_accounts_ensure(embedded=True, path=accounts_file)
    assert not get_user_model().objects.exists()


def test_the_embedded_mode_is_debug_on_and_sqlite():
    assert demo_mode_refusal(debug=True, vendor="sqlite") is None
    off = demo_mode_refusal(debug=False, vendor="sqlite")
    assert "DEBUG" in off and "DJANGO_DEBUG=false" in off and "nothing was created" in off
    postgres = demo_mode_refusal(debug=True, vendor="postgresql")
    assert "postgresql" in postgres and "SQLite" in postgres and "DEBUG is off" not in postgres
    both = demo_mode_refusal(debug=False, vendor="postgresql")
    assert "DEBUG" in both and "postgresql" in both
    assert "createsuperuser" in both  # what to do instead


def test_the_passwords_are_in_no_tracked_file_and_the_default_file_is_ignored(created):
    given = list(passwords(created).values())
    patterns = [arg for password in given for arg in ("-e", password)]
    found = subprocess.run(
        ["git", "grep", "-F", "-l", *patterns], cwd=REPO, capture_output=True, text=True
    )
    assert found.returncode == 1, f"a demo password is in a tracked file: {found.stdout}"
    default = DEFAULT_ACCOUNTS_FILE.relative_to(REPO).as_posix()
    assert default == "var/demo/accounts.txt"
    ignored = subprocess.run(["git", "check-ignore", "-q", default], cwd=REPO)
    assert ignored.returncode == 0, f"{default} is not git-ignored"
