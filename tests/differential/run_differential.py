#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random differential testing: schedule-tool against the brute-force oracle.

  run_differential.py TOOL CONFORMANCE_DIR [--cases N] [--seed S] [--jobs J]
                      [--modes may,flow,codegen | --rotate-modes] [--near-shapes]
                      [--keep DIR] [--quiet]
  run_differential.py TOOL CONFORMANCE_DIR --replay regressions/
  run_differential.py TOOL CONFORMANCE_DIR --modes bounds [--bounds-free-every K] ...
  run_differential.py TOOL CONFORMANCE_DIR --bounds-kernels DIR [DIR ...]

Draws N cases (seeds S, S+1, ..., S+N-1) from gen.py: a random kernel and a
random (often piecewise) union-map schedule. With every parameter fixed to
its value, each case is compared with CONFORMANCE_DIR/tools/oracle.py:
- may, flow: `check --json --deps MODE`: legality, every dependence edge with
  its pair count, the violated edges, and each witness a real violating pair;
- codegen: `codegen --format kernel`: the regenerated nest runs every
  instance exactly once, in schedule order, touching the same elements, and
  the regenerated kernel loads again.
- bounds (not in --rotate-modes; its kernels are gen.bounds_case's, with
  shapes near the access ranges): `check --json`'s "bounds" flags the same
  (statement, access kind, access position) as tools/bounds.py, and every
  entry's witness is real: an executed instance whose index is the one
  given and leaves the shape in `dim` (its `params` set, when this script
  can read it, holds the values). Then with the parameters free (no
  --param; every K-th seed with --bounds-free-every K): every access that
  leaves at the values is flagged, each witness is real at its
  `witness_params`, and each readable `params` set holds exactly those of
  the values near the fixed ones (each parameter +-1, +-2, where min, max
  and the context allow) at which the access leaves.
  --bounds-kernels runs this mode on every kernel in the directories.
  --near-shapes runs may, flow and codegen on those kernels too.
