"""The demo's accounts: one of each role, to sign in with after ``make demo``.

Only the embedded demo (``DEBUG`` on and the embedded SQLite database) has them:
:func:`audits.demo.mode.demo_mode_refusal` says why any other setup is refused, and
:func:`demo_accounts_ensure` creates nothing unless its caller says the mode is the
embedded one.  The accounts are

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
from dataclasses import dataclass, field, replace
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse
from django.utils.text import slugify

from games.models import Jurisdiction, Licensee, Membership, Role

from .accounts_file import (
    demo_accounts_listing,
    demo_accounts_read,
    demo_accounts_render,
    demo_accounts_write,
)

#: The jurisdiction whose reviewer the demo has.
DEMO_JURISDICTION = "wa-wsgc"
#: The demo licensees are those whose license number starts with this.
DEMO_LICENSE_PREFIX = "DEMO-"
REVIEWER_USERNAME = "reviewer"
ADMIN_USERNAME = "admin"
#: Where ``make demo`` keeps the passwords (var/ is git-ignored).
DEFAULT_ACCOUNTS_FILE = Path(settings.BASE_DIR) / "var" / "demo" / "accounts.txt"
#: Where the demo serves (``make demo`` runs ``runserver 127.0.0.1:8000``).
DEFAULT_SITE = "http://127.0.0.1:8000"
ADMIN_ROLE = "admin"


class DemoModeRefused(Exception):
    """Not the embedded demo: no demo account is created there."""


class DemoAccountsError(Exception):
    """The demo accounts cannot be made (registry not loaded, a name already taken...)."""


@dataclass(frozen=True)
class DemoAccount:
    """One demo account: who it is, what to look at first, and its password when known."""

    username: str
    role: str  # "reviewer", "staff" or "admin"
    description: str
    first_look: str
    password: str | None = field(default=None, repr=False)  # never in a repr or a log
    jurisdiction: Jurisdiction | None = None
    licensee: Licensee | None = None


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


# -- the embedded demo mode ------------------------------------------------------------


# -- the accounts ----------------------------------------------------------------------


def _staff_username(licensee: Licensee, taken: set[str]) -> str:
    first_word = (licensee.name.split() or [""])[0]
    username = f"{slugify(first_word)}-staff"
    if not slugify(first_word) or username in taken:
        username = f"{slugify(licensee.license_number)}-staff"
    return username


def demo_accounts_planned() -> list[DemoAccount]:
    """The demo accounts the loaded registry calls for (without passwords); the pages to
    look at first are named by their paths on the site."""
    jurisdiction = Jurisdiction.objects.filter(code=DEMO_JURISDICTION).first()
    licensees = list(
        Licensee.objects.filter(license_number__startswith=DEMO_LICENSE_PREFIX)
        .prefetch_related("venues")
        .order_by("license_number")
    )
    if jurisdiction is None or not licensees:
        raise DemoAccountsError(
            f"the demo registry is not loaded (jurisdiction {DEMO_JURISDICTION} and the "
            f"{DEMO_LICENSE_PREFIX}... licensees): run `manage.py load_registry "
            "data/registry/washington.yaml data/registry/demo.yaml` first"
        )

    accounts = [
        DemoAccount(
            username=REVIEWER_USERNAME,
            role=Role.REVIEWER.value,
            description=f"commission reviewer of {jurisdiction.code} ({jurisdiction.name})",
            first_look=(
                f"their work on the first page {reverse('dashboard')} (deviations, cases "
                f"awaiting a decision, the money paid wrong), the venues' monitoring "
                f"{reverse('web-monitoring')} and the cases {reverse('web-cases')}, then the "
                f"registry {reverse('registry')} (Add a limit value, a new paytable version, "
                f"moving approvals along {reverse('registry-approvals')}), the month's "
                f"submissions {reverse('web-submissions')} and their signed reports "
                f"{reverse('web-reports')}"
            ),
            jurisdiction=jurisdiction,
        )
    ]
    taken = {REVIEWER_USERNAME, ADMIN_USERNAME}
    for licensee in licensees:
        username = _staff_username(licensee, taken)
        taken.add(username)
        venues = ", ".join(v.code for v in sorted(licensee.venues.all(), key=lambda v: v.code))
        accounts.append(
            DemoAccount(
                username=username,
                role=Role.STAFF.value,
                description=(
                    f"casino compliance staff of {licensee.name} ({licensee.license_number}; "
                    f"venue {venues or 'none'})"
                ),
                first_look=(
                    f"their work on the first page {reverse('dashboard')} (cases awaiting "
                    f"their answer), their own submissions {reverse('web-submissions')} "
                    f"(findings, round by round; a mistaken one withdrawn there), their "
                    f"venue's monitoring {reverse('web-monitoring')}, the cases "
                    f"{reverse('web-cases')}, the signed reports {reverse('web-reports')}, and "
                    f"what their venue may run {reverse('registry-venues')}"
                ),
                licensee=licensee,
            )
        )
    accounts.append(
        DemoAccount(
            username=ADMIN_USERNAME,
            role=ADMIN_ROLE,
            description="administrator (superuser): every page, and the Django admin",
            first_look=(
                f"the admin {reverse('admin:index')}: users and their roles (Memberships), "
                "report schedules (Periodic tasks)"
            ),
        )
    )
    return accounts


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


# -- the service -----------------------------------------------------------------------


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
