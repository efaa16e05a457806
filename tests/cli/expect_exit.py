#!/usr/bin/env python3
"""Runs a command and checks its exit status, how long it took, and that its
stderr matches a pattern:

  expect_exit.py STATUS MAX_SECONDS STDERR_REGEX -- COMMAND ARGS...
"""
import re
import subprocess
import sys
import time


def main():
    status, seconds, pattern = int(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
    cmd = sys.argv[sys.argv.index("--") + 1:]
    start = time.monotonic()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds * 3)
    except subprocess.TimeoutExpired:
        print("FAIL: still running after %.1f s: %s" % (seconds * 3, " ".join(cmd)))
        return 1
    took = time.monotonic() - start
    problems = []
    if r.returncode != status:
        problems.append("exit %d, want %d" % (r.returncode, status))
    if took > seconds:
        problems.append("took %.2f s, want at most %.1f s" % (took, seconds))
    if not re.search(pattern, r.stderr):
        problems.append("stderr %r does not match %r" % (r.stderr.strip()[:300], pattern))
    if problems:
        print("FAIL: " + "; ".join(problems))
        return 1
    print("ok: exit %d in %.2f s: %s" % (r.returncode, took, r.stderr.strip()[:200]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
