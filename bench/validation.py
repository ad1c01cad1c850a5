"""``make bench`` part 2: 1,000,000-round logs of every game, validated end to end.

For each workload (Toss One 21 with 3 and with 7 seats, Ante Up 21, the tie bonus game;
about 1% faulty rounds each) and each way of staking (:data:`STAKES`: any whole dollar
within the table's limits, a share at the limit: the realistic log; every cent amount in
turn: the worst case; the demo's few amounts) the log is generated once into
``var/bench/`` (the blackjack family's generator plays every hand, so that takes minutes;
later runs reuse the file), a fresh database is migrated and loaded, and a separate process
measures, as one worker would: the file's bare parse (orjson, no validation; the file read
once before, so that it is parsed from the page cache; the median of three parses), then,
after what a worker does once when it starts (its kernels loaded, the defined side wagers
read: ``AUDITS_WORKER_WARM``; its seconds printed apart), file on disk -> stored submission ->
findings, totals and round keys in the database (PostgreSQL when reachable, else SQLite).
Each workload's own process gives its peak resident memory, the peak its worker's start
reached before the validation (Python, Django, numba and its LLVM mapped, the kernels
loaded), and its resident memory at the end with how much of that is shared libraries'
pages: file pages, shared by every process.  Its kernels loaded, the worker lets go of
LLVM's (``audits/validation/screen/llvm_pages.py``), so the peak is its start's unless the
validation grows past it.

With ``--workers N`` (PostgreSQL and Redis needed) the Toss One 3-seat file is then
validated as production does it, by a real ``celery worker`` with 1 and with N
processes, from the submission's task to its finish.

    .venv/bin/python bench/validation.py [--rounds N] [--days N] [--only WORKLOAD ...] [--workers N]
                                         [--repeat N] [--stakes any distinct few] [--no-exact]

Then each workload's realistic log of :data:`EXACT_ROUNDS` rounds is validated with the
screen and without it (the exact path alone), in the same run, and the ratio printed.

With ``--repeat N`` each workload runs N times (each in its own process, on a fresh
database) and the run of the median ratio to its own parse is printed, with the range of
ratios, speeds and peaks: on a machine whose speed drifts, one run can be a fifth off.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "var" / "bench"
#: what runs in a workload's own process: its log's generation, its measured validation
PROCESS = str(Path(__file__).with_name("workload_process.py"))
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH = "postgresql://postgres@127.0.0.1:5432/compliance_bench"
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
    "DJANGO_ALLOWED_HOSTS": "localhost",
}


@dataclass(frozen=True)
class Workload:
    title: str
    game: str
    seats: int
    most_parse: float  # end to end, at most this many times the bare parse (issue 56)
    tables: str = ""  # the tables dealt, comma-separated (empty: the demo's tables of the game)
    defined: str = ""  # "demo": the side wagers the demo registry defines as data dealt too


#: a worker's peak resident memory on every log, in MB (issue 56)
MOST_PEAK_MB = 280
#: Toss One's tables: T1 takes at most $100 (the demo's house limit), the others $400
TOSS_ONE_TABLES = "T2,T3,T4"
WORKLOADS = {
    "toss-one-3": Workload("Toss One 21, 3 seats", "toss-one-21", 3, 2.5, TOSS_ONE_TABLES),
    "toss-one-7": Workload("Toss One 21, 7 seats", "toss-one-21", 7, 2.5, TOSS_ONE_TABLES),
    "ante-up-21": Workload("Ante Up 21, 3 seats", "ante-up-21", 3, 3.5),
    "tie-bonus": Workload("Tie bonus game, 3 seats", "blackjack-tie-bonus", 3, 3.5),
    "tie-bonus-defined": Workload(
        "Tie bonus game, defined side wagers", "blackjack-tie-bonus", 3, 3.5, "", "demo"
    ),  # fmt: skip
}
#: how the logs' players stake (audits/samples/stakes.py): any whole dollar within the limit
#: (the realistic log), every cent amount in turn (the most different wagers the limits
#: allow: the worst case), and the demo's few amounts
STAKES = ("any", "distinct", "few")
#: rounds of the comparison with the exact path alone (the screen off), on the realistic log
EXACT_ROUNDS = 100_000


def manage(*args: str, env: dict) -> None:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        sys.exit(f"manage.py {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def database_url(url: str | None, workdir: Path) -> str:
    if url is not None:
        return url
    ok = subprocess.run([sys.executable, "scripts/pg_available.py", PG_ADMIN], cwd=ROOT)
    return PG_BENCH if ok.returncode == 0 else f"sqlite:///{workdir}/bench.sqlite3"


def fresh_database(url: str, env: dict) -> None:
    """An empty database, migrated, with the Washington and demo registry loaded."""
    if url.startswith("postgres"):
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
    else:
        Path(url.removeprefix("sqlite:///")).unlink(missing_ok=True)
    manage("migrate", "-v0", env=env)
    manage("load_registry", "data/registry/washington.yaml", "data/registry/demo.yaml", env=env)


#: the gaming days a log spans, by default: a month
MONTH = 31


def log_for(name: str, stakes: str, rounds: int, env: dict, days: int = MONTH) -> Path:
    """The workload's log over ``days`` gaming days, generated once (seeded: the same bytes
    every time)."""
    workload = WORKLOADS[name]
    span = "" if days == MONTH else f"-{days}days"
    path = LOGS / f"{name}-{stakes}-{rounds}{span}.jsonl"
    if path.exists():
        return path
    LOGS.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    start = time.perf_counter()
    subprocess.run([sys.executable, PROCESS, "generate", workload.game, str(partial),
                    str(rounds), stakes, str(workload.seats), workload.tables, workload.defined,
                    str(days)],
                   cwd=ROOT, env=env,
                   check=True)  # fmt: skip
    partial.rename(path)
    print(f"  generated {path.name} in {time.perf_counter() - start:.0f} s")
    return path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--days", type=int, default=MONTH,
                        help="the gaming days each log spans (default a month)")  # fmt: skip
    parser.add_argument("--only", nargs="*", choices=sorted(WORKLOADS), default=list(WORKLOADS))
    parser.add_argument("--database-url")
    parser.add_argument("--workers", type=int, default=0, help="also run 1 and N Celery processes")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each workload (median)")
    parser.add_argument("--stakes", nargs="*", choices=STAKES, default=list(STAKES),
                        help="which logs: any, distinct, few (default all three)")  # fmt: skip
    parser.add_argument("--no-exact", action="store_true",
                        help="leave out the comparison with the exact path alone")  # fmt: skip
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat: at least 1 run")
    workdir = Path(tempfile.mkdtemp(prefix="bench-validation-"))
    url = database_url(args.database_url, workdir)
    env = {**os.environ, "DATABASE_URL": url, "MEDIA_ROOT": str(workdir / "media"), **PRODUCTION}
    print(f"database: {url.split('@')[-1]}; work folder: {workdir}")
    compile_into_an_empty_cache(env)
    started = time.perf_counter()
    manage("compile_kernels", env=env)  # as make install does: no workload compiles them
    print(f"the screen's kernels compiled (or loaded) in {time.perf_counter() - started:.0f} s")
    print(f"{'workload':26} {'stakes':>8} {'rounds/s':>10} {'x parse':>8} {'goal':>6} "
          f"{'peak MB':>8} {'end MB':>8} {'met':>4}   (goals: issue 56, peak < {MOST_PEAK_MB} MB)")
    for name in args.only:
        for stakes in args.stakes:
            log = log_for(name, stakes, args.rounds, env, args.days)
            runs = [_measured(log, url, env) for _ in range(args.repeat)]
            _line(WORKLOADS[name], stakes, runs, main_stakes(log))
    if not args.no_exact:
        print(f"The screen against the exact path alone (AUDITS_SCREEN=false), "
              f"{EXACT_ROUNDS:,} rounds of the realistic log:")  # fmt: skip
        for name in args.only:
            log = log_for(name, "any", EXACT_ROUNDS, env)
            on = _measured(log, url, env)
            off = _measured(log, url, {**env, "AUDITS_SCREEN": "false"})
            print(f"{WORKLOADS[name].title:26} screen {_rate(on):>10,.0f} rounds/s, exact path "
                  f"alone {_rate(off):>8,.0f} rounds/s: {_rate(on) / _rate(off):.1f} times "
                  f"as fast (peaks {on['peak_mb']:,.0f} and {off['peak_mb']:,.0f} MB)")  # fmt: skip
    if args.workers:
        celery_runs(args.rounds, args.workers, url, env)
    shutil.rmtree(workdir, ignore_errors=True)  # the stored copies of the logs (GBs)


def compile_into_an_empty_cache(env: dict) -> None:
    """``manage.py compile_kernels`` into an empty cache of its own, in a process whose peak
    memory and processor time are measured (issue 56: under 1 GB)."""
    with tempfile.TemporaryDirectory() as cache:
        command = [sys.executable, str(PROCESS), "compile", cache]
        out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True,
                             text=True)  # fmt: skip
    got = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"compiling every kernel into an empty cache: {got['seconds']:.0f} s, "
          f"{got['cpu']:.0f} s of processor time, peak {got['peak_mb']:,.0f} MB")


def _line(workload: Workload, stakes: str, runs: list[dict], distinct: int) -> None:
    runs = sorted(runs, key=_ratio)  # the goal's figure: each run's time over its own parse
    got = runs[len(runs) // 2]  # the median run (of an even number, the lower middle one)
    spread = _spread(runs) if len(runs) > 1 else ""
    ratio = _ratio(got)
    met = ratio <= workload.most_parse and max(r["peak_mb"] for r in runs) < MOST_PEAK_MB
    print(f"{workload.title:26} {stakes:>8} {_rate(got):>10,.0f} {ratio:>8.1f} "
          f"{workload.most_parse:>5}x {got['peak_mb']:>8,.0f} {got.get('end_mb', 0):>8,.0f} "
          f"{'yes' if met else 'NO':>4}   ({got['rounds']:,} rounds in {got['seconds']:.1f} s "
          f"({got['cpu']:.1f} s of processor time), of which storing the upload "
          f"{got['stored']:.1f} s (without it {_ratio_unstored(got):.1f} times the parse); "
          f"bare parse {got['rounds'] / got['parse']:,.0f}/s; "
          f"{got['findings']:,} findings; {distinct:,} different main stakes; "
          f"{got['exact_share']:.1%} of lines sent the exact way; the worker's start before "
          f"it (kernels loaded, side wagers read, not counted) {got.get('warm', 0):.1f} s, "
          f"its peak {got.get('start_peak_mb', 0):,.0f} MB; resident at the end "
          f"{got.get('end_mb', 0):,.0f} MB, libraries' pages {got['libraries_mb']:,.0f} of it"
          f"{spread})")  # fmt: skip


def _measured(log: Path, url: str, env: dict) -> dict:
    """One run of the workload's log in its own process, on a fresh database: its figures."""
    fresh_database(url, env)
    out = subprocess.run([sys.executable, PROCESS, "measure", str(log)], cwd=ROOT, env=env,
                         check=True, capture_output=True, text=True)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def _rate(got: dict) -> float:
    return got["rounds"] / got["seconds"]


