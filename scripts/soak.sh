#!/usr/bin/env bash
# Soak: N games per shipped scenario, random against random and the computer
# against itself, with the invariants checked after every order. Every game is
# saved and then replayed by `drumfire replay` in a new process, which must reach
# the hash the game ended with.
# scripts/soak.sh [N] [AI_N] [FIRST_SEED]   (default 100, N, 0): N random games and
# AI_N computer games per scenario.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${CARGO_TARGET_DIR:-target}/release"
n="${1:-100}"
ai_n="${2:-$n}"
first="${3:-0}"
cargo build -q -p drumfire_core --release --example soak
cargo build -q --release --bin drumfire
saves="$(mktemp -d)"
trap 'rm -rf "$saves"' EXIT
start=$SECONDS
replayed=0
for file in scenarios/*/*.ron; do
  for players in random,random ai,ai; do
    games=$n
    [ "$players" = ai,ai ] && games=$ai_n
    "$bin"/examples/soak --players="$players" --saves="$saves" "$file" "$games" "$first"
    count=$(find "$saves" -name '*.save.ron' | wc -l)
    # One process per save, as a player reopening it would; as many at once as cores.
    if ! find "$saves" -name '*.save.ron' -print0 |
      BIN="$bin" xargs -0 -P "$(nproc)" -n 1 sh -c '"$BIN"/drumfire replay "$0" >/dev/null || { echo "replay failed: $0" >&2; exit 255; }'; then
      echo "soak: a save did not replay to its hash ($file, $players)" >&2
      exit 1
    fi
    replayed=$((replayed + count))
    find "$saves" -name '*.save.ron' -delete
  done
done
echo "soak: $replayed games saved and replayed to the same hash by drumfire replay, $((SECONDS - start)) s"
