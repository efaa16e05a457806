#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates the scaled kernels of ../shared/bench, each with a legal and an
illegal schedule (isl union maps), for the benchmarks.

  generate.py OUT_DIR [--pipeline N ...] [--matmul N ...] [--deep6]

With no kernel option it writes the shared set: pipeline_100, pipeline_400,
tiled_matmul_16, tiled_matmul_64 and deep_6. N may be anything from 1 to 400
(larger works too, but the analysis grows with it).

pipeline_N: N stages of a (t, f) nest over NT tiles of F elements, cycling
  scale (elementwise), stencil3 (3-point stencil), tile_halo (reads the
  previous tile) and pairwise (a gather with max/min bounds). Schedules:
  `fused` runs every stage in one (t, f) nest, stage after stage in each
  point (illegal: the stencil reads f + 1 before it is written); `fused_shift`
  shifts stage k by ceil(k / 2) in f (legal).
tiled_matmul_N: a Neuron-style tiled matmul of N output tiles of 128x512
  over KT k-tiles: B loaded once into SBUF, then per tile load aT, matmul
  into PSUM, accumulate (+bias) into an SBUF output tile, store. The tiles
  alias in two SBUF/PSUM slots (PSUM with a bank split, `//` and `%`).
  Schedules: `pipelined` loads tile i + 1 during tile i (legal: the other
  slot); `prefetch2` loads tile i + 2 during tile i (illegal: it overwrites
  the slot tile i is still reading).
deep_6: a conv2d-like nest of depth 6; `interchange` (legal) and
  `reverse_ci` (illegal).

