# SPDX-License-Identifier: MIT
"""Seeded random kernels and schedules for the differential test.

`case(seed)` draws one kernel (a JSON document of the kernel format) and one
schedule from a `random.Random(seed)`: the same seed gives the same case on
every machine and Python version (only `randrange`/`choice`/`random` are
used, whose sequences Python keeps stable for a given seed).

Kernels: nests of depth 1-4, lists of lower/upper bounds (max/min), strides
(with a single lower bound, as the format requires), triangular bounds,
predicates, every floor and ceiling form in index expressions (string forms
`//`, `%`, `ceildiv`, `cc_mod` and tree forms FloorDiv, Modulo, CCDiv, CCMod),
and tensors aliased through a shared buffer (`alloc`).

Schedules: union maps built from the original order with interchanges,
skews, shifts, reversals, tiles (floor), fusions (equal sequence positions),
and piecewise rows (one statement split by a constraint on its iterators).
Each schedule row is written once, in the common syntax of isl and of
oracle.py's parser, so both sides read the same text.

`bounds_case(seed, oracle)` draws the same kernel as `case(seed)` and then
moves its shapes and accesses near each other (`near_shapes`) for the
bounds mode; `case` itself draws exactly as before.

A schedule is returned both as isl text and as the oracle's form
{stmt: (iterators, [fn])}, with piecewise rows evaluated per instance.
"""
import json
import random

TREE_FORMS = ("FloorDiv", "Modulo", "CCDiv", "CCMod")


class Stmt:
    def __init__(self, sid, ivs, stamp):
        self.sid, self.ivs, self.stamp = sid, ivs, stamp


def _var(rng, ivs):
    return rng.choice(ivs) if ivs else "0"


def _affine(rng, ivs, params):
    """A small affine expression of the iterators (string form)."""
    terms = []
    for v in ivs:
        if rng.random() < 0.5:
            c = rng.choice([1, 1, 1, 2, -1])
            terms.append(v if c == 1 else ("-%s" % v if c == -1 else "%d*%s" % (c, v)))
    if not terms and ivs:
        terms.append(rng.choice(ivs))
    if rng.random() < 0.2 and params:
        terms.append(rng.choice(params))
    k = rng.choice([0, 0, 1, -1, 2])
    s = " + ".join(terms) if terms else "0"
    if k:
        s += " + %d" % k if k > 0 else " - %d" % -k
    return s.replace("+ -", "- ")


def _index(rng, ivs, params):
    """An index expression: affine, or a floor/ceiling form of one."""
    a = _affine(rng, ivs, params)
    r = rng.random()
    d = rng.choice([2, 3, 4])
    if r < 0.45:
        return a
    if r < 0.6:
        return rng.choice(["(%s) // %d" % (a, d), "(%s) %% %d" % (a, d), "ceildiv(%s, %d)" % (a, d),
                           "cc_mod(%s, %d)" % (a, d), "floordiv(%s, %d)" % (a, d), "mod(%s, %d)" % (a, d),
                           "cc_div(%s, %d)" % (a, d), "ceilmod(%s, %d)" % (a, d)])
    if r < 0.8:
        return {"kind": rng.choice(TREE_FORMS), "numer": a, "denom": d}
    v = _var(rng, ivs)
    return {"kind": "Sum", "terms": [{"coef": rng.choice([1, 2]), "expr": {"kind": "Var", "name": v}},
                                     {"coef": 1, "expr": {"kind": rng.choice(TREE_FORMS),
                                                          "numer": {"kind": "Var", "name": v}, "denom": d}}],
            "const": rng.choice([0, 1])}


