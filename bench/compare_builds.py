#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Two builds of schedule-tool side by side on the issue-15 figures.

  bench/compare_builds.py OLD_TOOL NEW_TOOL [--runs N] [--kernels DIR] [--out FILE]

Each figure is measured on both builds in turn (old, new, old, new, ...), so
a machine whose load changes during the run slows both alike; a figure's
ratio is the median of the per-pair ratios new / old, and the time shown is
the median of each build's runs. Where the reference stack (Python on
islpy, ../shared/bench/README.md) has a time for the same command, the ratio
reference / new is shown too. Peak memory comes from /usr/bin/time.

Figures: `check --json` on the scaled kernels (every parameter fixed),
`check --json` on a generated tiled_matmul_256, `suggest` on pipeline_400,
`moves` at the root node of the big kernels, and 100 schedules through one
`serve` process. A run that fails or exceeds --timeout is shown as such.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# ../shared/bench/README.md: the reference stack's whole check, seconds.
REFERENCE = {
    "check pipeline_400 fused": 73.0,
    "check pipeline_100 fused": 3.7,
    "check tiled_matmul_64 pipelined": 81.6,
    "check tiled_matmul_16 pipelined": 5.1,
    "check deep_6 interchange": 0.27,
}


def params(kernel):
    with open(kernel) as f:
        doc = json.load(f)
    return ["--param=%s=%d" % (p["name"], p["value"]) for p in doc.get("params", []) if "value" in p]


def figures(kernels, k256):
    """(label, argv after the tool, stdin text or None)."""
    out = []
    for name, sched in [("pipeline_400", "fused"), ("pipeline_100", "fused"), ("tiled_matmul_64", "pipelined"),
                        ("tiled_matmul_16", "pipelined"), ("deep_6", "interchange")]:
        k = os.path.join(kernels, name + ".json")
        out.append(("check %s %s" % (name, sched),
                    ["check", k, "--json", *params(k), "--schedule", os.path.join(kernels, "%s.%s.map" % (name, sched))],
                    None))
    if k256:
        out.append(("check tiled_matmul_256 pipelined",
                    ["check", k256, "--json", "--param=KT=2", "--schedule", k256.replace(".json", ".pipelined.map")],
                    None))
    p400 = os.path.join(kernels, "pipeline_400.json")
    t64 = os.path.join(kernels, "tiled_matmul_64.json")
    out.append(("suggest pipeline_400", ["suggest", p400, *params(p400)], None))
    out.append(("moves pipeline_400 fused, band 0",
                ["moves", p400, *params(p400), "--schedule", os.path.join(kernels, "pipeline_400.fused.map"),
                 "--node", "0"], None))
    out.append(("moves tiled_matmul_64 pipelined, band 0",
                ["moves", t64, *params(t64), "--schedule", os.path.join(kernels, "tiled_matmul_64.pipelined.map"),
                 "--node", "0"], None))
    reqs = "".join(json.dumps({"id": k, "schedule_file": os.path.join(
        kernels, "pipeline_400.%s" % ("fused.map" if k % 2 == 0 else "fused_shift.map"))}) + "\n" for k in range(100))
    out.append(("serve pipeline_400, 100 schedules", ["serve", p400, *params(p400)], reqs))
    out.append(("serve pipeline_400, 100 distinct schedules", ["serve", p400, *params(p400)], distinct_requests(400)))
    return out


def distinct_requests(statements):
    """100 requests, each a different schedule text of pipeline_400: stage i
    of request k is shifted by i * (k + 1) // 100 along f (some legal, some
    not), so no answer repeats another's work."""
    reqs = ""
    for k in range(100):
        body = ";\n  ".join("s%d[t, f] -> [t, f + %d, %d]" % (i, i * (k + 1) // 100, i) for i in range(statements))
        reqs += json.dumps({"id": k, "schedule": "[NT, F] -> { %s }" % body}) + "\n"
    return reqs


def run(tool, argv, stdin, timeout):
    """(wall seconds, peak KB) or (None, reason)."""
    t = time.monotonic()
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%M", tool, *argv], input=stdin, capture_output=True,
                           text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "over %d s" % timeout
    wall = time.monotonic() - t
    if p.returncode not in (0, 1):
        return None, "exit %d" % p.returncode
    kb = re.findall(r"^(\d+)\s*$", p.stderr, re.M)
    return wall, int(kb[-1]) if kb else None


def seconds(x):
    return "%.3f s" % x if x >= 0.1 else "%.1f ms" % (x * 1000)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--kernels", default=os.path.join(HERE, "..", "..", "shared", "bench"))
    ap.add_argument("--out", help="also write the table to this file")
    ap.add_argument("--no-256", action="store_true", help="skip tiled_matmul_256 (generating it takes a while)")
    a = ap.parse_args()

    tmp = tempfile.TemporaryDirectory()
    k256 = None
    if not a.no_256:
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), tmp.name, "--matmul", "256"], check=True,
                       capture_output=True)
        k256 = os.path.join(tmp.name, "tiled_matmul_256.json")

    rows = []
    for label, argv, stdin in figures(os.path.abspath(a.kernels), k256):
        old, new, ratios, mem = [], [], [], {"old": [], "new": []}
        failed = {}
        for _ in range(a.runs):
            pair = {}
            for which, tool in (("old", a.old), ("new", a.new)):
                wall, extra = run(tool, argv, stdin, a.timeout)
                if wall is None:
                    failed[which] = extra
                    continue
                pair[which] = wall
                if extra:
                    mem[which].append(extra)
            if "old" in pair:
                old.append(pair["old"])
            if "new" in pair:
                new.append(pair["new"])
            if len(pair) == 2:
                ratios.append(pair["new"] / pair["old"])
            if failed.get("old") and failed.get("new"):
                break
        cell = lambda v, which: seconds(statistics.median(v)) if v else failed.get(which, "-")
        ratio = "%.2f" % statistics.median(ratios) if ratios else "-"
        ref = REFERENCE.get(label)
        vsref = "%.0fx" % (ref / statistics.median(new)) if ref and new else "-"
        memcell = lambda which: "%d MB" % (max(mem[which]) // 1024) if mem[which] else "-"
        rows.append((label, cell(old, "old"), cell(new, "new"), ratio, "%.2f s" % ref if ref else "-", vsref,
                     memcell("old"), memcell("new")))
        print("  ".join(rows[-1]), file=sys.stderr)

    lines = ["old: `%s`, new: `%s`; %d runs each, interleaved; time: median; new/old: median of the "
             "per-run ratios (below 1: faster)" % (a.old, a.new, a.runs), "",
             "| figure | old | new | new/old | reference | reference/new | peak memory old | new |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
