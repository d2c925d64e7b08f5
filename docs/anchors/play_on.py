#!/usr/bin/env python3
"""Does ours convert the won endings it drew? Plays on, with a fresh process
per move as `match.py` does, from the final positions of a match's
threefold-repetition draws in which ours scored itself at least
--min-score (hundredths of a man) over its last four moves, and counts the
games ours then wins. The referee and the engine adapters are those of
`../shared/anchors/match.py` (found with --anchors); nothing of the anchor
engines is here.

    python3 docs/anchors/play_on.py MATCH.json \
        "target/release/warcaby bestmove --variant english --fen {fen} --movetime {ms} --egdb none" \
        PATH/TO/CAKE/DRIVER [--kind cake] [--out X.json]
"""
import argparse
import json
import os
import sys

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("match_json", help="a match.py --out file")
ap.add_argument("ours", help="our engine's command template ({fen}, {ms})")
ap.add_argument("opponent", help="the opponent's command")
ap.add_argument("--kind", default="cake", help="the opponent's match.py adapter")
ap.add_argument("--min-score", type=int, default=150)
ap.add_argument("--movetime-ms", type=int, default=100)
ap.add_argument("--anchors", default=os.path.join(os.path.dirname(__file__), "../../../shared/anchors"))
ap.add_argument("--out", help="write the games' results here")
args = ap.parse_args()
sys.path.insert(0, os.path.abspath(args.anchors))
import match as M  # noqa: E402
import refrules as R  # noqa: E402

starts = []
for game in json.load(open(args.match_json))["games"]:
    if game["result"] != "1/2-1/2" or "threefold" not in game["reason"]:
        continue
    scores = [m["score"] for m in game["moves"] if m["engine"] == "warcaby" and m["score"] is not None]
    if scores and min(scores[-4:]) >= args.min_score:
        starts.append((game["game"], game["engine1_side"], game["final_fen"]))

# A "ballot" of one FEN: the game starts from that position.
M.ballot_position = lambda ballot: R.parse_fen(ballot[0])
ours = M.Engine("warcaby", args.ours, name="warcaby")
opponent = M.Engine(args.kind, args.opponent, name=args.kind)
results = []
for number, side, fen in starts:
    black, white = (ours, opponent) if side == "B" else (opponent, ours)
    game = M.play_game(number - 1, [fen], black, white, args.movetime_ms, 10.0)
    won = game["winner"] == side
    print(number, side, fen, "->", game["result"], game["reason"], game["plies"], flush=True)
    results.append({"game": number, "side": side, "fen": fen, "result": game["result"],
                    "reason": game["reason"], "won": won})
print(f"converted {sum(r['won'] for r in results)} of {len(results)}")
if args.out:
    with open(args.out, "w") as f:
        json.dump(results, f, indent=1)