An exit other than 0/1 (check) or 0 (codegen) is a failure too: every case is
valid input. The last line is `N cases, M failed` (with the seconds taken);
failing cases are written to --keep DIR as KERNEL.json + .map for replay.
"""
import argparse
import concurrent.futures
import json
import os
import re
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


# ------------------------------------------------------------- bounds mode
#
# `check --json` gives "bounds": one entry per (statement, access, tensor)
# whose index can leave the tensor's shape. The reference is
# CONFORMANCE_DIR/tools/bounds.py (brute force, parameters fixed), one entry
# per (statement, access kind, access position n); reference_bounds() is the
# same loop in process (it keeps n, and stands in where the conformance copy
# has no bounds.py), checked against bounds.py's output where it exists.

BOUNDS_PY = None  # CONFORMANCE_DIR/tools/bounds.py, when there


def reference_bounds(k):
    """bounds.py's answer for oracle.Kernel `k`, keyed by (statement, kind, n):
    {key: {"statement", "tensor", "access", "instance", "index"}}, the first
    offending instance of each access in program order."""
    ext = {name: [oracle.parse_expr(x)(k.env) for x in t["shape"]] for name, t in k.tensors.items()}
    out = {}
    for sid, pt, stamp, env in k.instances:
        node = k.stmts[sid]
        for which, kind in (("reads", "read"), ("writes", "write")):
            for n, acc in enumerate(node.get(which, [])):
                if (sid, kind, n) in out:
                    continue
                idx = [oracle.parse_expr(x)(env) for x in acc["index"]]
                if any(not (0 <= v < e) for v, e in zip(idx, ext[acc["tensor"]])):
                    out[(sid, kind, n)] = {"statement": sid, "tensor": acc["tensor"], "access": kind,
                                           "instance": list(pt), "index": idx}
    return out


def bounds_py_agrees(kpath, fixed, mine):
    """None when CONFORMANCE_DIR/tools/bounds.py (if there) prints the same
    entries as reference_bounds(), else what differs."""
    if not BOUNDS_PY or not mine and not fixed:
        return None
    cmd = [sys.executable, BOUNDS_PY, kpath] + ["--param=%s=%d" % kv for kv in sorted(fixed.items())]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return "bounds.py exit %d: %s" % (r.returncode, r.stderr.strip()[-300:])
    theirs = sorted(json.dumps(e, sort_keys=True) for e in json.loads(r.stdout)["out_of_bounds"])
    ours = sorted(json.dumps(e, sort_keys=True) for e in mine.values())
    if theirs != ours:
        return "bounds.py says %s, the in-process reference %s" % (theirs[:3], ours[:3])
    return None


class IslUnknown(Exception):
    """A form of isl text this reader does not evaluate."""


_BOOL_WORDS = ("and", "or", "exists", "true", "false", "not")
_CMP_OPS = (">=", "<=", "=", ">", "<")


def parse_param_set(text):
    """isl text of a parameter set (`[N] -> { : 2 <= N <= 7 or N = 9 }`) ->
    a function env -> bool, or None when the text has a form this reader
    does not know (existentials without a definition, a tuple, ...): then no
    membership is checked. Exact where it answers: conjunctions,
    disjunctions, chains of comparisons, floor/ceil, mod, and existentials
    defined as floors (`exists (e0 = floor((N)/2): ...)`)."""
    m = re.match(r"^\s*(?:\[([^\]]*)\]\s*->\s*)?\{(.*)\}\s*$", text or "", re.S)
    if not m:
        return None
    body = m.group(2).strip()
    if body == "":
        return lambda env: False
    try:
        alts = []
        for part in body.split(";"):  # a union of parameter sets
            part = part.strip()
            if not part.startswith(":"):
                raise IslUnknown(part)
            toks = [("op", v) if kind == "id" and v in _BOOL_WORDS else (kind, v)
                    for kind, v in oracle.tokenize(part[1:])]
            if not toks:
                alts.append(lambda env: True)
                continue
            p = oracle.P(toks)
            f = _bool_or(p)
            if p.i != len(toks):
                raise IslUnknown("trailing %r" % (toks[p.i:],))
            alts.append(f)
    except (IslUnknown, ValueError, IndexError, TypeError):
        return None

    def member(env):
        unknown = None
        for f in alts:
            try:
                if f(dict(env)):
                    return True
            except (KeyError, ZeroDivisionError) as e:
                raise IslUnknown("cannot evaluate %r at %r: %r" % (text, env, e))
            except IslUnknown as e:
                unknown = e
        if unknown:
            raise unknown
        return False
    return member


def _bool_or(p):
    fs = [_bool_and(p)]
    while p.peek() == ("op", "or"):
        p.take()
        fs.append(_bool_and(p))
    return fs[0] if len(fs) == 1 else (lambda e: any(f(e) for f in fs))


def _bool_and(p):
    fs = [_bool_atom(p)]
    while p.peek() == ("op", "and"):
        p.take()
        fs.append(_bool_atom(p))
    return fs[0] if len(fs) == 1 else (lambda e: all(f(e) for f in fs))


def _bool_atom(p):
    tok = p.peek()
    if tok in (("op", "true"), ("op", "false")):
        p.take()
        return (lambda e: True) if tok[1] == "true" else (lambda e: False)
    if tok == ("op", "not"):
        p.take()
        f = _bool_atom(p)
        return lambda e: not f(e)
    if tok == ("op", "exists"):
        p.take()
        p.take("(")
        defs = []
        while True:
            kind, name = p.take()
            if kind != "id":
                raise IslUnknown("existential %r" % name)
            if p.peek() != ("op", "="):
                defs.append((name, None))  # searched for, below
            else:
                p.take()
                defs.append((name, p.expr()))
            if p.peek() == ("op", ","):
                p.take()
                continue
            p.take(":")
            break
        f = _bool_or(p)
        p.take(")")

        free = [name for name, g in defs if g is None]
        if len(free) > 2:
            raise IslUnknown("existentials %s" % free)

        def ex(e, defs=defs, f=f, free=free):
            # Existentials without a definition: a value in [-64, 64] that
            # satisfies the condition proves membership; none found leaves
            # it unknown (IslUnknown), never "not a member".
            import itertools
            for vals in itertools.product(range(-64, 65), repeat=len(free)):
                e2 = dict(e)
                e2.update(zip(free, vals))
                for name, g in defs:
                    if g is not None:
                        e2[name] = g(e2)
                if f(e2):
                    return True
                if not free:
                    return False
            raise IslUnknown("no value of %s found" % free)
        return ex
    if tok == ("op", "("):  # a parenthesized condition, or an expression
        save = p.i
        try:
            p.take()
            f = _bool_or(p)
            p.take(")")
            nxt = p.peek()
            if not (nxt[0] == "op" and nxt[1] in _CMP_OPS + ("+", "-", "*", "/", "%", "//")) and nxt != ("id", "mod"):
                return f
        except (IslUnknown, ValueError, IndexError):
            pass
        p.i = save
    terms, ops = [p.expr()], []
    while p.peek()[0] == "op" and p.peek()[1] in _CMP_OPS:
        ops.append(p.take()[1])
        terms.append(p.expr())
    if not ops:
        raise IslUnknown("a condition without a comparison")
    cmp = {">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
           "<": lambda a, b: a < b, "=": lambda a, b: a == b}

    def chain(e, terms=terms, ops=ops):
        vals = [t(e) for t in terms]
        return all(cmp[o](a, b) for o, a, b in zip(ops, vals, vals[1:]))
    return chain


def access_at(doc, path):
    """(statement node, kind, n, access) at a JSON path such as
    `body[0].body[1].reads[2]`, or None."""
    parts = re.findall(r"([A-Za-z_]+)\[(\d+)\]", path or "")
    if not parts or ".".join("%s[%s]" % x for x in parts) != path or parts[-1][0] not in ("reads", "writes"):
        return None
    node = doc
    try:
        for name, i in parts[:-1]:
            node = node[name][int(i)]
        acc = node[parts[-1][0]][int(parts[-1][1])]
    except (KeyError, IndexError, TypeError):
        return None
    if "id" not in node:
        return None
    return node, parts[-1][0][:-1], int(parts[-1][1]), acc


class Kernels:
    """oracle.Kernel(doc, values) and its reference bounds, per parameter values."""

    def __init__(self, doc):
        self.doc, self.cache = doc, {}

    def valid(self, values):
        for p in self.doc.get("params", []):
            v = values.get(p["name"])
            if v is None or ("min" in p and v < p["min"]) or ("max" in p and v > p["max"]):
                return False
        return all(oracle.parse_constraint(c)(values) for c in self.doc.get("context", []))

    def get(self, values):
        key = tuple(sorted(values.items()))
        if key not in self.cache:
            k = oracle.Kernel(self.doc, dict(values))
            self.cache[key] = (k, reference_bounds(k))
        return self.cache[key]


def executed_env(doc, path, inst, values):
    """The environment of instance `inst` (iterator values, in loop order)
    of the statement at `path` when it runs at parameter `values`, else None.
    Evaluated along the path (loop bounds, strides, predicates), so a
    witness with large parameter values needs no enumeration."""
    parts = re.findall(r"([A-Za-z_]+)\[(\d+)\]", path)[:-1]
    env, node, depth = dict(values), doc, 0
    for name, i in parts:
        node = node[name][int(i)]
        if "loop" in node:
            if depth >= len(inst):
                return None
            lo = max(oracle.parse_expr(x)(env) for x in oracle.as_list(node["lb"]))
            hi = min(oracle.parse_expr(x)(env) for x in oracle.as_list(node["ub"]))
            v = inst[depth]
            if not (lo <= v < hi and (v - lo) % node.get("stride", 1) == 0):
                return None
            env[node["loop"]] = v
            depth += 1
    if depth != len(inst) or not all(oracle.parse_constraint(c)(env) for c in node.get("predicates", [])):
        return None
    return env


def bounds_witness(kernels, e, values, enumerate_too=False):
    """None when the tool's entry `e` holds a real witness at `values`."""
    doc = kernels.doc
    at = access_at(doc, e.get("path"))
    if at is None:
        return "path %r names no access" % e.get("path")
    node, kind, n, acc = at
    sid = "s%d" % node["id"]
    if e.get("statement") != sid or e.get("access") != kind or e.get("tensor") != acc["tensor"]:
        return "the access at %s is %s's %s of %s, not %s's %s of %s" % (
            e["path"], sid, kind, acc["tensor"], e.get("statement"), e.get("access"), e.get("tensor"))
    inst = tuple(int(x) for x in e.get("instance", []))
    env = executed_env(doc, e["path"], inst, values)
    if env is None:
        return "instance %s%s is not executed at %s" % (sid, list(inst), values)
    if enumerate_too and not any(s == sid and pt == inst for s, pt, _, _ in kernels.get(values)[0].instances):
        return "instance %s%s is not among the oracle's instances at %s" % (sid, list(inst), values)
    idx = [oracle.parse_expr(x)(env) for x in acc["index"]]
    if [int(x) for x in e.get("index", [])] != idx:
        return "index %s, the access gives %s at %s%s" % (e.get("index"), idx, sid, list(inst))
    tensor = next(t for t in doc["tensors"] if t["name"] == acc["tensor"])
    ext = [oracle.parse_expr(x)(values) for x in tensor["shape"]]
    d = e.get("dim")
    if not isinstance(d, int) or isinstance(d, bool) or not 0 <= d < len(ext):
        return "dim %r is not a dimension of %s" % (d, acc["tensor"])
    if 0 <= idx[d] < ext[d]:
        return "index %s is inside [0, %d) in dim %d" % (idx, ext[d], d)
    return None


