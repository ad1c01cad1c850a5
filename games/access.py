"""Who may see and change what in the registry: plain selectors over a user's role.

Roles (a user's :class:`~games.models.Membership`, or the superuser flag):

``admin``
    Superusers (administrators) see everything.  They manage users and roles
    in the Django admin; regulatory decisions are the reviewers', so the API
    gives administrators no writes unless they also hold a reviewer membership.
``reviewer``
    A commission reviewer sees everything of their jurisdiction and nothing
    of another: its operator classes, regulations, limits, licensees, venues,
    tables, authorizations and approvals, the rule versions and paytables
    those approvals cover, and the drafts not yet submitted anywhere.  They
    are the only ones who may change the registry, and only in their own
    jurisdiction (:func:`user_can_manage_registry`).
``staff``
    Casino compliance staff see their own licensee, its venues and tables,
    their authorizations, the approvals, rule versions and paytables those
    authorizations use, and the regulations and limits of their jurisdiction
    (but not limits scoped to another licensee's tables).  They change nothing.

Anyone else sees nothing.  Records outside a user's scope are simply absent
from these querysets, so the API answers 404 for them, exactly as for records
that do not exist: it never tells a user whether a record they may not see
exists.

Rule versions, paytables and games belong to no jurisdiction by themselves
(the same manufacturer's rules may be submitted to several commissions).  A
rule version becomes part of a jurisdiction's record when it is submitted for
approval there; until then it is a draft that every reviewer may see and
submit.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from games.models import (
    Approval,
    ApprovalCondition,
    ApprovalPaytable,
    Authorization,
    Game,
    Jurisdiction,
    Licensee,
    Manufacturer,
    Membership,
    OperatorClass,
    ParSheet,
    Paytable,
    Regulation,
    Role,
    RuleVersion,
    Table,
    Venue,
    WagerLimit,
)

ADMIN = "admin"
REVIEWER = Role.REVIEWER.value
STAFF = Role.STAFF.value


def membership_of(user) -> Membership | None:
    """The user's membership (role and scope), or ``None``."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    try:
        return user.membership
    except Membership.DoesNotExist:
        return None


def user_role(user) -> str | None:
    """``"admin"``, ``"reviewer"``, ``"staff"``, or ``None`` for no role in the registry."""
    if user is None or not getattr(user, "is_authenticated", False) or not user.is_active:
        return None
    if user.is_superuser:
        return ADMIN
    membership = membership_of(user)
    return membership.role if membership else None


def user_is_reviewer(user) -> bool:
    """A commission reviewer (whatever else the user is): the only role that writes."""
    membership = membership_of(user)
    return membership is not None and membership.role == REVIEWER


def jurisdiction_managed_by(user) -> Jurisdiction | None:
    """The jurisdiction a reviewer may change, or ``None``."""
    membership = membership_of(user)
    if membership is None or membership.role != REVIEWER:
        return None
    return membership.jurisdiction


def user_can_manage_registry(user, jurisdiction: Jurisdiction | None) -> bool:
    """May ``user`` change the registry of ``jurisdiction``?  Only its own reviewers may."""
    managed = jurisdiction_managed_by(user)
    return managed is not None and jurisdiction is not None and managed.pk == jurisdiction.pk


def _reviewer_jurisdiction_id(user) -> int | None:
    membership = membership_of(user)
    return membership.jurisdiction_id if membership and membership.role == REVIEWER else None


def _staff_licensee_id(user) -> int | None:
    membership = membership_of(user)
    return membership.licensee_id if membership and membership.role == STAFF else None


def jurisdictions_visible_to(user) -> QuerySet[Jurisdiction]:
    role = user_role(user)
    if role == ADMIN:
        return Jurisdiction.objects.all()
    if role == REVIEWER:
        return Jurisdiction.objects.filter(pk=_reviewer_jurisdiction_id(user))
    if role == STAFF:
        return Jurisdiction.objects.filter(licensees=_staff_licensee_id(user))
    return Jurisdiction.objects.none()


def operator_classes_visible_to(user) -> QuerySet[OperatorClass]:
    if user_role(user) == ADMIN:
        return OperatorClass.objects.all()
    return OperatorClass.objects.filter(jurisdiction__in=jurisdictions_visible_to(user))


def regulations_visible_to(user) -> QuerySet[Regulation]:
    if user_role(user) == ADMIN:
        return Regulation.objects.all()
    return Regulation.objects.filter(jurisdiction__in=jurisdictions_visible_to(user))


