#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turns the raw results of run_benchmarks.sh into the Markdown tables of
docs/performance.md, with the reference stack's figures beside ours.

  bench_report.py RESULTS_DIR
"""
import glob
import json
import os
import re
import sys

# ../shared/bench/README.md and issue 6: (reference whole s, target s); phases in s.
REFERENCE = {
    "pipeline_400.fused": (73.0, 1.0, {"build": 0.33, "deps": 28.8, "count": 0.10, "check": 41.4}),
    "tiled_matmul_64.pipelined": (81.6, 2.0, {"build": 0.26, "deps": 31.3, "count": 36.4, "check": 16.7}),
    "pipeline_100.fused": (3.7, 0.15, {"build": 0.077, "deps": 1.88, "count": 0.023, "check": 1.73}),
    "tiled_matmul_16.pipelined": (5.1, 0.2, {"build": 0.073, "deps": 2.03, "count": 2.48, "check": 0.73}),
    "deep_6.interchange": (0.27, None, {"build": 0.005, "deps": 0.030, "count": 0.22, "check": 0.013}),
}
SCALED = list(REFERENCE)
EDIT_TARGET_MS = {"pipeline_400.fused": 50, "tiled_matmul_64.pipelined": 50}
PHASES = ["load", "build", "schedule", "deps", "edges", "count", "warnings", "check", "recheck", "edit1", "edit"]


def load(pattern):
    out = {}
    for f in sorted(glob.glob(pattern)):
        if f.endswith(".hf.json"):
            continue
        d = json.load(open(f))
        out[d["label"]] = d
    return out


def secs(d):
    if d is None:
        return "not run"
    if d.get("status") != "ok":
        return d.get("status", "?")
    s = d["median_s"]
    return "%.3f s" % s if s >= 0.1 else "%.1f ms" % (s * 1000)


def ms(x):
    return "-" if x is None else ("%.0f" % x if x >= 100 else "%.1f" % x if x >= 1 else "%.2f" % x)


def main():
    res = sys.argv[1]
    whole = load(os.path.join(res, "whole", "*.json"))
    phases = load(os.path.join(res, "phases", "*.json"))
    print("## Machine\n")
    for line in open(os.path.join(res, "machine.txt")):
        print("- " + line.strip())

    print("\n## Issue 6 targets: whole `schedule-tool check --json` process\n")
    print("All parameters fixed with `--param` to their values. Wall: median of the runs shown; CPU: mean")
    print("user + sys time of the process (the steadier figure when other work shares the machine).")
    print("Met: on wall time / on CPU time.\n")
    print("| kernel, schedule | reference stack | target | Schedule Explorer, wall | CPU | runs | met |")
    print("|---|---:|---:|---:|---:|---:|---|")

    def met(v, target):
        return "yes" if v <= target else "no"
    for label in SCALED:
        ref, target, _ = REFERENCE[label]
        d = whole.get(label)
        ok = d is not None and d.get("status") == "ok"
        m = "-" if target is None or not ok else "%s / %s" % (met(d["median_s"], target), met(d["cpu_s"], target))
        print("| %s | %.2f s | %s | %s | %s | %s | %s |" % (label.replace(".", ", "), ref,
              "-" if target is None else "<= %g s" % target, secs(d),
              secs({"status": "ok", "median_s": d["cpu_s"]}) if ok else "-", d.get("runs", "-") if ok else "-", m))
    conf = [d for k, d in whole.items() if k.startswith("conf.")]
    okc = [d for d in conf if d.get("status") == "ok"]
    if okc:
        wall = [d["median_s"] for d in okc]
        cpu = [d["cpu_s"] for d in okc]
        allok = len(okc) == len(conf)
        print("| every conformance case (%d) | 6-28 ms + 0.1 s start-up | <= 20 ms | %.1f-%.1f ms | %.1f-%.1f ms | %d | %s / %s |" % (
            len(conf), min(wall) * 1000, max(wall) * 1000, min(cpu) * 1000, max(cpu) * 1000, okc[0]["runs"],
            met(max(wall), 0.020) if allok else "no", met(max(cpu), 0.020) if allok else "no"))

    mem = open(os.path.join(res, "memory.txt")).read() if os.path.exists(os.path.join(res, "memory.txt")) else ""
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", mem)
    print("\nPeak memory of `check` on tiled_matmul_64, pipelined (target < 500 MB): %s" % (
        "%.0f MB" % (int(m.group(1)) / 1024) if m else "not measured (%s)" % mem.strip()[-80:]))

    print("\n## Re-check after an edit (dependences cached)\n")
    print("In one Analyzer whose dependences are already computed: `edit1` checks the schedule with one")
    print("statement edited (the last one, its last time dimension shifted by one); `other` checks the case's")
    print("other schedule (every statement changed); `recheck` checks the same schedule again. Median wall")
    print("time, process CPU time in brackets.\n")
    print("| case | edit1 ms | other schedule | other ms | recheck ms | target ms |")
    print("|---|---:|---|---:|---:|---:|")

    def both(d, p):
        cpu = d.get("median_cpu_ms", {}).get(p)
        return ms(d["median_ms"].get(p)) + ("" if cpu is None else " (%s)" % ms(cpu))
    for label, d in phases.items():
        if d.get("status") != "ok" or not (label in SCALED or label.startswith("sample.")):
            continue
        target = EDIT_TARGET_MS.get(label, 5 if label.startswith("sample.") else None)
        other = d.get("edit", {}).get("schedule")
        print("| %s | %s | %s | %s | %s | %s |" % (label, both(d, "edit1"),
              os.path.basename(other) if other else "-", both(d, "edit") if other else "-",
              both(d, "recheck"), "-" if target is None else target))

    print("\n## In-process phases, ms (median wall time of the runs shown; reference stack in brackets)\n")
    print("`total` = load + build + schedule + deps + edges + warnings + check (one `check --json` without")
    print("start-up and printing); `count` is inside `edges`. `total cpu`: the same phases in process CPU time.\n")
    print("| case | runs | " + " | ".join(PHASES) + " | total | total cpu |")
    print("|---|---:|" + "---:|" * (len(PHASES) + 2))
    for label, d in phases.items():
        if d.get("status") != "ok":
            print("| %s | %s |" % (label, d.get("status")) + " |" * (len(PHASES) + 2))
            continue
        ref = REFERENCE.get(label, (None, None, {}))[2]
        cells = []
        for p in PHASES:
            v = ms(d["median_ms"].get(p))
            if p in ref:
                v += " (%s)" % ms(ref[p] * 1000)
            cells.append(v)
        print("| %s | %d | %s | %s | %s |" % (label, d["runs"], " | ".join(cells), ms(d["total_ms"]),
              ms(d.get("total_cpu_ms"))))

    print("\n## Whole process, every case (median)\n")
    print("| case | exit | median | min | max | CPU |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, d in whole.items():
        if d.get("status") != "ok":
            print("| %s | - | %s | | | |" % (label, d.get("status")))
        else:
            print("| %s | %d | %s | %.1f ms | %.1f ms | %.1f ms |" % (label, d["exit"], secs(d), d["min_s"] * 1000,
                                                                    d["max_s"] * 1000, d["cpu_s"] * 1000))


if __name__ == "__main__":
    main()
