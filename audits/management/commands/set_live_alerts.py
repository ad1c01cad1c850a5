"""``manage.py set_live_alerts LICENSE_NUMBER --severity error [--no-mail] [--webhook URL]``:
what a licensee is told of its live rounds' findings. Prints the webhook's signing secret
when a webhook is set (a new one when the address changes)."""

from django.core.management.base import BaseCommand, CommandError

from audits.live.alerts import RANK, WebhookRefused, alert_setting_save
from games.models import Licensee


class Command(BaseCommand):
    help = "Set a licensee's alerts of live findings (mail to its staff, a signed webhook)."

    def add_arguments(self, parser):
        parser.add_argument("license_number")
        parser.add_argument("--severity", choices=list(RANK), default="critical")
        parser.add_argument("--no-mail", action="store_true")
        parser.add_argument("--webhook", default="", help="an https:// address")

    def handle(self, *args, **opts):
        licensee = Licensee.objects.filter(license_number=opts["license_number"]).first()
        if licensee is None:
            raise CommandError(f"no licensee {opts['license_number']!r}")
        try:
            setting, secret = alert_setting_save(
                licensee, min_severity=opts["severity"], mail_staff=not opts["no_mail"],
                webhook_url=opts["webhook"],
            )  # fmt: skip
        except (ValueError, WebhookRefused) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"{licensee.name}: findings from {setting.min_severity} up, mail "
                          f"{'on' if setting.mail_staff else 'off'}, webhook "
                          f"{setting.webhook_url or 'none'}")  # fmt: skip
        if secret:
            self.stdout.write(f"webhook signing secret (HMAC-SHA256): {secret}")