class KernelGen:
    def __init__(self, rng):
        self.rng = rng
        self.params = ["N"] + (["M"] if rng.random() < 0.3 else [])
        self.values = {"N": rng.randrange(3, 7), "M": rng.randrange(2, 5)}
        self.stmts = []
        self.next_id = 0
        self.iter_no = 0
        # 1-3 tensors of rank 1-2; sometimes two share one buffer.
        self.tensors = []
        for name in ["A", "B", "C"][:rng.randrange(1, 4)]:
            self.tensors.append({"name": name, "rank": rng.randrange(1, 3)})
        self.alias = len(self.tensors) >= 2 and rng.random() < 0.35

    def bound(self, outer, lower):
        rng = self.rng
        one = lambda: rng.choice(["0", "1", "N", "N - 1", "N - 2"] + outer + ["%s + 1" % o for o in outer]
                                 + (["M"] if "M" in self.params else []))
        if lower:
            cands = [rng.choice(["0", "0", "1", "-1"])] + ([rng.choice(outer)] if outer and rng.random() < 0.3 else [])
        else:
            cands = [rng.choice(["N", "N", "N + 1", "4"])] + ([one()] if rng.random() < 0.35 else [])
        return cands

    def loop(self, depth, outer, stamp, max_depth):
        rng = self.rng
        v = "ijkl"[len(outer)] if rng.random() < 0.8 else "x%d" % self.iter_no
        self.iter_no += 1
        if v in outer:
            v = "x%d" % self.iter_no
        lbs, ubs = self.bound(outer, True), self.bound(outer, False)
        stride = rng.choice([1, 1, 1, 1, 2, 3])
        if stride != 1:
            lbs = lbs[:1]
        node = {"loop": v, "lb": lbs[0] if len(lbs) == 1 else lbs,
                "ub": ubs[0] if len(ubs) == 1 else ubs}
        if stride != 1:
            node["stride"] = stride
        node["body"] = self.body(depth + 1, outer + [v], stamp, max_depth)
        return node

    def body(self, depth, outer, stamp, max_depth):
        rng = self.rng
        out = []
        n = rng.randrange(1, 3 if depth > 0 else 4)
        for pos in range(n):
            if depth < max_depth and (depth == 0 or rng.random() < 0.55):
                out.append(self.loop(depth, outer, stamp + [pos], max_depth))
            else:
                out.append(self.statement(outer, stamp + [pos]))
        return out

    def access(self, ivs):
        t = self.rng.choice(self.tensors)
        return {"tensor": t["name"], "index": [_index(self.rng, ivs, self.params) for _ in range(t["rank"])]}

    def statement(self, ivs, stamp):
        rng = self.rng
        sid = self.next_id
        self.next_id += 1
        self.stmts.append(Stmt("s%d" % sid, list(ivs), stamp))
        st = {"id": sid, "op": "op%d" % sid,
              "writes": [self.access(ivs) for _ in range(rng.choice([1, 1, 2]))],
              "reads": [self.access(ivs) for _ in range(rng.choice([0, 1, 2]))]}
        if ivs and rng.random() < 0.3:
            st["predicates"] = [rng.choice(["%s >= 1", "%s <= N - 2", "%s %% 2 == 0"]) % rng.choice(ivs)]
            if len(ivs) >= 2 and rng.random() < 0.5:
                st["predicates"].append("%s + %s >= 2" % (ivs[0], ivs[1]))
        return st

    def document(self, max_depth):
        body = self.body(0, [], [], max_depth)
        tensors = []
        # Element coordinates stay small but may be negative: shapes are
        # documentation here, the analysis compares elements, not bounds.
        for t in self.tensors:
            tensors.append({"name": t["name"], "shape": ["N + 8"] * t["rank"], "space": "dram"})
        if self.alias:
            a, b = tensors[0], tensors[1]
            for t, off in ((a, 0), (b, self.rng.choice([0, 1, 3]))):
                t["space"] = "sbuf"
                rank = len(t["shape"])
                idx = ["d0 + %d" % off if off else "d0"] + ["d%d" % k for k in range(1, rank)]
                # both allocations must have the same rank: fold to rank 1
                if rank == 2:
                    idx = ["%s + 3*d1" % idx[0]]
                t["alloc"] = {"buffer": "SB", "index": idx}
        doc = {"version": 1, "name": "diff", "params": [], "tensors": tensors, "body": body}
        for p in self.params:
            doc["params"].append({"name": p, "min": 1, "value": self.values[p]})
        return doc


# ------------------------------------------------------------- schedules

def _row_exprs(rng, st, kind):
    """Time rows (text) for one statement under a global transformation."""
    ivs = st.ivs
    rows = []
    # the original interleaving: [pos0, i, pos1, j, ..., posn]
    for d, pos in enumerate(st.stamp):
        rows.append(str(pos))
        if d < len(ivs):
            rows.append(ivs[d])
    return rows


