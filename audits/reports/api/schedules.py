"""Report schedules over HTTP, for commission reviewers: list, create, pause or resume, delete.

A schedule belongs to the jurisdiction of its scope; a reviewer sees and
changes only their jurisdiction's (others answer 404).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django_celery_beat.models import PeriodicTask
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.exceptions import ValidationError as BadRequest
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from audits.doors.api import ERROR
from audits.reports.periods import PeriodError
from audits.reports.schedules import (
    OutOfScope,
    ScheduleNameTaken,
    report_schedule_create,
    report_schedule_jurisdiction,
    report_schedule_pause,
    report_schedule_row,
    report_schedules_of,
)
from compliance.api_times import LocalDateTimeField
from games.access import jurisdiction_managed_by


class ScheduleSerializer(serializers.Serializer):
    """A report schedule: which report, for which period, and when (cron fields, local time)."""

    id = serializers.IntegerField(read_only=True)
    name = serializers.CharField(max_length=150)
    kind = serializers.ChoiceField(choices=["venue", "jurisdiction"])
    scope = serializers.CharField(max_length=40, help_text="a venue code or the jurisdiction's")
    period = serializers.CharField(
        max_length=20, help_text="previous_month, previous_quarter, or 2026-10 / 2026-Q3"
    )
    minute = serializers.CharField(max_length=60, default="0")
    hour = serializers.CharField(max_length=60, default="6")
    day_of_month = serializers.CharField(max_length=60, default="2")
    month_of_year = serializers.CharField(max_length=60, default="*")
    day_of_week = serializers.CharField(max_length=60, default="*")
    in_words = serializers.CharField(read_only=True, help_text="when, in words (local time)")
    next_run_at = LocalDateTimeField(
        read_only=True, allow_null=True, help_text="the next run, local time; null while paused"
    )
    enabled = serializers.BooleanField(read_only=True)
    last_run_at = LocalDateTimeField(
        read_only=True, allow_null=True, help_text="in the jurisdiction's time zone"
    )


class PauseSerializer(serializers.Serializer):
    paused = serializers.BooleanField()


class _NameTaken(BadRequest):
    status_code = status.HTTP_409_CONFLICT


class _ReviewerView(APIView):
    permission_classes = [IsAuthenticated]

    def jurisdiction(self):
        jurisdiction = jurisdiction_managed_by(self.request.user)
        if jurisdiction is None:
            raise PermissionDenied("only commission reviewers manage report schedules")
        return jurisdiction


class ScheduleListView(_ReviewerView):
    """Report schedules of the reviewer's jurisdiction; POST creates one (409 if its name is
    taken: an existing schedule is paused or deleted, never overwritten)."""

    @extend_schema(responses={200: ScheduleSerializer(many=True)})
    def get(self, request):
        tasks = report_schedules_of(self.jurisdiction())
        return Response(ScheduleSerializer([report_schedule_row(t) for t in tasks], many=True).data)

    @extend_schema(
        request=ScheduleSerializer,
        responses={
            201: ScheduleSerializer,
            400: OpenApiResponse(ERROR, description="a field Celery would reject, named"),
            403: ERROR,
            409: OpenApiResponse(ERROR, description="a schedule of that name exists"),
        },
    )
    def post(self, request):
        jurisdiction = self.jurisdiction()
        form = ScheduleSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        cron = {k: data[k] for k in ("minute", "hour", "day_of_month", "month_of_year")}
        cron["day_of_week"] = data["day_of_week"]
        try:
            task = report_schedule_create(
                name=data["name"], kind=data["kind"], scope=data["scope"],
                period=data["period"], crontab=cron, zone=jurisdiction.timezone,
                within=jurisdiction,
            )  # fmt: skip
        except ValidationError as exc:
            detail = exc.message_dict if hasattr(exc, "error_dict") else exc.messages
            raise BadRequest(detail) from exc
        except PeriodError as exc:
            raise BadRequest({"period": str(exc)}) from exc
        except OutOfScope as exc:
            raise NotFound("no such venue or jurisdiction") from exc
        except ScheduleNameTaken as exc:
            raise _NameTaken(
                {
                    "name": f"a schedule named {exc} exists: pause or delete it, or choose "
                    "another name"
                }
            ) from exc
        return Response(
            ScheduleSerializer(report_schedule_row(task)).data, status=status.HTTP_201_CREATED
        )


class ScheduleDetailView(_ReviewerView):
    """One schedule: pause or resume it (PATCH ``paused``), or delete it."""

    def task(self, pk: int) -> PeriodicTask:
        task = PeriodicTask.objects.filter(pk=pk).select_related("crontab").first()
        if task is None or report_schedule_jurisdiction(task) != self.jurisdiction():
            raise NotFound("no such schedule")
        return task

    @extend_schema(responses={200: ScheduleSerializer, 404: ERROR})
    def get(self, request, pk: int):
        return Response(ScheduleSerializer(report_schedule_row(self.task(pk))).data)

    @extend_schema(request=PauseSerializer, responses={200: ScheduleSerializer, 404: ERROR})
    def patch(self, request, pk: int):
        form = PauseSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        task = report_schedule_pause(self.task(pk), form.validated_data["paused"])
        return Response(ScheduleSerializer(report_schedule_row(task)).data)

    @extend_schema(responses={204: None, 404: ERROR})
    def delete(self, request, pk: int):
        self.task(pk).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)
