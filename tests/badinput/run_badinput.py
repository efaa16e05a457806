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


JSON_LIMIT = 1000  # NestingLimit::Json
ISL_LIMIT = 1000  # NestingLimit::IslText
DEEP = 100000  # issue 46: no depth may end in a signal


def too_deep_at(text, limit, skip_strings):
    """'line L, column C' where brackets first nest deeper than `limit`, as
    NestingLimit::tooDeepAt finds it (columns count characters: ASCII here)."""
    depth, quoted, i = 0, False, 0
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"' and skip_strings:
            quoted = True
        elif c in "([{":
            depth += 1
            if depth > limit:
                line = text.count("\n", 0, i) + 1
                return "line %d, column %d" % (line, i - (text.rfind("\n", 0, i) + 1) + 1)
        elif c in ")]}" and depth > 0:
            depth -= 1
        i += 1
    return None


def deep_kernel(ub):
    return {"version": 1, "name": "deep_expr", "params": [{"name": "N", "min": 1}],
            "tensors": [{"name": "A", "shape": ["N"], "space": "dram"}],
            "body": [{"loop": "i", "lb": 0, "ub": ub,
                      "body": [{"id": 0, "writes": [{"tensor": "A", "index": ["i"]}]}]}]}


def wrapped(inner, opener, closer, depth):
    """`inner` wrapped `depth` times, built by joining (not by repeated
    wrapping, which would copy the text `depth` times)."""
    return opener * depth + inner + closer * depth


def generated_cases(tmp, kernel):
    """Inputs generated on the fly: nesting deep enough to exhaust a
    recursive reader's stack. Each is refused naming its place and the
    limit; none may end in a signal."""
    json_fault = "JSON arrays and objects nested deeper than %d levels" % JSON_LIMIT
    cases = []
    # A string expression of 100,000 nested parentheses: the expression
    # parser's own limit.
    text = json.dumps(deep_kernel(wrapped("N", "(", ")", DEEP)))
    cases.append(("deep_parentheses.json", text, "body[0].ub", "nested deeper than", True))
    # And 100,000 unary minus signs.
    text = json.dumps(deep_kernel("-" * DEEP + "N"))
    cases.append(("deep_minus.json", text, "body[0].ub", "nested deeper than", True))
    # Tree-form expressions 100,000 levels deep (Mult, Sum): the JSON is
    # refused before it is read.
    for kind, opener, closer in (("Mult", '{"kind": "Mult", "scale": 1, "expr": ', "}"),
                                 ("Sum", '{"kind": "Sum", "terms": [{"coef": 1, "expr": ', "}]}")):
        tree = wrapped(json.dumps({"kind": "Var", "name": "N"}), opener, closer, DEEP)
        text = json.dumps(deep_kernel("UB")).replace('"UB"', tree)
        cases.append(("deep_%s_tree.json" % kind.lower(), text, too_deep_at(text, JSON_LIMIT, True), json_fault,
                      False))
    # A Sum tree within the JSON limit, beyond the expression reader's.
    tree = wrapped(json.dumps({"kind": "Var", "name": "N"}), '{"kind": "Sum", "terms": [{"coef": 1, "expr": ', "}]}",
                   300)
    text = json.dumps(deep_kernel("UB")).replace('"UB"', tree)
    cases.append(("sum_tree_300.json", text, "body[0].ub", "expression nested deeper than 200 levels", True))
    # A loop nest 100,000 deep, and plain arrays.
    inner = '{"id": 0, "writes": [{"tensor": "A", "index": [0]}]}'
    opens = "".join('{"loop": "i%d", "lb": 0, "ub": 2, "body": [' % d for d in range(DEEP))
    text = ('{"version": 1, "name": "deep_loops", "tensors": [{"name": "A", "shape": [1], "space": "dram"}], '
            '"body": [%s]}' % (opens + inner + "]}" * DEEP))
    cases.append(("deep_loops.json", text, too_deep_at(text, JSON_LIMIT, True), json_fault, False))
    text = wrapped("", "[", "]", DEEP)
    cases.append(("deep_arrays.json", text, too_deep_at(text, JSON_LIMIT, True), json_fault, False))
    # Loops within the JSON limit, beyond the kernel's 64.
    opens = "".join('{"loop": "i%d", "lb": 0, "ub": 2, "body": [' % d for d in range(300))
    text = ('{"version": 1, "name": "deep_loops", "tensors": [{"name": "A", "shape": [1], "space": "dram"}], '
            '"body": [%s]}' % (opens + inner + "]}" * 300))
    cases.append(("loops_300.json", text, "body[0]", "loops nested deeper than 64 levels", True))
    out = []
    for name, text, place, fault, prefix in cases:
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        out.append({"name": "generated/" + name, "args": ["check", path], "path": path,
                    "place": place, "fault": fault, "prefix": prefix})
    return out + deep_schedule_cases(tmp, kernel)


