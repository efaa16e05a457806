#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Throughput of `schedule-tool serve` beside a plain-isl reference loop
(issue 42, item 6). Python 3 standard library only.

  bench/bench_serve.py [SCHEDULE_TOOL] [--quick] [--write docs/performance-serve.md]
                       [--shared DIR] [--reps N] [--requests N] [--memory-requests N] [--seed N] [--perf]

SCHEDULE_TOOL defaults to build/release/app/tool/schedule-tool.

What is measured, in one run:

- Small kernels (sample-kernels/jacobi_1d.json, heat_2d.json and every kernel
  of SHARED/conformance/kernels, parameters fixed to their "value"s), and a
  C kernel through the Polly front end (tests/interop/data/fdtd_2d.c, half
  as many requests; skipped when clang-14 or opt-14 is missing).
  Candidates: the original schedule (`tree --format map` and `--format
  flow`) and random edit scripts of 1-3 edits, each picked among the moves
  that apply at a band (serve's "moves" requests; no to_set, whose set is
  judged in any order). Requests are cycled to at least --requests per
  kernel (default 500) and sent in modes: edit scripts ({"schedule": tree,
  "edits": script}) at --jobs 1 and at the default jobs, bases ({"base":
  "b", "edits": script}, the original kept as "b" first) at --jobs 1, and
  the resulting maps alone ({"schedule": map}) at --jobs 1 and the default
  jobs; every request at detail verdict. The edit scripts are also sent
  once each at --jobs 1 (no candidate repeated: serve's caches have not
  seen them). Beside them, bench/isl_reference_loop.c (compiled here with
  `cc -O2 ... -lisl`) checks the same candidates, each given as its map
  (`tree --edits F --format map`, made before timing). Every verdict of
  every mode must equal the reference's: the mismatch count is printed and
  must be 0 (exit status 1 otherwise).
- pipeline_400 (SHARED/bench): 100 candidates (pipeline_400.fused.map and
  .fused_shift.map, most with a shift of one statement along f as an edit),
  sent at each detail level, timed as a whole serve process (start-up, the
  dependence analysis, 100 answers) and as its requests only, against one
  `schedule-tool check --json` of the fused map: "batch of 100 = X single
  checks". The reference checks the same candidates as maps.
- Memory: serve (default jobs) answering --memory-requests requests
  (default 100,000; --quick 10,000) cycled from jacobi_1d's edit, base and
  map requests, sent by a client that keeps at most 32 unanswered; then a
  fifth as many sent all at once. VmRSS of /proc/PID/status after the
  warm-up, after every tenth of the requests and at the end.
- With --perf: where serve's time goes (perf record --call-graph dwarf).

Requests/s exclude process start-up: a warm-up batch is answered first, the
clock runs from the first timed request written to the last answer read.
Median and worst over --reps repetitions (default 3), each a new process.
"""
import argparse
import datetime
import glob
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# C kernels through Polly, with the values of their parameters.
# (Each tree of a C kernel costs clang and opt, and its requests carry the
# long domains Polly writes: one kernel keeps the run short.)
C_KERNELS = [("fdtd_2d.c", {"tmax": 3, "nx": 5, "ny": 4})]
# Edits a random script does not use: a set is judged in any order by the
# tool and as the sequence it is printed as by isl_schedule_get_map.
EXCLUDED_EDITS = {"to_set"}
TARGETS = ("edit-script requests at one job >= 10x the reference loop; a batch of 100 pipeline_400 "
           "candidates at verdict <= 3 single checks; flat memory")


def note(*a):
    print(*a, file=sys.stderr, flush=True)


class Tool:
    def __init__(self, path):
        self.path = path

    def run(self, *args, ok=(0,), timeout=300):
        r = subprocess.run([self.path] + [str(a) for a in args], capture_output=True, text=True, timeout=timeout)
        if r.returncode not in ok:
            raise RuntimeError("schedule-tool %s: exit %d: %s" % (" ".join(map(str, args)), r.returncode,
                                                                  r.stderr.strip()[:500]))
        return r.stdout


def one_line(text):
    """isl text without the tool's # comments, on one line."""
    return " ".join(l.strip() for l in text.splitlines() if l.strip() and not l.lstrip().startswith("#"))


# --- isl flow-style YAML: just enough to find the bands of a schedule tree ---

_TOKEN = re.compile(r'\s*(?:("(?:[^"\\]|\\.)*")|([{}\[\]:,])|([^\s{}\[\]:,"]+))')


def parse_flow(text):
    toks = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError("flow YAML: cannot read at %d: %r" % (pos, text[pos:pos + 40]))
        pos = m.end()
        if m.group(1) is not None:
            toks.append(("s", json.loads(m.group(1))))
        elif m.group(2) is not None:
            toks.append(("p", m.group(2)))
        elif m.group(3) is not None:
            toks.append(("s", m.group(3)))
    i = 0

    def value():
        nonlocal i
        kind, t = toks[i]
        if kind == "p" and t == "{":
            i += 1
            d = {}
            while not (toks[i] == ("p", "}")):
                key = toks[i][1]
                i += 1
                if toks[i] == ("p", ":"):
                    i += 1
                    d[key] = value()
                else:
                    d[key] = None
                if toks[i] == ("p", ","):
                    i += 1
            i += 1
            return d
        if kind == "p" and t == "[":
            i += 1
            out = []
            while not (toks[i] == ("p", "]")):
                out.append(value())
                if toks[i] == ("p", ","):
                    i += 1
            i += 1
            return out
        i += 1
        return t
    return value()


