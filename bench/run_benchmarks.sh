#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the performance measurements of docs/performance.md.
#
#   bench/run_benchmarks.sh BUILD_DIR [OUT_DIR]
#
# BUILD_DIR is a Release build with the targets schedule-tool and
# bench_analysis. OUT_DIR (default BUILD_DIR/bench-results) receives the raw
# results and summary.md, which is also printed.
#
# 1. Whole process: `schedule-tool check KERNEL --json --param ... --schedule S`
#    with every parameter fixed to its value (as compare.py does), median of
#    $RUNS (default 5) runs after one warm-up, with hyperfine when installed
#    (apt-get install -y hyperfine), else a Python timer; also the mean CPU
#    time (user + sys), steadier than wall time when other work shares the
#    machine. Cases: the scaled kernels bench/generate.py writes and every
#    conformance case (tests/data/conformance).
# 2. Peak memory (/usr/bin/time -v) of that check on tiled_matmul_64.
# 3. In-process phases: bench_analysis on the same cases, on every sample
#    kernel, and on every conformance kernel (median of $PHASE_RUNS, default 5).
#
# A run that takes longer than $TIMEOUT seconds (default 300) is stopped and
# recorded as such. $KERNELS names a directory of scaled kernels; when it is
# not given, bench/generate.py writes them into OUT_DIR/kernels.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
build=${1:?usage: run_benchmarks.sh BUILD_DIR [OUT_DIR]}
build=$(cd "$build" && pwd)
out=${2:-$build/bench-results}
tool=$build/app/tool/schedule-tool
bench=$build/bench/bench_analysis
RUNS=${RUNS:-5}
PHASE_RUNS=${PHASE_RUNS:-5}
TIMEOUT=${TIMEOUT:-300}
conformance=${CONFORMANCE:-$repo/tests/data/conformance}
kernels=${KERNELS:-$out/kernels}

for f in "$tool" "$bench"; do
    [[ -x $f ]] || { echo "missing $f: build the targets schedule-tool and bench_analysis" >&2; exit 2; }
