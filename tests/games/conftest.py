"""A small Washington-like registry built through the services, for registry tests.

``registry`` is a namespace of the records; building it also exercises the
services the YAML loader uses.  Par sheets are cached by the service, so the
cost is paid once per test process.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model

from games.models import (
    ApprovalStatus,
    ConditionKind,
    Game,
    Jurisdiction,
    Licensee,
    LimitKind,
    Manufacturer,
    Membership,
    OperatorClass,
    Regulation,
    Role,
    Table,
    Venue,
    WagerLimit,
)
from games.services.approvals import ConditionSpec, approval_submit, approval_transition
from games.services.rules import paytable_create, rule_version_create
from games.services.venues import authorization_create

PACIFIC = ZoneInfo("America/Los_Angeles")
TOSS_RULES = [{"number": str(n), "text": f"rule {n}"} for n in range(1, 12)]
LUCKY3_1 = {
    "suited_blackjack": "40 to 1",
    "coloured_blackjack": "10 to 1",
    "suited_21": "5 to 1",
    "coloured_21": "3 to 1",
    "other_blackjack": "2 to 1",
    "other_21": "Push",
}
BONUS4 = {f"total_{t}": "2 to 1" for t in range(17, 22)} | {"total_4": "250 to 1"}


def at(text: str) -> datetime:
    """A Pacific local time ``"2026-11-01 21:14"`` as an aware datetime."""
    return datetime.fromisoformat(text).replace(tzinfo=PACIFIC)


def build_registry() -> SimpleNamespace:
    r = SimpleNamespace()
    User = get_user_model()
    r.reviewer = User.objects.create_user("reviewer", password="pw")
    r.wa = Jurisdiction.objects.create(
        code="wa-wsgc", name="Washington State Gambling Commission", timezone="America/Los_Angeles"
    )
    r.card_room = OperatorClass.objects.create(
        jurisdiction=r.wa, code="commercial-card-room", name="Commercial card rooms"
    )
    r.tribal = OperatorClass.objects.create(
        jurisdiction=r.wa, code="tribal-casino", name="Tribal casinos"
    )
    r.wac140 = Regulation.objects.create(
        jurisdiction=r.wa, citation="WAC 230-15-140", title="Wagering limits for house-banked games"
    )
    r.limit_300 = WagerLimit.objects.create(
        regulation=r.wac140,
        kind=LimitKind.MAX_SINGLE_WAGER,
        amount=Decimal("300"),
        effective_from=date(2009, 7, 1),
        effective_to=date(2023, 8, 19),
        source="WAC 230-15-140",
        filing="WSR 09-09-056",
    )
    r.limit_400 = WagerLimit.objects.create(
        regulation=r.wac140,
        kind=LimitKind.MAX_SINGLE_WAGER,
        amount=Decimal("400"),
        effective_from=date(2023, 8, 20),
        source="WAC 230-15-140",
        filing="WSR 23-09-065",
    )
    r.ags = Manufacturer.objects.create(name="AGS LLC")
    r.toss = Game.objects.create(code="toss-one-21", name="Toss One 21", manufacturer=r.ags)
    r.rules = rule_version_create(
        game=r.toss,
        title="Toss One 21 - Rules of Play",
        rules=TOSS_RULES,
        parameters={},
        options={"blackjack_pays": ["3:2", "6:5"], "lucky3_paytable": ["1"]},
        decks_allowed=[1, 6],
        source_document="000_cf8f04cc5a045191.txt",
    )
    r.lucky3 = paytable_create(
        rule_version=r.rules, wager_key="lucky3", code="1", entries=LUCKY3_1, source="002 #1"
    )
    r.bonus4 = paytable_create(
        rule_version=r.rules, wager_key="bonus4", code="1", entries=BONUS4, source="002 Bonus 4"
    )
    r.approval = approval_submit(
        jurisdiction=r.wa,
        rule_version=r.rules,
        reference="WSGC letter 2017-04-27",
        allowed_options={"blackjack_pays": ["3:2", "6:5"], "lucky3_paytable": ["1"]},
        paytables=[r.lucky3, r.bonus4],
        conditions=[
            ConditionSpec(r.card_room, ConditionKind.INTERNAL_CONTROLS, "internal controls", True),
            ConditionSpec(r.tribal, ConditionKind.TRIBAL_AGENCY, "TGA approval", True),
        ],
        actor=r.reviewer,
        at=at("2017-04-01 09:00"),
    )
    approval_transition(
        r.approval,
        ApprovalStatus.UNDER_REVIEW,
        actor=r.reviewer,
        reason="review",
        at=at("2017-04-02 09:00"),
    )
    r.approval = approval_transition(
        r.approval,
        ApprovalStatus.APPROVED,
        actor=r.reviewer,
        reason="letter of 27 April 2017",
        decision_date=date(2017, 4, 27),
        at=at("2017-04-27 09:00"),
    )
    r.licensee = Licensee.objects.create(
        jurisdiction=r.wa, name="Lucky Fictional LLC", license_number="00-00001"
    )
    r.venue = Venue.objects.create(
        licensee=r.licensee,
        code="WA-CR-0042",
        name="Fictional Card Room",
        operator_class=r.card_room,
    )
    r.t3 = Table.objects.create(venue=r.venue, code="T3")
    controls = r.approval.conditions.get(operator_class=r.card_room)
    r.authorization = authorization_create(
        venue=r.venue,
        approval=r.approval,
        options={"lucky3_paytable": "1"},
        table=r.t3,
        effective_from=date(2018, 1, 1),
        conditions_met=[(controls, date(2018, 3, 1), "internal controls approval letter")],
    )
    r.other_licensee = Licensee.objects.create(
        jurisdiction=r.wa, name="Other Fictional Inc", license_number="00-00002"
    )
    r.other_venue = Venue.objects.create(
        licensee=r.other_licensee,
        code="WA-CR-0099",
        name="Other Card Room",
        operator_class=r.card_room,
    )
    r.staff = User.objects.create_user("staff", password="pw")
    Membership.objects.create(user=r.staff, role=Role.STAFF, licensee=r.licensee)
    r.other_staff = User.objects.create_user("other-staff", password="pw")
    Membership.objects.create(user=r.other_staff, role=Role.STAFF, licensee=r.other_licensee)
    Membership.objects.create(user=r.reviewer, role=Role.REVIEWER, jurisdiction=r.wa)
    return r


@pytest.fixture
def registry(db) -> SimpleNamespace:
    return build_registry()