def limits_visible_to(user) -> QuerySet[WagerLimit]:
    """A jurisdiction's limits; staff do not see those scoped to another licensee's table."""
    role = user_role(user)
    if role == ADMIN:
        return WagerLimit.objects.all()
    if role == REVIEWER:
        return WagerLimit.objects.filter(regulation__jurisdiction=_reviewer_jurisdiction_id(user))
    if role == STAFF:
        return WagerLimit.objects.filter(
            regulation__jurisdiction__in=jurisdictions_visible_to(user)
        ).filter(Q(table__isnull=True) | Q(table__venue__licensee=_staff_licensee_id(user)))
    return WagerLimit.objects.none()


def licensees_visible_to(user) -> QuerySet[Licensee]:
    role = user_role(user)
    if role == ADMIN:
        return Licensee.objects.all()
    if role == REVIEWER:
        return Licensee.objects.filter(jurisdiction=_reviewer_jurisdiction_id(user))
    if role == STAFF:
        return Licensee.objects.filter(pk=_staff_licensee_id(user))
    return Licensee.objects.none()


def venues_visible_to(user) -> QuerySet[Venue]:
    if user_role(user) == ADMIN:
        return Venue.objects.all()
    return Venue.objects.filter(licensee__in=licensees_visible_to(user))


def tables_visible_to(user) -> QuerySet[Table]:
    if user_role(user) == ADMIN:
        return Table.objects.all()
    return Table.objects.filter(venue__in=venues_visible_to(user))


def authorizations_visible_to(user) -> QuerySet[Authorization]:
    if user_role(user) == ADMIN:
        return Authorization.objects.all()
    return Authorization.objects.filter(venue__in=venues_visible_to(user))


def approvals_visible_to(user) -> QuerySet[Approval]:
    """A reviewer's jurisdiction's approvals; for staff, those their authorizations use."""
    role = user_role(user)
    if role == ADMIN:
        return Approval.objects.all()
    if role == REVIEWER:
        return Approval.objects.filter(jurisdiction=_reviewer_jurisdiction_id(user))
    if role == STAFF:
        used = authorizations_visible_to(user).values("approval")
        return Approval.objects.filter(pk__in=used)
    return Approval.objects.none()


def approval_conditions_visible_to(user) -> QuerySet[ApprovalCondition]:
    if user_role(user) == ADMIN:
        return ApprovalCondition.objects.all()
    return ApprovalCondition.objects.filter(approval__in=approvals_visible_to(user))


def rule_versions_visible_to(user) -> QuerySet[RuleVersion]:
    """Those the visible approvals cover; reviewers also see drafts submitted nowhere yet."""
    role = user_role(user)
    if role == ADMIN:
        return RuleVersion.objects.all()
    covered = Q(pk__in=approvals_visible_to(user).values("rule_version"))
    if role == REVIEWER:
        submitted = Approval.objects.values("rule_version")
        return RuleVersion.objects.filter(covered | ~Q(pk__in=submitted))
    if role == STAFF:
        return RuleVersion.objects.filter(covered)
    return RuleVersion.objects.none()


def paytables_visible_to(user) -> QuerySet[Paytable]:
    """Reviewers: the paytables of the rule versions they see; staff: those approved for them."""
    role = user_role(user)
    if role == ADMIN:
        return Paytable.objects.all()
    if role == REVIEWER:
        return Paytable.objects.filter(rule_version__in=rule_versions_visible_to(user))
    if role == STAFF:
        links = ApprovalPaytable.objects.filter(approval__in=approvals_visible_to(user))
        return Paytable.objects.filter(pk__in=links.values("paytable"))
    return Paytable.objects.none()


def par_sheets_visible_to(user) -> QuerySet[ParSheet]:
    """The sheets of the visible rule versions' own wagers and of the visible paytables."""
    if user_role(user) == ADMIN:
        return ParSheet.objects.all()
    return ParSheet.objects.filter(
        Q(paytable__isnull=True, rule_version__in=rule_versions_visible_to(user))
        | Q(paytable__in=paytables_visible_to(user))
    )


def games_visible_to(user) -> QuerySet[Game]:
    """Reviewers see the whole catalog (they write its rule versions); staff their games."""
    role = user_role(user)
    if role in (ADMIN, REVIEWER):
        return Game.objects.all()
    if role == STAFF:
        return Game.objects.filter(pk__in=rule_versions_visible_to(user).values("game"))
    return Game.objects.none()


def manufacturers_visible_to(user) -> QuerySet[Manufacturer]:
    role = user_role(user)
    if role in (ADMIN, REVIEWER):
        return Manufacturer.objects.all()
    if role == STAFF:
        return Manufacturer.objects.filter(pk__in=games_visible_to(user).values("manufacturer"))
    return Manufacturer.objects.none()
