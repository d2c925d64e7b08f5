#!/usr/bin/env bash
# Runs every test of the project, installing what it lacks (wasm target,
# wasm-bindgen-cli, trunk, npm packages, Debian's chromium) on first use.
#   native: unit, integration, perft tables, properties, CLI, search, arena
#   python: the Python package (src/python) built and tested with pytest
#   wasm:   engine and message checks in Node and in headless Chromium
#   e2e:    the built site driven in headless Chromium by Playwright
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is missing: install Rust with rustup first" >&2
    exit 1
fi
source www/tools.sh

# The arena tests play contest bots in Python, which get the referee's
# numpy board: python3 and numpy, from pip or else Debian's packages.
sudo=""
[ "$(id -u)" -ne 0 ] && sudo=sudo
apt_install() {
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}
if ! command -v python3 >/dev/null 2>&1; then
    say "installing Debian's python3 (for the arena's Python bot tests)"
    apt_install python3 python3-numpy
fi
if ! python3 -c 'import numpy' >/dev/null 2>&1; then
    say "installing numpy (contest bots get a numpy board)"
    python3 -m pip install --quiet numpy ||
        python3 -m pip install --quiet --break-system-packages numpy ||
        apt_install python3-numpy
fi

say "Python package (src/python: built with maturin into target/pyenv)"
# A virtual environment of its own, with maturin, pytest, numpy and ray from
# PyPI the first time; the package is built in the 'python' profile.
# Built before the native tests: the arena's sandbox tests run a bot that
# imports warcaby under this interpreter.
pyenv=target/pyenv
if [ ! -x "$pyenv/bin/python" ]; then
    python3 -m venv "$pyenv" || {
        rm -rf "$pyenv"
        apt_install python3-venv
        python3 -m venv "$pyenv"
    }
fi
# Ray: the Clobber proof driver's test (src/python/tests/test_distributed.py)
# starts a local two-worker cluster; it fails, not skips, without Ray. The
# wheel is ~80 MB (240 MB installed, with its dependencies); installing it
# took 12 s here with pip's cache warm, more where it is downloaded.
# pydraughts (imported as draughts; Python, about 2 MB installed): the reference
# that src/python/tests/test_international.py checks 10x10 moves against,
# the version the Rust tests' positions were checked with.
"$pyenv/bin/python" -c 'import maturin, pytest, numpy, ray, draughts' >/dev/null 2>&1 ||
    "$pyenv/bin/python" -m pip install --quiet maturin pytest numpy ray pydraughts==0.6.7
PATH="$PWD/$pyenv/bin:$PATH" "$pyenv/bin/python" -m pip install --quiet \
    --no-build-isolation --no-deps ./src/python

say "native tests"
cargo test --workspace --all-targets
# The training code (candle, feature az-train): the AlphaZero training
# smoke test and candle's forward pass against the hand-written one, and
# the learned evaluation's float network against its integer one.
cargo test --features az-train --lib -- az::train checkers::ai::learned
cargo test --workspace --doc

say "Python package tests (pytest)"
# pytest fails the script on a failed test, and on no test at all (exit 5).
"$pyenv/bin/python" -m pytest -q -p no:cacheprovider src/python/tests

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
# The crash request the end-to-end tests send exists only with test-hooks.
wasm_test -p warcaby-protocol --test wasm_browser --features test-hooks

say "end-to-end tests (trunk build with the test hooks, Playwright + headless Chromium)"
# target/e2e-dist/, not dist/: the tests' build has the test-only hooks
# (feature test-hooks) that the start command's dist/ must not have.
build_e2e_site
# --test-force-exit: a test that fails before it closes its own server or
# browser context must fail the run, not leave its file's process waiting
# on them for ever.
(cd www && node --test --test-concurrency=1 --test-force-exit e2e/)
