"""The monitoring room's models, taken over from the ``audits`` app as they were at its
0015 (its 0016 lets them go): Django's state only.  The tables exist already
(``audits_*``, created by ``audits`` 0001 to 0015) and keep their names; nothing in the
database changes but the content types' app labels."""

import django.db.models.deletion
import django.utils.timezone
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
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='DealerDay',
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
                        ('licensee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='games.licensee')),
                        ('submission', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='dealer_days', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_dealerday',
                        'indexes': [models.Index(fields=['licensee', 'venue', 'gaming_day'], name='audits_deal_license_c5775a_idx')],
                    },
                ),
                migrations.CreateModel(
                    name='Deviation',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('venue', models.CharField(max_length=40)),
                        ('table', models.CharField(blank=True, help_text='empty: the whole venue', max_length=40)),
                        ('game', models.CharField(max_length=60)),
                        ('wager_key', models.CharField(max_length=40)),
                        ('period', models.CharField(choices=[('day', 'gaming day'), ('month_to_date', 'month to date'), ('year_to_date', 'year to date')], max_length=20)),
                        ('first_day', models.DateField()),
                        ('last_day', models.DateField()),
                        ('wagers', models.BigIntegerField()),
                        ('wagered', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('house_won', models.DecimalField(decimal_places=2, default=0, max_digits=16)),
                        ('observed_hold', models.FloatField()),
                        ('theoretical_hold', models.FloatField()),
                        ('interval_low', models.FloatField()),
                        ('interval_high', models.FloatField()),
                        ('p_value', models.FloatField(help_text='two-sided: a hold at least this far off')),
                        ('confidence', models.DecimalField(decimal_places=4, max_digits=5)),
                        ('method', models.CharField(help_text='exact distribution or normal', max_length=20)),
                        ('basis', models.JSONField(help_text='the par sheets: per table, rule version and variant')),
                        ('found_at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('licensee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='games.licensee')),
                        ('submission', models.ForeignKey(help_text='the submission whose finish found it', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_deviation',
                        'ordering': ['-last_day', 'venue', 'table', 'game', 'wager_key', 'period'],
                        'indexes': [models.Index(fields=['licensee', 'venue', 'last_day'], name='audits_devi_license_8143fc_idx')],
                        'constraints': [models.UniqueConstraint(fields=('licensee', 'venue', 'table', 'game', 'wager_key', 'period', 'last_day', 'wagers', 'wagered', 'house_won'), name='uniq_deviation_figures')],
                    },
                ),
                migrations.CreateModel(
                    name='LedgerDay',
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
                        ('gaming_day', models.DateField()),
                        ('rounds', models.BigIntegerField(default=0)),
                        ('licensee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='games.licensee')),
                        ('submission', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ledger_days', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_ledgerday',
                        'ordering': ['gaming_day', 'venue', 'table', 'game', 'wager_key'],
                        'indexes': [models.Index(fields=['licensee', 'venue', 'gaming_day'], name='audits_ledg_license_756e7c_idx')],
                    },
                ),
                migrations.CreateModel(
                    name='SeatDay',
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
                        ('licensee', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='games.licensee')),
                        ('submission', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seat_days', to='submissions.submission')),
                    ],
                    options={
                        'db_table': 'audits_seatday',
                        'indexes': [models.Index(fields=['licensee', 'venue', 'gaming_day'], name='audits_seat_license_409575_idx')],
                    },
                ),
            ],
        ),
        content_types_relabelled(['dealerday', 'deviation', 'ledgerday', 'seatday'], old="audits", new="monitoring"),
    ]
