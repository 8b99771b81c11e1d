#!/usr/bin/env bash
# How strong and how quick the computer player is, on every shipped scenario:
# scripts/ai-strength.sh [GAMES] [FILE...]   (default 200 games a side)
# A game the computer does not win against the random player is listed with its seed;
# AI_STRENGTH_SAVES=DIR writes its save there, to be watched with `drumfire view`.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-200}"
shift || true
exec cargo run -q -p drumfire_core --release --example ai_strength -- "$games" "$@"
