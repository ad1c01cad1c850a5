"""Routes of the audits API, under ``/api/audits/``."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from . import views


class AuditsRouter(DefaultRouter):
    """Submissions by their uuid (anything else is no route); no ``.json`` format suffixes."""

    include_format_suffixes = False


router = AuditsRouter(use_regex_path=False)
router.register("submissions", views.SubmissionViewSet, basename="submission")
router.register("reports", views.ReportViewSet, basename="report")

app_name = "audits"
urlpatterns = [
    path("cases/", views.CaseListView.as_view(), name="case-list"),
    path("cases/<id:pk>/", views.CaseDetailView.as_view(), name="case-detail"),
    path("cases/<id:pk>/answer/", views.CaseAnswerView.as_view(), name="case-answer"),
    path("cases/<id:pk>/decide/", views.CaseDecideView.as_view(), name="case-decide"),
    path(
        "cases/<id:pk>/evidence/<id:evidence>/",
        views.CaseEvidenceView.as_view(),
        name="case-evidence",
    ),
    path("reports/verify/", views.ReportVerifyView.as_view(), name="report-verify"),
    path("schedules/", views.ScheduleListView.as_view(), name="schedule-list"),
    path("schedules/<id:pk>/", views.ScheduleDetailView.as_view(), name="schedule-detail"),
    path(
        "submissions/<uuid:uuid>/findings/",
        views.SubmissionFindingsView.as_view(),
        name="submission-findings",
    ),
    path("venues/<str:code>/ledger/", views.VenueLedgerView.as_view(), name="venue-ledger"),
    path("venues/<str:code>/dealers/", views.VenueDealersView.as_view(), name="venue-dealers"),
    path("venues/<str:code>/seats/", views.VenueSeatsView.as_view(), name="venue-seats"),
    path(
        "venues/<str:code>/deviations/",
        views.VenueDeviationsView.as_view(),
        name="venue-deviations",
    ),
    *router.urls,
]
