"""The registry: what was approved, where, from when, and within which limits."""

from .access import Membership, Role
from .approvals import (
    OPEN_STATUSES,
    TRANSITIONS,
    Approval,
    ApprovalCondition,
    ApprovalEvent,
    ApprovalPaytable,
    ApprovalStatus,
    ConditionKind,
)
from .immutability import ImmutableRecordError
from .jurisdictions import Jurisdiction, LimitKind, OperatorClass, Regulation, WagerLimit
from .rules import Game, Manufacturer, ParSheet, Paytable, RuleVersion
from .venues import Authorization, ConditionMet, Licensee, Table, Venue

__all__ = [
    "OPEN_STATUSES",
    "TRANSITIONS",
    "Approval",
    "ApprovalCondition",
    "ApprovalEvent",
    "ApprovalPaytable",
    "ApprovalStatus",
    "Authorization",
    "ConditionKind",
    "ConditionMet",
    "Game",
    "ImmutableRecordError",
    "Jurisdiction",
    "Licensee",
    "LimitKind",
    "Manufacturer",
    "Membership",
    "OperatorClass",
    "ParSheet",
    "Paytable",
    "Regulation",
    "Role",
    "RuleVersion",
    "Table",
    "Venue",
    "WagerLimit",
]
