#!/usr/bin/env bash
# Load test of a contest-size field (issue 34, part 4), not part of the test
# command: it runs for ten minutes or more.
#
# 32 Python bots in a boty/ folder (student styles from tests/bots/contest
# and tests/bots/sandbox, the tutorial's bots with a search of fixed depth,
# random ones, and bots that raise, answer garbage, die, fail to import or
# are slow) play `warcaby arena --contest DIR --jobs 2` with the sandbox on:
#   1. uninterrupted, measured: wall time, the arena's peak RSS
#      (/usr/bin/time -v), and, sampled every 0.2 s, the peak total RSS of
#      the bots' processes and the peak number of processes (arena and
#      bots); every game must be accounted for (each pair's regular games,
#      each tied pair's overtime, a PDN file and a record per game);
#   2. the same tournament killed (SIGKILL to its process group) once half
#      the regular games are written, then `--resume`d: the games and the
#      standings are compared with run 1's (tests/load/compare.py);
#   3. (STEPS=baseline) the tournament again, uninterrupted, against run 1.
#
# Every bot is deterministic given the game's seed (the adapter seeds
# `random` and numpy; the tutorial bots search to a fixed depth), and the
# move time is fixed (--move-time 200): the slow bots sleep 0.3 and 0.6 s,
# well over T and 2T, and the others answer in milliseconds. What still
# depends on the clock is the contest's tie-break of a drawn game (the side
# that used less time: between two quick bots, noise), which can turn a
# pair's match and so whether it plays overtime; compare.py reports it
# apart, and fails on any other difference.
#
# Usage: tests/load/contest_load.sh [WORK_DIR]
#   PYTHON   interpreter with numpy and warcaby (default target/pyenv/bin/python,
#            built as tests/run_all.sh does)
#   WARCABY  the binary (default: built with the test profile, optimised)
#   STEPS    the runs, in order (default "run1 kill"): run1 (measured),
#            kill (killed and resumed, against run 1), baseline (a second
#            uninterrupted run against run 1: the clock's share alone)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
work=${1:-$(mktemp -d /tmp/warcaby-load.XXXXXX)}
python=${PYTHON:-$root/target/pyenv/bin/python}
move_time=200
"$python" -c 'import numpy, warcaby' || {
    echo "$python lacks numpy or warcaby: build target/pyenv as tests/run_all.sh does" >&2
    exit 1
}
if [ -z "${WARCABY:-}" ]; then
    cargo build --quiet --profile test --bin warcaby
    WARCABY=$root/target/debug/warcaby
fi