The output is byte-identical to the shared files for the shared sizes.
"""
import argparse
import json
import os
import sys

# ----------------------------------------------------------------- pipeline

PIPELINE_OPS = ["scale", "stencil3", "tile_halo", "pairwise"]


def loop(name, lb, ub, body):
    return {"loop": name, "lb": lb, "ub": ub, "body": body}


def access(tensor, index):
    return {"tensor": tensor, "index": index}


def stmt(sid, writes, reads, op):
    return {"id": sid, "writes": writes, "reads": reads, "op": op}


def pipeline_stage(k, n):
    src = "X" if k == 0 else "A%d" % k
    dst = "Y" if k == n - 1 else "A%d" % (k + 1)
    op = PIPELINE_OPS[k % 4]
    w = [access(dst, ["t", "f"])]
    if op == "scale":
        return loop("t", 0, "NT", [loop("f", 0, "F", [stmt(k, w, [access(src, ["t", "f"])], op)])])
    if op == "stencil3":
        reads = [access(src, ["t", "f - 1"]), access(src, ["t", "f"]), access(src, ["t", "f + 1"])]
        return loop("t", 0, "NT", [loop("f", 1, "F - 1", [stmt(k, w, reads, op)])])
    if op == "tile_halo":
        reads = [access(src, ["t - 1", "f"]), access(src, ["t", "f"])]
        return loop("t", 1, "NT", [loop("f", 0, "F", [stmt(k, w, reads, op)])])
    reads = [access(src, ["t", "f"]), access(src, ["t", "2*(f // 2) + 1"])]
    return loop("t", 0, "NT", [loop("f", [0, "t - NT + 1"], ["F - 1", "F"], [stmt(k, w, reads, op)])])


def pipeline(n):
    tensors = [{"name": "X", "shape": ["NT", "F"], "space": "dram"}]
    tensors += [{"name": "A%d" % k, "shape": ["NT", "F"], "space": "sbuf"} for k in range(1, n)]
    tensors.append({"name": "Y", "shape": ["NT", "F"], "space": "dram"})
    kernel = {
        "version": 1,
        "name": "pipeline_%d" % n,
        "description": "synthetic %d-stage fused elementwise/stencil pipeline over tiles" % n,
        "params": [{"name": "NT", "min": 2, "value": 4}, {"name": "F", "min": 4, "value": 16}],
        "context": ["F <= 4096"],
        "tensors": tensors,
        "body": [pipeline_stage(k, n) for k in range(n)],
    }
    fused = ["s%d[t, f] -> [t, f, %d]" % (k, k) for k in range(n)]
    shifted = ["s%d[t, f] -> [t, f + %d, %d]" % (k, (k + 1) // 2, k) for k in range(n)]
    return kernel, {"fused": union_map("[NT, F]", fused), "fused_shift": union_map("[NT, F]", shifted)}

# ------------------------------------------------------------ tiled matmul


def tiled_matmul(n):
    tensors = [
        {"name": "A", "shape": [128 * n, "128 * KT"], "space": "dram"},
        {"name": "B", "shape": ["128 * KT", 512], "space": "dram"},
        {"name": "C", "shape": [128 * n, 512], "space": "dram"},
        {"name": "bias", "shape": [512], "space": "dram"},
        {"name": "b_sb", "shape": [128, "512 * KT"], "space": "sbuf",
         "alloc": {"buffer": "SB", "index": ["d0", "d1 + 0"]}},
    ]
    body = [loop("p", 0, 128, [loop("f", 0, "512 * KT", [stmt(
        0, [access("b_sb", ["p", "f"])], [access("B", ["128*(f // 512) + p", "f % 512"])], "load_b")])])]
    pipelined = ["s0[p, f] -> [-2, 0, 0, p, f]"]
    prefetch2 = ["s0[p, f] -> [-3, 0, 0, p, f]"]
    for i in range(n):
        slot = i % 2
        aT, ps, o = "aT%d" % i, "ps%d" % i, "o%d" % i
        tensors += [
            {"name": aT, "shape": [128, "128 * KT"], "space": "sbuf",
             "alloc": {"buffer": "SB", "index": ["d0", "d1 + %d" % (2048 + 512 * slot)]}},
            {"name": ps, "shape": [128, 512], "space": "psum",
             "alloc": {"buffer": "PS", "index": ["d0", "d1 // 512 + %d" % slot, "d1 % 512"]}},
            {"name": o, "shape": [128, 512], "space": "sbuf",
             "alloc": {"buffer": "SB", "index": ["d0", "d1 + %d" % (3072 + 512 * slot)]}},
        ]
        base = 4 * i
        body += [
            loop("p", 0, 128, [loop("f", 0, "128 * KT", [stmt(
                base + 1, [access(aT, ["p", "f"])],
                [access("A", ["%d + f %% 128" % (128 * i), "128*(f // 128) + p"])], "load")])]),
            loop("k", 0, "KT", [loop("p", 0, 128, [loop("f", 0, 512, [stmt(
                base + 2, [access(ps, ["p", "f"])],
                [access(ps, ["p", "f"]), access(aT, ["f % 128", "128*k + p"]),
                 access("b_sb", ["p", "512*k + f"])], "matmul")])])]),
            loop("p", 0, 128, [loop("f", 0, 512, [stmt(
                base + 3, [access(o, ["p", "f"])], [access(ps, ["p", "f"]), access("bias", ["f"])],
                "accumulate")])]),
            loop("p", 0, 128, [loop("f", 0, 512, [stmt(
                base + 4, [access("C", ["%d + p" % (128 * i), "f"])], [access(o, ["p", "f"])], "store")])]),
        ]
        for sched, ahead in ((pipelined, 1), (prefetch2, 2)):
            sched += [
                "s%d[p, f] -> [%d, 0, 0, p, f]" % (base + 1, i - ahead),
                "s%d[k, p, f] -> [%d, 1, k, p, f]" % (base + 2, i),
                "s%d[p, f] -> [%d, 2, 0, p, f]" % (base + 3, i),
                "s%d[p, f] -> [%d, 3, 0, p, f]" % (base + 4, i),
            ]
    kernel = {
        "version": 1,
        "name": "tiled_matmul_%d" % n,
        "description": "synthetic Neuron-like tiled matmul, %d output tiles of 128x512, "
                       "double-buffered SBUF/PSUM" % n,
        "params": [{"name": "KT", "min": 1, "max": 4, "value": 2}],
        "tensors": tensors,
        "body": body,
    }
    return kernel, {"pipelined": union_map("[KT]", pipelined), "prefetch2": union_map("[KT]", prefetch2)}

# ------------------------------------------------------------------ deep_6


def deep6():
    mac = stmt(1, [access("out", ["co", "oh", "ow"])],
               [access("out", ["co", "oh", "ow"]), access("inp", ["ci", "oh + kh", "ow + kw"]),
                access("w", ["co", "ci", "kh", "kw"])], "mac")
    mac["predicates"] = ["oh + kh >= 1"]
    inner = [
        stmt(0, [access("out", ["co", "oh", "ow"])], [], "init"),
        loop("ci", 0, "CI", [loop("kh", 0, 3, [loop("kw", 0, 3, [mac])])]),
        stmt(2, [access("out", ["co", "oh", "ow"])], [access("out", ["co", "oh", "ow"])], "relu"),
    ]
    kernel = {
        "version": 1,
        "name": "deep_6",
        "description": "synthetic conv2d-like nest of depth 6",
        "params": [{"name": p, "min": 1, "value": v} for p, v in (("CO", 4), ("CI", 3), ("OH", 5), ("OW", 5))],
        "tensors": [
            {"name": "inp", "shape": ["CI", "OH + 2", "OW + 2"], "space": "dram"},
            {"name": "w", "shape": ["CO", "CI", 3, 3], "space": "dram"},
            {"name": "out", "shape": ["CO", "OH", "OW"], "space": "dram"},
        ],
        "body": [loop("co", 0, "CO", [loop("oh", 0, "OH", [loop("ow", 0, "OW", inner)])])],
    }
    params = "[CO, CI, OH, OW]"
    interchange = ["s0[co, oh, ow] -> [0, co, oh, ow, 0, 0, 0]",
                   "s1[co, oh, ow, ci, kh, kw] -> [1, ci, kh, kw, co, oh, ow]",
                   "s2[co, oh, ow] -> [2, co, oh, ow, 0, 0, 0]"]
    reverse = ["s0[co, oh, ow] -> [co, oh, ow, 0, 0, 0, 0]",
               "s1[co, oh, ow, ci, kh, kw] -> [co, oh, ow, 1, -ci, kh, kw]",
               "s2[co, oh, ow] -> [co, oh, ow, 2, 0, 0, 0]"]
    return kernel, {"interchange": union_map(params, interchange), "reverse_ci": union_map(params, reverse)}

# ------------------------------------------------------------------- output


def union_map(params, rows):
    return "%s -> { %s }\n" % (params, ";\n  ".join(rows))


def write(out_dir, kernel, schedules):
    name = kernel["name"]
    with open(os.path.join(out_dir, name + ".json"), "w") as f:
        f.write(json.dumps(kernel, indent=1))
    for case, text in schedules.items():
        with open(os.path.join(out_dir, "%s.%s.map" % (name, case)), "w") as f:
            f.write(text)
    print("%s: %d statements, schedules %s" % (name, count_statements(kernel["body"]), ", ".join(schedules)))


def count_statements(body):
    return sum(count_statements(x["body"]) if "loop" in x else 1 for x in body)


def positive(text):
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("N must be at least 1, got %d" % n)
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out_dir")
    ap.add_argument("--pipeline", type=positive, action="append", default=[], metavar="N",
                    help="an N-statement stencil pipeline (repeatable)")
    ap.add_argument("--matmul", type=positive, action="append", default=[], metavar="N",
                    help="an N-tile tiled matmul (repeatable)")
    ap.add_argument("--deep6", action="store_true", help="the depth-6 conv2d-like nest")
    a = ap.parse_args()
    if not (a.pipeline or a.matmul or a.deep6):
        a.pipeline, a.matmul, a.deep6 = [100, 400], [16, 64], True
    os.makedirs(a.out_dir, exist_ok=True)
    for n in a.pipeline:
        write(a.out_dir, *pipeline(n))
    for n in a.matmul:
        write(a.out_dir, *tiled_matmul(n))
    if a.deep6:
        write(a.out_dir, *deep6())
    return 0


if __name__ == "__main__":
    sys.exit(main())