def _transform(rng, stmts):
    """Returns {sid: [row text]} and a label."""
    kind = rng.choice(["original", "interchange", "skew", "shift", "reverse", "tile", "fuse", "random"])
    out = {}
    depth = max(len(s.ivs) for s in stmts)
    for s in stmts:
        ivs = s.ivs
        rows = _row_exprs(rng, s, kind)
        out[s.sid] = rows
    if kind == "original":
        return out, kind
    if kind == "fuse":
        # every statement at position 0 on the first level: loops fused
        for s in stmts:
            if out[s.sid]:
                out[s.sid][0] = "0"
        return out, kind
    if kind == "random":
        # independent random affine rows per statement, same length
        n = rng.randrange(1, depth + 2)
        for s in stmts:
            out[s.sid] = [_affine(rng, s.ivs, []) if s.ivs and rng.random() < 0.8 else str(rng.randrange(0, 3))
                          for _ in range(n)]
        return out, kind
    for s in stmts:
        rows = out[s.sid]
        it_rows = [k for k in range(1, len(rows), 2)]  # rows holding iterators
        if not it_rows:
            continue
        if kind == "interchange" and len(it_rows) >= 2:
            a, b = rng.sample(it_rows, 2)
            rows[a], rows[b] = rows[b], rows[a]
        elif kind == "skew" and len(it_rows) >= 2:
            a, b = it_rows[0], it_rows[1]
            rows[b] = "%s + %s" % (rows[b], rows[a]) if rng.random() < 0.5 else "%s + 2*%s" % (rows[b], rows[a])
        elif kind == "shift":
            a = rng.choice(it_rows)
            rows[a] = "%s + %d" % (rows[a], rng.choice([1, 2, -1]))
        elif kind == "reverse":
            a = rng.choice(it_rows)
            rows[a] = "-%s" % rows[a]
        elif kind == "tile":
            a = rng.choice(it_rows)
            t = rng.choice([2, 3, 4])
            rows.insert(a, "floor((%s)/%d)" % (rows[a], t))
    return out, kind


def schedule(rng, stmts, kinds_piecewise=True):
    """(isl text, {sid: (ivs, rows, pieces)}, label). `pieces` is None or
    [(constraint, rows)] covering the statement's instances."""
    rows, label = _transform(rng, stmts)
    n = max(len(r) for r in rows.values())
    parts, plan = [], {}
    for s in stmts:
        r = rows[s.sid]
        pieces = None
        if kinds_piecewise and s.ivs and rng.random() < 0.25:
            v = rng.choice(s.ivs)
            c = rng.randrange(0, 4)
            other = list(r)
            k = rng.randrange(0, len(other))
            other[k] = rng.choice(["0", "%s + %d" % (other[k], rng.choice([1, 5])), "%s - 3" % other[k], "-(%s)" % other[k]])
            pieces = [("%s <= %d" % (v, c), r), ("%s >= %d" % (v, c + 1), other)]
            label += "+piecewise"
        dom = "%s[%s]" % (s.sid, ", ".join(s.ivs))
        if pieces:
            for cond, rr in pieces:
                parts.append("%s -> [%s] : %s" % (dom, ", ".join(rr), cond))
        else:
            parts.append("%s -> [%s]" % (dom, ", ".join(r)))
        plan[s.sid] = (s.ivs, r, pieces)
    return "[%s] -> { %s }" % ("N, M", "; ".join(parts)), plan, label


def oracle_schedule(oracle, plan, params):
    """The oracle's {sid: (ivs, [fn])}; piecewise rows chosen per instance."""
    out = {}
    for sid, (ivs, rows, pieces) in plan.items():
        if not pieces:
            out[sid] = (ivs, [oracle.parse_str(r) for r in rows])
            continue
        conds = [(oracle.parse_constraint(c), [oracle.parse_str(r) for r in rr]) for c, rr in pieces]
        width = max(len(rr) for _, rr in conds)

        def row(k, conds=conds):
            def f(e):
                for c, fs in conds:
                    if c(e):
                        return fs[k](e) if k < len(fs) else 0
                raise ValueError("no piece covers %r" % e)
            return f
        out[sid] = (ivs, [row(k) for k in range(width)])
    return out


def case(seed, max_statements=None):
    """One case; with `max_statements`, kernels with more statements are
    drawn again from the same generator (still one case per seed)."""
    rng = random.Random(seed)
    while True:
        g = KernelGen(rng)
        doc = g.document(max_depth=rng.choice([1, 2, 2, 3, 3, 4]))
        if max_statements is None or len(g.stmts) <= max_statements:
            break
    text, plan, label = schedule(rng, g.stmts)
    # the schedule names only the kernel's parameters
    if "M" not in g.params:
        text = text.replace("[N, M] ->", "[N] ->")
    return doc, text, plan, label


