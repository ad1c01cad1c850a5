"""Database triggers that make approved registry records unchangeable.

They refuse, on SQLite and PostgreSQL alike, whatever the ORM's own checks
would refuse, including raw SQL and ``QuerySet.update()`` through any manager:

- a frozen rule version or paytable: no UPDATE, no DELETE;
- par sheets and approval events: append-only;
- an approval once decided: only its status may change, and only along the
  pipeline (approved -> revoked or superseded); never deleted;
- the paytables and conditions of a decided approval: no INSERT, UPDATE or DELETE.
"""

from django.db import migrations

OPEN = "('submitted', 'under_review')"
CONTENT = (
    "jurisdiction_id", "rule_version_id", "reference", "allowed_options",
    "decision_date", "source_document", "content_hash", "id",
)
FROZEN = ("games_ruleversion", "games_paytable")
APPEND_ONLY = ("games_parsheet", "games_approvalevent")
APPROVAL_CHILDREN = ("games_approvalpaytable", "games_approvalcondition")
ALLOWED_MOVES = (
    "(OLD.status = 'approved' AND NEW.status IN ('approved', 'revoked', 'superseded'))"
    " OR NEW.status = OLD.status"
)


def sqlite_sql() -> list[str]:
    sql = []
    for table in FROZEN:
        for op in ("UPDATE", "DELETE"):
            sql.append(
                f"CREATE TRIGGER {table}_frozen_{op.lower()} BEFORE {op} ON {table} "
                f"WHEN OLD.frozen BEGIN SELECT RAISE(ABORT, "
                f"'{table}: frozen record (approved records never change; create a new version)'); END"
            )
    for table in APPEND_ONLY:
        for op in ("UPDATE", "DELETE"):
            sql.append(
                f"CREATE TRIGGER {table}_append_only_{op.lower()} BEFORE {op} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{table}: append-only'); END"
            )
    changed = " OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in CONTENT)
    sql += [
        "CREATE TRIGGER games_approval_decided_update BEFORE UPDATE ON games_approval "
        f"WHEN OLD.status NOT IN {OPEN} AND (({changed}) OR NOT ({ALLOWED_MOVES})) "
        "BEGIN SELECT RAISE(ABORT, 'games_approval: a decided approval never changes'); END",
        "CREATE TRIGGER games_approval_decided_delete BEFORE DELETE ON games_approval "
        f"WHEN OLD.status NOT IN {OPEN} "
        "BEGIN SELECT RAISE(ABORT, 'games_approval: a decided approval is never deleted'); END",
    ]
    for table in APPROVAL_CHILDREN:
        for op, row in (("INSERT", "NEW"), ("UPDATE", "OLD"), ("DELETE", "OLD")):
            sql.append(
                f"CREATE TRIGGER {table}_decided_{op.lower()} BEFORE {op} ON {table} "
                f"WHEN (SELECT status FROM games_approval WHERE id = {row}.approval_id) "
                f"NOT IN {OPEN} BEGIN SELECT RAISE(ABORT, "
                f"'{table}: the approval is decided; its content never changes'); END"
            )
    return sql


def sqlite_drop() -> list[str]:
    names = [f"{t}_frozen_{op}" for t in FROZEN for op in ("update", "delete")]
    names += [f"{t}_append_only_{op}" for t in APPEND_ONLY for op in ("update", "delete")]
    names += ["games_approval_decided_update", "games_approval_decided_delete"]
    names += [f"{t}_decided_{op}" for t in APPROVAL_CHILDREN for op in ("insert", "update", "delete")]
    return [f"DROP TRIGGER IF EXISTS {name}" for name in names]


