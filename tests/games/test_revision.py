"""The registry's revision: one query, the digest of every registry model's history."""

import hashlib

from django.apps import apps
from django.db.models import Count, Max

from games.models import Table
from games.revision import registry_revision


def _revision_model_by_model() -> str:
    """The revision as first written: one aggregate per registry model's history."""
    digest = hashlib.sha256()
    for model in sorted(apps.get_app_config("games").get_models(), key=lambda m: m.__name__):
        history = getattr(model, "history", None)
        if history is None or not hasattr(history, "model"):
            continue
        last = history.model.objects.aggregate(last=Max("history_id"), rows=Count("history_id"))
        digest.update(f"{model.__name__}:{last['last']}:{last['rows']}\n".encode())
    return digest.hexdigest()


def test_the_revision_is_read_in_one_query(registry, django_assert_num_queries):
    with django_assert_num_queries(1):
        registry_revision()


def test_the_revision_is_the_digest_kept_checks_were_made_with(registry):
    """The same digest as one aggregate per model (empty histories among them), so that
    the gaming days' checks kept before still hold."""
    assert registry_revision() == _revision_model_by_model()


def test_any_change_to_the_registry_changes_the_revision(registry):
    before = registry_revision()
    table = Table.objects.create(venue=registry.venue, code="T8")
    created = registry_revision()
    table.delete()
    deleted = registry_revision()
    assert len({before, created, deleted}) == 3
    assert deleted == _revision_model_by_model()
