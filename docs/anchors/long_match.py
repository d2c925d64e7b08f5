#!/usr/bin/env python3
"""A long anchor match (1 s a move: hours) played in pieces that survive
the session: one `../shared/anchors/match.py` run per ballot pair, each
pair's result kept as a small gzipped file in --dir (commit it), so a run
that is killed or stopped loses at most the pairs it was playing, and the
next run plays only the pairs still missing. `--parallel N` plays N pairs
at once (N match.py processes, each one core per move) for a machine with
cores to spare; on two cores keep 1.

    # the first run fixes the match (saved in DIR/plan.json) ...
    python3 docs/anchors/long_match.py run --dir DIR --pairs 60 --stop-after-min 50 \\
        --note "ours at COMMIT, 5-piece tables; GuiNN 2.06 built ..." -- \\
        --engine1 "warcaby:BIN bestmove --variant english --fen {fen} --movetime {ms} --egdb EGDB" \\
        --engine2 guinn:PATH/TO/GUINN/DRIVER --movetime-ms 1000
    # ... later runs go on with it
    python3 docs/anchors/long_match.py run --dir DIR --stop-after-min 50
    python3 docs/anchors/long_match.py summary --dir DIR

The summary merges the pairs played so far, with match.py's own statistics
(score, Elo, its 95 % interval) and says how many pairs are missing.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

DEFAULT_ANCHORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/anchors")
# match.py options the runner sets itself, pair by pair.
OWN_OPTIONS = ("--games", "--first-ballot", "--out", "--jobs")
# The match.py processes running now: a runner that is killed stops them too.
RUNNING: set = set()
RUNNING_LOCK = threading.Lock()


def stop_children(signum, _frame):
    with RUNNING_LOCK:
        for proc in RUNNING:
            proc.kill()
    os._exit(128 + signum)


def plan_path(folder: str) -> str:
    return os.path.join(folder, "plan.json")


def pair_path(folder: str, pair: int) -> str:
    return os.path.join(folder, f"pair-{pair:03d}.json.gz")


def read_json(path: str, opener=open):
    """A plan or a pair's result; one that is missing or damaged stops the
    runner with its name (delete a damaged pair to play it again)."""
    try:
        with opener(path, "rt") as fh:
            return json.load(fh)
    except (OSError, EOFError, ValueError) as exc:
        sys.exit(f"{path}: cannot be read ({exc})")


def load_plan(args) -> dict:
    """The saved plan, or a new one from this run's options (saved)."""
    path = plan_path(args.dir)
    if os.path.exists(path):
        plan = read_json(path)
        if args.match_args and args.match_args != plan["match_args"]:
            sys.exit(f"{path} was made with other match.py options: {plan['match_args']}")
        if args.pairs is not None and args.pairs != plan["pairs"]:
            sys.exit(f"{path} plans {plan['pairs']} pairs, not {args.pairs}")
        return plan
    if not args.match_args or args.pairs is None:
        sys.exit("a new match needs --pairs and match.py's options after --")
    for option in OWN_OPTIONS:
        if any(a == option or a.startswith(option + "=") for a in args.match_args):
            sys.exit(f"{option} is set by this runner, pair by pair")
    plan = {"pairs": args.pairs, "first_ballot": args.first_ballot, "match_args": args.match_args,
            "note": args.note}
    os.makedirs(args.dir, exist_ok=True)
    with open(path, "w") as fh:
        json.dump(plan, fh, indent=1)
    return plan


