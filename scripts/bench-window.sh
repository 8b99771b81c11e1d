#!/usr/bin/env bash
# Window benchmark: a release build under Xvfb at 1280x800 (software Vulkan, Mesa's
# lavapipe, unless the machine has a GPU driver), the camera panned and zoomed
# across the whole map on a fixed path without vsync. For the largest Great War
# scenario and a 100 x 100 stress map with 1,000 counters it prints the time from
# start to the first frame showing the map, median and 99th-percentile frame time
# and the process's peak resident memory; and the largest scenario again with the computer
# playing both sides, its orders shown on the board (a counter gliding, a fire's line), so
# that frames during the showing are measured too; and that game once more with the camera
# left where the scenario opens. In the same run it measures a floor: the
# same window, renderer and panels over an empty board (`drumfire bench-floor`), and
# prints each scenario's median and p99 as a ratio to the floor's. Figures and
# screenshots (first map frame, last frame) go to target/bench-window/.
# scripts/bench-window.sh [FRAMES]   (default 600; BIN=path measures that binary,
# FLOOR_BIN=path takes the floor from another, SKIP_FLOOR=1 leaves the floor out;
# DRUMFIRE_BOARD_CACHE=1 draws the static board from the board cache's tiles)
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-600}"
out=target/bench-window
mkdir -p "$out"
if [ -z "${BIN:-}" ]; then
  cargo build -q --release --bin drumfire
fi
bin="$(realpath "${BIN:-target/release/drumfire}")"
floor_bin="$(realpath "${FLOOR_BIN:-$bin}")"
python3 scripts/stress_scenario.py "$out/stress.ron"
bench() {
  local name=$1
  shift
  # Run from the output folder so the game's autosaves land there.
  local exe=$bin
  if [ "$name" = floor ]; then exe=$floor_bin; fi
  (cd "$out" && xvfb-run -a -s "-screen 0 1280x800x24" "$exe" "$@" >"$name.log" 2>&1) || {
    echo "bench-window: $name failed, see $out/$name.log" >&2
    exit 1
  }
  grep -o 'AdapterInfo { name: "[^"]*"' "$out/$name.log" | head -n 1 | sed 's/AdapterInfo { name: /adapter: /' || true
}
if [ -z "${SKIP_FLOOR:-}" ]; then
  bench floor bench-floor floor.json --frames "$frames"
fi
bench largest play "$PWD/scenarios/great_war/agache_valley.ron" --bench-window largest.json --bench-frames "$frames"
bench stress play "$PWD/$out/stress.ron" --bench-window stress.json --bench-frames "$frames"
# The computer against itself at a quick pace, each order shown on the board.
mkdir -p "$out/animated-data"
printf '(computer_pace: 0.1, order_pace: 0.15)\n' > "$out/animated-data/settings.ron"
(
  export DRUMFIRE_DATA="$PWD/$out/animated-data"
  bench animated play "$PWD/scenarios/great_war/agache_valley.ron" \
    --players ai,ai --bench-window animated.json --bench-frames "$frames"
  export DRUMFIRE_BENCH_CAMERA=still
  bench watching play "$PWD/scenarios/great_war/agache_valley.ron" \
    --players ai,ai --bench-window watching.json --bench-frames "$frames"
)
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
floor = json.load(open(f"{out}/floor.json"))
print(f"{'scenario':<40} {'first frame':>11} {'median':>8} {'p99':>8} {'max':>8} {'peak RSS':>9}"
      f" {'median/floor':>12} {'p99/floor':>9}")
for name in ["floor", "largest", "stress", "animated", "watching"]:
    f = json.load(open(f"{out}/{name}.json"))
    if name == "animated":
        f["scenario"] = "computer v computer, orders shown"
    if name == "watching":
        f["scenario"] = "the same, camera still"
    print(f"{f['scenario'][:40]:<40} {f['first_map_frame_ms']:>8.0f} ms {f['median_frame_ms']:>5.1f} ms"
          f" {f['p99_frame_ms']:>5.1f} ms {f['max_frame_ms']:>5.1f} ms {f['peak_rss_mib']:>5.0f} MiB"
          f" {f['median_frame_ms'] / floor['median_frame_ms']:>11.2f}x"
          f" {f['p99_frame_ms'] / floor['p99_frame_ms']:>8.2f}x")
PY
