#!/usr/bin/env python3
"""Writes the deep-nesting seeds (issue 46): schedule trees, union maps,
JSCoP, kernels and expressions nested just inside and just beyond the
readers' limits (NestingLimit: 1,000 levels), small enough to commit.

  make_deep_seeds.py [DEPTH]

Block-style trees grow with the square of their depth: the committed one
is 150 levels deep. With DEPTH (e.g. 100000) the beyond-the-limit seeds
are written that deep instead, a block-style one too, into the same
corpora, for a local fuzz run; they are megabytes, so they are not
committed (tests/badinput/run_badinput.py generates its own
100,000-deep inputs at run time)."""
import json
import os
import sys

OUT = os.path.dirname(os.path.abspath(__file__))
# The fuzz kernel's statements (FuzzSupport.h): s0[i], s1[i, j], s2[k].
DOMAIN = "[N] -> { s0[i] : 0 <= i < N; s1[i, j] : 0 <= i < N and 0 <= j <= i; s2[k] : 0 <= k < N }"
LEAVES = ('{ sequence: [ { filter: "{ s0[i] }" }, { filter: "{ s1[i, j] }" }, { filter: "{ s2[k] }" } ] }')


def flow_marks(depth):
    opens = "".join('{ mark: "m%d", child: ' % d for d in range(depth))
    return '{ domain: "%s", child: %s%s%s }\n' % (DOMAIN, opens, LEAVES, " }" * depth)


def block_marks(depth):
    lines = ['domain: "%s"' % DOMAIN, "child:"]
    for d in range(depth):
        pad = " " * (2 * d + 2)
        lines += [pad + 'mark: "m%d"' % d, pad + "child:"]
    lines.append(" " * (2 * depth + 2) + LEAVES)
    return "\n".join(lines) + "\n"


def paren_map(depth):
    return "[N] -> { s0[i] -> [%si%s]; s1[i, j] -> [i]; s2[k] -> [k] }\n" % ("(" * depth, ")" * depth)


def jscop(depth):
    st = [{"name": "s0", "domain": "[N] -> { s0[i] : 0 <= i < N }",
           "schedule": "[N] -> { s0[i] -> [%si%s] }" % ("(" * depth, ")" * depth)}]
    return json.dumps({"name": "deep", "context": "[N] -> { : N > 0 }", "statements": st})


def deep_json(depth):
    return "[" * depth + "]" * depth


def write(corpus, name, text):
    with open(os.path.join(OUT, corpus, name), "w") as f:
        f.write(text)


def main():
    beyond = int(sys.argv[1]) if len(sys.argv) > 1 else 1100
    within = 900
    for depth, tag in ((within, "within"), (beyond, "beyond")):
        write("schedule_reader", "deep_flow_marks_%s.yaml" % tag, flow_marks(depth))
        write("schedule_reader", "deep_parens_%s.map" % tag, paren_map(depth))
        write("jscop_reader", "deep_parens_%s.jscop" % tag, jscop(depth))
        write("kernel_loader", "deep_arrays_%s.json" % tag, deep_json(depth))
    # Block style grows by its indentation, with the square of the depth:
    # only a shallow one is committed (run_badinput.py makes one beyond).
    write("schedule_reader", "deep_block_marks_within.yaml", block_marks(150))
    if len(sys.argv) > 1:
        write("schedule_reader", "deep_block_marks_beyond.yaml", block_marks(beyond))
    # Expressions: the parser's own limit is 200 levels.
    for depth, tag in ((150, "within"), (max(beyond, 250), "beyond")):
        with open(os.path.join(OUT, "expr_parser", "e_deep_parens_%s" % tag), "wb") as f:
            f.write(bytes([0]) + ("(" * depth + "i" + ")" * depth).encode())
        with open(os.path.join(OUT, "expr_parser", "e_deep_minus_%s" % tag), "wb") as f:
            f.write(bytes([0]) + ("-" * depth + "i").encode())


if __name__ == "__main__":
    main()
