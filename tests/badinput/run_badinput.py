#!/usr/bin/env python3
"""The bad-input corpus through the command line: every malformed kernel,
schedule, edit script, dependence-override file, JSCoP and --param value
makes schedule-tool exit with status 2 (or a row's `exit`) and one message
naming the file, the place and the fault, in valid UTF-8.

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
  temporary directory; special files (a FIFO, a symbolic link loop,
  /dev/zero) given to every input option; runs that outgrow a low
  --max-memory (exit 3, within a few seconds).
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
    # clang-format may break a row after a comma: any whitespace between fields.
    row = re.compile(r'\{"([^"]+)",\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\}')
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


def special_file_cases(tmp, kernel):
    """Files that are not regular files, made on the fly (a FIFO cannot be
    kept in git): each input option refuses them at once, naming the file.
    A FIFO without a writer would block open() forever, /dev/zero would be
    read until memory runs out."""
    fifo = os.path.join(tmp, "fifo")
    os.mkfifo(fifo)
    loop_a, loop_b = os.path.join(tmp, "loop_a"), os.path.join(tmp, "loop_b")
    os.symlink(loop_b, loop_a)
    os.symlink(loop_a, loop_b)
    dangling = os.path.join(tmp, "dangling")
    os.symlink(os.path.join(tmp, "gone"), dangling)
    faults = [("/dev/zero", "is a character device, not a regular file"),
              (fifo, "is a pipe (FIFO), not a regular file"),
              (loop_a, "cannot open the file: too many levels of symbolic links (a symbolic link loop)"),
              (dangling, "cannot open the file: no such file (a symbolic link to a missing file)")]
    out = []
    for path, fault in faults:
        for option in ("KERNEL", "--schedule", "--edits", "--assume-no-dep"):
            args = ["check", path] if option == "KERNEL" else ["check", kernel, option, path]
            out.append({"name": "special/%s %s" % (option, os.path.basename(path)), "args": args, "path": path,
                        "place": "", "fault": fault})
    return out


def many_statements_kernel(n):
    """n statements in one loop, each reading and writing the same array:
    n * n dependence pairs (issue 16: 3,000 reached 4 GB)."""
    body = [{"id": k, "writes": [{"tensor": "A", "index": ["i"]}], "reads": [{"tensor": "A", "index": ["i + 1"]}]}
            for k in range(n)]
    return {"version": 1, "name": "many_statements", "params": [{"name": "N", "min": 2}],
            "tensors": [{"name": "A", "shape": ["N + 1"], "space": "dram"}],
            "body": [{"loop": "i", "lb": 0, "ub": "N", "body": body}]}


def nested_marks_tree(depth):
    """A flow-style schedule tree of `depth` nested marks over jacobi_1d's
    statements (issue 16: 40,000 took over 5 GB)."""
    inner = ('{ sequence: [ { filter: "{ s0[t, i] }" }, { filter: "{ s1[t, i] }" } ] }')
    # Built inside out by joining: repeated wrapping would copy the text
    # 40,000 times.
    opens = "".join('{ mark: "m%d", child: ' % d for d in reversed(range(depth)))
    text = opens + inner + " }" * depth
    return ('{ domain: "[T, N] -> { s0[t, i] : 0 <= t < T and 1 <= i < N - 1; s1[t, i] : 0 <= t < T and 1 <= i < N - 1 }",'
            ' child: { schedule: "[T, N] -> [{ s0[t, i] -> [(t)]; s1[t, i] -> [(t)] }]", child: %s } }' % text)


def resource_cases(tmp, kernel):
    """Runs that grow without bound end at the memory limit with exit
    status 3 and a message, never a signal or std::bad_alloc. A low
    --max-memory makes them end within seconds."""
    # 1,000 statements, not the 3,000: the same growth (in the
    # dependence pairs) after a model that builds much faster. 3,000
    # end the same way, only much later.
    big = os.path.join(tmp, "many_statements.json")
    with open(big, "w") as f:
        json.dump(many_statements_kernel(1000), f)
    deep = os.path.join(tmp, "nested_marks.yaml")
    with open(deep, "w") as f:
        f.write(nested_marks_tree(40000))
    stopped = r"^schedule-tool: stopped: .*memory limit of 100 MB.*\(raise it with --max-memory\)"
    return [
        {"name": "resources/1000 statements on one array", "args": ["check", big, "--max-memory", "100M"],
         "exit": 3, "stderr": stopped, "within": 55},
        {"name": "resources/40000 nested marks", "args": ["check", kernel, "--schedule", deep, "--max-memory", "100M"],
         "exit": 3, "stderr": stopped, "within": 55},
    ]


def run(tool, args):
    start = time.monotonic()
    try:
        r = subprocess.run([tool] + args, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "", TIMEOUT, True
    try:
        err, utf8 = r.stderr.decode("utf-8"), True
    except UnicodeDecodeError:
        err, utf8 = r.stderr.decode("utf-8", errors="replace"), False
    return r.returncode, err, time.monotonic() - start, utf8


def check(tool, case):
    code, err, took, utf8 = run(tool, case["args"])
    if code is None:
        return "still running after %d s" % TIMEOUT
    problems = []
    want = case.get("exit", 2)
    if code != want:
        problems.append("exit %d, want %d" % (code, want))
    if not utf8:
        problems.append("stderr is not valid UTF-8")
    if "within" in case and took > case["within"]:
        problems.append("took %.1f s, want at most %d" % (took, case["within"]))
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
        cases += special_file_cases(tmp, kernel)
        cases += resource_cases(tmp, kernel)
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
