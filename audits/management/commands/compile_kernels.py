"""Compile the validation screen's kernels: into numba's cache, and ahead of time into one
extension module (after an install or an upgrade)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = (
        "Compile the validation screen's kernels into numba's cache, then ahead of time into "
        "one extension module that workers load without numba (audits/validation/screen/"
        "ahead.py), so that no validation compiles anything."
    )

    def handle(self, *args, **opts):
        # read here, not from audits.validation.screen.ahead: with SCREEN_KERNELS=aot and
        # nothing built yet, importing the screen fails, and this command is what builds it
        if os.environ.get("SCREEN_KERNELS", "auto").strip().lower() != "jit":
            self._again_just_in_time()
            return
        from audits.services.kernels import BuildFailed, kernels_build, kernels_compile

        for game, seconds in kernels_compile().items():
            self.stdout.write(f"{game}: {seconds:.1f} s")
        start = time.perf_counter()
        try:
            library = kernels_build()
        except BuildFailed as failed:
            self.stderr.write(f"the kernels stay just in time (numba): the ahead-of-time "
                              f"module could not be built ({failed})")  # fmt: skip
            return
        self.stdout.write(f"ahead of time: {library} in {time.perf_counter() - start:.1f} s")

    def _again_just_in_time(self) -> None:
        env = {**os.environ, "SCREEN_KERNELS": "jit"}
        command = [sys.executable, str(settings.BASE_DIR / "manage.py"), "compile_kernels"]
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        self.stdout.write(done.stdout, ending="")
        self.stderr.write(done.stderr, ending="")
        if done.returncode:
            raise CommandError(f"compiling the kernels failed (exit status {done.returncode})")
