import os

# One thread a process for numpy's BLAS (OpenBLAS starts one per core in every process by
# default): the service runs a process per core (Celery's worker pool, gunicorn), and two
# workers' threads contending for two cores made the hold checks take twice as long
# (docs/performance.md).  Set before numpy is imported; an operator's own value is kept.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

from .celery import app as celery_app  # noqa: E402

__all__ = ("celery_app",)