def tool_bounds(tool, kpath, pargs):
    """(entries keyed by (statement, kind, n), None) or (None, failure)."""
    rc, out, err = run([tool, "check", kpath, "--json"] + pargs)
    if rc == 3 and "bounds" not in err:
        # Another part of the check (the per-edge dependence summary, issue
        # 46 item 4) stopped at its quota: counted apart, as in the other
        # modes. A limit met while checking bounds is a failure.
        return None, LIMIT
    if rc not in (0, 1):
        return None, "check exit %d: %s" % (rc, (err or out).strip()[:300])
    try:
        got = json.loads(out)
    except ValueError:
        return None, "stdout is not JSON: %r" % out[:120]
    if not isinstance(got.get("bounds"), list):
        return None, "no \"bounds\" array in check --json"
    keyed = {}
    for e in got["bounds"]:
        m = re.search(r"\.(reads|writes)\[(\d+)\]$", e.get("path") or "")
        if not m:
            return None, "entry without an access path: %s" % json.dumps(e)[:200]
        key = (e.get("statement"), m.group(1)[:-1], int(m.group(2)))
        if key in keyed:
            return None, "two entries for %s" % (key,)
        keyed[key] = e
    return keyed, None


def bounds_mode(tool, kpath, doc, free=True, cross_check=True):
    """The fixed pass (every parameter at its value) and, with `free`, the
    symbolic pass (no --param). With `cross_check`, bounds.py itself runs
    too (a subprocess: the in-process reference_bounds() stands in for it
    on the other random cases)."""
    kernels = Kernels(doc)
    fixed = fixed_of(doc)
    _, want = kernels.get(fixed)
    why = bounds_py_agrees(kpath, fixed, want) if cross_check else None
    if why:
        return why
    got, why = tool_bounds(tool, kpath, params_args(doc))
    if why:
        return why
    if set(got) != set(want):
        return "flagged accesses differ at %s: missing %s extra %s" % (
            fixed, sorted(set(want) - set(got)), sorted(set(got) - set(want)))
    for key, e in sorted(got.items()):
        wp = {n: int(v) for n, v in (e.get("witness_params") or {}).items()}
        if wp != fixed:
            return "%s: witness_params %s, the parameters are fixed at %s" % (key, wp, fixed)
        why = bounds_witness(kernels, e, fixed, enumerate_too=True)
        if why:
            return "%s: %s" % (key, why)
        member = parse_param_set(e.get("params"))
        try:
            if member and not member(fixed):
                return "%s: params %r leaves out %s" % (key, e.get("params"), fixed)
        except IslUnknown:
            pass
    if not free:
        return None
    got, why = tool_bounds(tool, kpath, [])
    if why:
        return why if why == LIMIT else "free parameters: " + why
    missing = sorted(set(want) - set(got))
    if missing:
        return "free parameters: %s not flagged (they leave at %s)" % (missing, fixed)
    # Parameter values near the fixed ones, where the kernel allows them.
    points = [fixed]
    for name in sorted(fixed):
        for delta in (-2, -1, 1, 2):
            pt = dict(fixed)
            pt[name] += delta
            if kernels.valid(pt):
                points.append(pt)
    for key, e in sorted(got.items()):
        wp = {n: int(v) for n, v in (e.get("witness_params") or {}).items()}
        if set(wp) != set(fixed) or not kernels.valid(wp):
            return "free parameters: %s: witness_params %s are not values of the parameters %s" % (
                key, wp, sorted(fixed))
        why = bounds_witness(kernels, e, wp)
        if why:
            return "free parameters: %s: %s" % (key, why)
        member = parse_param_set(e.get("params"))
        if member is None:
            continue
        for pt in [wp] + points:
            try:
                inside = member(pt)
            except IslUnknown:
                continue
            leaves = key in kernels.get(pt)[1]
            if inside != leaves:
                return "free parameters: %s: params %r %s %s, where the access %s" % (
                    key, e.get("params"), "holds" if inside else "leaves out", pt,
                    "stays inside" if inside else "leaves")
    for pt in points[1:]:
        extra = sorted(set(kernels.get(pt)[1]) - set(got))
        if extra:
            return "free parameters: %s not flagged (they leave at %s)" % (extra, pt)
    return None


