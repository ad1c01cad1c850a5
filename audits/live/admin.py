"""Django admin: live rounds, read-only. Tokens are made and revoked by their command (the
secret is shown once there), alerts set by theirs; the webhook secret is never shown here."""

from django.contrib import admin

from audits.live.models import AlertSetting, LiveDay, Receipt, TableToken
from games.admin import ReadOnlyAdmin


@admin.register(TableToken)
class TableTokenAdmin(ReadOnlyAdmin):
    list_display = ("venue", "name", "prefix", "created_at", "revoked_at")
    exclude = ("key_sha256",)


@admin.register(LiveDay)
class LiveDayAdmin(ReadOnlyAdmin):
    list_display = ("venue", "gaming_day", "part", "opened_at", "closed_at")
    list_filter = ("venue",)


@admin.register(Receipt)
class ReceiptAdmin(ReadOnlyAdmin):
    list_display = ("venue", "table", "gaming_day", "seq", "rounds", "received_at", "hash")
    list_filter = ("venue", "table")


@admin.register(AlertSetting)
class AlertSettingAdmin(ReadOnlyAdmin):
    list_display = ("licensee", "min_severity", "mail_staff", "webhook_url")
    exclude = ("webhook_secret",)