def band_paths(node, path=()):
    """Paths (tuples of child indices) of the band nodes of a parsed tree."""
    out = []
    if not isinstance(node, dict):
        return out
    if "schedule" in node:
        out.append(path)
    for key in ("sequence", "set"):
        if key in node:
            for k, child in enumerate(node[key]):
                out += band_paths(child, path + (k,))
            return out
    if isinstance(node.get("child"), dict):
        out += band_paths(node["child"], path + (0,))
    return out


def node_text(path):
    return ".".join(map(str, path)) if path else "root"


# --- kernels ---

class Kernel:
    def __init__(self, label, path, params):
        self.label, self.path, self.params = label, path, params  # params: [(name, value)]

    def param_args(self):
        return ["--param=%s=%d" % (n, v) for n, v in self.params]

    def context(self):
        if not self.params:
            return "{ : }"
        return "[%s] -> { : %s }" % (", ".join(n for n, _ in self.params),
                                      " and ".join("%s = %d" % (n, v) for n, v in self.params))


def json_kernel(path, label=None):
    params = [(p["name"], p["value"]) for p in json.load(open(path)).get("params", []) if "value" in p]
    return Kernel(label or os.path.basename(path)[:-5], path, params)


def deps_union(tool, kernel):
    """Every edge's relation of `deps --json`, united in one isl union map text."""
    d = json.loads(tool.run("deps", kernel.path, "--json", *kernel.param_args()))
    names, bodies = [], []
    for e in d["dependences"]:
        m = re.match(r"^\s*(?:\[([^\]]*)\]\s*->\s*)?\{(.*)\}\s*$", e["relation"], re.S)
        if not m:
            raise RuntimeError("unexpected relation %r" % e["relation"][:100])
        for n in (m.group(1) or "").split(","):
            if n.strip() and n.strip() not in names:
                names.append(n.strip())
        if m.group(2).strip():
            bodies.append(m.group(2).strip())
    return ("[%s] -> " % ", ".join(names) if names else "") + "{ " + "; ".join(bodies) + " }", len(d["dependences"])


class Server:
    """A serve process asked one request at a time (candidate generation)."""

    def __init__(self, tool, kernel, *extra):
        self.proc = subprocess.Popen([tool.path, "serve", kernel.path, "--jobs", "1", *extra] + kernel.param_args(),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True, bufsize=1)

    def ask(self, request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("serve stopped")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=60)


def make_candidates(tool, kernel, count, rng, work):
    """The original (map, flow) and `count` random edit scripts with their maps."""
    map0 = one_line(tool.run("tree", kernel.path, "--format", "map"))
    flow0 = one_line(tool.run("tree", kernel.path, "--format", "flow"))
    tree0 = parse_flow(flow0)
    helper = Server(tool, kernel, "--no-count")
    scripts, seen = [], set()
    script_file = os.path.join(work, "script.json")
    try:
        attempts = 0
        while len(scripts) < count and attempts < count * 4:
            attempts += 1
            script, tree = [], tree0
            for step in range(rng.randint(1, 3)):
                if step:
                    json.dump({"edits": script}, open(script_file, "w"))
                    tree = parse_flow(one_line(tool.run("tree", kernel.path, "--edits", script_file, "--format",
                                                        "flow")))
                bands = band_paths(tree)
                rng.shuffle(bands)
                move = None
                for b in bands:
                    a = helper.ask({"schedule": flow0, "edits": {"edits": script},
                                    "moves": {"node": node_text(b), "ranges": False}})
                    usable = [m["edit"] for m in a.get("moves", [])
                              if m["verdict"] != "does not apply" and m["edit"]["edit"] not in EXCLUDED_EDITS]
                    if usable:
                        move = rng.choice(usable)
                        break
                if move is None:
                    break
                script.append(move)
            key = json.dumps(script, sort_keys=True)
            if script and key not in seen:
                seen.add(key)
                scripts.append(script)
    finally:
        helper.close()
    maps = []
    for s in scripts:
        json.dump({"edits": s}, open(script_file, "w"))
        maps.append(one_line(tool.run("tree", kernel.path, "--edits", script_file, "--format", "map")))
    return map0, flow0, scripts, maps


# --- timed sessions ---

