"""The demo's accounts: one of each role, to sign in with after ``make demo``.

Only the embedded demo (``DEBUG`` on and the embedded SQLite database) has them:
:func:`audits.demo.mode.demo_mode_refusal` says why any other setup is refused, and
:func:`demo_accounts_ensure` creates nothing unless its caller says the mode is the
embedded one.  The accounts are (:mod:`audits.demo.accounts_planned`)

- ``reviewer``: a commission reviewer of ``wa-wsgc``;
- ``<licensee>-staff``: casino compliance staff of each demo licensee (license number
  ``DEMO-...``, from ``data/registry/demo.yaml``), named by the first word of its name
  (``evergreen-staff``, ``cedar-staff``);
- ``admin``: an administrator (superuser; the Django admin).

Their passwords are generated (``secrets.token_urlsafe``), checked against the password
validators, and written to a file only their owner may read (``var/demo/accounts.txt``,
git-ignored), never anywhere else.  Run again, the accounts and their passwords are kept;
``reset_passwords`` gives every one of them a new password and rewrites the file.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse

from games.models import Membership

from .accounts_file import (
    demo_accounts_listing,
    demo_accounts_read,
    demo_accounts_render,
    demo_accounts_write,
)
from .accounts_planned import ADMIN_ROLE, DemoAccount, DemoAccountsError, demo_accounts_planned

#: Where ``make demo`` keeps the passwords (var/ is git-ignored).
DEFAULT_ACCOUNTS_FILE = Path(settings.BASE_DIR) / "var" / "demo" / "accounts.txt"
#: Where the demo serves (``make demo`` runs ``runserver 127.0.0.1:8000``).
DEFAULT_SITE = "http://127.0.0.1:8000"


class DemoModeRefused(Exception):
    """Not the embedded demo: no demo account is created there."""


@dataclass(frozen=True)
class DemoAccounts:
    """What :func:`demo_accounts_ensure` did and found."""

    accounts: tuple[DemoAccount, ...]
    path: Path
    login_url: str
    created: tuple[str, ...] = ()
    reset: bool = False
    #: existing accounts whose password the file does not hold (the file is missing, say)
    unknown: tuple[str, ...] = ()
    #: existing accounts whose password in the file no longer signs in
    stale: tuple[str, ...] = ()
    file_written: bool = False

    @property
    def text(self) -> str:
        """The accounts as the file holds them."""
        return demo_accounts_render(self.accounts, self.login_url)

    @property
    def listing(self) -> str:
        """The accounts without the file's header."""
        return demo_accounts_listing(self.accounts)


def demo_password(user) -> str:
    """A new random password that the configured password validators accept."""
    for _ in range(20):
        password = secrets.token_urlsafe(18)
        try:
            validate_password(password, user)
        except ValidationError:
            continue
        return password
    raise DemoAccountsError("no generated password passed the password validators")


def _matches(user, account: DemoAccount) -> bool:
    if account.role == ADMIN_ROLE:
        return user.is_active and user.is_staff and user.is_superuser
    try:
        membership = user.membership
    except Membership.DoesNotExist:
        return False
    return (
        user.is_active
        and not user.is_superuser
        and membership.role == account.role
        and membership.jurisdiction_id == getattr(account.jurisdiction, "pk", None)
        and membership.licensee_id == getattr(account.licensee, "pk", None)
    )


def _create(account: DemoAccount):
    User = get_user_model()
    # an address of the reserved .invalid domain: the demo's console mail shows the notices
    user = User(username=account.username, email=f"{account.username}@demo.invalid",
                is_active=True)  # fmt: skip
    if account.role == ADMIN_ROLE:
        user.is_staff = user.is_superuser = True
    password = demo_password(user)
    user.set_password(password)
    user.save()
    if account.role != ADMIN_ROLE:
        Membership.objects.create(
            user=user,
            role=account.role,
            jurisdiction=account.jurisdiction,
            licensee=account.licensee,
        )
    return password


def demo_accounts_ensure(
    *,
    embedded: bool,
    path: Path = DEFAULT_ACCOUNTS_FILE,
    reset_passwords: bool = False,
    site: str = DEFAULT_SITE,
) -> DemoAccounts:
    """Create the demo accounts that do not exist yet, keep those that do.

    ``embedded`` says that this is the embedded demo mode (the caller checks it with
    :func:`audits.demo.mode.demo_mode_refusal`); without it nothing is created
    (:class:`DemoModeRefused`).
    New accounts get generated passwords, written with the kept ones to ``path`` (mode
    0600).  Existing accounts keep their passwords, read back from ``path``; those the file
    does not hold are listed as ``unknown``, those it holds wrongly as ``stale``.
    ``reset_passwords`` gives every demo account a new password and rewrites the file.  A
    user of a demo account's name with another role or scope is refused
    (:class:`DemoAccountsError`), and nothing is created then.
    """
    if not embedded:
        raise DemoModeRefused("demo accounts are created only in the embedded demo mode")
    path = Path(path)
    login_url = site.rstrip("/") + reverse("login")
    stored = demo_accounts_read(path)
    User = get_user_model()
    accounts, created, unknown, stale = [], [], [], []
    with transaction.atomic():
        for account in demo_accounts_planned():
            user = User.objects.filter(username=account.username).first()
            if user is None:
                accounts.append(replace(account, password=_create(account)))
                created.append(account.username)
                continue
            if not _matches(user, account):
                raise DemoAccountsError(
                    f"a user {account.username!r} exists but is not the demo's "
                    f"{account.description}: rename or remove it in the admin; nothing was "
                    "created"
                )
            if reset_passwords:
                password = demo_password(user)
                user.set_password(password)
                user.save(update_fields=["password"])
                accounts.append(replace(account, password=password))
                continue
            password = stored.get(account.username)
            if password is None:
                unknown.append(account.username)
            elif not user.check_password(password):
                stale.append(account.username)
                password = None
            accounts.append(replace(account, password=password))
        result = DemoAccounts(
            accounts=tuple(accounts),
            path=path,
            login_url=login_url,
            created=tuple(created),
            reset=reset_passwords,
            unknown=tuple(unknown),
            stale=tuple(stale),
            file_written=bool(created or reset_passwords),
        )
        if result.file_written:
            # inside the transaction: if the file cannot be written, nobody is created
            demo_accounts_write(path, result.text)
    return result
