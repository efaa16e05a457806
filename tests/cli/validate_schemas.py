#!/usr/bin/env python3
"""Every --json output of schedule-tool against its JSON Schema in
docs/schema/ (issue 13): real outputs of each command, errors included,
must validate, and every key of every schema must be documented.

  validate_schemas.py SCHEDULE_TOOL SOURCE_DIR CONFORMANCE_DIR
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

tool, src, conf = sys.argv[1:4]
schemas = {}
for f in sorted(os.listdir(os.path.join(src, "docs/schema"))):
    if f.endswith(".schema.json"):
        s = json.load(open(os.path.join(src, "docs/schema", f)))
        jsonschema.Draft202012Validator.check_schema(s)
        schemas[f[:-len(".schema.json")]] = s
failures = []
checked = set()


def undocumented(node, where):
    """Properties without a description (a key nobody can look up)."""
    out = []
    if isinstance(node, dict):
        for k, v in node.get("properties", {}).items():
            if "description" not in v:
                out.append(where + "." + k)
        for k, v in node.items():
            out += undocumented(v, where + "." + k if k != "properties" else where)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += undocumented(v, where)
    return out


for name, s in schemas.items():
    for k in undocumented(s, name):
        failures.append("undocumented key %s" % k)

kernel = os.path.join(conf, "kernels", "jacobi_1d.json")
params = ["--param=%s=%d" % (p["name"], p["value"])
          for p in json.load(open(kernel)).get("params", []) if "value" in p]
fuse = os.path.join(conf, "schedules", "jacobi_1d.fuse.map")
fuse_shift = os.path.join(conf, "schedules", "jacobi_1d.fuse_shift.map")
work = tempfile.mkdtemp(prefix="se-schema-")
script = os.path.join(work, "edits.json")
json.dump({"kernel": "jacobi_1d", "edits": [{"edit": "fuse", "node": [0, 0], "child": 0}]}, open(script, "w"))
overrides = os.path.join(work, "overrides.json")
json.dump([{"type": "RAW", "src": "s0", "dst": "s1", "tensor": "B", "reason": "schema test"}], open(overrides, "w"))


def validate(schema, args, status, lines=False):
    r = subprocess.run([tool] + args, capture_output=True, text=True, timeout=120)
    what = "%s (%s)" % (" ".join(args[:1] + [os.path.basename(a) for a in args[1:]]), schema)
    if r.returncode not in (status if isinstance(status, tuple) else (status,)):
        failures.append("%s: exit %d, want %d: %s" % (what, r.returncode, status, r.stderr[:300]))
        return
    docs = [json.loads(l) for l in r.stdout.strip().split("\n")] if lines else [json.loads(r.stdout)]
    for d in docs:
        s = schemas["error"] if "error" in d and schema != "error" else schemas[schema]
        try:
            jsonschema.validate(d, s, cls=jsonschema.Draft202012Validator)
        except jsonschema.ValidationError as e:
            failures.append("%s: %s at %s" % (what, e.message, "/".join(map(str, e.absolute_path))))
    checked.add(schema)
    print("ok", what)


validate("check", ["check", kernel, "--json"] + params, 0)
validate("check", ["check", kernel, "--json", "--schedule", fuse] + params, 1)
validate("check", ["check", kernel, "--json", "--schedule", fuse, "--assume-no-dep", overrides] + params, 1)
validate("check", ["check", kernel, "--json", "--deps", "flow", "--schedule", fuse] + params, (0, 1))
validate("check", ["check", kernel, "--json", "--schedule", fuse, "--schedule", fuse_shift] + params, 1, lines=True)
validate("check", ["check", kernel, "--json", "--detail", "verdict", "--schedule", fuse] + params, 1)
validate("check", ["check", kernel, "--json", "--detail", "first", "--schedule", fuse, "--schedule", fuse_shift] + params, 1,
         lines=True)
validate("deps", ["deps", kernel, "--json"] + params, 0)
validate("deps", ["deps", kernel, "--json"], 0)
validate("tree", ["tree", kernel, "--json"], 0)
validate("tree", ["tree", kernel, "--json", "--format", "map"], 0)
validate("codegen", ["codegen", kernel, "--json"] + params, 0)
validate("codegen", ["codegen", kernel, "--json", "--format", "c"] + params, 0)
validate("apply", ["apply", kernel, "--json", "--edits", script] + params, 1)
validate("apply", ["apply", kernel, "--json", "--edits", script, "--out", os.path.join(work, "o.yaml")] + params, 1)
validate("suggest", ["suggest", kernel, "--json"] + params, 0)
validate("moves", ["moves", kernel, "--json", "--node", "0"] + params, 0)
validate("moves", ["moves", kernel, "--json", "--node", "0.0", "--edits", script] + params, 0)
validate("moves", ["moves", kernel, "--json", "--node", "0", "--ranges"] + params, 0)
validate("moves", ["moves", kernel, "--json", "--node", "0", "--ranges"], 0)
validate("moves", ["moves", kernel, "--json", "--node", "0", "--ranges", "--schedule", fuse] + params, 0)
validate("repair", ["repair", kernel, "--json", "--schedule", fuse] + params, 0)
validate("repair", ["repair", kernel, "--json", "--node", "0", "--goal", "permutable"], 0)
validate("repair", ["repair", kernel, "--json"] + params, 0)
validate("error", ["check", kernel, "--json", "--schedule", os.path.join(src, "tests/badinput/schedules/syntax_error.map")], 2)
validate("error", ["check", kernel, "--json", "--nodes", "0"], 2)
validate("error", ["check", os.path.join(src, "tests/data/bad-kernels/division_by_zero.json"), "--json"], 2)
validate("error", ["check", os.path.join(src, "tests/data/limits/blowup.json"), "--json", "--time-limit", "1"], 3)
# serve: its answers (verdicts and error lines) against serve.schema.json.
serve_in = "".join(json.dumps(r) + "\n" for r in [
    {"id": 1, "schedule_file": fuse},
    {"id": "x", "schedule_file": fuse_shift, "assume_no_dep": json.load(open(overrides))},
    {"id": 3, "schedule": "{ bad"},
    {"schedule_file": "/nonexistent.map"},
    {"id": 5, "schedule_file": fuse, "moves": {"node": "0"}},
    {"id": 6, "schedule_file": fuse, "repair": {"count": 2}},
    {"id": 7, "schedule_file": fuse, "repair": {"goal": "sideways"}},
    {"id": 8, "schedule_file": fuse, "detail": "verdict", "keep": "fused"},
    {"id": 9, "base": "fused", "detail": "first"},
    {"id": 10, "base": "fused", "moves": {"node": "0"}},
    {"id": 11, "drop": "fused"},
    {"id": 12, "base": "fused"},
    {"id": 13, "schedule_file": fuse, "detial": "verdict"}]) + "not json\n"
r = subprocess.run([tool, "serve", kernel] + params, input=serve_in, capture_output=True, text=True, timeout=120)
if r.returncode != 0:
    failures.append("serve: exit %d: %s" % (r.returncode, r.stderr[:300]))
for line in r.stdout.strip().split("\n"):
    try:
        jsonschema.validate(json.loads(line), schemas["serve"], cls=jsonschema.Draft202012Validator)
    except jsonschema.ValidationError as e:
        failures.append("serve: %s at %s" % (e.message, "/".join(map(str, e.absolute_path))))
if len(r.stdout.strip().split("\n")) == 14:
    checked.add("serve")
    print("ok serve")
else:
    failures.append("serve: want 14 answer lines, got %r" % r.stdout[:300])
for name in schemas:
    if name not in checked:
        failures.append("schema %s: no output checked against it" % name)

for f in failures:
    print("FAIL", f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
