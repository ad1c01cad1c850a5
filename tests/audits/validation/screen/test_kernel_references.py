"""Every compiled kernel against its plain-Python reference: the same code run by the
interpreter (``NUMBA_DISABLE_JIT=1``: numba compiles nothing, each kernel is the Python it
is written as, with Python's integers and bounds), on generated inputs (``kernel_cases.py``:
sample lines of every game, mutated; random spans, codes, cards and ids; a fixed seed).
Numba's typing (fixed-width integers, no bounds checks, ``_nrt`` off) must change nothing.

The domain references are in the tests beside: the reader against the exact path
(``test_reader.py``), money against the engine's ``Decimal`` rule (``test_money.py``), the
shoe against numpy (``test_cards.py``), the grouping against ``np.unique``
(``test_grouping.py``), Toss One's classes against the exact path (``test_toss_one_screen.py``).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests.audits.validation.screen import kernel_cases

ROOT = Path(__file__).resolve().parents[4]


def test_every_kernel_gives_what_its_plain_python_gives(tmp_path):
    compiled = kernel_cases.outputs()
    out = tmp_path / "plain.pickle"
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT),
           "DJANGO_SETTINGS_MODULE": "compliance.settings"}  # fmt: skip
    done = subprocess.run([sys.executable, kernel_cases.__file__, str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    plain = pickle.loads(out.read_bytes())
    assert set(plain) == set(compiled) == set(kernel_cases.CASES)
    for name, arrays in compiled.items():
        assert len(arrays) == len(plain[name]), name
        for i, (mine, theirs) in enumerate(zip(arrays, plain[name], strict=True)):
            assert mine.shape == theirs.shape and np.array_equal(mine, theirs), f"{name}[{i}]"
    read = compiled["reader"][0]  # the reader read most lines, and left some to the exact path
    assert 0.5 < read.mean() < 1
