"""The reports room's models, taken over from the ``audits`` app as they were at its
0015 (its 0016 lets them go): Django's state only.  The tables exist already
(``audits_*``, created by ``audits`` 0001 to 0015) and keep their names; nothing in the
database changes but the content types' app labels."""

import django.db.models.deletion
import uuid
from django.conf import settings
from django.db import migrations, models


def _relabel(apps, models: list[str], old: str, new: str) -> None:
    content_types = apps.get_model("contenttypes", "ContentType").objects
    for model in models:
        if content_types.filter(app_label=old, model=model).exists():
            # a type made afresh for the new label (by an earlier migrate) gives way to the old
            # one, which carries the permissions and log entries
            content_types.filter(app_label=new, model=model).delete()
            content_types.filter(app_label=old, model=model).update(app_label=new)


def content_types_relabelled(models: list[str], *, old: str, new: str) -> migrations.RunPython:
    """The operation that moves ``models``' content types from app ``old`` to ``new`` (and
    back if the migration is reversed), so the permissions and admin log entries that point
    at them follow them."""
    return migrations.RunPython(
        lambda apps, _editor: _relabel(apps, models, old, new),
        lambda apps, _editor: _relabel(apps, models, new, old),
    )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("audits", "0016_models_to_their_rooms"),
        ("contenttypes", "0002_remove_content_type_name"),
        ('games', '0005_jurisdiction_monitoring_rules'),
        ('submissions', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Report',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                        ('kind', models.CharField(choices=[('submission', 'one submission'), ('venue', 'a venue over a period'), ('jurisdiction', 'a jurisdiction over a period')], max_length=20)),
                        ('period', models.CharField(blank=True, help_text='2026-10 or 2026-Q3', max_length=20)),
                        ('period_start', models.DateField(blank=True, null=True)),
                        ('period_end', models.DateField(blank=True, help_text='last day, inclusive', null=True)),
                        ('requested_via', models.CharField(help_text='a user, a schedule, a command', max_length=100)),
                        ('requested_at', models.DateTimeField(auto_now_add=True)),
                        ('status', models.CharField(choices=[('queued', 'Queued'), ('running', 'Running'), ('done', 'Done'), ('failed', 'Failed')], default='queued', max_length=20)),
                        ('failure_reason', models.TextField(blank=True)),
                        ('attempts', models.IntegerField(default=0)),
                        ('started_at', models.DateTimeField(blank=True, null=True)),
                        ('issued_at', models.DateTimeField(blank=True, null=True)),
                        ('pdf_file', models.CharField(blank=True, help_text='path under MEDIA_ROOT', max_length=300)),
                        ('sha256', models.CharField(blank=True, db_index=True, max_length=64)),
                        ('figures', models.JSONField(blank=True, default=dict, help_text="the PDF's JSON twin")),
                        ('jurisdiction', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='reports', to='games.jurisdiction')),
                        ('licensee', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reports', to='games.licensee')),
                        ('replaces', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='replaced_by', to='reports.report')),
                        ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('submission', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reports', to='submissions.submission')),
                        ('venue', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='reports', to='games.venue')),
                    ],
                    options={
                        'db_table': 'audits_report',
                        'ordering': ['-requested_at'],
                    },
                ),
            ],
        ),
        content_types_relabelled(['report'], old="audits", new="reports"),
    ]
