# SPDX-License-Identifier: MIT
"""Shared setup of the Python client tests: the tool (env SCHEDULE_TOOL, as
ctest sets it), the package from the source tree, the conformance suite and
its brute-force oracle, which gives the expected verdicts (never the tool)."""
import json
import os
import pathlib
import sys
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "python"))
# Subprocesses (Dask workers, the README examples) import it too.
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "python"), os.environ.get("PYTHONPATH")]))
TOOL = os.path.abspath(os.environ.get("SCHEDULE_TOOL") or REPO / "build" / "release" / "app" / "tool" / "schedule-tool")
os.environ["SCHEDULE_TOOL"] = TOOL  # absolute: for subprocesses in other folders

_shared = REPO.parent / "shared" / "conformance"
CONFORMANCE = _shared if (_shared / "tools" / "compare.py").exists() else REPO / "tests" / "data" / "conformance"
sys.path.insert(0, str(CONFORMANCE / "tools"))
import oracle  # noqa: E402

SAMPLES = REPO / "sample-kernels"


def fixed_params(kernel_path):
    """The kernel's parameters at their `value`s, as the conformance answers fix them."""
    doc = json.loads(pathlib.Path(kernel_path).read_text())
    return {p["name"]: p["value"] for p in doc.get("params", []) if "value" in p}


def oracle_check(kernel_path, schedule_map=None, params=None):
    """The oracle's answer for a schedule given as an isl union map text (None: the original)."""
    doc = json.loads(pathlib.Path(kernel_path).read_text())
    k = oracle.Kernel(doc, params if params is not None else fixed_params(kernel_path))
    sched = oracle.parse_union_map(schedule_map) if schedule_map is not None else None
    return oracle.check(k, sched, "may")


def gone(pid, wait=10.0):
    """Whether process pid has ended within `wait` seconds (a zombie counts
    as ended: an orphan's reaper may be slow or absent in a container)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            state = pathlib.Path("/proc/%d/stat" % pid).read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in ("Z", "X"):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


@pytest.fixture(scope="session")
def tool():
    if not os.access(TOOL, os.X_OK):
        pytest.fail("no schedule-tool at %s (set SCHEDULE_TOOL)" % TOOL)
    return TOOL
