"""Every process of the service runs numpy's BLAS on one thread (compliance/__init__.py):
a process per core already, more threads would only contend for the cores."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BLAS_THREADS = (
    "import compliance, numpy, threadpoolctl; "
    "print(max(p['num_threads'] for p in threadpoolctl.threadpool_info() "
    "if p['user_api'] == 'blas'))"
)


def _blas_threads(**env: str) -> int:
    named = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
    clean = {k: v for k, v in os.environ.items() if k not in named}
    out = subprocess.run([sys.executable, "-c", BLAS_THREADS], cwd=ROOT, env={**clean, **env},
                         capture_output=True, text=True, check=True)  # fmt: skip
    return int(out.stdout.strip().splitlines()[-1])


def test_the_service_runs_blas_on_one_thread_a_process():
    assert _blas_threads() == 1


def test_an_operators_own_number_of_blas_threads_is_kept():
    # OpenBLAS runs at most a thread per core
    assert _blas_threads(OPENBLAS_NUM_THREADS="2") == min(2, os.cpu_count() or 1)
