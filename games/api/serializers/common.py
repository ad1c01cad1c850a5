"""What every serializer of the registry API shares: the error shape and field helpers."""

from __future__ import annotations

from rest_framework import serializers

from compliance.dates import MAX_ID

# --------------------------------------------------------------------------- errors


class ApiErrorSerializer(serializers.Serializer):
    """Every error answer (see ``compliance/api_errors.py``)."""

    message = serializers.CharField()
    field = serializers.CharField(allow_null=True, help_text="the field to blame, if any")
    errors = serializers.JSONField(required=False, help_text="every message, by field")


# --------------------------------------------------------------------------- helpers


def _code_of(source: str | None = None, **kwargs) -> serializers.SlugRelatedField:
    """A related record's code (``source``: the relation, unless the field is named after it)."""
    if source:
        kwargs["source"] = source
    return serializers.SlugRelatedField(slug_field="code", read_only=True, **kwargs)


class VisibleRecordField(serializers.PrimaryKeyRelatedField):
    """A record's id, looked up among the records the requesting user may see.

    A record outside the user's scope reads as one that does not exist.
    """

    default_error_messages = {
        "does_not_exist": "no record with id {pk_value} that you may see",
    }

    def __init__(self, model, selector, **kwargs):
        self.selector = selector
        kwargs.setdefault("queryset", model.objects.all())
        kwargs.setdefault("pk_field", serializers.IntegerField(min_value=1, max_value=MAX_ID))
        super().__init__(**kwargs)

    def get_queryset(self):
        request = self.context.get("request")
        return self.selector(getattr(request, "user", None))
