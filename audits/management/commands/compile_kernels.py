"""Compile the validation screen's kernels into numba's cache (after an install or an
upgrade), so that no validation compiles anything."""

from __future__ import annotations

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Compile the validation screen's kernels into numba's cache (audits/submissions/"
        "kernels.py), so that no validation compiles anything."
    )

    def handle(self, *args, **opts):
        from audits.submissions.run import kernels_compile

        for game, seconds in kernels_compile().items():
            self.stdout.write(f"{game}: {seconds:.1f} s")
