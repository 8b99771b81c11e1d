#!/usr/bin/env bash
# Fuzzes the scenario and save loaders, and everything the other machine sends in a
# game between two (its messages, its game after a reconnection, a turn file by
# e-mail), with cargo-fuzz (libFuzzer; needs the nightly toolchain and cargo-fuzz,
# which this installs if missing). The corpus starts from the shipped scenarios, the
# test scenarios, saves of a few games, and the messages, games and turn files of a
# game between two machines with the targets' fixed secrets. Crashes land in
# fuzz/artifacts/<target>/.
#
# scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGETS...]   (default 600; all five targets)
# FUZZ_RUNS=N stops each target after N executions instead (e.g. 1000000);
# FUZZ_SANITIZER=none|address (default address).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${CARGO_TARGET_DIR:-target}/release"
secs="${1:-600}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(scenario save message sync turn_file)
fi
sanitizer="${FUZZ_SANITIZER:-address}"
limit=(-max_total_time="$secs")
if [ -n "${FUZZ_RUNS:-}" ]; then
  limit=(-runs="$FUZZ_RUNS")
fi
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
mkdir -p fuzz/corpus/scenario fuzz/corpus/save
cp scenarios/*/*.ron tests/data/*.ron fuzz/corpus/scenario/
cargo build -q -p drumfire_core --release --example soak
for file in scenarios/*/*.ron; do
  "$bin"/examples/soak --saves=fuzz/corpus/save "$file" 2 >/dev/null
done
cargo run -q -p drumfire_net --release --example fuzz_corpus -- fuzz/corpus
for target in "${targets[@]}"; do
  echo "== $target (${FUZZ_RUNS:-$secs s} ${FUZZ_RUNS:+runs}, sanitizer $sanitizer)"
  cargo +nightly fuzz run -O -s "$sanitizer" "$target" -- \
    "${limit[@]}" -max_len=262144 -rss_limit_mb=4096 -timeout=30 -print_final_stats=1 2>&1 |
    grep -E "^(stat::|Done|==|SUMMARY|INFO: -max_total_time)|panicked|ERROR|Slowest" || true
done
