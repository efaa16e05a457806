# SPDX-License-Identifier: MIT
"""The README's Python examples run as shown, from the checkout, and print
what their comments say (the oracle's verdicts)."""
import re
import subprocess
import sys

import pytest

from conftest import REPO, SAMPLES, oracle_check

JACOBI = SAMPLES / "jacobi_1d.json"


def blocks():
    """The ```python blocks of the README's "## Python" section."""
    text = (REPO / "README.md").read_text()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    found = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(found) == 2
    return found


def run(code, tmp_path):
    script = tmp_path / "example.py"
    script.write_text(code)
    return subprocess.run([sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, timeout=120)


def test_client_example(tmp_path):
    p = run(blocks()[0], tmp_path)
    if p.returncode != 0 and ("keeps no bases" in p.stderr or "unknown key" in p.stderr):
        pytest.skip("this schedule-tool serve has no bases (the example uses keep)")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    fused = oracle_check(JACOBI, "[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i, 1] }")
    assert lines[0] == "legal / illegal: %d violated edge" % len(fused["violations"])
    shifted = "[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i + 1, 1] }"
    assert lines[1] == str(oracle_check(JACOBI, shifted)["legal"])
    assert "shift member 0 of band 0.0: s1 by 1" in lines[2]
    assert lines[3] == "shift member 0 of band 0.0: s1 by 1"


def test_dask_example(tmp_path):
    pytest.importorskip("distributed")
    p = run(blocks()[1], tmp_path)
    assert p.returncode == 0, p.stderr
    for s in range(-1, 3):
        legal = oracle_check(JACOBI, "[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i + %d, 1] }" % s)["legal"]
        assert ("shift %d legal" % s in p.stdout.splitlines()) == legal, p.stdout
    assert len(p.stdout.splitlines()) == 4
