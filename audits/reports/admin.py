"""Django admin: audit reports, shown read-only to administrators.

A report is created by the report task and never changes once issued (the database refuses
it anyway).  The report schedules are django-celery-beat's own admin (Periodic tasks), where
they are edited.
"""

from django.contrib import admin

from audits.reports.models import Report
from games.admin import ReadOnlyAdmin


@admin.register(Report)
class ReportAdmin(ReadOnlyAdmin):
    list_display = ("uuid", "kind", "jurisdiction", "venue", "period", "status", "issued_at")
    list_filter = ("kind", "status", "jurisdiction")
    search_fields = ("uuid", "sha256", "period")
    exclude = ("figures",)
