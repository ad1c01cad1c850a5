"""The models move to the apps of their rooms (``submissions``, ``monitoring``,
``investigations``, ``reports``: each room's 0001 takes them over).  Django's state only:
the tables keep their names and rows.  The content types (and so the permissions and admin
log entries that point at them) are relabelled to the new apps."""

from django.db import migrations

MOVED = {
    "submissions": ["chunk", "chunkdealer", "chunkseat", "chunktotal", "finding", "roundkeys",
                    "submission", "submissiontotal"],
    "monitoring": ["dealerday", "deviation", "ledgerday", "seatday"],
    "investigations": ["case", "caseevidence", "casestep"],
    "reports": ["report"],
}  # fmt: skip


def _relabel(apps, forward: bool) -> None:
    content_types = apps.get_model("contenttypes", "ContentType").objects
    for room, models in MOVED.items():
        old, new = ("audits", room) if forward else (room, "audits")
        for model in models:
            if content_types.filter(app_label=old, model=model).exists():
                # a type made afresh for the new label (by an earlier migrate) gives way to the
                # old one, which carries the permissions and log entries
                content_types.filter(app_label=new, model=model).delete()
                content_types.filter(app_label=old, model=model).update(app_label=new)


def relabel_forward(apps, schema_editor):
    _relabel(apps, forward=True)


def relabel_backward(apps, schema_editor):
    _relabel(apps, forward=False)


class Migration(migrations.Migration):

    dependencies = [
        ("audits", "0015_findings_cap"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("submissions", "0001_initial"),
        ("monitoring", "0001_initial"),
        ("investigations", "0001_initial"),
        ("reports", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='casestep',
                    name='case',
                ),
                migrations.RemoveField(
                    model_name='caseevidence',
                    name='step',
                ),
                migrations.RemoveField(
                    model_name='casestep',
                    name='by',
                ),
                migrations.RemoveField(
                    model_name='chunk',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='chunkseat',
                    name='chunk',
                ),
                migrations.RemoveField(
                    model_name='finding',
                    name='chunk',
                ),
                migrations.RemoveField(
                    model_name='chunktotal',
                    name='chunk',
                ),
                migrations.RemoveField(
                    model_name='chunkdealer',
                    name='chunk',
                ),
                migrations.RemoveField(
                    model_name='roundkeys',
                    name='chunk',
                ),
                migrations.RemoveField(
                    model_name='dealerday',
                    name='licensee',
                ),
                migrations.RemoveField(
                    model_name='dealerday',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='deviation',
                    name='licensee',
                ),
                migrations.RemoveField(
                    model_name='deviation',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='finding',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='ledgerday',
                    name='licensee',
                ),
                migrations.RemoveField(
                    model_name='ledgerday',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='jurisdiction',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='licensee',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='replaces',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='requested_by',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='report',
                    name='venue',
                ),
                migrations.RemoveField(
                    model_name='roundkeys',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='seatday',
                    name='licensee',
                ),
                migrations.RemoveField(
                    model_name='seatday',
                    name='submission',
                ),
                migrations.RemoveField(
                    model_name='submission',
                    name='licensee',
                ),
                migrations.RemoveField(
                    model_name='submission',
                    name='submitted_by',
                ),
                migrations.RemoveField(
                    model_name='submissiontotal',
                    name='submission',
                ),
                migrations.DeleteModel(
                    name='Case',
                ),
                migrations.DeleteModel(
                    name='CaseEvidence',
                ),
                migrations.DeleteModel(
                    name='CaseStep',
                ),
                migrations.DeleteModel(
                    name='ChunkSeat',
                ),
                migrations.DeleteModel(
                    name='ChunkTotal',
                ),
                migrations.DeleteModel(
                    name='ChunkDealer',
                ),
                migrations.DeleteModel(
                    name='Chunk',
                ),
                migrations.DeleteModel(
                    name='DealerDay',
                ),
                migrations.DeleteModel(
                    name='Deviation',
                ),
                migrations.DeleteModel(
                    name='Finding',
                ),
                migrations.DeleteModel(
                    name='LedgerDay',
                ),
                migrations.DeleteModel(
                    name='Report',
                ),
                migrations.DeleteModel(
                    name='RoundKeys',
                ),
                migrations.DeleteModel(
                    name='SeatDay',
                ),
                migrations.DeleteModel(
                    name='Submission',
                ),
                migrations.DeleteModel(
                    name='SubmissionTotal',
                ),
            ],
        ),
        migrations.RunPython(relabel_forward, relabel_backward),
    ]
