#!/usr/bin/env bash
# Builds the game and serves it on http://127.0.0.1:8080 (installs what it lacks).
set -euo pipefail
cd "$(dirname "$0")/.."
source www/tools.sh
ensure_web_build
port="${PORT:-8080}"
say "building and serving Warcaby: open http://127.0.0.1:$port/"
exec trunk serve --release --address 127.0.0.1 --port "$port"