def _ratio(got: dict) -> float:
    return got["seconds"] / got["parse"]


def _ratio_unstored(got: dict) -> float:  # storing writes new pages: see performance.md
    return (got["seconds"] - got["stored"]) / got["parse"]


def _spread(runs: list[dict]) -> str:
    """The range of the runs' ratios, speeds and peaks."""
    peaks, rates = [r["peak_mb"] for r in runs], [_rate(r) for r in runs]
    return (f"; {len(runs)} runs: {_ratio(runs[0]):.1f} to {_ratio(runs[-1]):.1f} times the "
            f"parse, {min(rates):,.0f} to {max(rates):,.0f} rounds/s, "
            f"peaks {min(peaks):,.0f} to {max(peaks):,.0f} MB")  # fmt: skip


def celery_runs(rounds: int, workers: int, url: str, env: dict) -> None:
    sys.path.insert(0, str(ROOT))
    from bench.celery_run import unavailable

    reason = unavailable(url)
    if reason:
        print(f"SKIPPED: the Celery runs ({reason})")
        return
    log = log_for("toss-one-3", "any", rounds, env)
    for n in sorted({1, workers}):
        fresh_database(url, env)
        command = [sys.executable, "-m", "bench.celery_run", str(log), str(n)]
        out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True,
                             text=True)  # fmt: skip
        seconds = float(out.stdout.strip().splitlines()[-1])
        print(f"Toss One 21, 3 seats, {n} Celery worker process(es): {seconds:6.1f} s  "
              f"{rounds / seconds:>10,.0f} rounds/s")  # fmt: skip


def main_stakes(path: Path) -> int:
    """How many different main stakes the log holds (counted once per log, kept beside it)."""
    import orjson

    counted = path.with_suffix(".stakes")
    if counted.exists():
        return int(counted.read_text())
    stakes = set()
    with open(path, "rb") as f:
        for line in f:
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            if isinstance(record, dict):
                stakes.update(s.get("wagers", {}).get("main") for s in record.get("seats", ())
                              if isinstance(s, dict))  # fmt: skip
    counted.write_text(str(len(stakes)))
    return len(stakes)


if __name__ == "__main__":
    main()
