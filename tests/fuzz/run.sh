#!/usr/bin/env bash
# Runs every fuzz target (or those named) for RUNS executions each (default
# 10 million) and prints one line of figures per target. Not part of the
# test command: it needs the nightly toolchain and cargo-fuzz, which it
# installs when missing, and takes a while.
#   bash tests/fuzz/run.sh [TARGET...]        RUNS=1000000 bash tests/fuzz/run.sh fen
set -euo pipefail
cd "$(dirname "$0")"
RUNS=${RUNS:-10000000}
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo +nightly fuzz list --fuzz-dir .)
for t in "${targets[@]}"; do
    mkdir -p corpus/"$t"
    log=$(mktemp)
    start=$(date +%s)
    if cargo +nightly fuzz run --fuzz-dir . "$t" corpus/"$t" -- -runs="$RUNS" -max_len=512 >"$log" 2>&1; then
        status=ok
    else
        status="FAILED (crash input in artifacts/$t/)"
    fi
    secs=$(( $(date +%s) - start ))
    done_line=$(grep -E '^#[0-9]+.*(DONE|exec/s)' "$log" | tail -1 || true)
    echo "$t: $status, ${secs}s, ${done_line}"
    [ "$status" = ok ] || tail -30 "$log"
    rm -f "$log"
done