def block_marks_tree(depth):
    """A block-style tree of `depth` nested marks over jacobi_1d's statements."""
    lines = ['domain: "[T, N] -> { s0[t, i] : 0 <= t < T and 1 <= i < N - 1; s1[t, i] : 0 <= t < T and 1 <= i < N - 1 }"',
             "child:", '  schedule: "[T, N] -> [{ s0[t, i] -> [(t)]; s1[t, i] -> [(t)] }]"', "  child:"]
    for d in range(depth):
        pad = " " * (2 * d + 4)
        lines += [pad + 'mark: "m%d"' % d, pad + "child:"]
    pad = " " * (2 * depth + 4)
    lines += [pad + "sequence:", pad + '- filter: "{ s0[t, i] }"', pad + '- filter: "{ s1[t, i] }"']
    return "\n".join(lines) + "\n"


def deep_schedule_cases(tmp, kernel):
    """Schedules nested 100,000 deep (flow style, union maps, JSCoP) and
    beyond the limit in block style (whose indentation grows with the
    square of the depth), each under no limit and under --time-limit 5:
    refused naming the line and column, never a signal. And trees just
    inside the limit, which read and check."""
    brackets = "brackets nested deeper than %d levels" % ISL_LIMIT
    nodes = "schedule tree nodes (and their brackets) nested deeper than %d levels" % ISL_LIMIT
    files = []
    text = nested_marks_tree(DEEP)
    files.append(("deep_flow_marks.yaml", text, too_deep_at(text, ISL_LIMIT, False), brackets))
    text = block_marks_tree(ISL_LIMIT + 10)
    # The 1,000th frame: the domain's mapping, the band's, then two per mark.
    files.append(("deep_block_marks.yaml", text, "line %d, column %d" % (4 + 2 * 998 + 1, 2 * 998 + 5), nodes))
    # Block style at the root, 100,000 flow levels under it.
    text = block_marks_tree(0)
    text = text[:text.index("    sequence:")] + "    " + mark_chain(DEEP) + "\n"
    files.append(("deep_mixed_marks.yaml", text, too_deep_at(text, ISL_LIMIT, False), brackets))
    text = ("[T, N] -> { s0[t, i] -> [%s, i]; s1[t, i] -> [t, i] }" % wrapped("t", "(", ")", DEEP))
    files.append(("deep_parens.map", text, too_deep_at(text, ISL_LIMIT, False), brackets))
    out = []
    for name, text, place, fault in files:
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        for extra in ([], ["--time-limit", "5"], ["--max-memory", "100M"]):
            out.append({"name": "generated/%s %s" % (name, " ".join(extra)), "path": path, "place": place,
                        "fault": fault, "args": ["check", kernel, "--schedule", path] + extra})
    # A JSCoP statement whose schedule is nested 100,000 deep.
    st = lambda n: {"name": n, "domain": "[T, N] -> { %s[t, i] : 0 <= t < T and 1 <= i < N - 1 }" % n,
                    "schedule": "[T, N] -> { %s[t, i] -> [t, i] }" % n}
    doc = {"name": "deep", "context": "[T, N] -> { : T >= 1 and N >= 3 }", "statements": [st("s0"), st("s1")]}
    doc["statements"][1]["schedule"] = "[T, N] -> { s1[t, i] -> [%s, i] }" % wrapped("t", "(", ")", DEEP)
    path = os.path.join(tmp, "deep_parens.jscop")
    with open(path, "w") as f:
        json.dump(doc, f)
    out.append({"name": "generated/deep_parens.jscop", "path": path, "place": "statements[1].schedule",
                "fault": brackets, "args": ["check", kernel, "--schedule", path]})
    # Just inside the limit: read, checked, legal.
    for name, text in (("marks_within_flow.yaml", nested_marks_tree(ISL_LIMIT - 10)),
                       ("marks_within_block.yaml", block_marks_tree(ISL_LIMIT // 2 - 10))):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        out.append({"name": "generated/" + name, "args": ["check", kernel, "--schedule", path], "exit": 0,
                    "stderr": "^$"})
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


def mark_chain(depth):
    """`depth` nested marks in flow style over jacobi_1d's two statements."""
    inner = ('{ sequence: [ { filter: "{ s0[t, i] }" }, { filter: "{ s1[t, i] }" } ] }')
    # Built inside out by joining: repeated wrapping would copy the text
    # `depth` times.
    opens = "".join('{ mark: "m%d", child: ' % d for d in reversed(range(depth)))
    return opens + inner + " }" * depth


def nested_marks_tree(depth):
    """A flow-style schedule tree of `depth` nested marks over jacobi_1d's
    statements (issue 16: 40,000 took over 5 GB; issue 46: a signal)."""
    text = mark_chain(depth)
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
    stopped = r"^schedule-tool: stopped: .*memory limit of 100 MB.*\(raise it with --max-memory\)"
    return [
        {"name": "resources/1000 statements on one array", "args": ["check", big, "--max-memory", "100M"],
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
    # Input bytes in a message are escaped (\x00): a control character
    # would act on the terminal.
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", err):
        problems.append("a raw control character in stderr")
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
        cases += generated_cases(tmp, kernel)
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
