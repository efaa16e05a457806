#!/bin/sh
# Builds the libFuzzer targets (clang, address + undefined sanitizers, in
# build/fuzz) and runs one target, or each in turn, for SECONDS each:
#
#   tools/fuzz.sh TARGET|all SECONDS [extra libFuzzer options...]
#
# Targets: kernel_loader expr_parser schedule_reader jscop_reader edit_script
# schedule_semantics.
# Each run starts from the seed corpus tests/fuzz/corpus/TARGET and grows a
# working corpus in build/fuzz/corpus/TARGET (kept between runs, not
# committed). A crash leaves build/fuzz/artifacts/TARGET/crash-*; minimise it
# (the target binary with -minimize_crash=1), fix the bug, and copy the input
# into tests/fuzz/regressions/TARGET/ so ctest replays it. The last lines of
# each run's log (build/fuzz/logs/TARGET.log) give executions and coverage.
# FUZZ_JOBS=2 runs two targets at once (the default is one at a time).
set -eu
cd "$(dirname "$0")/.."
ALL="kernel_loader expr_parser schedule_reader jscop_reader edit_script schedule_semantics"
if [ $# -lt 2 ]; then
    echo "usage: $0 TARGET|all SECONDS [libFuzzer options]" >&2
    echo "targets: $ALL" >&2
    exit 2
fi
which=$1
seconds=$2
shift 2
case " $ALL all " in
*" $which "*) ;;
*) echo "$0: unknown target '$which' (targets: $ALL)" >&2; exit 2 ;;
esac
[ "$which" = all ] && targets=$ALL || targets=$which

build=build/fuzz
# isl's own leaks on parse errors are suppressed; the project's leaked isl
# objects abort instead (tests/fuzz/lsan.supp says why).
export LSAN_OPTIONS="suppressions=$(pwd)/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export SE_ISL_LEAK_ABORT=1
if [ ! -f "$build/CMakeCache.txt" ]; then
    CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
        -DSE_BUILD_FUZZERS=ON -DSE_BUILD_GUI=OFF -DSE_BUILD_TESTS=OFF
fi
for t in $targets; do
    nice -n 10 cmake --build "$build" -j"${FUZZ_BUILD_JOBS:-2}" --target "fuzz_$t"
done

run_one() {
    t=$1
    shift
    mkdir -p "$build/corpus/$t" "$build/artifacts/$t" "$build/logs"
    echo "fuzz: $t for $seconds s (log: $build/logs/$t.log)"
    # -timeout: one input may not take longer (the targets bound isl work to
    # 2 s per input); -rss_limit_mb: isl sets can grow large before the quota.
    set +e
    nice -n 10 "$build/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2560 \
        -max_len=8192 -print_final_stats=1 -artifact_prefix="$build/artifacts/$t/" "$@" \
        "$build/corpus/$t" "tests/fuzz/corpus/$t" >"$build/logs/$t.log" 2>&1
    rc=$?
    set -e
    grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$build/logs/$t.log" | sed "s/^/  $t: /"
    if [ $rc -ne 0 ]; then
        echo "fuzz: $t FAILED (exit $rc); see $build/logs/$t.log and $build/artifacts/$t/"
        return 1
    fi
    echo "fuzz: $t ok"
}

status=0
if [ "${FUZZ_JOBS:-1}" -ge 2 ]; then
    pids=""
    for t in $targets; do
        run_one "$t" "$@" &
        pids="$pids $!"
        # at most two at once
        if [ "$(echo $pids | wc -w)" -ge 2 ]; then
            for p in $pids; do wait "$p" || status=1; done
            pids=""
        fi
    done
    for p in $pids; do wait "$p" || status=1; done
else
    for t in $targets; do run_one "$t" "$@" || status=1; done
fi
exit $status
