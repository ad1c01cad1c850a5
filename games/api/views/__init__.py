"""Views of the registry API: they read through the access selectors and write through services.

Who sees what is decided in :mod:`games.access`; a record outside the
requesting user's scope is answered with 404, like a record that does not
exist, so the API never discloses that it exists.  Writes are for commission
reviewers, in their own jurisdiction only (403 otherwise).

Rule versions, paytables, approvals and par sheets are never edited or
deleted over the API (PUT, PATCH and DELETE answer 405): approved records are
immutable, and a change is a new version.  An approval changes only by moving
along its pipeline (``POST approvals/{id}/transition/``).
"""

from __future__ import annotations

from .approvals import ApprovalViewSet
from .base import (
    ListDetailViewSet,
    RegistryViewSet,
)
from .in_force import RulesInForceView
from .registry import (
    GameViewSet,
    JurisdictionViewSet,
    ManufacturerViewSet,
    PaytableViewSet,
    RegulationViewSet,
    RuleVersionViewSet,
    WagerLimitViewSet,
)
from .venues import (
    AuthorizationViewSet,
    LicenseeViewSet,
    VenueViewSet,
)

__all__ = [
    "RegistryViewSet",
    "ListDetailViewSet",
    "JurisdictionViewSet",
    "RegulationViewSet",
    "WagerLimitViewSet",
    "ManufacturerViewSet",
    "GameViewSet",
    "RuleVersionViewSet",
    "PaytableViewSet",
    "ApprovalViewSet",
    "LicenseeViewSet",
    "VenueViewSet",
    "AuthorizationViewSet",
    "RulesInForceView",
]
