"""Checks an arena output folder for the load test (tests/load/contest_load.sh).

compare.py RUN            every game accounted for: each pair's regular
                          games, overtime exactly for pairs tied after them,
                          a PDN file and a game record per game; a summary of
                          the faults recorded.
compare.py RUN REFERENCE  the same, then RUN's games and standings against
                          REFERENCE's: the moves (PDN movetext), results,
                          endings and random replacements (ply, reason, step)
                          must agree; what depends on the clock (time used,
                          the move time, and so the tie-break of a draw and
                          what it decides) is reported apart.

Exit status 1 when a game is missing or a deterministic field differs.
"""

import json
import os
import re
import sys
from collections import Counter

def load(run):
    with open(os.path.join(run, "results.json")) as f:
        return json.load(f)


def account(run, results):
    """Problems with the folder's games, and a one-line summary."""
    problems = []
    n = len(results["bots"])
    pairs = results["pairs"]
    per_pair = results["games_per_pair"]
    if len(pairs) != n * (n - 1) // 2:
        problems.append(f"{len(pairs)} pairs for {n} bots")
    by_pair = Counter((g["pair"], g["round"]) for g in results["games"])
    for p in pairs:
        tied = p["regular"][0] == p["regular"][1]
        if by_pair[(p["pair"], "regular")] != per_pair:
            problems.append(f"pair {p['pair']}: {by_pair[(p['pair'], 'regular')]} regular games")
        want = 2 if tied else 0
        if by_pair[(p["pair"], "overtime")] != want or (p["overtime"] is not None) != tied:
            problems.append(f"pair {p['pair']}: overtime does not match the regular score")
    ids = [g["id"] for g in results["games"]]
    if len(set(ids)) != len(ids):
        problems.append("a game is listed twice")
    records = {f[:-5] for f in os.listdir(os.path.join(run, "games")) if f.endswith(".json")}
    if records != set(ids):
        problems.append(f"records differ from the games: {sorted(records ^ set(ids))[:5]}")
    for g in results["games"]:
        if not os.path.isfile(os.path.join(run, g["pdn"])):
            problems.append(f"{g['pdn']} missing")
    overtime = sum(1 for g in results["games"] if g["round"] == "overtime")
    subs, failures, restarts = Counter(), Counter(), 0
    for g in results["games"]:
        for side in ("white", "black"):
            log = g["contest"][side]
            subs.update(s["reason"] for s in log["substitutions"])
            failures.update(f["stage"] for f in log["failures"])
            restarts += log["restarts"]
    draws = sum(1 for g in results["games"] if g["result"] == "1/2-1/2")
    tiebreaks = sum(1 for g in results["games"] if g["tiebreak_winner"])
    summary = (
        f"{len(ids)} games ({len(ids) - overtime} regular + {overtime} overtime) in "
        f"{len(pairs)} pairs: {'all accounted for' if not problems else 'PROBLEMS'}; "
        f"{draws} draws ({tiebreaks} decided on time); random replacements "
        f"{dict(subs)}; failures {dict(failures)}; restarts {restarts}"
    )
    return problems, summary


def movetext(path):
    """A PDN file's moves without tags and comments."""
    with open(path) as f:
        text = f.read()
    body = "\n".join(l for l in text.splitlines() if not l.startswith("["))
    return " ".join(re.sub(r"\{[^}]*\}", " ", body).split())


def steady(game):
    """A game record without what depends on the clock."""
    g = json.loads(json.dumps(game))
    g.pop("tiebreak_winner")
    contest = g["contest"]
    contest.pop("move_time_ms")
    contest.pop("move_time_source")
    for side in ("white", "black"):
        log = contest[side]
        log.pop("time_used_ms")
        for s in log["substitutions"]:
            s.pop("detail")
    return g


def first_difference(x, y, path=""):
    """Where two JSON values first differ (a path), or None."""
    if isinstance(x, dict) and isinstance(y, dict):
        for key in sorted(set(x) | set(y)):
            d = first_difference(x.get(key), y.get(key), f"{path}.{key}")
            if d:
                return d
        return None
    if isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
        for i, (u, v) in enumerate(zip(x, y)):
            d = first_difference(u, v, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if x == y else path or "."


def compare(run, ref, a, b):
    """Differences between two runs' games and standings: problems, notes."""
    problems, notes = [], []
    games_a = {g["id"]: g for g in a["games"]}
    games_b = {g["id"]: g for g in b["games"]}
    both = sorted(set(games_a) & set(games_b))
    # A draw's tie-break goes to the side that used less time: between
    # two quick bots, the clock's noise. It can turn a pair's match, and
    # so whether the pair plays overtime.
    tie = [i for i in both if games_a[i]["tiebreak_winner"] != games_b[i]["tiebreak_winner"]]
    turned = {games_a[i]["pair"] for i in tie}
    only = sorted(set(games_a) ^ set(games_b))
    pair_of = {**{i: g["pair"] for i, g in games_b.items()}, **{i: g["pair"] for i, g in games_a.items()}}
    unexplained = [i for i in only if pair_of[i] not in turned]
    if unexplained:
        problems.append(f"games in one run only: {unexplained[:8]}")
    if tie:
        notes.append(f"{len(tie)} drawn games went to the other bot on time ({tie[:6]})"
                     + (f", so {len(only)} overtime games are in one run only" if only else ""))
    moved = [i for i in both if movetext(os.path.join(run, games_a[i]["pdn"]))
             != movetext(os.path.join(ref, games_b[i]["pdn"]))]
    if moved:
        problems.append(f"{len(moved)} games with other moves: {moved[:8]}")
    other = [(i, first_difference(steady(games_a[i]), steady(games_b[i]))) for i in both]
    other = [(i, d) for i, d in other if d]
    if other:
        problems.append(f"{len(other)} game records differ: {other[:8]}")
    notes.append(f"{len(both) - len(moved)} of {len(both)} common games with the same moves")
    rank = lambda r: [(x["bot"], x["rank"], x["points"]) for x in r["standings"]]
    if a["standings"] == b["standings"]:
        notes.append("standings equal")
    elif rank(a) == rank(b):
        rows = sum(1 for x, y in zip(a["standings"], b["standings"]) if x != y)
        (notes if tie else problems).append(
            f"ranks and match points equal; game points or Elo differ in {rows} rows")
    else:
        rows = [
            f"{x['bot']}: #{x['rank']} {x['points']} pts / {y['bot']}: #{y['rank']} {y['points']}"
            for x, y in zip(a["standings"], b["standings"]) if x != y
        ]
        (notes if tie else problems).append(f"standings differ in {len(rows)} rows: {rows[:6]}")
    return problems, notes


def main():
    run = sys.argv[1]
    results = load(run)
    problems, summary = account(run, results)
    print(f"{run}: {summary}")
    if len(sys.argv) > 2:
        ref = sys.argv[2]
        more, notes = compare(run, ref, results, load(ref))
        problems += more
        print(f"{run} against {ref}: " + ("; ".join(notes + more) or "equal"))
    for p in problems:
        print("PROBLEM:", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