done
mkdir -p "$out/whole" "$out/phases"
rm -f "$out"/whole/* "$out"/phases/*
if [[ ! -f $kernels/pipeline_400.json ]]; then
    kernels=$out/kernels
    python3 "$here/generate.py" "$kernels"
fi
kernels=$(cd "$kernels" && pwd)

params() { # every parameter with a value, as --param=NAME=VALUE
    python3 -c 'import json,sys
print(" ".join("--param=%s=%d" % (p["name"], p["value"]) for p in json.load(open(sys.argv[1])).get("params", []) if "value" in p))' "$1"
}

now() { python3 -c 'import time; print(time.monotonic())'; }

# whole LABEL KERNEL [SCHEDULE]: median wall time of the whole process.
whole() {
    local label=$1 kernel=$2 sched=${3:-}
    local cmd=("$tool" check "$kernel" --json)
    read -r -a ps <<<"$(params "$kernel")"
    cmd+=("${ps[@]}")
    [[ -n $sched ]] && cmd+=(--schedule "$sched")
    # One probe under a timeout: a run that cannot finish is recorded, not waited for.
    local t0 t1 rc=0
    t0=$(now)
    timeout "$TIMEOUT" "${cmd[@]}" >"$out/whole/$label.out" 2>"$out/whole/$label.err" || rc=$?
    t1=$(now)
    if [[ $rc -eq 124 ]]; then
        printf '{"label": "%s", "status": "stopped after %s s"}\n' "$label" "$TIMEOUT" >"$out/whole/$label.json"
        echo "  $label: stopped after $TIMEOUT s"
        return
    fi
    if [[ $rc -gt 1 ]]; then
        printf '{"label": "%s", "status": "exit %d"}\n' "$label" "$rc" >"$out/whole/$label.json"
        echo "  $label: exit $rc: $(head -c 200 "$out/whole/$label.err")"
        return
    fi
    if command -v hyperfine >/dev/null; then
        hyperfine -N -i --warmup 1 --runs "$RUNS" --style none --export-json "$out/whole/$label.hf.json" \
            "$(printf '%q ' "${cmd[@]}")" >/dev/null 2>&1
        python3 - "$out/whole/$label.hf.json" "$label" "$rc" >"$out/whole/$label.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(json.dumps({"label": sys.argv[2], "status": "ok", "exit": int(sys.argv[3]), "timer": "hyperfine",
                  "runs": len(r["times"]), "median_s": r["median"], "min_s": r["min"], "max_s": r["max"],
                  "cpu_s": r["user"] + r["system"]}))
EOF
    else
        python3 - "$label" "$rc" "$RUNS" "${cmd[@]}" >"$out/whole/$label.json" <<'EOF'
import json, resource, statistics, subprocess, sys, time
label, rc, runs, cmd = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # warm-up
ts, cpu = [], []
for _ in range(runs):
    u0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    ts.append(time.perf_counter() - t)
    u1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu.append(u1.ru_utime - u0.ru_utime + u1.ru_stime - u0.ru_stime)
print(json.dumps({"label": label, "status": "ok", "exit": rc, "timer": "python", "runs": runs,
                  "median_s": statistics.median(ts), "min_s": min(ts), "max_s": max(ts),
                  "cpu_s": statistics.mean(cpu)}))
EOF
    fi
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print("  %-40s %9.4f s wall %9.4f s cpu" % (d["label"], d["median_s"], d["cpu_s"]))' \
        "$out/whole/$label.json"
}

# phases LABEL KERNEL [SCHEDULE [EDIT]]: in-process phase medians.
phases() {
    local label=$1 kernel=$2 sched=${3:-} edit=${4:-} runs=${5:-$PHASE_RUNS}
    local cmd=("$bench" "$kernel" --json --runs "$runs")
    [[ -n $sched ]] && cmd+=(--schedule "$sched")
    [[ -n $edit ]] && cmd+=(--edit "$edit")
    local rc=0
    timeout "$((TIMEOUT * runs))" "${cmd[@]}" >"$out/phases/$label.json" 2>"$out/phases/$label.err" || rc=$?
    if [[ $rc -ne 0 ]]; then
        printf '{"label": "%s", "status": "%s"}\n' "$label" \
            "$([[ $rc -eq 124 ]] && echo "stopped after $((TIMEOUT * runs)) s" || echo "exit $rc")" >"$out/phases/$label.json"
        echo "  $label: phases failed ($rc)"
        return
    fi
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["label"]=sys.argv[2]; d["status"]="ok"
json.dump(d, open(sys.argv[1], "w"), indent=1); print("  %-40s %9.2f ms in-process" % (sys.argv[2], d["total_ms"]))' \
        "$out/phases/$label.json" "$label"
}

# Slow cases get fewer in-process runs: their whole-process probe tells.
phase_runs_for() {
    local label=$1
    python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
print(1 if d.get("status") != "ok" or d["median_s"] > 20 else (3 if d["median_s"] > 2 else int(sys.argv[2])))' \
        "$out/whole/$label.json" "$PHASE_RUNS"
}

{
    echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
    # The figures belong to the source the build was made from.
    src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt")
    if git -C "$src" rev-parse HEAD >/dev/null 2>&1; then
        echo "source: $src at $(git -C "$src" rev-parse --short HEAD)$(git -C "$src" diff --quiet HEAD -- core app || echo ', core/app modified in the working tree')"
    else
        echo "source: $src$([[ -f $src/COMMIT ]] && echo ", an export of commit $(cat "$src/COMMIT")")"
    fi
    echo "build: $(sed -n 's/^CMAKE_BUILD_TYPE:STRING=//p' "$build/CMakeCache.txt"), $(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt") $("$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")" -dumpversion)"
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ), load average at start $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "timer: $(command -v hyperfine >/dev/null && hyperfine --version || echo python)"
} >"$out/machine.txt"
cat "$out/machine.txt"

scaled=("pipeline_400 fused fused_shift" "tiled_matmul_64 pipelined prefetch2"
        "pipeline_100 fused fused_shift" "tiled_matmul_16 pipelined prefetch2" "deep_6 interchange reverse_ci")

echo "whole process (median of $RUNS):"
for c in "${scaled[@]}"; do
    read -r k s e <<<"$c"
    whole "$k.$s" "$kernels/$k.json" "$kernels/$k.$s.map"
done
for k in "$conformance"/kernels/*.json; do
    name=$(basename "$k" .json)
    whole "conf.$name.original" "$k"
    for s in "$conformance"/schedules/"$name".*.map; do
        [[ -e $s ]] || continue
        whole "conf.$(basename "$s" .map)" "$k" "$s"
    done
done

echo "peak memory:"
rc=0
timeout "$TIMEOUT" /usr/bin/time -v "$tool" check "$kernels/tiled_matmul_64.json" --json \
    $(params "$kernels/tiled_matmul_64.json") --schedule "$kernels/tiled_matmul_64.pipelined.map" \
    >/dev/null 2>"$out/memory.txt" || rc=$?
grep -E "Maximum resident|Elapsed" "$out/memory.txt" | sed 's/^\s*/  /' || true
[[ $rc -eq 124 ]] && echo "  stopped after $TIMEOUT s" | tee -a "$out/memory.txt"

echo "in-process phases:"
for c in "${scaled[@]}"; do
    read -r k s e <<<"$c"
    phases "$k.$s" "$kernels/$k.json" "$kernels/$k.$s.map" "$kernels/$k.$e.map" "$(phase_runs_for "$k.$s")"
done
for k in "$repo"/sample-kernels/*.json; do
    name=$(basename "$k" .json)
    first=$(ls "$repo"/sample-kernels/schedules/"$name".*.map 2>/dev/null | head -1 || true)
    phases "sample.$name" "$k" "" "$first"
done
for k in "$conformance"/kernels/*.json; do
    name=$(basename "$k" .json)
    first=$(ls "$conformance"/schedules/"$name".*.map 2>/dev/null | head -1 || true)
    phases "conf.$name" "$k" "" "$first"
done

python3 "$here/bench_report.py" "$out" | tee "$out/summary.md"