# ------------------------------------------------------------- near shapes

def _shifted(x, c):
    """Index expression `x` plus the constant `c`, in x's own form."""
    if c == 0:
        return x
    if isinstance(x, int):
        return x + c
    if isinstance(x, str):
        return "(%s) %s %d" % (x, "+" if c > 0 else "-", abs(c))
    if x.get("kind") == "Sum":
        y = dict(x)
        y["const"] = y.get("const", 0) + c
        return y
    return {"kind": "Sum", "terms": [{"coef": 1, "expr": x}], "const": c}


def near_shapes(doc, rng, oracle):
    """Shapes near the access ranges, at the parameters' values: each
    extent is the widest range of an access to it (plus 0 or 1), and each
    access is shifted by a constant so that about half of them are exactly
    in bounds (touching 0 or extent - 1) and the rest leave by one, at the
    low or at the high end, in one dimension. Changes `doc` in place."""
    fixed = {p["name"]: p["value"] for p in doc.get("params", [])}
    k = oracle.Kernel(doc, fixed)
    ranges = {}  # id(access) -> [(lo, hi)] per dimension
    accesses = []  # (access, tensor) in program order
    for sid, node in sorted(k.stmts.items(), key=lambda kv: int(kv[0][1:])):
        for which in ("writes", "reads"):
            for acc in node.get(which, []):
                accesses.append(acc)
    for sid, pt, stamp, env in k.instances:
        node = k.stmts[sid]
        for which in ("writes", "reads"):
            for acc in node.get(which, []):
                idx = [oracle.parse_expr(x)(env) for x in acc["index"]]
                r = ranges.setdefault(id(acc), [(v, v) for v in idx])
                ranges[id(acc)] = [(min(lo, v), max(hi, v)) for (lo, hi), v in zip(r, idx)]
    extent = {}
    for t in doc["tensors"]:
        rank = len(t["shape"])
        widths = [1] * rank
        for acc in accesses:
            if acc["tensor"] == t["name"] and id(acc) in ranges:
                widths = [max(w, hi - lo + 1) for w, (lo, hi) in zip(widths, ranges[id(acc)])]
        extent[t["name"]] = [w + rng.choice([0, 0, 1]) for w in widths]
    for acc in accesses:
        if id(acc) not in ranges:
            continue  # never runs at these values
        ext = extent[acc["tensor"]]
        rank = len(ext)
        leave = rng.randrange(rank) if rng.random() < 0.5 else None
        side = rng.choice(["low", "high"])
        index = list(acc["index"])
        for d, (lo, hi) in enumerate(ranges[id(acc)]):
            if d == leave:
                shift = -1 - lo if side == "low" else ext[d] - hi
            else:
                shift = -lo if rng.random() < 0.5 else ext[d] - 1 - hi
            index[d] = _shifted(index[d], shift)
        acc["index"] = index
    n = fixed.get("N")
    for t in doc["tensors"]:
        shape = []
        for e in extent[t["name"]]:
            if n is not None and e >= n and rng.random() < 0.5:
                shape.append("N + %d" % (e - n) if e > n else "N")
            else:
                shape.append(e)
        t["shape"] = shape
    if rng.random() < 0.3 and n is not None:
        doc["context"] = [rng.choice(["N >= %d" % max(1, n - 1), "N <= %d" % (n + 2), "N >= 2"])]
        if n < 2:
            doc["context"] = ["N <= %d" % (n + 2)]
    return doc


def bounds_case(seed, oracle, max_statements=None):
    """One kernel for the bounds mode: the kernel `case(seed)` draws (its
    strides, predicates, min/max bounds and aliased tensors), with shapes
    and accesses moved near each other by `near_shapes` (a second generator
    seeded from `seed`: `case(seed)` itself draws exactly as before)."""
    doc = case(seed, max_statements)[0]
    return near_shapes(doc, random.Random(seed * 1000003 + 7), oracle)  # as run_differential --near-shapes


if __name__ == "__main__":
    import sys
    d, t, _, l = case(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    print(json.dumps(d, indent=1))
    print(t)
    print(l)