def play_pair(args, plan: dict, pair: int) -> str:
    """Plays one ballot pair with match.py; keeps its result only when both
    games finished."""
    raw = os.path.join(args.dir, f".pair-{pair:03d}.json")
    argv = [sys.executable, os.path.join(args.anchors, "match.py"), *plan["match_args"],
            "--games", "2", "--first-ballot", str(plan["first_ballot"] + pair),
            "--jobs", "1", "--out", raw, "--quiet"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with RUNNING_LOCK:
        RUNNING.add(proc)
    out, _ = proc.communicate()
    with RUNNING_LOCK:
        RUNNING.discard(proc)
    if proc.returncode != 0 or not os.path.exists(raw):
        return f"pair {pair}: match.py failed ({proc.returncode}): {out[-300:]}"
    data = json.load(open(raw))
    if not data.get("finished") or data["summary"].get("games") != 2:
        return f"pair {pair}: unfinished, not kept"
    tmp = pair_path(args.dir, pair) + ".tmp"
    with gzip.open(tmp, "wt") as fh:
        json.dump(data, fh)
    os.replace(tmp, pair_path(args.dir, pair))
    os.remove(raw)
    results = " ".join(g["result"] for g in data["games"])
    return f"pair {pair} (ballot {plan['first_ballot'] + pair}): {results} in {data['wall_s']:.0f} s"


def run(args) -> int:
    plan = load_plan(args)
    signal.signal(signal.SIGTERM, stop_children)
    signal.signal(signal.SIGINT, stop_children)
    missing = [p for p in range(plan["pairs"]) if not os.path.exists(pair_path(args.dir, p))]
    print(f"{len(missing)} of {plan['pairs']} pairs to play", flush=True)
    deadline = time.monotonic() + 60 * args.stop_after_min if args.stop_after_min else None
    queue = iter(missing)

    def next_pair():
        if deadline is not None and time.monotonic() >= deadline:
            return None
        return next(queue, None)

    def worker():
        while (pair := next_pair()) is not None:
            print(play_pair(args, plan, pair), flush=True)

    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        for f in [pool.submit(worker) for _ in range(args.parallel)]:
            f.result()
    return summary(args)


def summary(args) -> int:
    sys.path.insert(0, os.path.abspath(args.anchors))
    import match as M  # noqa: E402  (match.py's statistics, not a copy of them)

    plan = read_json(plan_path(args.dir))
    games, engines, walls = [], None, []
    for pair in range(plan["pairs"]):
        path = pair_path(args.dir, pair)
        if not os.path.exists(path):
            continue
        data = read_json(path, gzip.open)
        names = (data["engine1"]["name"], data["engine2"]["name"])
        if engines is not None and names != engines:
            sys.exit(f"{path}: engines {names}, the others {engines}")
        engines = names
        walls.append(data["wall_s"])
        for g in data["games"]:
            games.append({**g, "game": 2 * pair + g["game"]})
    played = len(walls)
    if plan.get("note"):
        print(plan["note"])
    print(f"{args.dir}: {played} of {plan['pairs']} pairs played"
          + (f", {sum(walls) / 3600:.1f} h of play" if walls else ""))
    if not games:
        return 0
    s = M.summarize(games)
    print(f"{engines[0]} vs {engines[1]}: +{s['wins']} ={s['draws']} -{s['losses']}, "
          f"{s['score_pct']} %, Elo {s['elo']:+.0f} +/- {s['elo_95_margin']} "
          f"(95 %: {s['elo_95_interval'][0]:+.0f} to {s['elo_95_interval'][1]:+.0f})")
    for side in ("B", "W"):
        part = [g for g in games if g["engine1_side"] == side]
        if part:
            t = M.summarize(part)
            print(f"  {engines[0]} as {side}: +{t['wins']} ={t['draws']} -{t['losses']}")
    for name in engines:
        print(f"  {name}: {M.engine_stats(games, name)}")
    return 0


def main() -> int:
    argv = sys.argv[1:]
    match_args = []
    if "--" in argv:
        cut = argv.index("--")
        argv, match_args = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("command", choices=("run", "summary"))
    ap.add_argument("--dir", required=True, help="the match's folder (plan.json and the pairs)")
    ap.add_argument("--pairs", type=int, help="ballot pairs in the match (a new match)")
    ap.add_argument("--first-ballot", type=int, default=1, help="its first ballot (a new match)")
    ap.add_argument("--parallel", type=int, default=1, help="pairs played at once")
    ap.add_argument("--stop-after-min", type=float, help="start no pair after this many minutes")
    ap.add_argument("--anchors", default=DEFAULT_ANCHORS, help="folder of match.py")
    ap.add_argument("--note", default="", help="what the engines are (a new match): the commit "
                    "ours was built from, the tables, how the anchor was built")
    args = ap.parse_args(argv)
    args.match_args = match_args
    return run(args) if args.command == "run" else summary(args)


if __name__ == "__main__":
    sys.exit(main())
