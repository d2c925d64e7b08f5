#!/usr/bin/env bash
# Runs every test of the project. Installs what it lacks (only the Rust
# toolchain's own pieces so far), so it works on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is missing: install Rust with rustup first" >&2
    exit 1
fi

# Native engine tests: unit, integration, perft tables, properties, CLI.
# The test profile is optimized (Cargo.toml), so perft depths run quickly.
cargo test --workspace --all-targets
cargo test --workspace --doc
