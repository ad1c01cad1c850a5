"""A validating process keeps the memory it frees: a large block freed and asked for again is
not faulted in again (glibc; measured in a process of its own, as a worker is)."""

from __future__ import annotations

import platform
import subprocess
import sys
from pathlib import Path

import pytest

from compliance import allocator

ROOT = Path(__file__).resolve().parents[2]
GLIBC = platform.system() == "Linux" and platform.libc_ver()[0] == "glibc"

FAULTS = """
import os, resource, sys
import django
os.environ["DJANGO_SETTINGS_MODULE"] = "compliance.settings"
django.setup()
from compliance.allocator import keep_freed_memory
kept = keep_freed_memory() if sys.argv[1] == "keep" else False
faults = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_minflt
block = b"x" * (64 << 20)  # 64 MiB written: faulted in the first time either way
del block
before = faults()
for _ in range(5):  # the same block again and again, as a chunk's buffers are
    block = b"x" * (64 << 20)
    del block
print(kept, faults() - before)
"""


def _faults(mode: str, **env) -> tuple[str, int]:
    """Pages faulted in while a 64 MiB block (above the largest size glibc serves from the heap
    by default) is written, freed and written again five times."""
    done = subprocess.run([sys.executable, "-c", FAULTS, mode], cwd=ROOT, capture_output=True,
                          text=True, check=True, env={**_env(), **env})  # fmt: skip
    kept, faults = done.stdout.split()
    return kept, int(faults)


def _env() -> dict:
    import os

    return {k: v for k, v in os.environ.items() if k != "VALIDATION_KEEPS_FREED_MEMORY"}


@pytest.mark.skipif(not GLIBC, reason="the setting is glibc's; elsewhere it does nothing")
def test_a_block_freed_is_reused_without_faulting_its_pages_again():
    kept, faults = _faults("keep")
    assert kept == "True" and faults < 2_000  # 16,384 pages a block: none faulted again
    kept, faults = _faults("default")  # glibc's default: each block mapped and unmapped
    assert kept == "False" and faults > 5 * 16_384 * 0.9


def test_the_setting_turns_it_off(settings):
    settings.VALIDATION_KEEPS_FREED_MEMORY = False
    assert allocator.keep_freed_memory() is False


@pytest.mark.skipif(not GLIBC, reason="the setting is glibc's; elsewhere it does nothing")
def test_off_in_the_environment_leaves_the_allocator_alone():
    kept, faults = _faults("keep", VALIDATION_KEEPS_FREED_MEMORY="false")
    assert kept == "False" and faults > 5 * 16_384 * 0.9


def test_a_worker_process_keeps_freed_memory_as_it_starts():
    from celery.signals import worker_init, worker_process_init

    from compliance import celery as celery_app

    for signal in (worker_init, worker_process_init):
        receivers = [r() if callable(r) else r for _, r in signal.receivers]
        assert celery_app._keep_freed_memory in receivers