make_field() {
    local boty=$work/boty
    rm -rf "$boty"
    mkdir -p "$boty"
    # The framework's module beside boty/, as the contest lays it out.
    cp tests/bots/contest/silnik.py "$work/silnik.py"
    local c=tests/bots/contest s=tests/bots/sandbox/boty p=src/arena/python
    for f in $c/boty/{numpy_bot,silnik_bot,where_bot}.py $s/{warcaby_bot,secret_bot,thief_bot}.py \
        $c/faulty/{raising_bot,dying_bot,stateful_bot,slow_bot}.py \
        $c/unstartable/{import_error_bot,garbage_bot}.py $p/{random_bot,sensible_bot}.py \
        examples/contest_bot/step1_random.py; do
        cp "$f" "$boty/"
    done
    # Second copies under other names (other labels, same play).
    for f in numpy_bot where_bot silnik_bot warcaby_bot random_bot sensible_bot raising_bot \
        secret_bot step1_random; do
        cp "$boty/$f.py" "$boty/${f}_b.py"
    done
    cp "$boty/random_bot.py" "$boty/random_bot_c.py"
    # The tutorial's search bots with a fixed depth instead of a share of
    # T (so that a seed replays them), and T given instead of measured.
    local step depth
    for spec in step2_search:2 step2_search:3 step3_history:3 step4_final:2 step4_final:3 \
        step4_final:4; do
        step=${spec%:*} depth=${spec#*:}
        sed -e "s/time_ms=self.T \* 1000 \* self.SHARE/depth=$depth/" \
            -e "s/bot.T = contest.move_time()/bot.T = $move_time \/ 1000/" \
            "examples/contest_bot/$step.py" >"$boty/${step}_d$depth.py"
        grep -q "depth=$depth" "$boty/${step}_d$depth.py"
    done
    # A second slow bot: one answer over T (a flag), one over 2T (random).
    cat >"$boty/slow_late_bot.py" <<'EOF'
"""Slow late in the game: its 10th answer takes 0.3 s, its 12th 0.6 s."""
import time


class bot:
    def __init__(self):
        self.calls = 0

    def move(self, plansza, ruchy):
        self.calls += 1
        if self.calls == 10:
            time.sleep(0.3)
        elif self.calls == 12:
            time.sleep(0.6)
        return ruchy[-1]
EOF
    local n
    n=$(ls "$boty"/*.py | wc -l)
    [ "$n" -eq 32 ] || { echo "the field has $n bots, not 32" >&2; exit 1; }
}

arena_args() {
    echo --contest "$work/boty" --move-time $move_time --games-per-pair 2 --jobs 2 \
        --seed 34 --sandbox on --python "$python" --quiet
}

# Samples the process tree under $1 every 0.2 s until it ends; prints the
# peak process count (the arena included) and the peak RSS of the bots (KiB).
sample_tree() {
    local top=$1 peak_n=0 peak_rss=0
    while kill -0 "$top" 2>/dev/null; do
        read -r n rss < <(ps -e -o pid=,ppid=,rss= | awk -v top="$top" '
            { parent[$1] = $2; rss[$1] = $3 }
            END {
                n = 0; total = 0
                for (p in parent) {
                    q = p
                    while (q != "" && q != top && q > 1) q = parent[q]
                    if (q == top) { n++; if (p != top) total += rss[p] }
                }
                print n, total
            }')
        [ "${n:-0}" -gt "$peak_n" ] && peak_n=$n
        [ "${rss:-0}" -gt "$peak_rss" ] && peak_rss=$rss
        sleep 0.2
    done
    echo "$peak_n $peak_rss"
}

seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
records() { ls "$1/games" 2>/dev/null | grep -c '\.json$' || true; }

# Run 1: uninterrupted, measured.
measured_run() {
    rm -rf "$work/run1"
    local start end timer arena_pid peak_n peak_rss
    start=$(date +%s.%N)
    # setsid: the arena leads a process group of its own; time -v wraps it.
    setsid /usr/bin/time -v -o "$work/run1.time" "$WARCABY" arena --out "$work/run1" \
        $(arena_args) >"$work/run1.out" 2>"$work/run1.err" &
    timer=$!
    sleep 0.5
    arena_pid=$(pgrep -P "$timer" -x warcaby || true)
    sample_tree "${arena_pid:-$timer}" >"$work/run1.sample" &
    wait "$timer"
    end=$(date +%s.%N)
    wait
    read -r peak_n peak_rss <"$work/run1.sample"
    echo "run 1: $(seconds "$start" "$end") s wall;" \
        "arena max RSS $(awk -F': ' '/Maximum resident/ {print $2}' "$work/run1.time") KiB;" \
        "bots' peak total RSS $peak_rss KiB; peak processes $peak_n" | tee -a "$work/figures.txt"
    "$python" tests/load/compare.py "$work/run1" | tee -a "$work/figures.txt"
}

# Run 2: killed once half the regular games are written, then resumed.
killed_run() {
    rm -rf "$work/run2"
    local arena kept start end
    setsid "$WARCABY" arena --out "$work/run2" $(arena_args) >"$work/run2.out" 2>&1 &
    arena=$!
    while [ "$(records "$work/run2")" -lt $((32 * 31 / 2)) ]; do
        kill -0 "$arena" 2>/dev/null || { echo "run 2 ended before the kill" >&2; exit 1; }
        sleep 0.5
    done
    kill -KILL -- "-$arena"
    wait "$arena" || true
    kept=$(records "$work/run2")
    echo "run 2 killed with $kept game records written" | tee -a "$work/figures.txt"
    start=$(date +%s.%N)
    "$WARCABY" arena --resume "$work/run2" --jobs 2 --python "$python" --quiet >"$work/resume.out"
    end=$(date +%s.%N)
    echo "resume: $(seconds "$start" "$end") s wall" | tee -a "$work/figures.txt"
    "$python" tests/load/compare.py "$work/run2" "$work/run1" | tee -a "$work/figures.txt"
}

# Run 3: uninterrupted again, against run 1: how far the clock alone (the
# tie-break of draws) moves the standings, without any kill.
baseline_run() {
    rm -rf "$work/run3"
    "$WARCABY" arena --out "$work/run3" $(arena_args) >"$work/run3.out" 2>&1
    "$python" tests/load/compare.py "$work/run3" "$work/run1" | tee -a "$work/figures.txt"
}

make_field
echo "field: $work/boty (32 bots); binary $WARCABY"
for step in ${STEPS:-run1 kill}; do
    case "$step" in
        run1) measured_run ;;
        kill) killed_run ;;
        baseline) baseline_run ;;
        *) echo "unknown step $step (run1, kill, baseline)" >&2; exit 2 ;;
    esac
done
echo "figures in $work/figures.txt"