def bounds_case(tool, seed, tmp, max_statements, free):
    doc = gen.bounds_case(seed, oracle, max_statements)
    kpath = os.path.join(tmp, "bounds%d.json" % seed)
    with open(kpath, "w") as f:
        json.dump(doc, f, indent=1)
    return kpath, bounds_mode(tool, kpath, doc, free, cross_check=seed % 10 == 0)


def bounds_kernels(tool, dirs, free=True):
    """The bounds mode on every kernel (*.json with a "body") in `dirs`, each
    parameter at its value."""
    import glob
    count, failures, limited = 0, [], 0
    for d in dirs:
        for kpath in sorted(glob.glob(os.path.join(d, "*.json"))):
            with open(kpath) as f:
                doc = json.load(f)
            if not isinstance(doc, dict) or "body" not in doc:
                continue
            count += 1
            try:
                why = bounds_mode(tool, kpath, doc, free)
            except SystemExit as e:
                why = "oracle: %s" % e
            if why == LIMIT:
                limited += 1
                print("LIMIT %s: %s" % (kpath, why), flush=True)
            elif why:
                failures.append("FAIL %s: %s" % (kpath, why))
    return count, failures, limited


def one(args):
    tool, seed, modes, tmp, max_statements, free_every, near = args
    if modes == "rotate":  # one mode per case, in turn: a third of the runs
        modes = [("may", "flow", "codegen")[seed % 3]]
    why = None
    started = time.time()
    kpath = spath = None
    label = "bounds"
    others = [m for m in modes if m != "bounds"]
    try:
        if "bounds" in modes:
            free = free_every > 0 and (seed % free_every) == 0
            kpath, why = bounds_case(tool, seed, tmp, max_statements, free)
            if why:
                return seed, label, why if why == LIMIT else "bounds: %s" % why, kpath, spath
        if not others:
            return seed, label, None, kpath, spath
        doc, text, plan, label = gen.case(seed, max_statements)
        if near:  # the same kernel and schedule, shapes and accesses as bounds_case's
            gen.near_shapes(doc, gen.random.Random(seed * 1000003 + 7), oracle)
            label += "+near"
        kpath = os.path.join(tmp, "case%d.json" % seed)
        spath = os.path.join(tmp, "case%d.map" % seed)
        with open(kpath, "w") as f:
            json.dump(doc, f, indent=1)
        with open(spath, "w") as f:
            f.write(text + "\n")
        sched = gen.oracle_schedule(oracle, plan, fixed_of(doc))
        for mode in others:
            why = codegen_mode(tool, kpath, spath, doc, sched) if mode == "codegen" else \
                check_mode(tool, kpath, spath, doc, sched, mode)
            if why == LIMIT:
                return seed, label, why, kpath, spath
            if why:
                why = "%s: %s" % (mode, why)
                break
    except SystemExit as e:  # the oracle refuses the kernel: a generator bug
        why = "oracle: %s" % e
    finally:
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
    ap.add_argument("--bounds-kernels", metavar="DIR", nargs="+",
                    help="the bounds mode on every kernel in these directories instead (parameters at their values)")
    ap.add_argument("--near-shapes", action="store_true",
                    help="may, flow, codegen: on gen.bounds_case's kernels (shapes near the accesses)")
    ap.add_argument("--bounds-free-every", type=int, default=1, metavar="K",
                    help="bounds mode: the pass with free parameters on every K-th seed (0: never)")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.conformance, "tools"))
    import oracle as o
    oracle = o
    modes = a.modes.split(",")
    global BOUNDS_PY
    if os.path.exists(os.path.join(a.conformance, "tools", "bounds.py")):
        BOUNDS_PY = os.path.join(a.conformance, "tools", "bounds.py")
    start = time.time()
    if a.bounds_kernels:
        count, failures, limited = bounds_kernels(a.tool, a.bounds_kernels, a.bounds_free_every > 0)
        for f in failures:
            print(f)
        print("%d cases, %d failed, %d stopped at a limit (%.1f s)" % (count, len(failures), limited,
                                                                     time.time() - start))
        sys.exit(1 if failures else 0)
    failed = limited = 0
    if a.replay:
        count, failures = replay(a.tool, a.replay, modes)
        for f in failures:
            print(f)
        print("%d regressions, %d failed (%.1f s)" % (count, len(failures), time.time() - start))
        sys.exit(1 if failures else 0)
    with tempfile.TemporaryDirectory() as tmp:
        work = [(a.tool, s, "rotate" if a.rotate_modes else modes, tmp, a.max_statements, a.bounds_free_every,
                 a.near_shapes)
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
                        if not p:
                            continue
                        with open(p) as f, open(os.path.join(a.keep, os.path.basename(p)), "w") as g:
                            g.write(f.read())
    print("%d cases, %d failed, %d stopped at a limit (%.1f s)" % (a.cases, failed, limited, time.time() - start))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
