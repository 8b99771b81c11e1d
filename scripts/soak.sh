#!/usr/bin/env bash
# Soak: N games per shipped scenario, random against random and the computer
# against itself, with the invariants checked after every order.
# scripts/soak.sh [N]   (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-100}"
cargo build -q -p drumfire_core --release --example soak
for file in scenarios/*/*.ron; do
  for players in random,random ai,ai; do
    target/release/examples/soak --players="$players" "$file" "$n"
  done
done
