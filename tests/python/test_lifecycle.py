# SPDX-License-Identifier: MIT
"""No serve process outlives its user: close(), the with block, garbage
collection, interpreter exit, a killed parent (on the main thread and on
another), a timeout; a server that dies raises. Fake tools (small Python
scripts) stand in where the real one cannot hang or crash on demand."""
import gc
import os
import signal
import subprocess
import sys
import textwrap

import pytest

import schedule_explorer as se
from conftest import SAMPLES, gone

JACOBI = SAMPLES / "jacobi_1d.json"
MAP = "[T, N] -> { s0[t, i] -> [t, i, 0]; s1[t, i] -> [t, i, 1] }"


def fake_tool(tmp_path, serve_body):
    """A stand-in schedule-tool whose serve runs `serve_body` for each request line."""
    path = tmp_path / "fake-schedule-tool"
    path.write_text("#!%s\nimport sys, time\nfor line in sys.stdin:\n%s\n"
                    % (sys.executable, textwrap.indent(serve_body, "    ")))
    path.chmod(0o755)
    return str(path)


def test_close_and_with_block(tool):
    k = se.open(JACOBI, tool, T=4, N=10)
    assert not k.check(MAP).legal  # the plain fusion
    pid = k.pid
    k.close()
    assert gone(pid, 0)
    with se.open(JACOBI, tool) as k:
        pid = k.pid
    assert gone(pid, 0)


def test_garbage_collected(tool):
    k = se.open(JACOBI, tool, T=4, N=10)
    k.check(MAP)
    pid = k.pid
    del k
    gc.collect()
    assert gone(pid, 0)


def run_child(tool, code):
    """Run Python `code` (with se and k = an open jacobi kernel) in a child
    interpreter; the server's pid it prints."""
    script = ("import os, signal, threading, schedule_explorer as se\n"
              "k = se.open(%r, %r, T=4, N=10)\nk.check(%r)\nprint(k.pid, flush=True)\n%s"
              % (str(JACOBI), tool, MAP, code))
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.stdout.strip(), p.stderr
    return int(p.stdout.split()[0]), p.returncode


def test_interpreter_exit(tool):
    pid, rc = run_child(tool, "")
    assert rc == 0 and gone(pid)


def test_parent_killed(tool):
    # The main thread's child: PR_SET_PDEATHSIG kills it with the parent.
    pid, rc = run_child(tool, "os.kill(os.getpid(), signal.SIGKILL)")
    assert rc == -signal.SIGKILL and gone(pid)


def test_parent_killed_thread_opened(tool):
    # Opened on another thread (no PDEATHSIG): the stdin EOF ends serve.
    code = ("box = []\nt = threading.Thread(target=lambda: box.append(se.open(%r, %r, T=4, N=10)))\n"
            "t.start(); t.join(); box[0].check(%r); print(box[0].pid, flush=True)\n"
            "os.kill(os.getpid(), signal.SIGKILL)" % (str(JACOBI), tool, MAP))
    script = "import os, signal, threading, schedule_explorer as se\n" + code
    p = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert p.returncode == -signal.SIGKILL and p.stdout.strip(), p.stderr
    assert gone(int(p.stdout.split()[0]))


def test_timeout_kills_server(tmp_path):
    fake = fake_tool(tmp_path, "time.sleep(3600)")
    with se.open(JACOBI, fake, timeout=0.5) as k:
        first = k.pid
        with pytest.raises(se.ScheduleToolError) as e:
            k.check(MAP)
        assert e.value.kind == "timeout" and gone(first, 0)
        with pytest.raises(se.ScheduleToolError):  # a new server, which hangs too
            k.check(MAP)
        assert k.pid != first


def test_server_that_dies_raises(tmp_path):
    fake = fake_tool(tmp_path, "sys.stderr.write('fake: crashed\\n'); sys.exit(3)")
    with se.open(JACOBI, fake) as k:
        pid = k.pid
        with pytest.raises(se.ScheduleToolError) as e:
            k.check(MAP)
    assert e.value.kind == "died" and "fake: crashed" in e.value.message and e.value.raw["status"] == 3
    assert gone(pid, 0)


def test_garbled_answer_is_not_silent(tmp_path):
    fake = fake_tool(tmp_path, "print('{\"id\": 1, \"error\": \"boom\", \"kind\": \"internal\"}', flush=True)")
    with se.open(JACOBI, fake) as k:
        with pytest.raises(se.ScheduleToolError) as e:
            k.check(MAP)
    assert (e.value.message, e.value.kind) == ("boom", "internal")


def test_tool_from_environment(tool, monkeypatch):
    monkeypatch.setenv("SCHEDULE_TOOL", tool)
    with se.open(JACOBI, T=4, N=10) as k:
        assert k.tool == os.path.abspath(tool) and k.check().legal
    monkeypatch.setenv("SCHEDULE_TOOL", "")
    monkeypatch.setenv("PATH", os.path.dirname(tool))
    assert se.find_tool() == os.path.join(os.path.dirname(tool), "schedule-tool")
