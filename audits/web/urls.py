"""Routes of the web pages (the API is under /api/): each room's pages, and the home page."""

from django.urls import path

from audits.investigations.pages import views as cases
from audits.live.pages import tokens
from audits.live.pages import views as live
from audits.monitoring.pages import views as monitoring
from audits.reports.pages import views as reports
from audits.submissions.pages import handlog, rounds
from audits.submissions.pages import views as submissions

from . import home

urlpatterns = [
    path("", home.home, name="dashboard"),
    path("handlog-format/", handlog.handlog_format_page, name="handlog-format"),
    path(
        "handlog-format/v1/schema.json", handlog.handlog_format_schema, name="handlog-format-schema"
    ),  # fmt: skip
    path("submissions/", submissions.submission_list, name="web-submissions"),
    path("submissions/new/", submissions.submission_upload, name="web-submission-upload"),
    path("submissions/<uuid:uuid>/", submissions.submission_detail, name="web-submission"),
    path("submissions/<uuid:uuid>/progress/", rounds.submission_progress, name="web-progress"),
    path("submissions/<uuid:uuid>/lines/<id:line>/", rounds.round_detail, name="web-round"),
    path("submissions/<uuid:uuid>/report/", reports.report_ask, name="web-report-ask"),
    path("submissions/<uuid:uuid>/retry/", submissions.submission_retry_page, name="web-retry"),
    path(
        "submissions/<uuid:uuid>/withdraw/",
        submissions.submission_withdrawal_page,
        {"act": "withdraw"},
        name="web-withdraw",
    ),
    path(
        "submissions/<uuid:uuid>/reinstate/",
        submissions.submission_withdrawal_page,
        {"act": "reinstate"},
        name="web-reinstate",
    ),
    path(
        "submissions/<uuid:uuid>/withdrawal/accept/",
        submissions.submission_withdrawal_page,
        {"act": "accept"},
        name="web-withdrawal-accept",
    ),
    path(
        "submissions/<uuid:uuid>/withdrawal/refuse/",
        submissions.submission_withdrawal_page,
        {"act": "refuse"},
        name="web-withdrawal-refuse",
    ),
    path("monitoring/", monitoring.venue_list, name="web-monitoring"),
    path("monitoring/venues/<str:code>/", monitoring.venue_ledger, name="web-venue-ledger"),
    path("monitoring/venues/<str:code>/live/", live.venue_live, name="web-venue-live"),
    path("monitoring/venues/<str:code>/tokens/", tokens.venue_tokens, name="web-venue-tokens"),
    path(
        "monitoring/venues/<str:code>/tokens/new/",
        tokens.venue_token_create,
        name="web-venue-token-create",
    ),
    path(
        "monitoring/venues/<str:code>/tokens/<id:token>/revoke/",
        tokens.venue_token_revoke,
        name="web-venue-token-revoke",
    ),
    path(
        "monitoring/venues/<str:code>/live/day/",
        live.venue_live_fragment,
        name="web-venue-live-fragment",
    ),
    path("cases/", cases.case_list, name="web-cases"),
    path("cases/new/", cases.case_open, name="web-case-open"),
    path("cases/<id:pk>/", cases.case_detail, name="web-case"),
    path("cases/<id:pk>/answer/", cases.case_answer, name="web-case-answer"),
    path("cases/<id:pk>/decide/", cases.case_decide, name="web-case-decide"),
    path("cases/<id:pk>/evidence/<id:evidence>/", cases.case_evidence, name="web-case-evidence"),
    path("reports/", reports.report_list, name="web-reports"),
    path("reports/verify/", reports.report_verify_page, name="web-report-verify"),
    path("schedules/", reports.schedule_list, name="web-schedules"),
    path("schedules/<id:pk>/pause/", reports.schedule_pause, name="web-schedule-pause"),
]
