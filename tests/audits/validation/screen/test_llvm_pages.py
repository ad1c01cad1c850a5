"""LLVM's pages let go once the kernels are loaded (audits/validation/screen/llvm_pages.py):
only the mappings that hold the file's own bytes, and numba compiles and runs as before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from audits.validation.screen.llvm_pages import mappings_read

ROOT = Path(__file__).resolve().parents[4]

SMAPS = """\
7f0000000000-7f0000365000 r--p 00000000 fe:00 5333752    /x/llvmlite/binding/libllvmlite.so
Size:               3476 kB
Rss:                3476 kB
Private_Clean:      3476 kB
Shared_Dirty:          0 kB
Private_Dirty:         0 kB
Anonymous:             0 kB
Swap:                  0 kB
VmFlags: rd mr mw me
7f0000365000-7f0005394000 r-xp 00365000 fe:00 5333752    /x/llvmlite/binding/libllvmlite.so
Size:              82108 kB
Rss:               73340 kB
Shared_Dirty:          0 kB
Private_Dirty:         0 kB
Anonymous:             0 kB
Swap:                  0 kB
7f0005394000-7f0005559000 r--p 09677000 fe:00 5333752    /x/llvmlite/binding/libllvmlite.so
Size:               1812 kB
Rss:                1792 kB
Private_Dirty:      1792 kB
Anonymous:          1792 kB
Swap:                  0 kB
7f0005559000-7f0005582000 rw-p 0983c000 fe:00 5333752    /x/llvmlite/binding/libllvmlite.so
Rss:                 156 kB
Shared_Dirty:          0 kB
Private_Dirty:         0 kB
Anonymous:             0 kB
Swap:                  0 kB
7f0005600000-7f0005700000 r-xp 00000000 fe:00 5333753    /x/other.so
Rss:                   4 kB
Shared_Dirty:          0 kB
Private_Dirty:         0 kB
Anonymous:             0 kB
7f0005800000-7f0005900000 rw-p 00000000 00:00 0
Rss:                 400 kB
Private_Dirty:       400 kB
"""


def test_only_read_only_mappings_with_no_page_written_count_as_clean():
    found = mappings_read(SMAPS)
    assert [(m.start, m.end) for m in found[:2]] == [
        (0x7F0000000000, 0x7F0000365000), (0x7F0000365000, 0x7F0005394000)]  # fmt: skip
    assert [m.path.rsplit("/", 1)[-1] for m in found] == [
        "libllvmlite.so"] * 4 + ["other.so", ""]  # fmt: skip
    assert [m.kb["Rss"] for m in found] == [3476, 73340, 1792, 156, 4, 400]
    # the loader's relocated tables (written once, read-only since) and the library's data
    # (writable, even where no page is written yet) are kept; an anonymous mapping too
    assert [m.clean for m in found] == [True, True, False, False, False, False]


def test_a_mapping_whose_fields_are_not_all_told_is_not_clean():
    partial = "7f00-7f10 r-xp 00000000 fe:00 1 /x/libllvmlite.so\nRss: 8 kB\nPrivate_Dirty: 0 kB\n"
    assert not mappings_read(partial)[0].clean  # Anonymous not told: not known unwritten


#: a process that compiles a kernel, lets go of LLVM's pages, then compiles and runs more
SCRIPT = """
import json
import numpy as np
from numba import njit
from audits.validation.screen.llvm_pages import llvm_pages_release, llvm_pages_resident_kb

@njit(cache=False)
def total(a):
    s = 0
    for x in a:
        s += x * x
    return s

first = int(total(np.arange(1000, dtype=np.int64)))
before = llvm_pages_resident_kb()
released = llvm_pages_release()
after = llvm_pages_resident_kb()

@njit(cache=False)
def later(a, k):
    return (a * k).sum()

print(json.dumps({"before": before, "released": released, "after": after, "first": first,
                  "again": int(total(np.arange(1000, dtype=np.int64))),
                  "later": int(later(np.arange(10, dtype=np.int64), 3))}))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="/proc and madvise: Linux only")
def test_llvms_clean_pages_are_let_go_and_numba_compiles_and_runs_after():
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=True)  # fmt: skip
    found = json.loads(done.stdout.strip().splitlines()[-1])
    before, after = found["before"], found["after"]
    assert before["clean"] > 1024, "a compile runs LLVM: some of its code is resident"
    assert found["released"] == pytest.approx(before["clean"] / 1024, rel=0.05)
    assert after["clean"] < before["clean"] / 10
    assert after["written"] == before["written"] > 0  # the relocated tables are kept
    assert found["first"] == found["again"] == sum(x * x for x in range(1000))
    assert found["later"] == 135  # LLVM read back from the page cache compiles as before
