"""The submissions room's models, taken over from the ``audits`` app as they were at its
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
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Chunk',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('index', models.IntegerField()),
                        ('first_line', models.BigIntegerField()),
                        ('start_offset', models.BigIntegerField()),
                        ('end_offset', models.BigIntegerField()),
                        ('line_marks', models.BinaryField(default=b'', help_text="where every 64th line of the file starts, of the chunk's lines (int64 little-endian): a line is found without reading the chunk from its start")),
                        ('done', models.BooleanField(default=False)),
                        ('lines', models.IntegerField(default=0)),
                        ('rounds', models.IntegerField(default=0)),
                        ('rejected', models.IntegerField(default=0)),
                        ('findings_unstored', models.JSONField(blank=True, default=dict, help_text='code -> count')),
                        ('rounds_with_findings', models.IntegerField(default=0, help_text='not counting duplicates')),
                        ('attempts', models.IntegerField(default=0)),
                        ('done_at', models.DateTimeField(blank=True, null=True)),
                        ('first_played_at', models.DateTimeField(blank=True, null=True)),
                        ('last_played_at', models.DateTimeField(blank=True, null=True)),
                    ],
                    options={
                        'db_table': 'audits_chunk',
                        'ordering': ['submission', 'index'],
                    },
                ),
                migrations.CreateModel(
                    name='ChunkDealer',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('venue', models.CharField(max_length=40)),
                        ('table', models.CharField(max_length=40)),
                        ('game', models.CharField(max_length=60)),
                        ('gaming_day', models.DateField()),
                        ('dealer', models.CharField(max_length=64)),
                        ('wager_key', models.CharField(blank=True, default='', max_length=40)),
                        ('rounds', models.BigIntegerField(default=0)),
                        ('wagers', models.BigIntegerField(default=0)),
                        ('wagered', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('net_result', models.DecimalField(decimal_places=2, default=0, help_text='sum of recorded net results (player)', max_digits=16)),
                        ('stake_squares', models.DecimalField(decimal_places=4, default=0, max_digits=28)),
                        ('chunk', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='dealers', to='submissions.chunk')),
                    ],
                    options={
                        'db_table': 'audits_chunkdealer',
                    },
                ),
                migrations.CreateModel(
                    name='ChunkSeat',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('venue', models.CharField(max_length=40)),
                        ('table', models.CharField(max_length=40)),
                        ('game', models.CharField(max_length=60)),
                        ('gaming_day', models.DateField()),
                        ('seat_1', models.BigIntegerField(default=0)),
                        ('seat_2', models.BigIntegerField(default=0)),
                        ('seat_3', models.BigIntegerField(default=0)),
                        ('seat_4', models.BigIntegerField(default=0)),
                        ('seat_5', models.BigIntegerField(default=0)),
                        ('seat_6', models.BigIntegerField(default=0)),
                        ('seat_7', models.BigIntegerField(default=0)),
                        ('chunk', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='submissions.chunk')),
                    ],
                    options={
                        'db_table': 'audits_chunkseat',
                    },
                ),
                migrations.CreateModel(
                    name='ChunkTotal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('venue', models.CharField(max_length=40)),
                        ('table', models.CharField(max_length=40)),
                        ('game', models.CharField(max_length=60)),
                        ('wager_key', models.CharField(max_length=40)),
                        ('wagers', models.BigIntegerField(default=0, help_text='wagers placed')),
                        ('wagered', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('net_result', models.DecimalField(decimal_places=2, default=0, help_text='sum of recorded net results (player)', max_digits=16)),
                        ('paid_out', models.DecimalField(decimal_places=2, default=0, help_text='sum of recorded wins', max_digits=16)),
                        ('stake_squares', models.DecimalField(decimal_places=4, default=0, help_text='sum of the stakes squared: how unequal the stakes are (the deviation test)', max_digits=28)),
                        ('overpaid', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('underpaid', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('gaming_day', models.DateField(help_text="the venue's; none for an unknown venue", null=True)),
                        ('rounds', models.BigIntegerField(default=0)),
                        ('chunk', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='totals', to='submissions.chunk')),
                    ],
                    options={
                        'db_table': 'audits_chunktotal',
                    },
                ),
                migrations.CreateModel(
                    name='Submission',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                        ('sha256', models.CharField(db_index=True, max_length=64)),
                        ('raw_file', models.CharField(help_text='path under MEDIA_ROOT, never modified', max_length=300)),
                        ('original_name', models.CharField(max_length=255)),
                        ('size_bytes', models.BigIntegerField()),
                        ('compressed', models.BooleanField(default=False)),
                        ('submitted_via', models.CharField(default='api', max_length=20)),
                        ('submitted_at', models.DateTimeField(auto_now_add=True)),
                        ('status', models.CharField(choices=[('queued', 'Queued'), ('validating', 'Validating'), ('done', 'Done'), ('failed', 'Failed')], default='queued', max_length=20)),
                        ('failure_reason', models.TextField(blank=True)),
                        ('lines_total', models.BigIntegerField(default=0)),
                        ('rounds_total', models.BigIntegerField(default=0)),
                        ('rounds_done', models.BigIntegerField(default=0)),
                        ('rejected_lines', models.BigIntegerField(default=0)),
                        ('clean_rounds', models.BigIntegerField(default=0)),
                        ('finding_count', models.BigIntegerField(default=0, help_text='stored and counted only')),
                        ('findings_stored', models.BigIntegerField(default=0)),
                        ('findings_unstored', models.JSONField(blank=True, default=dict, help_text='findings over AUDITS_FINDINGS_STORED, counted by code and not stored')),
                        ('chunk_count', models.IntegerField(default=0)),
                        ('started_at', models.DateTimeField(blank=True, null=True)),
                        ('finished_at', models.DateTimeField(blank=True, null=True)),
                        ('first_played_at', models.DateTimeField(blank=True, help_text='earliest round', null=True)),
                        ('last_played_at', models.DateTimeField(blank=True, help_text='latest round', null=True)),
                        ('licensee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='submissions', to='games.licensee')),
                        ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'audits_submission',
                        'ordering': ['-submitted_at'],
                    },
                ),
                migrations.CreateModel(
                    name='RoundKeys',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('venue', models.CharField(max_length=40)),
                        ('table', models.CharField(max_length=40)),
                        ('game', models.CharField(max_length=60)),
                        ('count', models.IntegerField()),
                        ('keys', models.BinaryField(help_text='sorted 64-bit round keys, little-endian')),
                        ('lines', models.BinaryField(help_text="each round's line, 32-bit little-endian")),
                        ('played', models.BinaryField(help_text="each round's time, microseconds since 1970 UTC")),
                        ('ids', models.BinaryField(help_text="the round ids' UTF-8 bytes, one after the other (zlib)")),
                        ('id_ends', models.BinaryField(help_text='where each id ends in ids, 32-bit little-endian')),
                        ('chunk', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='submissions.chunk')),
                        ('submission', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='round_keys', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_roundkeys',
                    },
                ),
                migrations.CreateModel(
                    name='Finding',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('line', models.BigIntegerField()),
                        ('round_id', models.CharField(blank=True, max_length=200)),
                        ('venue', models.CharField(blank=True, max_length=40)),
                        ('table', models.CharField(blank=True, max_length=40)),
                        ('game', models.CharField(blank=True, max_length=60)),
                        ('played_at', models.DateTimeField(blank=True, null=True)),
                        ('seat', models.SmallIntegerField(blank=True, null=True)),
                        ('wager_key', models.CharField(blank=True, max_length=40)),
                        ('code', models.CharField(max_length=60)),
                        ('group', models.CharField(max_length=20)),
                        ('severity', models.CharField(max_length=20)),
                        ('message', models.TextField()),
                        ('rule', models.TextField()),
                        ('expected', models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True)),
                        ('recorded', models.DecimalField(blank=True, decimal_places=2, max_digits=14, null=True)),
                        ('dealer', models.CharField(blank=True, help_text='who dealt, if the log says', max_length=64)),
                        ('shift', models.CharField(blank=True, max_length=64)),
                        ('chunk', models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='submissions.chunk')),
                        ('submission', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='findings', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_finding',
                        'ordering': ['submission', 'line', 'seat', 'wager_key', 'code'],
                    },
                ),
                migrations.AddField(
                    model_name='chunk',
                    name='submission',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chunks', to='submissions.submission'),
                ),
                migrations.CreateModel(
                    name='SubmissionTotal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('venue', models.CharField(max_length=40)),
                        ('table', models.CharField(max_length=40)),
                        ('game', models.CharField(max_length=60)),
                        ('wager_key', models.CharField(max_length=40)),
                        ('wagers', models.BigIntegerField(default=0, help_text='wagers placed')),
                        ('wagered', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('net_result', models.DecimalField(decimal_places=2, default=0, help_text='sum of recorded net results (player)', max_digits=16)),
                        ('paid_out', models.DecimalField(decimal_places=2, default=0, help_text='sum of recorded wins', max_digits=16)),
                        ('stake_squares', models.DecimalField(decimal_places=4, default=0, help_text='sum of the stakes squared: how unequal the stakes are (the deviation test)', max_digits=28)),
                        ('overpaid', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('underpaid', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('rounds', models.BigIntegerField(default=0)),
                        ('clean_rounds', models.BigIntegerField(default=0)),
                        ('findings_by_code', models.JSONField(default=dict)),
                        ('submission', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='totals', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_submissiontotal',
                        'ordering': ['submission', 'venue', 'table', 'game', 'wager_key'],
                    },
                ),
                migrations.AddConstraint(
                    model_name='submission',
                    constraint=models.UniqueConstraint(fields=('licensee', 'sha256'), name='uniq_submission_file_per_licensee'),
                ),
                migrations.AddIndex(
                    model_name='roundkeys',
                    index=models.Index(fields=['venue', 'table'], name='audits_roundkeys_place'),
                ),
                migrations.AddIndex(
                    model_name='finding',
                    index=models.Index(fields=['submission', 'code'], name='audits_find_submiss_bffe7b_idx'),
                ),
                migrations.AddIndex(
                    model_name='finding',
                    index=models.Index(fields=['submission', 'line'], name='audits_find_submiss_09ec00_idx'),
                ),
                migrations.AddIndex(
                    model_name='finding',
                    index=models.Index(fields=['submission', 'group'], name='audits_find_submiss_935020_idx'),
                ),
                migrations.AddConstraint(
                    model_name='chunk',
                    constraint=models.UniqueConstraint(fields=('submission', 'index'), name='uniq_chunk_index'),
                ),
            ],
        ),
        content_types_relabelled(['chunk', 'chunkdealer', 'chunkseat', 'chunktotal', 'finding', 'roundkeys', 'submission', 'submissiontotal'], old="audits", new="submissions"),
    ]
