#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random differential testing: schedule-tool against the brute-force oracle.

  run_differential.py TOOL CONFORMANCE_DIR [--cases N] [--seed S] [--jobs J]
                      [--modes may,flow,codegen | --rotate-modes] [--keep DIR] [--quiet]
  run_differential.py TOOL CONFORMANCE_DIR --replay regressions/

Draws N cases (seeds S, S+1, ..., S+N-1) from gen.py: a random kernel and a
random (often piecewise) union-map schedule. With every parameter fixed to
its value, each case is compared with CONFORMANCE_DIR/tools/oracle.py:
- may, flow: `check --json --deps MODE`: legality, every dependence edge with
  its pair count, the violated edges, and each witness a real violating pair;
- codegen: `codegen --format kernel`: the regenerated nest runs every
  instance exactly once, in schedule order, touching the same elements, and
  the regenerated kernel loads again.
An exit other than 0/1 (check) or 0 (codegen) is a failure too: every case is
valid input. The last line is `N cases, M failed` (with the seconds taken);
failing cases are written to --keep DIR as KERNEL.json + .map for replay.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

oracle = None


LIMIT = "stopped at a resource limit"
# Seconds of isl work per run: a random piecewise schedule can make isl's
# lexicographic comparisons explode (exit 3 after the time limit). That is a
# limit, reported and counted apart, never a wrong answer.
TIME_LIMIT = "20"


def run(cmd, timeout=120):
    if len(cmd) > 1 and cmd[1] in ("check", "codegen"):
        cmd = cmd + ["--time-limit", TIME_LIMIT]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


def edge(x):
    return (x["type"], x["src"], x["dst"], x["tensor"])


def params_args(doc):
    return ["--param=%s=%d" % (p["name"], p["value"]) for p in doc.get("params", [])]


def fixed_of(doc):
    return {p["name"]: p["value"] for p in doc.get("params", [])}


def schedule_args(spath):
    return ["--schedule", spath] if spath else []


def check_mode(tool, kpath, spath, doc, sched, mode):
    k = oracle.Kernel(doc, fixed_of(doc))
    want = oracle.check(k, sched, mode)
    rc, out, err = run([tool, "check", kpath, "--json", "--deps", mode] + schedule_args(spath) + params_args(doc))
    if rc == 3:
        return LIMIT
    if rc not in (0, 1):
        return "check exit %d: %s" % (rc, (err or out).strip()[:300])
    try:
        got = json.loads(out)
    except ValueError:
        return "stdout is not JSON: %r" % out[:120]
    if (rc == 0) != want["legal"] or got.get("legal") != want["legal"]:
        return "legal: got %s (exit %d), want %s" % (got.get("legal"), rc, want["legal"])
    gd = {edge(x): x.get("count") for x in got.get("dependences", [])}
    wd = {edge(x): x["count"] for x in want["dependences"]}
    if gd != wd:
        miss = sorted(set(wd) - set(gd))
        extra = sorted(set(gd) - set(wd))
        bad = sorted(e for e in set(gd) & set(wd) if gd[e] != wd[e])
        return "dependences differ: missing %s extra %s counts %s" % (
            miss[:3], extra[:3], [(e, gd[e], wd[e]) for e in bad[:3]])
    gv = {edge(x) for x in got.get("violations", [])}
    wv = {edge(x) for x in want["violations"]}
    if gv != wv:
        return "violations differ: missing %s extra %s" % (sorted(wv - gv)[:3], sorted(gv - wv)[:3])
    times = oracle.times(k, sched)
    index = {(inst[0], inst[1]): n for n, inst in enumerate(k.instances)}
    for v in got.get("violations", []):
        ok, why = oracle.witness_ok(k, sched, mode, v)
        if not ok:
            return "witness %s: %s (%s)" % (edge(v), why, v.get("witness"))
        # The times printed are the schedule's, exactly (beyond 64 bits too,
        # where the JSON holds them as strings of digits).
        w = v["witness"]
        for side in ("src", "dst"):
            want_t = list(times[index[(v[side], tuple(w[side]))]])
            got_t = [int(x) for x in w[side + "_time"]]
            got_t += [0] * (len(want_t) - len(got_t))
            if got_t != want_t[:len(got_t)] or len(got_t) != len(want_t):
                return "witness %s: %s_time %s, the schedule gives %s" % (edge(v), side, w[side + "_time"], want_t)
    return None


