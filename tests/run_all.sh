#!/usr/bin/env bash
# Runs every test of the project, installing what it lacks (wasm target,
# wasm-bindgen-cli, trunk, npm packages, Debian's chromium) on first use.
#   native: unit, integration, perft tables, properties, CLI, search, arena
#   wasm:   engine and message checks in Node and in headless Chromium
#   e2e:    the built site driven in headless Chromium by Playwright
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is missing: install Rust with rustup first" >&2
    exit 1
fi
source www/tools.sh

# The arena tests play the Python adapter's example bots with python3.
if ! command -v python3 >/dev/null 2>&1; then
    say "installing Debian's python3 (for the arena's Python bot tests)"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y python3
fi

say "native tests"
cargo test --workspace --all-targets
cargo test --workspace --doc

say "wasm tests (Node and headless Chromium)"
ensure_web_build
ensure_browser
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
export CHROMEDRIVER=/usr/bin/chromedriver
# Never pass --quiet here: it reaches the runner, which rejects it.
wasm_test() { cargo test --target wasm32-unknown-unknown --no-default-features "$@"; }
wasm_test --test wasm_node
wasm_test --test wasm_browser
wasm_test -p warcaby-protocol --test wasm_browser

say "end-to-end tests (trunk build, Playwright + headless Chromium)"
trunk build --release
(cd www && node --test --test-concurrency=1 e2e/)
