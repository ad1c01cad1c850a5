"""Django admin for administrators: users, roles and a read-mostly view of the registry.

Registry changes belong to the services (and the API); frozen records and
decided approvals are shown read-only here, and the database refuses changes
to them anyway.
"""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from games import models


@admin.register(models.Membership)
class MembershipAdmin(SimpleHistoryAdmin):
    list_display = ("user", "role", "jurisdiction", "licensee")
    list_filter = ("role", "jurisdiction")


class ReadOnlyMixin:
    """Adding, changing and deleting go through the services, not the admin."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyRegistryAdmin(ReadOnlyMixin, SimpleHistoryAdmin):
    """Immutable or service-managed records, with their history."""


class ReadOnlyAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Append-only records (par sheets, approval events)."""


for model in (
    models.RuleVersion,
    models.Paytable,
    models.Approval,
    models.ApprovalCondition,
    models.ApprovalPaytable,
    models.Authorization,
    models.ConditionMet,
):
    admin.site.register(model, ReadOnlyRegistryAdmin)

admin.site.register(models.ParSheet, ReadOnlyAdmin)
admin.site.register(models.ApprovalEvent, ReadOnlyAdmin)

for model in (
    models.Jurisdiction,
    models.OperatorClass,
    models.Regulation,
    models.WagerLimit,
    models.Manufacturer,
    models.Game,
    models.Licensee,
    models.Venue,
    models.Table,
):
    admin.site.register(model, SimpleHistoryAdmin)
