"""Views of the audits API: uploads go through the storage service, reads through the
selectors of :mod:`audits.access`.

A submission outside the requesting user's scope is answered with 404, like
one that does not exist.  Casino staff submit for their own licensee, and
reviewers for the licensees of their jurisdiction (403 otherwise).
Submissions are never edited or deleted over the API.
"""

from __future__ import annotations

from .cases import (
    CaseAnswerView,
    CaseDecideView,
    CaseDetailView,
    CaseEvidenceView,
    CaseListView,
)
from .dealers import VenueDealersView, VenueSeatsView
from .deviations import VenueDeviationsView
from .findings import SubmissionFindingsView
from .ledger import VenueLedgerView
from .reports import ReportVerifyView, ReportViewSet
from .schedules import ScheduleDetailView, ScheduleListView
from .submissions import SubmissionViewSet

__all__ = [
    "CaseAnswerView",
    "CaseDecideView",
    "CaseDetailView",
    "CaseEvidenceView",
    "CaseListView",
    "ReportVerifyView",
    "ReportViewSet",
    "ScheduleDetailView",
    "ScheduleListView",
    "SubmissionFindingsView",
    "SubmissionViewSet",
    "VenueDealersView",
    "VenueSeatsView",
    "VenueDeviationsView",
    "VenueLedgerView",
]
