"""Database triggers that keep an issued audit report unchanged, whatever path the SQL takes.

Once a report's status is 'done' its row can be neither updated nor deleted
(on SQLite and PostgreSQL alike), so even an administrator cannot alter what
a commission relies on; a correction is a new report that replaces it.
"""

from django.db import migrations

MESSAGE = "audits_report: an issued report never changes (reissue it instead)"

SQLITE = [
    "CREATE TRIGGER audits_report_issued_update BEFORE UPDATE ON audits_report "
    f"WHEN OLD.status = 'done' BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END",
    "CREATE TRIGGER audits_report_issued_delete BEFORE DELETE ON audits_report "
    f"WHEN OLD.status = 'done' BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END",
]
SQLITE_DROP = [
    "DROP TRIGGER IF EXISTS audits_report_issued_update",
    "DROP TRIGGER IF EXISTS audits_report_issued_delete",
]
POSTGRES = [
    f"""CREATE OR REPLACE FUNCTION audits_refuse_issued_report() RETURNS trigger AS $$
    BEGIN
      IF OLD.status = 'done' THEN
        RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'integrity_constraint_violation';
      END IF;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END $$ LANGUAGE plpgsql""",
    "CREATE TRIGGER audits_report_issued BEFORE UPDATE OR DELETE ON audits_report "
    "FOR EACH ROW EXECUTE FUNCTION audits_refuse_issued_report()",
]
POSTGRES_DROP = [
    "DROP TRIGGER IF EXISTS audits_report_issued ON audits_report",
    "DROP FUNCTION IF EXISTS audits_refuse_issued_report()",
]
VENDORS = {"sqlite": (SQLITE, SQLITE_DROP), "postgresql": (POSTGRES, POSTGRES_DROP)}


def run(which: int):
    def apply(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        if vendor not in VENDORS:
            raise RuntimeError(f"no report immutability triggers for database {vendor!r}")
        with schema_editor.connection.cursor() as cursor:
            for statement in VENDORS[vendor][which]:
                cursor.execute(statement)

    return apply


class Migration(migrations.Migration):
    dependencies = [("audits", "0003_reports")]

    operations = [migrations.RunPython(run(0), run(1))]
