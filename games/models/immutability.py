"""Records that can never change once frozen, in code and (by triggers) in the database.

Code refuses the change with :class:`ImmutableRecordError` before it reaches
the database; the triggers in migration ``0002_immutability_triggers`` refuse
it again for anything that bypasses the ORM (``QuerySet.update()`` on another
manager, raw SQL).
"""

from __future__ import annotations

from django.db import models

from compliance.errors import RecordConflict


class ImmutableRecordError(RecordConflict):
    """An attempt to edit or delete a frozen registry record."""


class FreezableQuerySet(models.QuerySet):
    def update(self, **kwargs):
        frozen = self.filter(frozen=True)
        if frozen.exists():
            raise ImmutableRecordError(_message(self.model, frozen.first()))
        return super().update(**kwargs)

    def delete(self):
        frozen = self.filter(frozen=True)
        if frozen.exists():
            raise ImmutableRecordError(_message(self.model, frozen.first()))
        return super().delete()


class Freezable(models.Model):
    """A record that may be edited as a draft and is immutable once frozen."""

    frozen = models.BooleanField(
        default=False, help_text="Frozen records can never be edited or deleted."
    )

    objects = FreezableQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self._frozen_in_database():
            raise ImmutableRecordError(_message(type(self), self))
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        if self._frozen_in_database():
            raise ImmutableRecordError(_message(type(self), self))
        return super().delete(*args, **kwargs)

    def _frozen_in_database(self) -> bool:
        return bool(self.pk) and type(self)._base_manager.filter(pk=self.pk, frozen=True).exists()


class AppendOnlyQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableRecordError(f"{self.model._meta.verbose_name} records are append-only")

    def delete(self):
        raise ImmutableRecordError(f"{self.model._meta.verbose_name} records are append-only")


class AppendOnly(models.Model):
    """A record written once (events, computed par sheets) and never changed."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk and type(self)._base_manager.filter(pk=self.pk).exists():
            raise ImmutableRecordError(f"{self._meta.verbose_name} records are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRecordError(f"{self._meta.verbose_name} records are append-only")


def _message(model, record) -> str:
    return (
        f"{model._meta.verbose_name} {record} is frozen (approved records never change); "
        "create a new version instead"
    )
