#!/usr/bin/env bash
# Fuzzes the scenario and save loaders with cargo-fuzz (libFuzzer; needs the
# nightly toolchain and cargo-fuzz, which this installs if missing). The corpus
# starts from the shipped scenarios, the test scenarios and saves of a few games.
# Crashes land in fuzz/artifacts/<target>/.
# scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${CARGO_TARGET_DIR:-target}/release"
secs="${1:-600}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz
mkdir -p fuzz/corpus/scenario fuzz/corpus/save
cp scenarios/*/*.ron tests/data/*.ron fuzz/corpus/scenario/
cargo build -q -p drumfire_core --release --example soak
for file in scenarios/*/*.ron; do
  "$bin"/examples/soak --saves=fuzz/corpus/save "$file" 2 >/dev/null
done
for target in scenario save; do
  echo "== $target ($secs s)"
  cargo +nightly fuzz run -O "$target" -- \
    -max_total_time="$secs" -max_len=262144 -rss_limit_mb=4096 -print_final_stats=1 2>&1 |
    grep -E "^(stat::|Done|==|SUMMARY|INFO: -max_total_time)|panicked|ERROR" || true
done
