"""What every view of the registry API shares: error responses, the write check, base viewsets."""

from __future__ import annotations

from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiResponse
from rest_framework import mixins, status, viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import JSONParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from games import access
from games.api import serializers
from games.api.pagination import RegistryPagination
from games.api.permissions import HasRegistryRole, ReviewersWrite
from games.models import Jurisdiction

ERROR = serializers.ApiErrorSerializer
WRITE_ERRORS = {
    400: OpenApiResponse(ERROR, description="invalid input, or refused by the registry's rules"),
    403: OpenApiResponse(ERROR, description="not a reviewer of the jurisdiction concerned"),
}
NOT_FOUND = {404: OpenApiResponse(ERROR, description="no such record that you may see")}


def _require_manage(user, jurisdiction: Jurisdiction) -> None:
    if not access.user_can_manage_registry(user, jurisdiction):
        managed = access.jurisdiction_managed_by(user)
        where = f"only the registry of {managed.code}" if managed else "nothing"
        raise PermissionDenied(f"you may change {where}")


class RegistryViewSet(viewsets.GenericViewSet):
    """Lists and details of what the requesting user may see (:mod:`games.access`)."""

    permission_classes = [IsAuthenticated, HasRegistryRole, ReviewersWrite]
    pagination_class = RegistryPagination
    filter_backends = [DjangoFilterBackend]
    lookup_value_converter = "id"  # compliance.converters: within the bigint range
    parser_classes = [JSONParser]
    #: the model (for the schema, which is generated without a user)
    model: type = None
    #: serializer per action; "default" for the rest
    serializer_classes: dict[str, type] = {}

    def get_serializer_class(self):
        action = self.action
        if action == "metadata" and self.request.method == "POST":  # OPTIONS describes POST
            action = "create"
        return self.serializer_classes.get(action, self.serializer_classes["default"])

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.model.objects.none()
        return self.visible_records(self.request.user)

    def visible_records(self, user):
        """What ``user`` may see (a selector of :mod:`games.access`), ready to serialize."""
        raise NotImplementedError

    def created(self, instance, serializer_class=None) -> Response:
        """201 with the new record, read back as its reader would see it."""
        instance = self.visible_records(self.request.user).get(pk=instance.pk)
        serializer_class = serializer_class or self.serializer_classes.get(
            "retrieve", self.serializer_classes["default"]
        )
        data = serializer_class(instance, context=self.get_serializer_context()).data
        return Response(data, status=status.HTTP_201_CREATED)

    def validated(self, serializer_class, **kwargs) -> dict:
        serializer = serializer_class(
            data=self.request.data, context=self.get_serializer_context(), **kwargs
        )
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class ListDetailViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, RegistryViewSet):
    pass
