#!/usr/bin/env python3
"""Dependences of a chain of statements (issue 46): s_k reads row k of A and
writes row k + 1, N free. Work and memory must grow with the edges, not with
the pairs of accesses: a chain of 3,000 once needed more than 3 GB.

  chain_scaling.py SCHEDULE_TOOL CONFORMANCE_DIR

A chain of 12 is compared with oracle.py (its edges at N = 3); the chain of
3,000 must have the same form (RAW s_k -> s_k+1 and nothing else) under
`--max-memory 1G`, its peak resident size under 1 GB. (Not an address-space
rlimit: the sanitizer build reserves terabytes of address space.)
"""
import json
import os
import resource
import subprocess
import sys
import tempfile

tool, conf = sys.argv[1:3]
sys.path.insert(0, os.path.join(conf, "tools"))
import oracle  # noqa: E402

failures = []


def chain(n):
    body = [{"id": k, "reads": [{"tensor": "A", "index": [str(k), "i"]}],
             "writes": [{"tensor": "A", "index": [str(k + 1), "i"]}]} for k in range(n)]
    return {"name": "chain_%d" % n, "params": [{"name": "N", "min": 1, "value": 3}],
            "tensors": [{"name": "A", "shape": [n + 1, "N"]}],
            "body": [{"loop": "i", "lb": 0, "ub": "N", "body": body}]}


def deps(doc, args=(), verify=False):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(doc, f)
    try:
        # Under verify mode every pair the box sweep leaves out is checked
        # empty: n * n isl questions, so on the small chain only.
        env = dict(os.environ, SE_VERIFY_CACHES="1" if verify else "0")
        r = subprocess.run([tool, "deps", f.name, "--json", "--time-limit", "120", "--max-memory", "1G"] + list(args),
                           capture_output=True, text=True, timeout=300, env=env)
    finally:
        os.unlink(f.name)
    if r.returncode != 0:
        failures.append("%s: exit %d: %s" % (doc["name"], r.returncode, r.stderr.strip()[:300]))
        return None
    return sorted((e["type"], e["src"], e["dst"], e["tensor"]) for e in json.loads(r.stdout)["dependences"])


small = chain(12)
want = sorted((e["type"], e["src"], e["dst"], e["tensor"])
              for e in oracle.check(oracle.Kernel(small, {"N": 3}), None, "may")["dependences"])
form = sorted(("RAW", "s%d" % k, "s%d" % (k + 1), "A") for k in range(11))
if want != form:
    failures.append("the oracle's chain of 12 is not of the expected form: %s" % want)
for args in ((), ("--param", "N=3")):
    got = deps(small, args, verify=True)
    if got is not None and got != want:
        failures.append("chain_12 %s: %s, the oracle says %s" % (" ".join(args), got, want))
got = deps(chain(3000))
if got is not None and got != sorted(("RAW", "s%d" % k, "s%d" % (k + 1), "A") for k in range(2999)):
    failures.append("chain_3000: %d edges, not RAW s_k -> s_k+1 alone" % len(got))
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KB, the largest child
if peak > 1 << 20:
    failures.append("a chain's dependences took %d MB resident" % (peak >> 10))
for f in failures:
    print("FAIL " + f)
print("\n%d failures" % len(failures))
sys.exit(1 if failures else 0)
