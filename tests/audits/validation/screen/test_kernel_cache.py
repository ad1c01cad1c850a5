"""Kernels that cannot go stale: the cache lives in a folder of the fingerprint of every
source a kernel can compile in (audits/validation/screen/jit.py), so changing a helper a
kernel inlines from another file gives a new folder and the kernel compiled anew."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from audits.validation.screen import jit

pytestmark = pytest.mark.skipif(not jit.KERNELS_COMPILED, reason="numba is in requirements.txt")

HELPER = """
from audits.validation.screen.jit import inlined


@inlined
def step(x):
    return x + {add}
"""
KERNEL = """
from audits.validation.screen.jit import compiled

from .helper import step


@compiled
def run(x):
    return step(x) * 10
"""
#: run in a process of its own, as a worker would: the kernels' cache folder set as the
#: project sets it (or, with ``fixed``, one folder whatever the sources), then the kernel
#: called; prints its answer and whether numba loaded it from the cache
SCRIPT = """
import sys
from pathlib import Path

sys.path[:0] = [sys.argv[1], sys.argv[2]]
from audits.validation.screen import jit

folder = Path(sys.argv[1])
if sys.argv[3] == "fixed":
    jit.cache_in(folder / "one-cache")
else:
    jit.cache_in(jit.kernel_cache_dir(folder, ("kpkg",)))
from kpkg.kernel import run

print(run(1), bool(run.stats.cache_hits))
"""


def _package(folder: Path, add: int) -> None:
    package = folder / "kpkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    helper = package / "helper.py"
    before = helper.stat() if helper.exists() else None
    helper.write_text(HELPER.format(add=add))
    if before is not None:
        _as_if_in_the_same_second(helper, before)
    kernel = package / "kernel.py"
    if not kernel.exists():
        kernel.write_text(KERNEL)


def _as_if_in_the_same_second(helper: Path, before: os.stat_result) -> None:
    """The helper rewritten as a fast run does, within the second it was written in and to
    the same size: its file times tell nothing (the fingerprint reads what the sources say),
    and Python's bytecode of the old helper, which Python checks by the source's time in whole
    seconds and its size, is removed so that Python runs the new one (a stale kernel is the
    cache's fault to prevent; stale bytecode would be Python's, and fail this test at random)."""
    os.utime(helper, ns=(before.st_atime_ns, before.st_mtime_ns))
    shutil.rmtree(helper.parent / "__pycache__", ignore_errors=True)


def _run(folder: Path, how: str) -> tuple[int, bool]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(folder / "caches")}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(folder), str(jit.ROOT), how],
        capture_output=True, text=True, env=env, check=True, timeout=300,
    )  # fmt: skip
    answer, hit = done.stdout.split()
    return int(answer), hit == "True"


def test_changing_an_inlined_helper_rebuilds_its_caller(tmp_path):
    _package(tmp_path, add=1)
    assert _run(tmp_path, "fingerprint") == (20, False)  # compiled, cached
    assert _run(tmp_path, "fingerprint") == (20, True)  # loaded from the cache
    _package(tmp_path, add=2)  # the helper changes; the kernel's own file does not
    assert _run(tmp_path, "fingerprint") == (30, False)  # compiled anew, the new helper in it


def test_one_folder_for_every_source_would_run_the_old_helper(tmp_path):
    """What the fingerprint prevents, as numba does it: the kernel's file unchanged, its
    cached code (the old helper inlined) is loaded."""
    _package(tmp_path, add=1)
    assert _run(tmp_path, "fixed") == (20, False)
    _package(tmp_path, add=2)
    assert _run(tmp_path, "fixed") == (20, True)  # stale


def test_the_fingerprint_covers_every_source_and_only_the_sources(tmp_path):
    _package(tmp_path, add=1)
    first = jit.sources_fingerprint(tmp_path, ("kpkg",))
    (tmp_path / "elsewhere.py").write_text("x = 1\n")
    assert jit.sources_fingerprint(tmp_path, ("kpkg",)) == first
    _package(tmp_path, add=2)
    assert jit.sources_fingerprint(tmp_path, ("kpkg",)) != first


def test_the_project_caches_its_kernels_in_its_sources_folder():
    import numba

    from audits.validation.screen import kernel  # noqa: F401 (defines kernels)

    assert numba.config.CACHE_DIR == str(jit.kernel_cache_dir())
    assert Path(numba.config.CACHE_DIR).name == jit.sources_fingerprint(
        jit.ROOT, jit.KERNEL_SOURCES
    )