def codegen_mode(tool, kpath, spath, doc, sched):
    rc, out, err = run([tool, "codegen", kpath, "--format", "kernel"] + schedule_args(spath))
    if rc == 3:
        return LIMIT
    if rc != 0:
        return "codegen exit %d: %s" % (rc, (err or out).strip()[:300])
    try:
        exported = json.loads(out)
    except ValueError:
        return "codegen stdout is not JSON: %r" % out[:120]
    fixed = fixed_of(doc)
    k = oracle.Kernel(doc, fixed)
    try:
        res = oracle.verify_codegen(k, exported, sched, fixed)
    except (KeyError, ValueError, TypeError, SystemExit) as e:
        return "regenerated kernel unreadable by the oracle: %r" % (e,)
    if not res["ok"]:
        return "regenerated nest wrong: %s" % "; ".join(res["problems"][:3])
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(out)
    rc, out2, err2 = run([tool, "check", f.name, "--json"] + params_args(doc))
    os.unlink(f.name)
    if rc == 3:
        return LIMIT
    if rc != 0:
        return "regenerated kernel does not check legal (exit %d): %s" % (rc, (err2 or out2).strip()[:200])
    return None


def read_schedule(text):
    """The oracle's {stmt: (ivs, [fn])} of a union map whose pieces may be
    piecewise: `s0[i] -> [i] : i <= 2; s0[i] -> [0] : i >= 3` (conditions are
    constraints joined by `and`). The oracle's own reader takes one piece per
    statement."""
    import re
    m = re.match(r"^\s*(\[[^\]]*\]\s*->\s*)?\{(.*)\}\s*$", text, re.S)
    if not m:
        raise ValueError("cannot read the schedule map")
    pieces = {}
    for part in m.group(2).split(";"):
        part = part.strip()
        if not part:
            continue
        mm = re.match(r"^(\w+)\[([^\]]*)\]\s*->\s*\[(.*?)\]\s*(?::(.*))?$", part, re.S)
        if not mm:
            raise ValueError("cannot read the piece %r" % part)
        ivs = [x.strip() for x in mm.group(2).split(",") if x.strip()]
        rows = [oracle.parse_str(r) for r in oracle.split_top(mm.group(3))]
        conds = [oracle.parse_constraint(c) for c in (mm.group(4) or "").split(" and ") if c.strip()]
        pieces.setdefault(mm.group(1), (ivs, []))[1].append((conds, rows))
    out = {}
    for sid, (ivs, alts) in pieces.items():
        width = max(len(rows) for _, rows in alts)

        def row(k, alts=alts):
            def f(e):
                for conds, fs in alts:
                    if all(c(e) for c in conds):
                        return fs[k](e) if k < len(fs) else 0
                raise ValueError("no piece covers %r" % e)
            return f
        out[sid] = (ivs, [row(k) for k in range(width)])
    return out


def refused(tool, kpath, spath, mode, fault):
    """The mode must refuse the case: exit 2, a message naming the file and `fault`."""
    cmd = [tool, "codegen", kpath, "--format", "kernel"] if mode == "codegen" else \
        [tool, "check", kpath, "--json", "--deps", mode]
    rc, out, err = run(cmd + schedule_args(spath))
    if rc != 2 or fault not in err or (spath or kpath) not in err:
        return "expected exit 2 naming %s with %r, got exit %d: %s" % (spath or kpath, fault, rc, err.strip()[:200])
    return None


