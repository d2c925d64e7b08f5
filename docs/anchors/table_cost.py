#!/usr/bin/env python3
"""What the endgame tables cost a fresh process per move: the wall time of
`bestmove --depth D` without and with tables, on positions of a match's
games with 6 to 12 pieces (six of each count, each with a choice of moves),
each run twice with the tables (the second with the page cache warm for
sure). The games are replayed with `../shared/anchors` refrules.

    python3 docs/anchors/table_cost.py MATCH.json target/release/warcaby TABLES_DIR [--depth 11]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("match_json")
ap.add_argument("warcaby")
ap.add_argument("tables")
ap.add_argument("--depth", default="11")
ap.add_argument("--anchors", default=os.path.join(os.path.dirname(__file__), "../../../shared/anchors"))
args = ap.parse_args()
sys.path.insert(0, os.path.abspath(args.anchors))
import json  # noqa: E402
import match as M  # noqa: E402
import refrules as R  # noqa: E402

rules = R.get_rules("english")
by_count = {}
for game in json.load(open(args.match_json))["games"][:60]:
    pos = M.ballot_position(game["ballot"].split())
    for record in game["moves"]:
        legal = R.legal_moves(rules, pos)
        n = len(pos.board)
        if 6 <= n <= 12 and len(legal) > 1 and len(by_count.setdefault(n, [])) < 6:
            by_count[n].append(R.fen_text(rules, pos))
        pos = R.apply_move(pos, next(m for m in legal if R.move_text(rules, m) == record["move"]))


def wall_ms(fen, egdb):
    start = time.monotonic()
    subprocess.run([args.warcaby, "bestmove", "--variant", "english", "--fen", fen,
                    "--depth", args.depth, "--egdb", egdb], capture_output=True, check=True)
    return (time.monotonic() - start) * 1000


print("pieces  median wall ms: no tables, tables, tables again")
for n in sorted(by_count):
    runs = [(wall_ms(f, "none"), wall_ms(f, args.tables), wall_ms(f, args.tables)) for f in by_count[n]]
    print(n, [round(statistics.median(r[i] for r in runs), 1) for i in range(3)], flush=True)
