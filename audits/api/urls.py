"""Routes of the audits API, under ``/api/audits/``: each room's views, one namespace."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from audits.investigations.api import views as cases
from audits.monitoring.api import dealers, deviations, ledger
from audits.reports.api import schedules
from audits.reports.api import views as reports
from audits.submissions.api import findings
from audits.submissions.api import views as submissions


class AuditsRouter(DefaultRouter):
    """Submissions by their uuid (anything else is no route); no ``.json`` format suffixes."""

    include_format_suffixes = False


router = AuditsRouter(use_regex_path=False)
router.register("submissions", submissions.SubmissionViewSet, basename="submission")
router.register("reports", reports.ReportViewSet, basename="report")

app_name = "audits"
urlpatterns = [
    path("cases/", cases.CaseListView.as_view(), name="case-list"),
    path("cases/<id:pk>/", cases.CaseDetailView.as_view(), name="case-detail"),
    path("cases/<id:pk>/answer/", cases.CaseAnswerView.as_view(), name="case-answer"),
    path("cases/<id:pk>/decide/", cases.CaseDecideView.as_view(), name="case-decide"),
    path(
        "cases/<id:pk>/evidence/<id:evidence>/",
        cases.CaseEvidenceView.as_view(),
        name="case-evidence",
    ),
    path("reports/verify/", reports.ReportVerifyView.as_view(), name="report-verify"),
    path("schedules/", schedules.ScheduleListView.as_view(), name="schedule-list"),
    path("schedules/<id:pk>/", schedules.ScheduleDetailView.as_view(), name="schedule-detail"),
    path(
        "submissions/<uuid:uuid>/findings/",
        findings.SubmissionFindingsView.as_view(),
        name="submission-findings",
    ),
    path("venues/<str:code>/ledger/", ledger.VenueLedgerView.as_view(), name="venue-ledger"),
    path("venues/<str:code>/dealers/", dealers.VenueDealersView.as_view(), name="venue-dealers"),
    path("venues/<str:code>/seats/", dealers.VenueSeatsView.as_view(), name="venue-seats"),
    path(
        "venues/<str:code>/deviations/",
        deviations.VenueDeviationsView.as_view(),
        name="venue-deviations",
    ),
    *router.urls,
]
