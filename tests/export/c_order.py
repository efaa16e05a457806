#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs the C that `schedule-tool codegen --format c` writes and checks the
order it runs the statements in against tools/oracle.py.

    c_order.py TOOL SAMPLES_DIR CONFORMANCE_DIR

For every kernel of both suites, with its original schedule and each schedule
file written for it: the parametric C, with each statement defined as a macro
that prints its instance, is compiled with gcc, called with the kernel's
parameter `value`s, and run. Every instance must be printed exactly once, and
the oracle's times of the printed instances must never decrease. Prints
`N passed, M failed`."""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile


def case(tool, oracle, kernel, schedule, work):
    doc = json.load(open(kernel))
    k = oracle.Kernel(doc, {})
    sched = oracle.parse_union_map(open(schedule).read()) if schedule else None
    times = oracle.times(k, sched)
    want = {}
    for (sid, pt, _, _), t in zip(k.instances, times):
        want[(sid, pt)] = t
    cmd = [tool, "codegen", kernel, "--format", "c"] + (["--schedule", schedule] if schedule else [])
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return "codegen exit %d: %s" % (r.returncode, r.stderr.strip()[:300])
    code = r.stdout
    m = re.search(r"^void (\w+)\(([^)]*)\)\n\{", code, re.M)
    if not m:
        return "no function in the C"
    names = [] if m.group(2) == "void" else [a.split()[-1] for a in m.group(2).split(",")]
    macros = ["#include <stdio.h>"]
    for sid, ivs in k.iters.items():
        args = ", ".join("a%d" % n for n in range(len(ivs)))
        fmt = sid + "".join(" %ld" for _ in ivs)
        vals = "".join(", (long)(a%d)" % n for n in range(len(ivs)))
        macros.append('#define %s(%s) printf("%s\\n"%s)' % (sid, args, fmt, vals))
    main = "int main(void)\n{\n  %s(%s);\n  return 0;\n}\n" % (m.group(1), ", ".join(str(k.env[n]) for n in names))
    src = os.path.join(work, "run.c")
    exe = os.path.join(work, "run")
    with open(src, "w") as f:
        f.write("\n".join(macros) + "\n" + code + main)
    r = subprocess.run(["gcc", "-std=c99", "-o", exe, src], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return "gcc: " + r.stderr.strip()[:600]
    r = subprocess.run([exe], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return "the program exited with %d" % r.returncode
    seen, last = set(), None
    for line in r.stdout.split("\n"):
        if not line:
            continue
        parts = line.split()
        inst = (parts[0], tuple(int(x) for x in parts[1:]))
        if inst not in want:
            return "ran %s, not an instance of the kernel" % line
        if inst in seen:
            return "ran %s twice" % line
        seen.add(inst)
        if last is not None and want[inst] < last[1]:
            return "ran %s (time %s) after %s (time %s)" % (line, want[inst], last[0], last[1])
        last = (line, want[inst])
    if len(seen) != len(want):
        return "ran %d of %d instances" % (len(seen), len(want))
    return None


def main():
    tool, samples, conformance = sys.argv[1:4]
    sys.path.insert(0, os.path.join(conformance, "tools"))
    import oracle
    cases = []
    for kdir, sdir in ((samples, os.path.join(samples, "schedules")),
                       (os.path.join(conformance, "kernels"), os.path.join(conformance, "schedules"))):
        for kernel in sorted(glob.glob(os.path.join(kdir, "*.json"))):
            base = os.path.basename(kernel)[:-5]
            cases.append((kernel, None))
            for s in sorted(glob.glob(os.path.join(sdir, base + ".*.map"))):
                cases.append((kernel, s))
    passed = failed = 0
    with tempfile.TemporaryDirectory() as work:
        for kernel, schedule in cases:
            name = os.path.basename(schedule or kernel)
            why = case(tool, oracle, kernel, schedule, work)
            if why:
                failed += 1
                print("FAIL %s: %s" % (name, why))
            else:
                passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
