# SPDX-License-Identifier: MIT
"""`pip install ./python` works offline (no index, no build isolation: Debian's
python3-setuptools) and the installed package imports from the target."""
import os
import shutil
import subprocess
import sys

from conftest import REPO


def test_pip_install_target(tmp_path):
    # A copy of python/: setuptools builds in the source folder (build/,
    # *.egg-info), which must not land in the checkout.
    source = tmp_path / "python"
    shutil.copytree(REPO / "python", source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = tmp_path / "site"
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONPATH="")
    p = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index",
                        "--target", str(target), str(source)], env=env, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    code = ("import schedule_explorer, schedule_explorer.distributed as d; "
            "print(schedule_explorer.__file__); print(callable(schedule_explorer.open), callable(d.check_all))")
    p = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=dict(env, PYTHONPATH=str(target)),
                       capture_output=True, text=True, check=True)
    path, ok = p.stdout.splitlines()
    assert path.startswith(str(target)) and ok == "True True"
