#!/usr/bin/env bash
# Builds the game and serves it on http://127.0.0.1:8080 (PORT=... for
# another port), installing what it lacks. The release site is built into
# dist/ and served as a static host serves it (gzip included) by
# www/site-server.mjs; Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
source www/tools.sh
ensure_web_build
say "building the game (release)"
build_site
exec node www/site-server.mjs --port "${PORT:-8080}"
