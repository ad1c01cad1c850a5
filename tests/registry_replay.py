"""The shipped registry in a test's database at a fraction of a load's cost.

``load_registry`` of the Washington and demo files makes about 200 queries (each record
matched by its natural key, then created through the services: history, events, par sheets)
and 0.4 s; some 700 tests start from it. The first test of a process that asks runs the real
load and keeps the rows it added, every field as stored; each later test inserts the same
rows again, in one statement a table, children before the records they point to (the
foreign keys are checked at commit, and an approval's paytables and conditions may only be
inserted while it is still open). The rows are those of a real load of the same files by the
same code, so a test cannot tell them apart, but for their times (the first load's). They
are kept only from a load into a registry that was empty (else records the load found already
there would be missing from them).

Where the rows cannot go in as they are (a test made a record with one of their keys before),
the real load runs instead.
"""

from __future__ import annotations

from collections.abc import Callable

from django.apps import apps
from django.db import IntegrityError, connection, models, transaction

#: per model, the rows the first load added (each a dict of column attribute to value)
_ROWS: dict[type[models.Model], list[dict]] | None = None


def registry_replay(load: Callable[[], object]) -> None:
    """The rows of ``load()`` in the database: its first call's rows inserted again, or
    ``load()`` itself the first time and wherever they would collide."""
    global _ROWS
    if _ROWS is None:
        before = {model: _keys(model) for model in _models()}
        load()
        if not any(before[model] for model in before if model._meta.app_label == "games"):
            rows = {model: _new_rows(model, before[model]) for model in before}
            _ROWS = {model: kept for model, kept in rows.items() if kept}
        return
    try:
        with transaction.atomic():
            _insert(_ROWS)
    except IntegrityError:
        load()


def _models() -> list[type[models.Model]]:
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy
    ]


def _keys(model) -> set:
    return set(model._base_manager.values_list("pk", flat=True))


def _new_rows(model, before: set) -> list[dict]:
    columns = [field.attname for field in model._meta.concrete_fields]
    rows = model._base_manager.exclude(pk__in=before) if before else model._base_manager.all()
    return list(rows.order_by("pk").values(*columns))


def _insert(rows: dict[type[models.Model], list[dict]]) -> None:
    for model in _children_first(rows):
        kept = rows[model]
        keys = [row[model._meta.pk.attname] for row in kept]
        if model._base_manager.filter(pk__in=keys).exists():
            raise IntegrityError(f"{model._meta.label}: a row with one of the registry's keys")
        model._base_manager.bulk_create([model(**row) for row in kept])
    if connection.vendor == "postgresql":
        _sequences_past(list(rows))


def _children_first(rows) -> list[type[models.Model]]:
    """The models, each before every model it has a foreign key to (among them)."""
    order: list[type[models.Model]] = []
    seen: set = set()

    def visit(model) -> None:
        if model in seen:
            return
        seen.add(model)
        for other in rows:
            if other is not model and _points_to(other, model):
                visit(other)
        order.append(model)

    for model in rows:
        visit(model)
    return order


def _points_to(model, target) -> bool:
    return any(
        field.related_model is target
        for field in model._meta.concrete_fields
        if isinstance(field, models.ForeignKey)
    )


def _sequences_past(models_: list) -> None:
    """Each table's id sequence past its largest id (sequences outlive the tests'
    rollbacks, so they are ahead already unless a test reset them)."""
    with connection.cursor() as cursor:
        for model in models_:
            table, column = model._meta.db_table, model._meta.pk.column
            cursor.execute(
                "SELECT setval(pg_get_serial_sequence(%s, %s), "
                f"GREATEST((SELECT max({connection.ops.quote_name(column)}) "
                f"FROM {connection.ops.quote_name(table)}), "
                "nextval(pg_get_serial_sequence(%s, %s))))",
                [table, column, table, column],
            )
