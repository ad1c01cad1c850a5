"""Serializers of the registry API: output shapes, and the inputs the services take.

Output serializers only read records (the views prefetch what they nest).
Input serializers only check the shape of a request and look up the records it
names, among those the requesting user may see; every rule about what may be
created is the services'.
"""

from __future__ import annotations

from .approvals import (
    ApprovalConditionSerializer,
    ApprovalDetailSerializer,
    ApprovalEventSerializer,
    ApprovalListSerializer,
    ApprovedPaytableSerializer,
)
from .common import (
    ApiErrorSerializer,
    VisibleRecordField,
)
from .in_force import (
    ApprovalInForceSerializer,
    AuthorizationInForceSerializer,
    LimitInForceSerializer,
    PaytableInForceSerializer,
    RulesInForceQuerySerializer,
    RulesInForceSerializer,
    RuleVersionInForceSerializer,
)
from .inputs import (
    ApprovalSubmitSerializer,
    ApprovalTransitionSerializer,
    AuthorizationCreateSerializer,
    ConditionInputSerializer,
    ConditionMetInputSerializer,
    PaytableCreateSerializer,
    RuleVersionCreateSerializer,
    WagerLimitCreateSerializer,
    WagerLimitUpdateSerializer,
)
from .registry import (
    GameSerializer,
    JurisdictionSerializer,
    ManufacturerSerializer,
    OperatorClassSerializer,
    ParSheetSerializer,
    ParSheetSummarySerializer,
    PaytableDetailSerializer,
    PaytableListSerializer,
    PaytableSummarySerializer,
    RegulationSerializer,
    RuleSerializer,
    RuleVersionDetailSerializer,
    RuleVersionListSerializer,
    WagerLimitSerializer,
)
from .venues import (
    AuthorizationSerializer,
    ConditionMetSerializer,
    LicenseeSerializer,
    TableSerializer,
    VenueSerializer,
    VenueSummarySerializer,
)

__all__ = [
    "ApiErrorSerializer",
    "VisibleRecordField",
    "OperatorClassSerializer",
    "JurisdictionSerializer",
    "WagerLimitSerializer",
    "RegulationSerializer",
    "ManufacturerSerializer",
    "GameSerializer",
    "ParSheetSummarySerializer",
    "ParSheetSerializer",
    "PaytableSummarySerializer",
    "PaytableListSerializer",
    "PaytableDetailSerializer",
    "RuleSerializer",
    "RuleVersionListSerializer",
    "RuleVersionDetailSerializer",
    "ApprovalConditionSerializer",
    "ApprovalEventSerializer",
    "ApprovedPaytableSerializer",
    "ApprovalListSerializer",
    "ApprovalDetailSerializer",
    "TableSerializer",
    "ConditionMetSerializer",
    "AuthorizationSerializer",
    "VenueSerializer",
    "VenueSummarySerializer",
    "LicenseeSerializer",
    "RuleVersionCreateSerializer",
    "PaytableCreateSerializer",
    "ConditionInputSerializer",
    "ApprovalSubmitSerializer",
    "ApprovalTransitionSerializer",
    "WagerLimitCreateSerializer",
    "WagerLimitUpdateSerializer",
    "ConditionMetInputSerializer",
    "AuthorizationCreateSerializer",
    "RulesInForceQuerySerializer",
    "LimitInForceSerializer",
    "AuthorizationInForceSerializer",
    "ApprovalInForceSerializer",
    "RuleVersionInForceSerializer",
    "PaytableInForceSerializer",
    "RulesInForceSerializer",
]
