#!/usr/bin/env bash
# Idle CPU: the window on the embedded default scenario (and the editor on the largest
# scenario) under Xvfb at 1280x800 with Mesa's software Vulkan, left alone with no
# input. After SETTLE seconds it reads the process's CPU time from /proc, waits
# SECONDS, reads it again and prints the share of one core used in between.
# scripts/bench-idle.sh [SECONDS] [SETTLE]   (defaults 20 and 10; BIN=path to the binary)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-20}"
settle="${2:-10}"
bin="${BIN:-target/release/drumfire}"
if [ -z "${BIN:-}" ]; then
  cargo build -q --release --bin drumfire
fi
out=target/bench-idle
mkdir -p "$out"
bin="$(realpath "$bin")"
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
measure() {
  local name=$1
  shift
  (cd "$out" && exec xvfb-run -a -s "-screen 0 1280x800x24" "$bin" "$@" >"$name.log" 2>&1) &
  local runner=$!
  local pid=""
  for _ in $(seq 1 100); do
    pid=$(pgrep -n -f "^$bin" || true)
    [ -n "$pid" ] && break
    sleep 0.1
  done
  if [ -z "$pid" ]; then
    echo "bench-idle: $name did not start, see $out/$name.log" >&2
    exit 1
  fi
  sleep "$settle"
  local hz before after
  hz=$(getconf CLK_TCK)
  before=$(ticks "$pid")
  sleep "$seconds"
  after=$(ticks "$pid")
  kill "$pid" 2>/dev/null || true
  wait "$runner" 2>/dev/null || true
  python3 -c "import sys; t=(int(sys.argv[2])-int(sys.argv[1]))/int(sys.argv[3]); print(f'{sys.argv[4]:<34} {t:6.2f} s of CPU in {sys.argv[5]} s: {100*t/float(sys.argv[5]):5.1f} % of one core')" \
    "$before" "$after" "$hz" "$name" "$seconds"
}
measure play
measure editor edit "$PWD/scenarios/great_war/agache_valley.ron"
