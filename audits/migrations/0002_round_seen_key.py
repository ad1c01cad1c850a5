"""Rounds seen: a hashed, indexed key instead of a three-column index; no per-row FK checks."""

from hashlib import blake2b

import django.db.models.deletion
from django.db import migrations, models


def round_key(venue: str, table: str, round_id: str) -> int:
    """The key of that time (rounds seen were replaced by per-chunk round keys in 0006)."""
    digest = blake2b(f"{venue}\x00{table}\x00{round_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def fill_keys(apps, schema_editor):
    RoundSeen = apps.get_model("audits", "RoundSeen")
    for seen in RoundSeen.objects.only("venue", "table", "round_id").iterator():
        RoundSeen.objects.filter(pk=seen.pk).update(
            key=round_key(seen.venue, seen.table, seen.round_id)
        )


class Migration(migrations.Migration):
    dependencies = [("audits", "0001_initial")]

    operations = [
        migrations.RemoveIndex(model_name="roundseen", name="audits_roun_venue_937fbb_idx"),
        migrations.AddField(
            model_name="roundseen",
            name="key",
            field=models.BigIntegerField(
                default=0, help_text="64-bit hash of venue, table and round id"
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="roundseen",
            name="submission",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="rounds_seen",
                to="audits.submission",
            ),
        ),
        migrations.AlterField(
            model_name="roundseen",
            name="chunk",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="audits.chunk",
            ),
        ),
        migrations.AddIndex(
            model_name="roundseen",
            index=models.Index(fields=["key"], name="audits_roundseen_key"),
        ),
    ]