def replay(tool, directory, modes):
    """Each KERNEL.json with its KERNEL.map (or KERNEL.*.map) in
    `directory`: the regressions the generator and the issue found,
    minimized. A map file holding the word `original` stands for the
    kernel's own schedule."""
    import glob
    failures = []
    count = 0
    expect = {}
    if os.path.exists(os.path.join(directory, "expect.json")):
        with open(os.path.join(directory, "expect.json")) as f:
            expect = json.load(f)
    for spath in sorted(glob.glob(os.path.join(directory, "*.map"))):
        base = os.path.basename(spath)[:-4]
        kpath = os.path.join(directory, base.split(".")[0] + ".json")
        with open(kpath) as f:
            doc = json.load(f)
        with open(spath) as f:
            text = f.read()
        # `original`: the kernel's own schedule (no --schedule).
        sched = None if text.strip() == "original" else read_schedule(text)
        if sched is None:
            spath = None
        count += 1
        for mode in modes:
            refusal = expect.get(base, {}).get(mode)
            if refusal:
                why = refused(tool, kpath, spath, mode, refusal)
            elif mode == "codegen":
                why = codegen_mode(tool, kpath, spath, doc, sched)
            else:
                why = check_mode(tool, kpath, spath, doc, sched, mode)
            if why:
                failures.append("FAIL %s (%s): %s" % (base, mode, why))
                break
    return count, failures


def one(args):
    tool, seed, modes, tmp, max_statements = args
    if modes == "rotate":  # one mode per case, in turn: a third of the runs
        modes = [("may", "flow", "codegen")[seed % 3]]
    doc, text, plan, label = gen.case(seed, max_statements)
    kpath = os.path.join(tmp, "case%d.json" % seed)
    spath = os.path.join(tmp, "case%d.map" % seed)
    with open(kpath, "w") as f:
        json.dump(doc, f, indent=1)
    with open(spath, "w") as f:
        f.write(text + "\n")
    sched = gen.oracle_schedule(oracle, plan, fixed_of(doc))
    why = None
    started = time.time()
    try:
        for mode in modes:
            why = codegen_mode(tool, kpath, spath, doc, sched) if mode == "codegen" else \
                check_mode(tool, kpath, spath, doc, sched, mode)
            if why == LIMIT:
                return seed, label, why, kpath, spath
            if why:
                why = "%s: %s" % (mode, why)
                break
    except SystemExit as e:  # the oracle refuses the kernel: a generator bug
        why = "oracle: %s" % e
    if os.environ.get("SE_DIFF_TIMES"):
        print("seed %d: %.1f s" % (seed, time.time() - started), file=sys.stderr)
    return seed, label, why, kpath, spath


def main():
    global oracle
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("conformance")
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--modes", default="may,flow,codegen")
    ap.add_argument("--keep", help="directory for the failing cases")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--max-statements", type=int,
                    help="redraw kernels with more statements (the quick CI run)")
    ap.add_argument("--rotate-modes", action="store_true",
                    help="each case in one of the modes, in turn (the quick CI run)")
    ap.add_argument("--replay", metavar="DIR", help="replay the regression cases in DIR instead")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.conformance, "tools"))
    import oracle as o
    oracle = o
    modes = a.modes.split(",")
    start = time.time()
    failed = limited = 0
    if a.replay:
        count, failures = replay(a.tool, a.replay, modes)
        for f in failures:
            print(f)
        print("%d regressions, %d failed (%.1f s)" % (count, len(failures), time.time() - start))
        sys.exit(1 if failures else 0)
    with tempfile.TemporaryDirectory() as tmp:
        work = [(a.tool, s, "rotate" if a.rotate_modes else modes, tmp, a.max_statements)
                for s in range(a.seed, a.seed + a.cases)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
            for seed, label, why, kpath, spath in pool.map(one, work):
                if not why:
                    continue
                if why == LIMIT:
                    limited += 1
                    if not a.quiet:
                        print("LIMIT seed %d (%s): %s" % (seed, label, why), flush=True)
                    continue
                failed += 1
                if not a.quiet:
                    print("FAIL seed %d (%s): %s" % (seed, label, why), flush=True)
                if a.keep:
                    os.makedirs(a.keep, exist_ok=True)
                    for p in (kpath, spath):
                        with open(p) as f, open(os.path.join(a.keep, os.path.basename(p)), "w") as g:
                            g.write(f.read())
    print("%d cases, %d failed, %d stopped at a limit (%.1f s)" % (a.cases, failed, limited, time.time() - start))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
