#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks every sample kernel, and every schedule in schedules/, against the
brute-force oracle of the conformance suite, in both dependence modes, with
every parameter fixed to its `value` (as the conformance tools do). Also checks
the legality each description promises and that no kernel draws an
out-of-shape warning.

  verify.py SCHEDULE_TOOL [--conformance DIR]

DIR defaults to the repository's copy, tests/data/conformance. The last line is
`N passed, M failed`.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# What the descriptions promise: case -> (legal with may deps, legal with flow deps).
PROMISED = {
    "jacobi_1d.fuse": (False, True),
    "jacobi_1d.fuse_shift": (True, True),
    "loop_sequence.hoist_init": (True, True),
    "loop_sequence.reduce_first": (False, False),
    "gauss_seidel_2d.interchange": (False, False),
    "gauss_seidel_2d.wavefront": (True, True),
    "matmul.ikj": (True, True),
    "matmul.reverse_k": (False, False),
    "tiled_matmul_sbuf_psum.pipelined": (True, True),
    "tiled_matmul_sbuf_psum.prefetch2": (False, True),
    "ring_allgather.hoist_recv": (False, True),
    "trisolv.interchange": (False, False),
    "trisolv.column_oriented": (True, True),
    "trisolv.reverse_j": (False, False),
    "red_black_1d.fuse": (False, False),
    "red_black_1d.fuse_shift": (True, True),
    "scalar_temp.reverse": (False, True),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tool")
    ap.add_argument("--conformance", default=os.path.join(HERE, "..", "tests", "data", "conformance"))
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.conformance, "tools"))
    import compare  # noqa: E402  (the suite's own runner: same checks, same oracle)
    import oracle  # noqa: E402

    passed = failed = 0

    def report(label, why):
        nonlocal passed, failed
        if why:
            failed += 1
            print("FAIL %s: %s" % (label, why))
        else:
            passed += 1

    for kpath in sorted(glob.glob(os.path.join(HERE, "*.json"))):
        name = os.path.basename(kpath)[:-5]
        doc = json.load(open(kpath))
        report(name + " description", None if doc.get("description") else "no description")
        params = compare.params_of(kpath)
        rc, out, err = compare.run([a.tool, "check", kpath, "--json"] + params)
        warnings = json.loads(out).get("warnings", []) if rc in (0, 1) and out else None
        report(name + " warnings", None if warnings == [] else "warnings %r (exit %d: %s)" % (warnings, rc, err[:200]))
        cases = [(None, name + ".original")]
        cases += [(s, os.path.basename(s)[:-4])
                  for s in sorted(glob.glob(os.path.join(HERE, "schedules", name + ".*.map")))]
        fixed = {p.split("=")[1]: int(p.split("=")[2]) for p in params}
        for spath, label in cases:
            for mode in ("may", "flow"):
                why = compare.case_check(a.tool, kpath, spath, mode)
                if why is None and label in PROMISED:
                    k = oracle.Kernel(doc, fixed)
                    sched = oracle.parse_union_map(open(spath).read()) if spath else None
                    legal = oracle.check(k, sched, mode)["legal"]
                    want = PROMISED[label][0 if mode == "may" else 1]
                    if legal != want:
                        why = "the description promises %s, the oracle says %s" % (
                            "legal" if want else "illegal", "legal" if legal else "illegal")
                report("%s (%s)" % (label, mode), why)
    for label in PROMISED:
        if not os.path.exists(os.path.join(HERE, "schedules", label + ".map")):
            report(label, "schedule file missing")
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
