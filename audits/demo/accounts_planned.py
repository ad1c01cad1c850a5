"""The demo accounts the loaded registry calls for: a reviewer of the demo's jurisdiction,
the staff of each demo licensee and an administrator, each with the pages to look at first
(their passwords are given by :mod:`audits.demo.accounts`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse
from django.utils.text import slugify

from games.models import Jurisdiction, Licensee, Role

#: The jurisdiction whose reviewer the demo has.
DEMO_JURISDICTION = "wa-wsgc"
#: The demo licensees are those whose license number starts with this.
DEMO_LICENSE_PREFIX = "DEMO-"
REVIEWER_USERNAME = "reviewer"
ADMIN_USERNAME = "admin"
ADMIN_ROLE = "admin"


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
