#!/usr/bin/env python3
"""Small kernels whose indices nest floors and mods (issue 46): the
per-edge summary (distances, directions) once stopped the whole check at
the operation quota or the time limit, with the parameters left free.

  decoration_limits.py SCHEDULE_TOOL SOURCE_DIR CONFORMANCE_DIR

For each tests/data/limits/nested_mods*.json with the kernel's own schedule
and each of its .map files, `check --json`, with the parameters free and
fixed to the kernel's values, must exit 0 or 1 as oracle.py says, name the
violated edges the oracle names (at the kernel's values), give each
witness as a real violating pair at its own parameter values, and describe
every edge: no part stopped.
"""
import glob
import json
import os
import subprocess
import sys

tool, src, conf = sys.argv[1:4]
sys.path.insert(0, os.path.join(conf, "tools"))
import oracle  # noqa: E402

failures = []


def edge(x):
    return (x["type"], x["src"], x["dst"], x["tensor"])


def read_map(path):
    """The oracle's {stmt: (iterators, [fn])} of a one-piece-per-statement map."""
    import re
    text = open(path).read()
    body = re.match(r"^\s*(\[[^\]]*\]\s*->\s*)?\{(.*)\}\s*$", text, re.S).group(2)
    out = {}
    for part in body.split(";"):
        m = re.match(r"^\s*(\w+)\[([^\]]*)\]\s*->\s*\[(.*)\]\s*$", part, re.S)
        ivs = [x.strip() for x in m.group(2).split(",") if x.strip()]
        out[m.group(1)] = (ivs, [oracle.parse_str(r) for r in oracle.split_top(m.group(3))])
    return out


for kpath in sorted(glob.glob(os.path.join(src, "tests/data/limits/nested_mods*.json"))):
    doc = json.load(open(kpath))
    fixed = {p["name"]: p["value"] for p in doc["params"]}
    maps = [None] + sorted(glob.glob(kpath[:-len(".json")] + ".*.map"))
    for spath in maps:
        sched = read_map(spath) if spath else None
        want = oracle.check(oracle.Kernel(doc, fixed), sched, "may")
        for free in (True, False):
            args = [tool, "check", kpath, "--json", "--time-limit", "30"]
            args += ["--schedule", spath] if spath else []
            args += [] if free else ["--param=%s=%d" % kv for kv in fixed.items()]
            what = "%s %s (%s)" % (os.path.basename(kpath), os.path.basename(spath) if spath else "original",
                                   "parameters free" if free else "parameters fixed")
            r = subprocess.run(args, capture_output=True, text=True, timeout=120)
            if r.returncode not in (0, 1):
                failures.append("%s: exit %d: %s" % (what, r.returncode, r.stderr.strip()[:300]))
                continue
            got = json.loads(r.stdout)
            # Free parameters: illegal at the kernel's values is illegal for
            # some values; legal at them says nothing of the others, but the
            # original schedule is legal at every value.
            if (not free or not want["legal"] or spath is None) and got["legal"] != want["legal"]:
                failures.append("%s: legal %s, the oracle says %s" % (what, got["legal"], want["legal"]))
            if (r.returncode == 0) != got["legal"]:
                failures.append("%s: exit %d with legal %s" % (what, r.returncode, got["legal"]))
            if not free and {edge(v) for v in got["violations"]} != {edge(v) for v in want["violations"]}:
                failures.append("%s: violated %s, the oracle says %s" % (
                    what, sorted(edge(v) for v in got["violations"]), sorted(edge(v) for v in want["violations"])))
            for v in got["violations"]:
                at = dict(fixed, **{k: int(x) for k, x in v["witness"]["params"].items()})
                ok, why = oracle.witness_ok(oracle.Kernel(doc, at), sched, "may", v)
                if not ok:
                    failures.append("%s: witness of %s: %s" % (what, edge(v), why))
            for e in got["dependences"]:
                if "stopped" in e or (not free and e["count"] is None):
                    failures.append("%s: %s not described: %s" % (what, edge(e), e.get("stopped")))
            print("ok" if not failures else "checked", what, got["verdict"])
print("%d failures" % len(failures))
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
