#!/bin/sh
# Retakes the README's screenshots of the real app under Xvfb at 1400x900.
# Usage: docs/screenshots.sh [BUILD_DIR]   (default build/release)
# Needs xvfb-run, ImageMagick's import and xdotool, installed here rather
# than by tools/install-deps.sh: CI never takes screenshots.
set -eu
if ! command -v xvfb-run >/dev/null || ! command -v import >/dev/null || ! command -v xdotool >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xauth imagemagick xdotool
fi
root=$(cd "$(dirname "$0")/.." && pwd)
app=${1:-$root/build/release}/app/gui/schedule-explorer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/tiled.json" <<'JSON'
{ "kernel": "gauss_seidel_2d", "edits": [
  { "edit": "merge", "node": [0] },
  { "edit": "skew", "node": [0], "member": 1, "source": 0, "factor": 1 },
  { "edit": "tile", "node": [0], "sizes": [4, 4] } ] }
JSON

# shoot OUT "xdotool actions" ARGS...: a fresh settings folder each time, so
# the default layout is what shows.
shoot() {
    out=$1; actions=$2; shift 2
    mkdir -p "$tmp/home"
    HOME=$tmp/home xvfb-run -a -s "-screen 0 1400x900x24" sh -c "
        '$app' $* & sleep 6
        $actions
        sleep 2
        import -window root '$out'
        kill \$! 2>/dev/null || true"
    rm -rf "$tmp/home"
}

kernel=$root/sample-kernels/gauss_seidel_2d.json
shoot "$root/docs/screenshot-default.png" "xdotool mousemove 1390 150"
# Click the first violation (its witness), then park the mouse away from tooltips.
shoot "$root/docs/screenshot-violation.png" "xdotool mousemove 420 733 click 1; sleep 1; xdotool mousemove 1390 150" \
    "$kernel" --schedule "$root/sample-kernels/schedules/gauss_seidel_2d.interchange.map" --param N=8
# An access out of its tensor's shape: its Bounds row selected, the access
# underlined in the kernel view.
shoot "$root/docs/screenshot-bounds.png" "xdotool mousemove 420 733 click 1; sleep 1; xdotool mousemove 1390 150" \
    "$root/tests/widgets/data/out_of_shape.json" --param N=5
# Click the tile band: the legal moves dock fills.
shoot "$root/docs/screenshot-tiled.png" "xdotool mousemove 600 280 click 1; sleep 2; xdotool mousemove 1390 150" \
    "$kernel" --edits "$tmp/tiled.json" --param N=8
# The iteration-space tab beside the dependence graph: the interchanged
# sweep's instances in their new order, violated arrows red.
shoot "$root/docs/screenshot-iteration-space.png" "xdotool mousemove 1175 486 click 1; sleep 3; xdotool mousemove 1390 150" \
    "$kernel" --schedule "$root/sample-kernels/schedules/gauss_seidel_2d.interchange.map" --param N=8
# The witness in the picture: a violation of the prefetch-by-two schedule
# selected, the iteration-space tab shows the slice through its witness.
psum=$root/sample-kernels/tiled_matmul_sbuf_psum.json
shoot "$root/docs/screenshot-witness.png" "xdotool mousemove 420 733 click 1; sleep 2; xdotool mousemove 1175 486 click 1; sleep 4; xdotool mousemove 1390 150" \
    "$psum" --schedule "$root/sample-kernels/schedules/tiled_matmul_sbuf_psum.prefetch2.map"
# A big kernel's dependence graph: the overview (transitive reduction of the
# statement pairs, violated pairs red, the note above). Needs the bench kernels.
bench=${SE_BENCH_DIR:-/work/shared/bench}
if [ -f "$bench/tiled_matmul_64.json" ]; then
    # The analysis takes seconds on a busy machine: wait longer.
    shoot "$root/docs/screenshot-big-graph.png" "sleep 12; xdotool mousemove 1390 150" \
        "$bench/tiled_matmul_64.json" --schedule "$bench/tiled_matmul_64.prefetch2.map"
fi
