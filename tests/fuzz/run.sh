#!/usr/bin/env bash
# Fuzzes every target (or those named) for SECONDS_EACH seconds (default 25;
# CI runs it so) and fails when any target crashes, after trying them all.
# Runs on stable Rust: cargo-fuzz with libFuzzer's coverage guidance and no
# sanitizer. Panics, integer overflows and failed assertions need none (the
# targets are built with debug assertions); AddressSanitizer, which would
# also watch the crate's few unsafe blocks, needs nightly (below).
# cargo-fuzz is installed from crates.io when missing.
#
#   bash tests/fuzz/run.sh [TARGET...]                 25 s each
#   SECONDS_EACH=600 bash tests/fuzz/run.sh pdn        a longer run
#   RUNS=10000000 bash tests/fuzz/run.sh fen           by executions instead
#   SANITIZER=address TOOLCHAIN=nightly bash tests/fuzz/run.sh
#                                                      AddressSanitizer (nightly)
#
# Each target starts from its corpus (corpus/TARGET, kept between runs, not
# committed) and replays the inputs that once crashed it
# (regressions/TARGET, committed). A crash leaves its input in
# artifacts/TARGET/; replay it with
#   cargo fuzz run --fuzz-dir tests/fuzz --sanitizer none TARGET FILE
# and, once fixed, add it to regressions/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"
SECONDS_EACH=${SECONDS_EACH:-25}
SANITIZER=${SANITIZER:-none}
toolchain=()
if [ -n "${TOOLCHAIN:-}" ]; then
    rustup toolchain list | grep -q "^$TOOLCHAIN" || rustup toolchain install "$TOOLCHAIN" --profile minimal
    toolchain=("+$TOOLCHAIN")
fi
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --version 0.13.2 --locked
fuzz() { cargo "${toolchain[@]}" fuzz "$@"; }

targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(fuzz list --fuzz-dir .)
if [ -n "${RUNS:-}" ]; then
    limit=(-runs="$RUNS")
else
    limit=(-max_total_time="$SECONDS_EACH")
fi

# Built first, so that the build's time is not charged to a target.
start=$(date +%s)
log=$(mktemp)
build() { fuzz build --fuzz-dir . --sanitizer "$SANITIZER" "$@" >>"$log" 2>&1; }
built=true
if [ $# -eq 0 ]; then
    build || built=false
else
    for t in "$@"; do build "$t" || built=false; done
fi
if [ "$built" = false ]; then
    tail -40 "$log"
    echo "fuzz: the targets do not build" >&2
    exit 1
fi
rm -f "$log"
echo "fuzz build: $(($(date +%s) - start)) s"

failed=()
for t in "${targets[@]}"; do
    mkdir -p corpus/"$t"
    seeds=()
    [ -d regressions/"$t" ] && seeds=(regressions/"$t")
    log=$(mktemp)
    start=$(date +%s)
    # -timeout: one input running this long is a hang, reported as a crash.
    if fuzz run --fuzz-dir . --sanitizer "$SANITIZER" "$t" corpus/"$t" "${seeds[@]}" -- \
        "${limit[@]}" -max_len=512 -timeout=20 >"$log" 2>&1; then
        status=ok
    else
        status="FAILED (the input is in tests/fuzz/artifacts/$t/)"
        failed+=("$t")
    fi
    secs=$(($(date +%s) - start))
    done_line=$(grep -E '^(Done [0-9]+ runs|#[0-9]+.*(DONE|cov))' "$log" | tail -1 || true)
    echo "fuzz $t: $status, ${secs} s, ${done_line}"
    if [ "$status" != ok ]; then
        grep -m1 -A1 'panicked at' "$log" || true
        grep -v '^\(INFO\|WARNING\):' "$log" | grep -v '^ *[0-9]*: \|^ *at ' | tail -25
    fi
    rm -f "$log"
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} target(s) crashed: ${failed[*]}" >&2
    exit 1
fi
