#!/usr/bin/env python3
"""The bad-input corpus through the command line: every malformed kernel,
schedule, edit script, dependence-override file, JSCoP and --param value
makes schedule-tool exit with status 2 and one message naming the file, the
place and the fault.

  run_badinput.py SCHEDULE_TOOL SOURCE_DIR

Expectations:
- tests/badinput/cases.json: one row per case. `args` is the command line
  after `schedule-tool` ({file} is the row's file, {kernel} the kernel the
  schedules, scripts and overrides are written for); `place` and `fault` are
  worked by hand from the file; the message must read
  `schedule-tool: error: FILE: PLACE: FAULT...` (no `PLACE: ` when the place
  is empty). Rows without a file (--param) give a `stderr` pattern instead.
- tests/data/bad-kernels/*.json: the rows of tests/core/tst_kernelloader.cpp
  (file, place, fault), read from that table so they are written once,
  checked here through `schedule-tool check`.
- Generated inputs too large to keep in the tree (deep nesting), written to a
  temporary directory.
Every file under tests/badinput/ must have a row, and no run may print a
sanitizer report, take longer than the time limit, or die on a signal.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time

TIMEOUT = 60  # seconds per run (ASan builds are slow)
KERNEL = "sample-kernels/jacobi_1d.json"


def bad_kernel_rows(src):
    """(file, place, fault) rows of tst_kernelloader.cpp's BadKernels table."""
    text = open(os.path.join(src, "tests/core/tst_kernelloader.cpp"), encoding="utf-8").read()
    table = text[text.index("const BadKernel BadKernels[] = {"):]
    table = table[:table.index("\n};")]
    row = re.compile(r'\{"([^"]+)", "((?:[^"\\]|\\.)*)", "((?:[^"\\]|\\.)*)"\}')
    return [(f, p.encode().decode("unicode_escape"), x.encode().decode("unicode_escape"))
            for f, p, x in row.findall(table)]


def generated_cases(tmp):
    """Inputs generated on the fly: nesting deep enough to exhaust a
    recursive reader's stack."""
    cases = []
    depth = 20000
    # A string expression of 20000 nested parentheses.
    k = {"version": 1, "name": "deep_expr", "params": [{"name": "N", "min": 1}],
         "tensors": [{"name": "A", "shape": ["N"], "space": "dram"}],
         "body": [{"loop": "i", "lb": 0, "ub": "(" * depth + "N" + ")" * depth,
                   "body": [{"id": 0, "writes": [{"tensor": "A", "index": ["i"]}]}]}]}
    cases.append(("deep_parentheses.json", json.dumps(k), "body[0].ub", "nested deeper than"))
    # A tree-form expression 20000 levels deep.
    e = {"kind": "Var", "name": "N"}
    tree = json.dumps(e)
    for _ in range(depth):
        tree = '{"kind": "Mult", "scale": 1, "expr": ' + tree + "}"
    text = json.dumps(k).replace(json.dumps("(" * depth + "N" + ")" * depth), tree)
    cases.append(("deep_expression_tree.json", text, "body[0].ub", "nested deeper than"))
    # A loop nest 20000 deep.
    inner = '{"id": 0, "writes": [{"tensor": "A", "index": [0]}]}'
    for d in range(depth):
        inner = '{"loop": "i%d", "lb": 0, "ub": 2, "body": [%s]}' % (d, inner)
    text = ('{"version": 1, "name": "deep_loops", "tensors": [{"name": "A", "shape": [1], "space": "dram"}], '
            '"body": [%s]}' % inner)
    cases.append(("deep_loops.json", text, "body[0]" + ".body[0]" * 0, "nested deeper than"))
    out = []
    for name, text, place, fault in cases:
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        out.append({"name": "generated/" + name, "args": ["check", path], "path": path,
                    "place": place, "fault": fault, "prefix": True})
    return out


def run(tool, args):
    start = time.monotonic()
    try:
        r = subprocess.run([tool] + args, capture_output=True, text=True, errors="replace", timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", TIMEOUT
    return r.returncode, r.stderr, time.monotonic() - start


def check(tool, case):
    code, err, took = run(tool, case["args"])
    if code is None:
        return "still running after %d s" % TIMEOUT
    problems = []
    if code != 2:
        problems.append("exit %d, want 2" % code)
    if re.search(r"AddressSanitizer|LeakSanitizer|runtime error:|Segmentation fault", err):
        problems.append("sanitizer report")
    if "stderr" in case:
        if not re.search(case["stderr"], err):
            problems.append("stderr does not match %r" % case["stderr"])
    else:
        # FILE:LINE:COLUMN: error: PLACE: FAULT; a place "line L, column C"
        # is the position itself, another place (a JSON path) follows it.
        place = case["place"]
        at = re.fullmatch(r"line (\d+), column (\d+)", place)
        position = ":%s:%s" % at.groups() if at else r"(:\d+:\d+)?"
        rest = "" if at or not place else re.escape(place) + ("" if case.get("prefix") else ": ")
        head = re.escape(case["path"]) + position + ": error: " + rest
        line = err.split("\n", 1)[0]
        m = re.match(head, line)
        if not m:
            problems.append("message does not start with %r" % head)
        elif case["fault"] not in line[m.end():]:
            problems.append("fault %r not in the message" % case["fault"])
    if problems:
        return "; ".join(problems) + "\n    stderr: " + err.strip()[:400].replace("\n", "\n    ")
    return None


def main():
    tool, src = sys.argv[1], os.path.abspath(sys.argv[2])
    here = os.path.join(src, "tests/badinput")
    kernel = os.path.join(src, KERNEL)
    cases = []
    rows = json.load(open(os.path.join(here, "cases.json"), encoding="utf-8"))
    listed = set()
    for r in rows:
        c = dict(r)
        path = os.path.join(here, r["file"]) if r.get("file") else None
        if path:
            listed.add(r["file"])
            if not os.path.exists(path):
                print("FAIL %s: no such file" % r["file"])
                return 1
        c["path"] = path
        c["args"] = [a.replace("{file}", path or "").replace("{kernel}", kernel).replace("{dir}", here)
                     for a in r["args"]]
        c["name"] = r.get("file") or r["name"]
        cases.append(c)
    # Every file of the corpus has a row (a file without one is untested).
    for dirpath, _, files in os.walk(here):
        for f in files:
            rel = os.path.relpath(os.path.join(dirpath, f), here)
            if os.path.dirname(rel) and rel not in listed:
                print("FAIL %s: a file of the corpus without a row in cases.json" % rel)
                return 1
    kernels = bad_kernel_rows(src)
    bad_dir = os.path.join(src, "tests/data/bad-kernels")
    on_disk = sorted(f[:-5] for f in os.listdir(bad_dir) if f.endswith(".json"))
    if sorted(f for f, _, _ in kernels) != on_disk:
        print("FAIL: tst_kernelloader's BadKernels table (%d rows) does not match tests/data/bad-kernels (%d files)"
              % (len(kernels), len(on_disk)))
        return 1
    for f, place, fault in kernels:
        path = os.path.join(bad_dir, f + ".json")
        cases.append({"name": "bad-kernels/" + f, "args": ["check", path], "path": path,
                      "place": place, "fault": fault})
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        cases += generated_cases(tmp)
        for c in cases:
            why = check(tool, c)
            if why:
                failed += 1
                print("FAIL %s: %s" % (c["name"], why))
    files = len(listed) + len(kernels)
    print("%d cases (%d bad files, %d in tests/badinput), %d passed, %d failed"
          % (len(cases), files, len(listed), len(cases) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
