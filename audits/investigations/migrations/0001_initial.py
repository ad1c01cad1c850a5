"""The investigations room's models, taken over from the ``audits`` app as they were at its
0015 (its 0016 lets them go): Django's state only.  The tables exist already
(``audits_*``, created by ``audits`` 0001 to 0015) and keep their names; nothing in the
database changes but the content types' app labels."""

import django.db.models.deletion
import django.utils.timezone
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
        ('monitoring', '0001_initial'),
        ('submissions', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Case',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('title', models.CharField(max_length=200)),
                        ('status', models.CharField(choices=[('awaiting_licensee', "awaiting the licensee's answer"), ('awaiting_reviewer', 'awaiting the reviewer'), ('escalated', 'escalated, awaiting the reviewer'), ('closed', 'closed')], max_length=20)),
                        ('outcome', models.CharField(blank=True, choices=[('corrected', 'resolved: corrected by the licensee'), ('data_error', 'resolved: a data error, no player affected'), ('no_fault', 'no fault found'), ('violation', 'violation: referred for enforcement'), ('withdrawn', 'withdrawn: opened in error')], max_length=20)),
                        ('opened_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('closed_at', models.DateTimeField(blank=True, null=True)),
                        ('deviations', models.ManyToManyField(blank=True, related_name='cases', to='monitoring.deviation')),
                        ('findings', models.ManyToManyField(blank=True, related_name='cases', to='submissions.finding')),
                        ('licensee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='games.licensee')),
                        ('opened_by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'audits_case',
                        'ordering': ['-opened_at'],
                    },
                ),
                migrations.CreateModel(
                    name='CaseStep',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('opened', 'opened'), ('answered', 'answered'), ('asked_again', 'asked again'), ('escalated', 'escalated'), ('accepted', 'answer accepted and closed'), ('closed', 'closed')], max_length=20)),
                        ('at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('role', models.CharField(max_length=20)),
                        ('text', models.TextField(help_text='the explanation, question or decision in words')),
                        ('cause', models.CharField(blank=True, choices=[('dealer_error', 'dealer error'), ('misread_card', 'misread card'), ('data_error', 'data error in the table system'), ('procedure', 'procedure not followed'), ('not_an_error', 'not an error: the round was right'), ('other', 'other (explained)')], max_length=20)),
                        ('corrective_action', models.TextField(blank=True)),
                        ('outcome', models.CharField(blank=True, choices=[('corrected', 'resolved: corrected by the licensee'), ('data_error', 'resolved: a data error, no player affected'), ('no_fault', 'no fault found'), ('violation', 'violation: referred for enforcement'), ('withdrawn', 'withdrawn: opened in error')], max_length=20)),
                        ('status_after', models.CharField(choices=[('awaiting_licensee', "awaiting the licensee's answer"), ('awaiting_reviewer', 'awaiting the reviewer'), ('escalated', 'escalated, awaiting the reviewer'), ('closed', 'closed')], max_length=20)),
                        ('by', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('case', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='steps', to='investigations.case')),
                    ],
                    options={
                        'db_table': 'audits_casestep',
                        'ordering': ['case', 'at', 'pk'],
                    },
                ),
                migrations.CreateModel(
                    name='CaseEvidence',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(help_text='the name it was sent under', max_length=255)),
                        ('path', models.CharField(help_text='under MEDIA_ROOT, named by its digest', max_length=300)),
                        ('size', models.BigIntegerField()),
                        ('sha256', models.CharField(max_length=64)),
                        ('step', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='evidence', to='investigations.casestep')),
                    ],
                    options={
                        'db_table': 'audits_caseevidence',
                        'ordering': ['step', 'pk'],
                    },
                ),
                migrations.AddIndex(
                    model_name='case',
                    index=models.Index(fields=['licensee', 'status'], name='audits_case_license_be8a22_idx'),
                ),
            ],
        ),
        content_types_relabelled(['case', 'caseevidence', 'casestep'], old="audits", new="investigations"),
    ]
