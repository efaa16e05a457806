#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Shrink a kernel on which the bounds mode of run_differential.py fails.

  minimize_bounds.py TOOL CONFORMANCE_DIR KERNEL.json OUT.json [--fixed-only]
  minimize_bounds.py TOOL CONFORMANCE_DIR --seed S OUT.json [--max-statements 4]
  minimize_bounds.py ... --stderr TEXT   (keep what makes `check --json` with
                                          the parameters at their values print TEXT)

Greedy: removes body items, accesses, predicates, the context, allocations,
list members of loop bounds, strides and unused tensors, and inlines loops,
keeping each change under which the same kind of failure stays (a change
the tool refuses, exit 2, is dropped). Prints the failure before and after.
"""
import argparse
import copy
import json
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402
import run_differential as rd  # noqa: E402


def kind(why):
    """The failure's kind: its text without numbers, names and brackets."""
    if why is None:
        return None
    w = re.sub(r"\(.*?\)|\[.*?\]|\{.*?\}|'[^']*'|\"[^\"]*\"", "", why)
    return re.sub(r"[-0-9]+|\bs\d+\b", "", w)[:60]


def items(doc):
    """Every (list, index) of the body, depth first."""
    out = []

    def walk(body):
        for i, node in enumerate(body):
            out.append((body, i))
            if "loop" in node:
                walk(node["body"])
    walk(doc["body"])
    return out


def candidates(doc):
    n = len(items(doc))
    for k in range(n):
        d = copy.deepcopy(doc)
        body, i = items(d)[k]
        del body[i]
        yield d
        d = copy.deepcopy(doc)
        body, i = items(d)[k]
        node = body[i]
        if "loop" in node:
            body[i:i + 1] = node["body"]
            yield d
            for key in ("lb", "ub"):
                if isinstance(node[key], list):
                    for m in range(len(node[key])):
                        d = copy.deepcopy(doc)
                        nd = items(d)[k][0][items(d)[k][1]]
                        nd[key] = nd[key][m]
                        yield d
            if "stride" in node:
                d = copy.deepcopy(doc)
                del items(d)[k][0][items(d)[k][1]]["stride"]
                yield d
        else:
            for which in ("reads", "writes", "predicates"):
                for m in range(len(node.get(which, []))):
                    d = copy.deepcopy(doc)
                    del items(d)[k][0][items(d)[k][1]][which][m]
                    yield d
            for which in ("reads", "writes"):
                for m, acc in enumerate(node.get(which, [])):
                    for x, e in enumerate(acc["index"]):
                        if not isinstance(e, str) or len(e) > 1:
                            for simpler in ("0", "i", "j", "N"):
                                d = copy.deepcopy(doc)
                                items(d)[k][0][items(d)[k][1]][which][m]["index"][x] = simpler
                                yield d
    if doc.get("context"):
        d = copy.deepcopy(doc)
        del d["context"]
        yield d
    if any("alloc" in t for t in doc["tensors"]):
        d = copy.deepcopy(doc)
        for t in d["tensors"]:
            t.pop("alloc", None)
            t["space"] = "dram"
        yield d
    used = json.dumps(doc["body"])
    for m, t in enumerate(doc["tensors"]):
        if '"tensor": "%s"' % t["name"] not in used:
            d = copy.deepcopy(doc)
            del d["tensors"][m]
            yield d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tool")
    ap.add_argument("conformance")
    ap.add_argument("kernel", nargs="?")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--max-statements", type=int)
    ap.add_argument("--fixed-only", action="store_true", help="no pass with free parameters")
    ap.add_argument("--stderr", metavar="TEXT", help="minimize a tool error whose message holds TEXT instead")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(a.conformance, "tools"))
    import oracle
    rd.oracle = oracle
    if os.path.exists(os.path.join(a.conformance, "tools", "bounds.py")):
        rd.BOUNDS_PY = os.path.join(a.conformance, "tools", "bounds.py")
    if a.seed is not None:
        doc = gen.bounds_case(a.seed, oracle, a.max_statements)
    else:
        with open(a.kernel) as f:
            doc = json.load(f)
    tmp = tempfile.mkdtemp()
    path = os.path.join(tmp, "k.json")

    def fails(d):
        with open(path, "w") as f:
            json.dump(d, f, indent=1)
        if a.stderr:
            rc, out, err = rd.run([a.tool, "check", path, "--json"] + rd.params_args(d))
            return "exit %d: %s" % (rc, err.strip()) if a.stderr in err else None
        try:
            return rd.bounds_mode(a.tool, path, d, not a.fixed_only)
        except (SystemExit, KeyError, ValueError, IndexError, TypeError) as e:
            return "oracle: %r" % (e,)

    first = fails(doc)
    if not first:
        print("no failure")
        sys.exit(1)
    want = kind(first)
    print("before:", first)
    changed = True
    while changed:
        changed = False
        for d in candidates(doc):
            why = fails(d)
            if why and (a.stderr or kind(why) == want and "exit 2" not in why and not why.startswith("oracle")):
                doc, changed = d, True
                break
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("after:", fails(doc))


if __name__ == "__main__":
    main()
