"""Django admin: live rounds, read-only but for revoking table tokens (an action). Tokens are
made by their command or the staff's page (the secret is shown once there), alerts set by
theirs; no secret, the webhook's included, is ever shown here."""

from django.contrib import admin, messages

from audits.live.models import AlertSetting, LiveDay, Receipt, TableToken
from audits.live.tokens import table_token_revoke
from games.admin import ReadOnlyAdmin


@admin.register(TableToken)
class TableTokenAdmin(ReadOnlyAdmin):
    list_display = ("venue", "name", "prefix", "created_at", "expires_at", "revoked_at")
    list_filter = ("venue",)
    exclude = ("key_sha256",)
    actions = ["revoke"]

    @admin.action(description="Revoke the selected table tokens")
    def revoke(self, request, queryset):
        revoked = sum(table_token_revoke(token, by=request.user) for token in queryset)
        messages.success(request, f"{revoked} table token(s) revoked")


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