def vmrss_kb(pid):
    try:
        for line in open("/proc/%d/status" % pid):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def session(argv, preamble, warm, timed, samples=0, window=0):
    """Starts argv, writes preamble and warm lines and reads the warm answers;
    then writes the timed lines (an iterable of text lines, from a thread)
    while reading their answers: all at once, or with `window`, at most that
    many unanswered. Returns (seconds, answers, rss) where rss holds VmRSS
    in kB after the warm-up, every `samples` answers and at the end.
    `timed` is (count, iterable)."""
    n, lines = timed
    err = tempfile.TemporaryFile()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err)
    try:
        proc.stdin.write("".join(l + "\n" for l in preamble + warm).encode())
        proc.stdin.flush()
        for _ in warm:
            if not proc.stdout.readline():
                err.seek(0)
                raise RuntimeError("%s stopped in the warm-up: %s" % (argv[0], err.read().decode()[-500:]))
        rss = [vmrss_kb(proc.pid)]

        room = threading.Semaphore(window) if window else None

        def write():
            try:
                if room:
                    for l in lines:
                        room.acquire()
                        proc.stdin.write((l + "\n").encode())
                        proc.stdin.flush()
                    proc.stdin.close()
                    return
                chunk = []
                for l in lines:
                    chunk.append(l)
                    if len(chunk) == 256:
                        proc.stdin.write(("\n".join(chunk) + "\n").encode())
                        chunk = []
                if chunk:
                    proc.stdin.write(("\n".join(chunk) + "\n").encode())
                proc.stdin.close()
            except (BrokenPipeError, ValueError):
                pass
        writer = threading.Thread(target=write, daemon=True)
        answers = []
        readline = proc.stdout.readline
        t0 = time.perf_counter()
        writer.start()
        if samples or room:
            for k in range(n):
                answers.append(readline())
                if room:
                    room.release()
                if samples and (k + 1) % samples == 0:
                    rss.append(vmrss_kb(proc.pid))
        else:
            answers = [readline() for _ in range(n)]
        t1 = time.perf_counter()
        if not samples or n % samples:
            rss.append(vmrss_kb(proc.pid))
        writer.join()
        proc.wait(timeout=120)
        if answers and not answers[-1]:
            err.seek(0)
            raise RuntimeError("%s stopped early: %s" % (argv[0], err.read().decode()[-500:]))
        return t1 - t0, [a.decode().strip() for a in answers], rss
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        err.close()


def serve_argv(tool, kernel, jobs=None):
    return [tool.path, "serve", kernel.path, "--detail", "verdict"] + kernel.param_args() + (
        ["--jobs", str(jobs)] if jobs else [])


def serve_verdict(line):
    try:
        a = json.loads(line)
    except ValueError:
        return "E"
    if "error" in a or "legal" not in a:
        return "E"
    return "1" if a["legal"] else "0"


def summary(rates):
    return {"median": statistics.median(rates), "worst": min(rates), "runs": len(rates)}


def fmt_rate(r):
    if r is None:
        return "-"
    return "%s / %s" % (fmt_num(r["median"]), fmt_num(r["worst"]))


def fmt_num(x):
    return "%.0f" % x if x >= 100 else "%.1f" % x if x >= 10 else "%.2f" % x


def compile_reference(work):
    cc = shutil.which("cc")
    src = os.path.join(HERE, "isl_reference_loop.c")
    if not cc:
        return None, "no C compiler (cc) on PATH"
    exe = os.path.join(work, "isl_reference_loop")
    r = subprocess.run([cc, "-O2", src, "-lisl", "-o", exe], capture_output=True, text=True)
    if r.returncode != 0:
        why = "isl headers or library missing (apt-get install libisl-dev)" if "isl/" in r.stderr or "-lisl" in r.stderr \
            else "cc failed"
        return None, "%s: %s" % (why, r.stderr.strip().splitlines()[0] if r.stderr.strip() else "")
    return exe, None


# --- the workloads ---

class Mismatches:
    def __init__(self):
        self.count = 0
        self.errors = 0
        self.examples = []
        self.compared = 0

    def compare(self, what, got, want):
        for k, (g, w) in enumerate(zip(got, want)):
            self.compared += 1
            if g == "E":
                self.errors += 1
            if g != w:
                self.count += 1
                if len(self.examples) < 5:
                    self.examples.append("%s, request %d: %s, expected %s" % (what, k, g, w))


