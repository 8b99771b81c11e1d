#!/usr/bin/env bash
# How strong and how quick the computer player is, on every shipped scenario:
# scripts/ai-strength.sh [GAMES] [FILE...]   (default 200 games a side)
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-200}"
shift || true
exec cargo run -q -p drumfire_core --release --example ai_strength -- "$games" "$@"
