"""What runs in one workload's own process (:mod:`bench.validation` starts it): a log's
generation, or its measured validation, printed as one JSON line of figures.

    .venv/bin/python bench/workload_process.py measure LOG
    .venv/bin/python bench/workload_process.py generate GAME OUT ROUNDS STAKES SEATS TABLES
    .venv/bin/python bench/workload_process.py compile EMPTY-CACHE-FOLDER
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


#: times the bare parse is timed in each run, its median kept: on a machine whose speed
#: drifts, one parse was 0.9 s and the next 1.3 s, and a ratio to one parse moved with it
PARSES = 3


def bare_parse_seconds(path: Path, times: int = PARSES) -> float:
    """The seconds orjson takes to parse every line (each parsed object dropped at once), the
    median of ``times`` parses; the file read through once before, untimed: the parse is
    timed from the page cache, as the validation after it reads the file, not from the disk
    (a log just generated or evicted read at a third of the speed, flattering the ratio)."""
    import orjson

    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass
    took = []
    for _ in range(times):
        start = time.perf_counter()
        with open(path, "rb") as f:
            for line in f:
                try:
                    orjson.loads(line)
                except orjson.JSONDecodeError:
                    pass
        took.append(time.perf_counter() - start)
    return statistics.median(took)


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "compliance.settings")
    import django

    django.setup()


def measure(log: Path) -> None:
    """One workload, in its own process: prints a JSON line of its figures."""
    parse = bare_parse_seconds(log)
    _django()
    from audits.submissions.storage import submission_store
    from audits.submissions.submissions import submission_validate_now
    from games.models import Licensee

    licensee = Licensee.objects.get(license_number="DEMO-0001")
    sent = _count_lines_sent_the_exact_way()
    warmed = worker_started()
    start_peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start, cpu_start = time.perf_counter(), _cpu_seconds()
    with open(log, "rb") as stream:
        submission, _ = submission_store(stream, original_name=log.name, licensee=licensee)
    stored = time.perf_counter() - start
    submission = submission_validate_now(submission)
    seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu_start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"rounds": submission.rounds_total, "seconds": seconds, "parse": parse,
                      "stored": stored, "cpu": cpu,
                      "findings": submission.finding_count, "peak_mb": peak_mb,
                      "exact_share": sent["exact"] / max(sent["lines"], 1), "warm": warmed,
                      "libraries_mb": libraries_mb(), "start_peak_mb": start_peak_mb,
                      "end_mb": resident_mb()}))  # fmt: skip


def worker_started() -> float:
    """What a Celery worker does when it starts, before any submission (the kernels loaded,
    the defined side wagers read: ``compliance/celery.py``); its seconds, printed apart."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    start = time.perf_counter()
    if settings.AUDITS_WORKER_WARM:
        import_string(settings.AUDITS_WORKER_WARM)()
    return time.perf_counter() - start


def _count_lines_sent_the_exact_way() -> dict[str, int]:
    """Counts, as the validation runs in this process, the lines the screen saw and those it
    sent the exact way (faulty, or not vouched for): the share of lines it could not use."""
    from audits.submissions.run import fast_path

    seen = {"lines": 0, "exact": 0}
    screen = fast_path.FastPath.screen

    def counted(self, numbers, lines):
        left = screen(self, numbers, lines)
        seen["lines"] += len(lines)
        seen["exact"] += len(left)
        return left

    fast_path.FastPath.screen = counted
    return seen


def _cpu_seconds() -> float:
    """The process's processor time so far (user and system, every thread): unlike the
    wall clock, it leaves out the time the machine's other work took the processor."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def resident_mb() -> float:
    """This process's resident MB now (0 where ``/proc`` does not tell)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return 0.0
    kb = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")), 0)
    return int(kb) / 1024


def libraries_mb() -> float:
    """Resident MB of this process's shared libraries (file pages mapped from ``.so`` files;
    0 where ``/proc`` does not tell)."""
    from audits.validation.screen.llvm_pages import mappings_own

    return sum(m.kb.get("Rss", 0) for m in mappings_own() if ".so" in m.path) / 1024


def generate(game: str, out: str, rounds: str, stakes: str, seats: str, tables: str,
             defined: str = "", days: str = "31") -> None:  # fmt: skip
    """``days`` (a month) of ``game`` at ``tables`` (empty: the demo's tables of the game);
    ``defined`` "demo": the side wagers the demo registry's latest version of the game
    defines as data dealt too, at the paytables its approval names."""
    _django()
    from audits.samples.games import SAMPLE_GAMES

    sample = SAMPLE_GAMES[game]
    tables = tables.split(",") if tables else sample.tables
    extra = {"defined": demo_defined(game)} if defined == "demo" else {}
    sample.deal(out, tables=tables, options=sample.options, rounds=int(rounds), days=int(days),
                seats=int(seats), fault_rate=0.01, seed=2026, stakes=stakes,
                **extra)  # fmt: skip


def demo_defined(game: str) -> dict:
    """Key -> (definition, engine paytable) of the side wagers the demo registry's latest
    version of ``game`` defines, at the paytables its approval names (read from the YAML:
    the log is generated before any database is loaded)."""
    import yaml

    from games.engine.defined.evaluate import definition_checked
    from games.engine.paytables import make_paytable
    from games.engine.sources import Source

    data = yaml.safe_load((ROOT / "data" / "registry" / "demo.yaml").read_text())
    entry = next(g for g in data["games"] if g["code"] == game)
    version = max(entry["rule_versions"], key=lambda v: v["version"])
    approval = next(a for a in data["approvals"] if a["game"] == game
                    and a["rule_version"] == version["version"])  # fmt: skip
    approved = {link["wager_key"]: link["code"] for link in approval["paytables"]}
    found = {}
    for side in version["side_wagers"]:
        table = next(p for p in version["paytables"] if p["wager_key"] == side["key"]
                     and str(p["code"]) == approved[side["key"]])  # fmt: skip
        name = f"paytable {side['key']} #{table['code']} v{table['version']}"
        paytable = make_paytable(side["key"], str(table["code"]), table["entries"],
                                 Source(name, "", table["source"]), tuple(table["entries"]),
                                 True)  # fmt: skip
        found[side["key"]] = (definition_checked(side), paytable)
    return found


def compile_kernels(cache: str) -> None:
    """``manage.py compile_kernels`` into the empty cache ``cache``, in a process of its own:
    prints a JSON line of its seconds, processor time and peak memory."""
    import subprocess

    start = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", "compile_kernels"], cwd=ROOT, check=True,
                   env={**os.environ, "NUMBA_CACHE_DIR": cache}, capture_output=True)  # fmt: skip
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(json.dumps({"seconds": time.perf_counter() - start,
                      "cpu": usage.ru_utime + usage.ru_stime,
                      "peak_mb": usage.ru_maxrss / 1024}))  # fmt: skip


if __name__ == "__main__":
    verb, *rest = sys.argv[1:]
    if verb == "compile":
        compile_kernels(rest[0])
    elif verb == "measure":
        measure(Path(rest[0]))
    elif verb == "generate":
        generate(*rest)
    else:
        raise SystemExit(f"unknown verb {verb!r}: measure LOG, or generate GAME OUT ROUNDS ...")
