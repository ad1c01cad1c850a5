"""``manage.py create_report_schedules JURISDICTION``: the usual report schedules.

Each venue's report for the previous month on the 2nd of every month at
06:00, and the jurisdiction's summary for the previous quarter on the 2nd of
January, April, July and October, local time.  They are django-celery-beat
periodic tasks: reviewers edit or pause them in the admin; running this again
updates them rather than adding more.
"""

from django.core.management.base import BaseCommand, CommandError

from audits.reports.schedules import report_schedules_for
from games.models import Jurisdiction


class Command(BaseCommand):
    help = "Create (or update) the monthly venue and quarterly jurisdiction report schedules."

    def add_arguments(self, parser):
        parser.add_argument("jurisdiction", help="a jurisdiction code, e.g. wa-wsgc")

    def handle(self, *args, **opts):
        jurisdiction = Jurisdiction.objects.filter(code=opts["jurisdiction"]).first()
        if jurisdiction is None:
            raise CommandError(f"no jurisdiction {opts['jurisdiction']!r}")
        for task in report_schedules_for(jurisdiction):
            self.stdout.write(f"schedule {task.name!r}: {task.crontab} -> {task.kwargs}")
