#!/usr/bin/env python3
"""schedule-tool as a Unix tool, at the process level: each case runs the
tool and checks its exit status, stdout and stderr (issue 13).

  cli_behaviour.py SCHEDULE_TOOL SOURCE_DIR CONFORMANCE_DIR VERSION

Expected values: legality from the conformance suite's expected/ files
(the oracle's); line and column of error positions counted by hand in the
files named.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

tool, src, conf, version = sys.argv[1:5]
tool = os.path.abspath(tool)
failures = []
kernel = os.path.join(conf, "kernels", "jacobi_1d.json")
params = ["--param=%s=%d" % (p["name"], p["value"])
          for p in json.load(open(kernel)).get("params", []) if "value" in p]
fuse = os.path.join(conf, "schedules", "jacobi_1d.fuse.map")              # illegal (expected/)
fuse_shift = os.path.join(conf, "schedules", "jacobi_1d.fuse_shift.map")  # legal (expected/)
syntax_error = os.path.join(src, "tests/badinput/schedules/syntax_error.map")
bad_kernel = os.path.join(src, "tests/data/bad-kernels/division_by_zero.json")


def run(*args, stdin=None, stdout=None, cwd=None):
    return subprocess.run([tool] + list(args), input=stdin, stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=120, cwd=cwd)


def case(name, r, status, out=None, err=None, err_lines=None):
    problems = []
    if r.returncode != status:
        problems.append("exit %d, want %d" % (r.returncode, status))
    if out is not None and not re.search(out, r.stdout or "", re.M):
        problems.append("stdout does not match %r" % out)
    if err is not None and not re.search(err, r.stderr or "", re.M):
        problems.append("stderr does not match %r" % err)
    if err_lines is not None and len((r.stderr or "").strip().split("\n")) != err_lines:
        problems.append("stderr has %d lines, want %d" % (len(r.stderr.strip().split("\n")), err_lines))
    if problems:
        failures.append("%s: %s\n    stdout: %s\n    stderr: %s" % (name, "; ".join(problems), (r.stdout or "")[:300],
                                                                    (r.stderr or "")[:300]))
    else:
        print("ok", name)


USAGE = r"^usage: schedule-tool "
# Help: per command, and `help COMMAND`.
case("--help", run("--help"), 0, out=r"^  check +legality.*\n(.|\n)*^  export-jscop ")
case("help check", run("help", "check"), 0, out=r"usage: schedule-tool check KERNEL(.|\n)*--schedule FILE")
r = run("check", "--help")
case("check --help", r, 0, out=r"usage: schedule-tool check KERNEL(.|\n)*--assume-no-dep")
if "--node" in r.stdout:
    failures.append("check --help lists --node, an option of moves")
case("moves --help", run("moves", "--help"), 0, out=r"--node PATH")
case("help with an unknown command", run("help", "chekc"), 2, err=r"unknown command 'chekc' \(did you mean 'check'\?\)")

# Usage errors: one prefix, a suggestion, a short usage line (two lines in all), exit 2.
case("unknown command", run("chekc", kernel), 2,
     err=r"\Aschedule-tool: error: unknown command 'chekc' \(did you mean 'check'\?\)\n" + USAGE, err_lines=2)
case("unknown option", run("check", kernel, "--jsn"), 2,
     err=r"\Aschedule-tool: error: unknown option '--jsn' for check \(did you mean '--json'\?\)\n" + USAGE, err_lines=2)
case("an option of another command", run("check", kernel, "--node", "0"), 2,
     err=r"^schedule-tool: error: check does not take --node \(moves or repair do\)", err_lines=2)
case("check --format", run("check", kernel, "--format", "c"), 2, err=r"check does not take --format")
case("deps --schedule", run("deps", kernel, "--schedule", fuse), 2, err=r"deps does not take --schedule")
case("a second KERNEL", run("check", kernel, kernel), 2, err=r"unexpected argument '.*jacobi_1d.json': check takes one KERNEL")
case("--json=0", run("check", kernel, "--json=0", *params), 2, err=r"--json takes no value")
case("no KERNEL", run("check"), 2, err=r"^schedule-tool: error: check needs a KERNEL file\n" + USAGE)
case("no command", run(), 2, err=r"^schedule-tool: error: missing COMMAND")
case("an option before the command", run("--json", "check", kernel), 2,
     err=r"^schedule-tool: error: unknown option '--json' before the command")
case("an option without its value", run("check", kernel, "--param"), 2,
     err=r"^schedule-tool: error: --param needs a value \(NAME=VALUE\)\n" + USAGE)
case("a bad size", run("check", kernel, "--max-memory", "12Q"), 2, err=r"--max-memory takes a size such as 512M")
case("bad --format", run("tree", kernel, "--format", "dott"), 2,
     err=r"tree --format takes block, flow, map, dot or svg, got 'dott' \(did you mean 'dot'\?\)")
case("bad --deps", run("check", kernel, "--deps", "mey"), 2, err=r"--deps takes may or flow, got 'mey' \(did you mean 'may'\?\)")
case("--time-limit nan", run("check", kernel, "--time-limit", "nan"), 2, err=r"--time-limit takes a number of seconds")
case("two --schedule for tree", run("tree", kernel, "--schedule", fuse, "--schedule", fuse_shift), 2,
     err=r"tree takes one --schedule \(only check takes several\)")
case("--function with a JSON kernel", run("check", kernel, "--function", "f"), 2,
     err=r"--function applies to a C source KERNEL only")

# A huge time limit is no limit (not an immediate stop).
case("--time-limit 1e20", run("check", kernel, "--time-limit", "99999999999999999999", *params), 0, out=r"verdict: legal")

# '-': stdin for KERNEL and --schedule, stdout for --out.
case("KERNEL -", run("check", "-", *params, stdin=open(kernel).read()), 0, out=r"^kernel jacobi_1d")
case("--schedule -", run("check", kernel, "--schedule", "-", *params, stdin=open(fuse).read()), 1,
     out=r"schedule: the schedule <stdin>")
case("both -", run("check", "-", "--schedule", "-"), 2, err=r"cannot both be '-'")
with tempfile.TemporaryDirectory() as tmp:
    r = run("export-jscop", kernel, "--out", "-", *params, cwd=tmp)
    case("export-jscop --out -", r, 0, out=r'"statements"')
    if os.path.exists(os.path.join(tmp, "-")):
        failures.append("export-jscop --out - created a file named '-'")
    case("codegen --out -", run("codegen", kernel, "--out", "-", *params), 0, out=r"for \(c0: range")
    out = os.path.join(tmp, "tree.yaml")
    case("tree --out FILE", run("tree", kernel, "--out", out), 0)
    if not os.path.exists(out) or "domain" not in open(out).read():
        failures.append("tree --out FILE wrote no tree")

# A result that cannot be written is an error.
if os.path.exists("/dev/full"):
    with open("/dev/full", "w") as full:
        case("tree > /dev/full", run("tree", kernel, stdout=full), 2,
             err=r"^schedule-tool: error: cannot write the output: No space left")

# Batch check: one verdict per schedule, the dependences once.
r = run("check", kernel, "--schedule", fuse, "--schedule", fuse_shift, *params)
case("batch check", r, 1, out=r"jacobi_1d\.fuse\.map: illegal .*\n.*jacobi_1d\.fuse_shift\.map: legal")
r = run("check", kernel, "--schedule", fuse_shift, "--schedule", fuse, "--json", *params)
lines = [json.loads(l) for l in r.stdout.strip().split("\n")] if r.returncode == 1 else []
case("batch check --json", r, 1)
if [(os.path.basename(l["schedule"]), l["legal"], l["format"]) for l in lines] != [
        ("jacobi_1d.fuse_shift.map", True, 1), ("jacobi_1d.fuse.map", False, 1)]:
    failures.append("batch check --json: want one object per line naming its schedule, got %r" % r.stdout[:300])
r = run("check", kernel, "--schedule", fuse_shift, "--schedule", syntax_error, *params)
case("batch check with a bad schedule", r, 2, out=r"fuse_shift\.map: legal", err=r"syntax_error\.map:1:35: error: ")

# Diagnostics: FILE:LINE:COLUMN: error: PLACE: FAULT.
case("JSON path position", run("check", bad_kernel), 2,
     err=r"^\S*division_by_zero\.json:77:15: error: body\[0\]\.body\[2\]\.reads\[1\]\.index\[0\], column 6: division by zero")
case("isl syntax position", run("check", kernel, "--schedule", syntax_error), 2,
     err=r"^\S*syntax_error\.map:1:35: error: neither an isl schedule tree nor an isl union map: syntax error: ")
case("stdin position", run("check", "-", stdin=open(bad_kernel).read()), 2, err=r"^<stdin>:77:15: error: body\[0\]")
case("missing file", run("check", "/nonexistent/k.json"), 2, err=r"^/nonexistent/k\.json: error: cannot open the file")

# --json: versioned output; errors as an object on stdout too.
r = run("check", kernel, "--json", *params)
case("check --json", r, 0)
if r.returncode == 0 and json.loads(r.stdout).get("format") != 1:
    failures.append("check --json has no \"format\": 1")
r = run("check", kernel, "--schedule", syntax_error, "--json")
case("error under --json", r, 2, err=r"syntax_error\.map:1:35: error:")
try:
    e = json.loads(r.stdout)
    if (e["format"], e["exit_status"], e["error"]["line"], e["error"]["column"], e["error"]["kind"]) != (1, 2, 1, 35, "input"):
        failures.append("error under --json: wrong fields %r" % e)
except (ValueError, KeyError) as x:
    failures.append("error under --json: stdout is not the error object (%s): %r" % (x, r.stdout[:200]))
r = run("check", kernel, "--jsn", "--json")
case("usage error under --json", r, 2)
if not r.stdout.startswith("{") or json.loads(r.stdout)["error"]["kind"] != "usage":
    failures.append("usage error under --json: no usage error object on stdout: %r" % r.stdout[:200])

# Pictures: the dependence graph and the schedule tree as DOT and SVG, in
# the app's colours (RAW #1565c0, WAR #2e7d32, WAW #8e24aa; s0 #1f5f9e).
r = run("deps", kernel, "--format", "dot", *params)
case("deps --format dot", r, 0, out=r"\Adigraph dependences \{")
edges = json.loads(run("deps", kernel, "--json", *params).stdout)["dependences"]
drawn = re.findall(r"^  n\d+ -> n\d+ .*color=\"(#[0-9a-f]{6})\"", r.stdout, re.M)
want = [{"RAW": "#1565c0", "WAR": "#2e7d32", "WAW": "#8e24aa"}[e["type"]] for e in edges]
if drawn != want:
    failures.append("deps --format dot: edge colours %r, want %r (one per dependence)" % (drawn, want))
if 'color="#1f5f9e"' not in r.stdout:
    failures.append("deps --format dot: s0 is not in the app's first statement colour")
case("deps --format svg", run("deps", kernel, "--format", "svg", *params), 0, out=r"<svg (.|\n)*RAW")
r = run("tree", kernel, "--format", "dot")
case("tree --format dot", r, 0, out=r"\Adigraph schedule_tree \{(.|\n)*ordering=out")
nodes = len(re.findall(r"^  t\d+ \[", r.stdout, re.M))
links = len(re.findall(r"^  t\d+ -> t\d+", r.stdout, re.M))
if nodes < 2 or links != nodes - 1:
    failures.append("tree --format dot: %d nodes, %d links: not a tree" % (nodes, links))
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "tree.svg")
    case("tree --format svg --out", run("tree", kernel, "--format", "svg", "--out", out), 0)
    if not os.path.exists(out) or "<svg" not in open(out).read():
        failures.append("tree --format svg --out wrote no SVG")
case("--json with a picture", run("deps", kernel, "--format", "svg", "--json"), 2, err=r"--json does not apply to --format svg")

# --version: the CMake project version and the libraries'.
case("--version", run("--version"), 0, out=r"\Aschedule-tool %s\nisl 0\.\d+.*, Graphviz \d+\.\d+" % re.escape(version))

for f in failures:
    print("FAIL", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
