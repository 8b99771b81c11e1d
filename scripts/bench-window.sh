#!/usr/bin/env bash
# Window benchmark: a release build under Xvfb at 1280x800 (software Vulkan, Mesa's
# lavapipe, unless the machine has a GPU driver), the camera panned and zoomed
# across the whole map on a fixed path without vsync. For the largest Great War
# scenario and a 100 x 100 stress map with 1,000 counters it prints the time from
# start to the first frame showing the map, median and 99th-percentile frame time
# and the process's peak resident memory. Figures and screenshots (first map frame,
# last frame) go to target/bench-window/.
# scripts/bench-window.sh [FRAMES]   (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."
frames="${1:-600}"
out=target/bench-window
mkdir -p "$out"
cargo build -q --release --bin drumfire
python3 scripts/stress_scenario.py "$out/stress.ron"
bench() {
  local name=$1 file=$2
  # Run from the output folder so the game's autosaves land there.
  (cd "$out" && xvfb-run -a -s "-screen 0 1280x800x24" ../release/drumfire play "$file" \
    --bench-window "$name.json" --bench-frames "$frames" >"$name.log" 2>&1) || {
    echo "bench-window: $name failed, see $out/$name.log" >&2
    exit 1
  }
  grep -o 'AdapterInfo { name: "[^"]*"' "$out/$name.log" | head -n 1 | sed 's/AdapterInfo { name: /adapter: /' || true
}
bench largest "$PWD/scenarios/great_war/agache_valley.ron"
bench stress "$PWD/$out/stress.ron"
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
print(f"{'scenario':<44} {'first frame':>11} {'median':>8} {'p99':>8} {'max':>8} {'peak RSS':>9}")
for name in ["largest", "stress"]:
    f = json.load(open(f"{out}/{name}.json"))
    print(f"{f['scenario'][:44]:<44} {f['first_map_frame_ms']:>8.0f} ms {f['median_frame_ms']:>5.1f} ms"
          f" {f['p99_frame_ms']:>5.1f} ms {f['max_frame_ms']:>5.1f} ms {f['peak_rss_mib']:>5.0f} MiB")
PY