def small_kernel(tool, kernel, args, rng, work, ref, mism):
    t = time.time()
    count = args.candidates if not kernel.path.endswith(".c") else max(4, args.candidates // 4)
    map0, flow0, scripts, maps = make_candidates(tool, kernel, count, rng, work)
    gen = time.time() - t
    deps, nedges = deps_union(tool, kernel)
    ncand = len(scripts) + 2
    # Candidate i: 0 the original as a map, 1 the original as YAML, 2+ the scripts.
    edit_reqs = [{"schedule": map0}, {"schedule": flow0}] + [{"schedule": flow0, "edits": {"edits": s}}
                                                              for s in scripts]
    base_reqs = [{"base": "b"}, {"base": "b"}] + [{"base": "b", "edits": {"edits": s}} for s in scripts]
    map_reqs = [{"schedule": map0}, {"schedule": flow0}] + [{"schedule": m} for m in maps]
    ref_reqs = [map0, flow0] + maps
    # A C kernel's requests are much slower (Polly's domains): half as many.
    n = max(args.requests // 2 if kernel.path.endswith(".c") else args.requests, ncand)
    order = [k % ncand for k in range(n)]
    enc = lambda reqs: [json.dumps(r) for r in reqs]
    e_edit, e_base, e_map = enc(edit_reqs), enc(base_reqs), enc(map_reqs)
    warm = order[:min(8, n)]
    modes = [("edits, --jobs 1", 1, e_edit, []), ("edits, default jobs", None, e_edit, []),
             ("bases, --jobs 1", 1, e_base, [json.dumps({"schedule": flow0, "keep": "b"})]),
             ("maps, --jobs 1", 1, e_map, []), ("maps, default jobs", None, e_map, [])]
    # The reference's verdicts first (they are what the others must equal).
    expected = None
    result = {"kernel": kernel.label, "statements": None, "edges": nedges, "candidates": ncand, "requests": n,
              "generate_s": gen, "rates": {}}
    if ref:
        rates = []
        for _ in range(args.reps):
            s, ans, _ = session([ref], [deps, kernel.context()], [ref_reqs[k] for k in warm],
                                (n, (ref_reqs[k] for k in order)))
            rates.append(n / s)
            if expected is None:
                expected = ans
            else:
                mism.compare("%s reference repeated" % kernel.label, ans, expected)
        result["rates"]["reference"] = summary(rates)
    for label, jobs, reqs, pre in modes:
        rates = []
        for _ in range(args.reps):
            s, ans, _ = session(serve_argv(tool, kernel, jobs), [], pre + [reqs[k] for k in warm],
                                (n, (reqs[k] for k in order)))
            rates.append(n / s)
            got = [serve_verdict(a) for a in ans]
            if expected is None:
                expected = got  # no reference: the serve modes must agree with each other
            mism.compare("%s %s" % (kernel.label, label), got, expected)
        result["rates"][label] = summary(rates)
    # Each candidate once, after a warm-up that checks none of them (one
    # error answer): serve's caches (edge verdicts kept across checks) have
    # not seen them, as in a search that never repeats a candidate.
    rates = []
    for _ in range(args.reps):
        s, ans, _ = session(serve_argv(tool, kernel, 1), [], [json.dumps({"id": "ready?"})],
                            (ncand, iter(e_edit)))
        rates.append(ncand / s)
        mism.compare("%s edits once" % kernel.label, [serve_verdict(a) for a in ans], expected[:ncand])
    result["rates"]["edits once, --jobs 1"] = summary(rates)
    legal = sum(1 for k in range(ncand) if expected[k] == "1")
    result["legal"] = legal
    result["expected"] = expected[:ncand]
    result["edits_per_script"] = statistics.mean(len(s) for s in scripts) if scripts else 0
    note("  %-28s %3d candidates (%d legal), %d requests, generated in %.1f s" % (kernel.label, ncand, legal, n, gen))
    return result


def pipeline(tool, args, rng, work, ref, mism):
    bench = os.path.join(args.shared, "bench")
    kpath = os.path.join(bench, "pipeline_400.json")
    maps = [os.path.join(bench, "pipeline_400.%s.map" % s) for s in ("fused", "fused_shift")]
    if not os.path.exists(kpath) or not all(os.path.exists(m) for m in maps):
        return None, "%s or its maps are missing" % kpath
    kernel = json_kernel(kpath)
    texts = [open(m).read() for m in maps]
    # The tree of such a map is one band [t, f, k]; a shift of member 1 (f)
    # of one statement is, as a map, that statement's f expression plus d.
    cands = []
    nbatch = args.batch
    for k in range(nbatch):
        which = k % 2
        if k < 2:
            cands.append((which, None, None))
        else:
            stmt = "s%d" % rng.randrange(400)
            cands.append((which, stmt, rng.choice((-1, 1, 2))))
    reqs, ref_maps = [], []
    for which, stmt, d in cands:
        text = texts[which]
        if stmt is None:
            reqs.append({"schedule": text})
            ref_maps.append(one_line(text))
            continue
        reqs.append({"schedule": text, "edits": {"edits": [{"edit": "shift", "node": [0], "member": 1,
                                                             "offsets": {stmt: d}}]}})
        pattern = re.compile(r"\b(%s\[t, f\] -> \[)([^,\]]+), ([^,\]]+), ([^,\]]+)\]" % stmt)
        moved, k = pattern.subn(lambda m: "%s%s, (%s) + %d, %s]" % (m.group(1), m.group(2), m.group(3), d, m.group(4)),
                                text)
        if k != 1:
            return None, "cannot shift %s in %s as a map" % (stmt, maps[which])
        ref_maps.append(one_line(moved))
    # One single check (whole process), median of --reps.
    single = []
    for _ in range(args.reps):
        t = time.perf_counter()
        r = subprocess.run([tool.path, "check", kpath, "--json", "--schedule", maps[0]] + kernel.param_args(),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        single.append(time.perf_counter() - t)
        if r.returncode not in (0, 1):
            return None, "check exited %d" % r.returncode
    single_s = statistics.median(single)
    res = {"single_s": single_s, "batch": nbatch, "rows": [], "legal": None}
    expected = None
    if ref:
        deps, _ = deps_union(tool, kernel)
        whole, only = [], []
        for _ in range(1):  # not a target figure, and slow per candidate
            t = time.perf_counter()
            s, ans, _ = session([ref], [deps, kernel.context()], [], (nbatch, iter(ref_maps)))
            whole.append(time.perf_counter() - t)
            only.append(s)
            if expected is None:
                expected = ans
            else:
                mism.compare("pipeline_400 reference repeated", ans, expected)
        res["reference"] = {"whole": statistics.median(whole), "only": statistics.median(only)}
    for detail, jobs in (("verdict", None), ("verdict", 1), ("first", None), ("all", None)):
        whole, only = [], []
        for _ in range(args.reps):
            t = time.perf_counter()
            lines = (json.dumps(dict(r, detail=detail)) for r in reqs)
            # One cheap request (an error answer: no schedule) waits for the
            # start-up; the batch is timed after it.
            s, ans, _ = session([tool.path, "serve", kpath] + kernel.param_args() + (["--jobs", "1"] if jobs else []),
                                [], [json.dumps({"id": "ready?"})], (nbatch, lines))
            whole.append(time.perf_counter() - t)
            only.append(s)
            got = [serve_verdict(a) for a in ans]
            if expected is None:
                expected = got
            mism.compare("pipeline_400 detail %s" % detail, got, expected)
        res["rows"].append({"detail": detail, "jobs": jobs, "whole": statistics.median(whole),
                            "worst": max(whole), "only": statistics.median(only)})
    res["legal"] = expected.count("1")
    return res, None


def memory(tool, args, work):
    """Two serve processes (default jobs) on jacobi_1d's edit, base and map
    requests: one given every request at once (as the throughput runs do),
    one by a client that keeps at most WINDOW requests unanswered."""
    kernel = json_kernel(os.path.join(REPO, "sample-kernels", "jacobi_1d.json"))
    # Its own random numbers: the same candidates whatever ran before.
    map0, flow0, scripts, maps = make_candidates(tool, kernel, 12, random.Random(args.seed), work)
    reqs = [json.dumps({"schedule": flow0, "edits": {"edits": s}}) for s in scripts]
    reqs += [json.dumps({"base": "b", "edits": {"edits": s}}) for s in scripts]
    reqs += [json.dumps({"schedule": m}) for m in maps] + [json.dumps({"schedule": map0})]
    runs = []
    for n, window in ((args.memory_requests, WINDOW), (max(1, args.memory_requests // 5), 0)):
        s, ans, rss = session(serve_argv(tool, kernel), [], [json.dumps({"schedule": flow0, "keep": "b"})] + reqs[:8],
                              (n, (reqs[k % len(reqs)] for k in range(n))), samples=max(1, n // 10), window=window)
        runs.append({"requests": n, "window": window, "seconds": s, "rss": rss,
                     "errors": sum(1 for a in ans if serve_verdict(a) == "E"),
                     "bytes": sum(len(reqs[k % len(reqs)]) + 1 for k in range(n))})
    return {"runs": runs, "cycle": len(reqs)}


# The memory run's client: at most this many requests unanswered.
WINDOW = 32


def perf_profile(tool, args, rng, work):
    """perf record --call-graph dwarf on serve --jobs 1 answering edit-script
    requests of jacobi_1d: the share of the run inside each part (children
    included)."""
    if not shutil.which("perf"):
        return None, "perf is not installed"
    kernel = json_kernel(os.path.join(REPO, "sample-kernels", "jacobi_1d.json"))
    map0, flow0, scripts, maps = make_candidates(tool, kernel, 20, rng, work)
    reqs = [json.dumps({"schedule": flow0, "edits": {"edits": s}}) for s in scripts]
    n = 400
    data = os.path.join(work, "perf.data")
    argv = ["perf", "record", "-q", "--call-graph", "dwarf,16384", "-F", "2000", "-o", data, "--"] + \
        serve_argv(tool, kernel, 1)
    try:
        session(argv, [], reqs[:1], (n, (reqs[k % len(reqs)] for k in range(n))))
    except RuntimeError as e:
        return None, "perf record failed (%s)" % str(e)[:200]
    r = subprocess.run(["perf", "report", "-i", data, "--children", "--stdio", "--sort", "symbol",
                        "--percent-limit", "2", "-g", "none"], capture_output=True, text=True)
    rows = []
    for line in r.stdout.splitlines():
        m = re.match(r"^\s+([\d.]+)%\s+([\d.]+)%\s+\[.\]\s+(.*?)\s*(?:-\s+-\s*)?$", line)
        if not m:
            continue
        sym = m.group(3).strip()
        if sym.startswith("0x") or "Function_handler" in sym or sym.startswith("std::"):
            continue
        if sym.startswith("se::") or sym in PERF_ISL:
            rows.append((float(m.group(1)), float(m.group(2)), sym[:100]))
    if not rows:
        return None, "perf report gave no symbols: %s" % (r.stderr.strip()[:200] or "?")
    return {"rows": rows[:18], "requests": n}, None


# isl entry points worth naming in the profile.
PERF_ISL = {"isl_schedule_read_from_str", "isl_union_set_read_from_str", "isl_union_map_read_from_str",
            "isl_multi_union_pw_aff_read_from_str", "isl_schedule_get_map", "isl_union_map_lex_ge_union_map",
            "isl_map_is_empty", "isl_basic_map_is_empty", "isl_union_map_is_empty"}


# --- report ---

def load():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def machine():
    model = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return model, os.cpu_count()


def report(args, results, pipe, pipe_why, mem, prof, prof_why, ref_why, c_why, mism, started, wall):
    out = []
    p = out.append
    model, cores = machine()
    version = args.version
    head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", REPO, "diff", "--quiet", "HEAD", "--", "core", "app"], capture_output=True)
    p("# schedule-tool serve: throughput\n")
    p("Written by `bench/bench_serve.py` (issue 42, item 6); rerun it to refresh every figure:\n")
    p("    " + " ".join(["bench/bench_serve.py"] + [a if a == os.path.basename(a) or not a.startswith(REPO)
                                                     else os.path.relpath(a, REPO) for a in sys.argv[1:]]) + "\n")
    p("- machine: %s, %d cores (nproc)" % (model, cores))
    p("- date: %s" % started.strftime("%Y-%m-%d %H:%M UTC"))
    p("- tool: %s%s" % ("; ".join(version),
                        (", source at %s, core/ and app/ %s in the working tree during the run" % (
                            head.stdout.strip(), "unmodified" if dirty.returncode == 0 else "modified"))
                        if head.returncode == 0 else ""))
    p("- binary: %s, built %s" % (os.path.relpath(args.tool, REPO) if args.tool.startswith(REPO) else args.tool,
                                  datetime.datetime.fromtimestamp(args.tool_mtime, datetime.timezone.utc)
                                  .strftime("%Y-%m-%d %H:%M UTC")))
    p("- load average (1, 5, 15 min) at start %s, at end %s" % (args.load_start, load()))
    p("- run: %s, %d repetitions, %.0f s in all\n" % ("quick" if args.quick else "full", args.reps, wall))
    p("Targets of the issue: %s.\n" % TARGETS)
    p("## Verdicts\n")
    if ref_why:
        p("The reference loop was skipped (%s): the serve modes are compared with each other only.\n" % ref_why)
    p("**%d mismatches** over %d verdicts compared (%s), %d error answers.%s\n" % (
        mism.count, mism.compared, "every serve mode and repetition against the isl reference loop" if not ref_why
        else "serve modes against each other", mism.errors,
        "" if not mism.examples else " First: " + "; ".join(mism.examples)))

    p("## Small kernels: requests/s, detail verdict\n")
    p("Median / worst of %d processes; the clock runs from the first request written to the last answer read "
      "(start-up, the dependence analysis and a warm-up of 8 requests are not counted). Candidates: the original "
      "(as a map and as a tree) and random edit scripts of 1-3 edits at bands. *edits*: `{\"schedule\": tree, "
      "\"edits\": script}`; *bases*: `{\"base\": \"b\", \"edits\": script}` after one request keeping the "
      "original as `b`; *maps*: the resulting map as `{\"schedule\": map}`; *reference*: "
      "`bench/isl_reference_loop.c` (plain isl, `cc -O2`) given each candidate as its map. The default jobs "
      "are the machine's cores, at most 4 (here %d). The requests cycle through the candidates (each is sent "
      "about requests / candidates times); *edits once* sends each candidate once after a warm-up that checks "
      "none, so serve's caches (edge verdicts kept across checks, the edit replay's prefix) have not seen them: "
      "the rate of a search that never repeats a candidate. The reference has no cache.\n" % (
          args.reps, min(cores, 4)))
    cols = ["edits, --jobs 1", "edits once, --jobs 1", "edits, default jobs", "bases, --jobs 1", "maps, --jobs 1",
            "maps, default jobs", "reference"]
    p("| kernel | edges | candidates (legal) | edits/script | requests | " + " | ".join(cols) +
      " | edits / reference | edits once / reference | bases / reference |")
    p("|---|---:|---:|---:|---:|" + "---:|" * len(cols) + "---:|---:|---:|")
    ratios, once, based = [], [], []
    for r in results:
        rr = r["rates"]
        cells = ["-"] * 3
        if "reference" in rr:
            ref_rate = rr["reference"]["median"]
            for k, (col, acc) in enumerate((("edits, --jobs 1", ratios), ("edits once, --jobs 1", once),
                                            ("bases, --jobs 1", based))):
                acc.append(rr[col]["median"] / ref_rate)
                cells[k] = "%.2fx" % acc[-1]
        p("| %s | %d | %d (%d) | %.1f | %d | %s | %s |" % (
            r["kernel"], r["edges"], r["candidates"], r["legal"], r["edits_per_script"], r["requests"],
            " | ".join(fmt_rate(rr.get(c)) for c in cols), " | ".join(cells)))
    if c_why:
        p("\nC kernels skipped: %s." % c_why)
    if ratios:
        for what, acc in (("Edit-script requests (tree text and edits) at one job", ratios),
                          ("The same, each candidate once", once),
                          ("Edit scripts on a kept base at one job", based)):
            p("\n%s against the reference loop: %.2fx to %.2fx (median %.2fx); target >= 10x: %s." % (
                what, min(acc), max(acc), statistics.median(acc), "met" if min(acc) >= 10 else "not met"))

    p("\n## pipeline_400: a batch of 100 candidates against single checks\n")
    if pipe is None:
        p("Skipped: %s.\n" % pipe_why)
    else:
        p("Candidates: pipeline_400.fused.map and .fused_shift.map, alternately, %d of them with one statement "
          "shifted along f by -1, 1 or 2 (a `shift` edit in the request; for the reference, the same map "
          "rewritten); %d of %d legal. Single check: one `schedule-tool check pipeline_400.json --json "
          "--schedule pipeline_400.fused.map`, whole process, median of %d: **%.3f s**. Batch: one serve process "
          "from start to exit (loading, the dependence analysis, %d answers), median (worst) of %d; "
          "requests only: from the first request written to the last answer read.\n" % (
              pipe["batch"] - 2, pipe["legal"], pipe["batch"], args.reps, pipe["single_s"], pipe["batch"], args.reps))
        p("| detail | jobs | batch of %d, whole process | requests only | per request | = single checks |" %
          pipe["batch"])
        p("|---|---|---:|---:|---:|---:|")
        for row in pipe["rows"]:
            p("| %s | %s | %.3f s (%.3f s) | %.3f s | %.1f ms | **%.2f** |" % (
                row["detail"], "1" if row["jobs"] else "default (%d)" % min(cores, 4), row["whole"], row["worst"],
                row["only"], row["only"] / pipe["batch"] * 1000, row["whole"] / pipe["single_s"]))
        if "reference" in pipe:
            rf = pipe["reference"]
            p("| reference loop | 1 | %.3f s | %.3f s | %.1f ms | %.2f |" % (
                rf["whole"], rf["only"], rf["only"] / pipe["batch"] * 1000, rf["whole"] / pipe["single_s"]))
            p("\nThe reference's whole process includes reading the dependences (made by `schedule-tool deps` "
              "beforehand, not timed), not computing them.")
        v = [r for r in pipe["rows"] if r["detail"] == "verdict" and not r["jobs"]][0]
        p("\nBatch of %d at verdict = %.2f single checks; target <= 3: %s." % (
            pipe["batch"], v["whole"] / pipe["single_s"], "met" if v["whole"] / pipe["single_s"] <= 3 else "not met"))

    p("\n## Memory\n")
    if mem:
        p("Serve with the default jobs on jacobi_1d, requests cycled from %d (edit scripts on the tree, the same on "
          "a kept base, maps). VmRSS (/proc/PID/status) after the warm-up and after every tenth of the requests, "
          "MB.\n" % mem["cycle"])
        p("| client | requests | requests/s | error answers | VmRSS, MB | growth | after the first tenth |")
        p("|---|---:|---:|---:|---|---:|---:|")
        for run in mem["runs"]:
            rss = run["rss"]
            if not all(rss) or len(rss) < 3:
                continue
            g, after = rss[-1] - rss[0], rss[-1] - rss[1]
            run["growth"], run["after"] = g, after
            p("| %s | %d | %.0f | %d | %s | %+.1f MB (%+.0f%%) | %+.2f MB (%+.2f%%) |" % (
                "at most %d unanswered" % run["window"] if run["window"] else "every request at once",
                run["requests"], run["requests"] / run["seconds"], run["errors"],
                " ".join("%.1f" % (x / 1024) for x in rss), g / 1024, 100.0 * g / rss[0], after / 1024,
                100.0 * after / rss[1]))
        w = mem["runs"][0]
        if "growth" in w:
            p("\nFlat memory (a client that waits for answers; growth after the first tenth within 1 MB or 2%%): "
              "%s." % ("yes" if w["after"] <= max(1024, 0.02 * w["rss"][1]) else "no"))
        burst = mem["runs"][1]
        if "growth" in burst:
            p("Given every request at once (%.1f MB of request text in all), serve reads at most 4 requests "
              "per worker ahead (ServePool's back-pressure: the pipe holds back the client): %+.1f MB in all." % (
                  burst["bytes"] / 1e6, burst["growth"] / 1024))
    if prof or prof_why:
        p("\n## Where serve's time goes\n")
        if prof is None:
            p("Not profiled: %s." % prof_why)
        else:
            p("`perf record --call-graph dwarf` on `serve --jobs 1` answering %d edit-script requests of "
              "jacobi_1d (`{\"schedule\": tree, \"edits\": script}`, detail verdict; start-up included): the "
              "share of the samples inside each function, its callees included (the project's functions and "
              "isl's readers, above 2%%). perf follows serve's reader child (PersistentChild), which reads each "
              "tree first while serve waits: its samples are counted too.\n" % prof["requests"])
            p("| inside | self | function |")
            p("|---:|---:|---|")
            for pct, self_pct, sym in prof["rows"]:
                p("| %.1f%% | %.1f%% | `%s` |" % (pct, self_pct, sym.replace("|", "\\|")))
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tool", nargs="?", default=os.path.join(REPO, "build", "release", "app", "tool", "schedule-tool"))
    ap.add_argument("--quick", action="store_true", help="a short run (smoke test)")
    ap.add_argument("--write", metavar="FILE", help="also write the Markdown report to FILE")
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared folder with bench/ (pipeline_400) and conformance/ (default ../shared)")
    ap.add_argument("--conformance", help="the conformance suite (default SHARED/conformance, else the vendored "
                    "tests/data/conformance)")
    ap.add_argument("--reps", type=int)
    ap.add_argument("--requests", type=int, help="requests per small kernel (default 500; --quick 60)")
    ap.add_argument("--candidates", type=int, help="edit scripts per small kernel (default 40; --quick 6)")
    ap.add_argument("--batch", type=int, default=100, help="pipeline_400 candidates (default 100)")
    ap.add_argument("--memory-requests", type=int, help="requests of the memory run (default 100000; --quick 10000)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--perf", action="store_true", help="profile serve with perf record -g")
    args = ap.parse_args()
    q = args.quick
    args.reps = args.reps or (1 if q else 3)
    args.requests = args.requests or (60 if q else 500)
    args.candidates = args.candidates or (6 if q else 40)
    if q and args.batch == 100:
        args.batch = 10
    args.memory_requests = args.memory_requests or (10000 if q else 100000)
    args.tool = os.path.abspath(args.tool)
    args.shared = os.path.abspath(args.shared)
    if not args.conformance:
        args.conformance = os.path.join(args.shared, "conformance")
        if not os.path.isdir(os.path.join(args.conformance, "kernels")):
            args.conformance = os.path.join(REPO, "tests", "data", "conformance")
    if not os.access(args.tool, os.X_OK):
        sys.exit("bench_serve.py: %s is not an executable schedule-tool" % args.tool)
    rng = random.Random(args.seed)
    started = datetime.datetime.now(datetime.timezone.utc)
    args.load_start = load()
    t_start = time.time()
    mism = Mismatches()
    with tempfile.TemporaryDirectory(prefix="se-bench-serve-") as work:
        # A copy: a rebuild during the run does not change the binary measured.
        args.tool_mtime = os.stat(args.tool).st_mtime
        tool = Tool(os.path.join(work, "schedule-tool"))
        shutil.copy2(args.tool, tool.path)
        args.version = tool.run("--version").strip().splitlines()
        ref, ref_why = compile_reference(work)
        if ref_why:
            note("bench_serve.py: reference loop skipped: %s" % ref_why)
        kernels = [json_kernel(os.path.join(REPO, "sample-kernels", k + ".json")) for k in ("jacobi_1d", "heat_2d")]
        conf = sorted(glob.glob(os.path.join(args.conformance, "kernels", "*.json")))
        if q:
            conf = conf[:1]
        kernels += [json_kernel(k, "conformance/" + os.path.basename(k)[:-5]) for k in conf]
        c_why = None
        if not conf:
            note("bench_serve.py: no conformance kernels under %s" % args.conformance)
        missing = [t for t in ("clang-14", "opt-14") if not shutil.which(t)]
        if missing:
            c_why = "%s not on PATH (Debian packages clang-14, llvm-14)" % " and ".join(missing)
        else:
            for name, params in C_KERNELS:
                path = os.path.join(REPO, "tests", "interop", "data", name)
                if os.path.exists(path):
                    kernels.append(Kernel("C: " + name, path, sorted(params.items())))
        if c_why:
            note("bench_serve.py: C kernels skipped: %s" % c_why)
        note("small kernels:")
        results = [small_kernel(tool, k, args, rng, work, ref, mism) for k in kernels]
        note("pipeline_400 batch:")
        pipe, pipe_why = pipeline(tool, args, rng, work, ref, mism)
        if pipe_why:
            note("  skipped: %s" % pipe_why)
        note("memory run (%d requests):" % args.memory_requests)
        mem = memory(tool, args, work)
        mism.errors += sum(r["errors"] for r in mem["runs"])
        prof, prof_why = (perf_profile(tool, args, rng, work) if args.perf else (None, None))
    text = report(args, results, pipe, pipe_why, mem, prof, prof_why, ref_why, c_why, mism, started,
                  time.time() - t_start)
    sys.stdout.write(text)
    if args.write:
        with open(args.write, "w") as f:
            f.write(text)
    print("%d mismatches, %d error answers" % (mism.count, mism.errors))
    return 0 if mism.count == 0 and mism.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
