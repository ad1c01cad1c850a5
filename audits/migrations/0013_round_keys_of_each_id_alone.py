"""Round keys computed again: each id's key of its own bytes alone.

Before, a chunk's ids at one place were hashed together over as many 8-byte words as the
longest of them, so an id's key depended on the ids beside it: a round repeated in a chunk
holding a longer id was not found again.  Each stored row's keys are computed again from
its ids (kept in the row) and the row is sorted again by key, line, time and id together.
Rows whose ids all have as many words as the longest keep their keys.
"""

import zlib

import numpy as np
from django.db import migrations

from audits.submissions.round_keys import ENDS, KEYS, LINES, MICROS, stored_ids
from audits.validation.round_ids import round_keys


def recompute(apps, schema_editor):
    RoundKeys = apps.get_model("audits", "RoundKeys")
    for row in RoundKeys.objects.order_by("pk").iterator(chunk_size=100):
        ids = stored_ids(bytes(row.ids), bytes(row.id_ends))
        keys = round_keys(ids)
        if keys.tobytes() == bytes(row.keys):
            continue
        lines = np.frombuffer(bytes(row.lines), LINES).astype(np.int64)
        played = np.frombuffer(bytes(row.played), MICROS)
        order = np.lexsort((lines, keys))
        ordered = ids.take(order)
        row.keys = keys[order].astype(KEYS).tobytes()
        row.lines = lines[order].astype(LINES).tobytes()
        row.played = played[order].astype(MICROS).tobytes()
        row.ids = zlib.compress(ordered.data.tobytes(), 1)
        row.id_ends = np.cumsum(ordered.length).astype(ENDS).tobytes()
        row.save(update_fields=["keys", "lines", "played", "ids", "id_ends"])


class Migration(migrations.Migration):
    dependencies = [("audits", "0012_chunk_line_marks")]

    operations = [migrations.RunPython(recompute, migrations.RunPython.noop)]