def postgres_sql() -> list[str]:
    changed = " OR ".join(f"NEW.{c} IS DISTINCT FROM OLD.{c}" for c in CONTENT)
    sql = [
        """CREATE OR REPLACE FUNCTION games_refuse_frozen() RETURNS trigger AS $$
        BEGIN
          IF OLD.frozen THEN
            RAISE EXCEPTION '%: frozen record % (approved records never change; '
              'create a new version)', TG_TABLE_NAME, OLD.id USING ERRCODE = 'integrity_constraint_violation';
          END IF;
          IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql""",
        """CREATE OR REPLACE FUNCTION games_refuse_always() RETURNS trigger AS $$
        BEGIN
          RAISE EXCEPTION '%: append-only', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
        END $$ LANGUAGE plpgsql""",
        f"""CREATE OR REPLACE FUNCTION games_refuse_decided_approval() RETURNS trigger AS $$
        BEGIN
          IF OLD.status NOT IN {OPEN} THEN
            IF TG_OP = 'DELETE' OR ({changed}) OR NOT ({ALLOWED_MOVES}) THEN
              RAISE EXCEPTION 'games_approval: decided approval % never changes', OLD.id
                USING ERRCODE = 'integrity_constraint_violation';
            END IF;
          END IF;
          IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql""",
        f"""CREATE OR REPLACE FUNCTION games_refuse_decided_child() RETURNS trigger AS $$
        DECLARE parent_status text;
        BEGIN
          IF TG_OP = 'INSERT' THEN
            SELECT status INTO parent_status FROM games_approval WHERE id = NEW.approval_id;
          ELSE
            SELECT status INTO parent_status FROM games_approval WHERE id = OLD.approval_id;
          END IF;
          IF parent_status NOT IN {OPEN} THEN
            RAISE EXCEPTION '%: the approval is decided; its content never changes', TG_TABLE_NAME
              USING ERRCODE = 'integrity_constraint_violation';
          END IF;
          IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql""",
        "CREATE TRIGGER games_approval_decided BEFORE UPDATE OR DELETE ON games_approval "
        "FOR EACH ROW EXECUTE FUNCTION games_refuse_decided_approval()",
    ]
    sql += [
        f"CREATE TRIGGER {t}_frozen BEFORE UPDATE OR DELETE ON {t} "
        "FOR EACH ROW EXECUTE FUNCTION games_refuse_frozen()"
        for t in FROZEN
    ]
    sql += [
        f"CREATE TRIGGER {t}_append_only BEFORE UPDATE OR DELETE ON {t} "
        "FOR EACH ROW EXECUTE FUNCTION games_refuse_always()"
        for t in APPEND_ONLY
    ]
    sql += [
        f"CREATE TRIGGER {t}_decided BEFORE INSERT OR UPDATE OR DELETE ON {t} "
        "FOR EACH ROW EXECUTE FUNCTION games_refuse_decided_child()"
        for t in APPROVAL_CHILDREN
    ]
    return sql


def postgres_drop() -> list[str]:
    sql = [f"DROP TRIGGER IF EXISTS {t}_frozen ON {t}" for t in FROZEN]
    sql += [f"DROP TRIGGER IF EXISTS {t}_append_only ON {t}" for t in APPEND_ONLY]
    sql += [f"DROP TRIGGER IF EXISTS {t}_decided ON {t}" for t in APPROVAL_CHILDREN]
    sql += ["DROP TRIGGER IF EXISTS games_approval_decided ON games_approval"]
    functions = ("frozen", "always", "decided_approval", "decided_child")
    sql += [f"DROP FUNCTION IF EXISTS games_refuse_{name}()" for name in functions]
    return sql


VENDORS = {"sqlite": (sqlite_sql, sqlite_drop), "postgresql": (postgres_sql, postgres_drop)}


def run(statements):
    def apply(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        if vendor not in VENDORS:
            raise RuntimeError(f"no immutability triggers for database {vendor!r}")
        with schema_editor.connection.cursor() as cursor:
            for statement in statements(vendor):
                cursor.execute(statement)  # no parameters: '%' in PL/pgSQL stays as written

    return apply


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [
        migrations.RunPython(
            run(lambda vendor: VENDORS[vendor][0]()), run(lambda vendor: VENDORS[vendor][1]())
        )
    ]
