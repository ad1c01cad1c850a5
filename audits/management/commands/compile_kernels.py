"""Compile the validation screen's kernels into numba's cache (after an install or upgrade)."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from audits.services.kernels import kernels_compile


class Command(BaseCommand):
    help = (
        "Compile the validation screen's kernels into numba's cache, so that the first "
        "validation after an install or an upgrade loads them instead of compiling them."
    )

    def handle(self, *args, **opts):
        took = kernels_compile()
        for game, seconds in took.items():
            self.stdout.write(f"{game}: {seconds:.1f} s")
