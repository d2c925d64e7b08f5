#!/usr/bin/env python3
"""International draughts (10x10) match: warcaby's `bestmove` against Scan
in its Hub mode, refereed by pydraughts (variant `standard`).

    python tests/anchors/scan_match.py --warcaby target/release/warcaby \
        --scan-dir PATH/TO/SCAN --openings 30 --movetime-ms 100 --out scan100.jsonl

(pydraughts from PyPI. Scan is built outside the project: --scan-dir is the
folder holding its `scan.ini` and `data/`, with the program at `src/scan`,
as Scan 2.0's own Makefile leaves it; see docs/results.md.)

Each opening (two random plies from the start, seeded) is played with
both colours. Scan: book off, bitbases off (`set book false`, `set
bb-size 0`), `time MS` per move, the game replayed to it move by move.
warcaby: a fresh process per move (`--fen`, no history), as the English
anchors are run. A game is adjudicated a draw after --max-plies plies.
"""

import argparse
import json
import random
import subprocess
import sys
import time

from draughts import Board

WHITE = 2


class Scan:
    def __init__(self, scan_dir, movetime_ms):
        self.proc = subprocess.Popen(
            ["./src/scan", "hub"], cwd=scan_dir, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("hub")
        self.wait_for("wait")
        self.send("set book false")
        self.send("set bb-size 0")
        self.send("init")
        self.wait_for("ready")
        self.movetime_ms = movetime_ms

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("scan ended")
            if line.split() and line.split()[0] == word:
                return line.strip()

    def best(self, hub_moves):
        self.send("start")
        for mv in hub_moves:
            self.send("move " + mv)
        self.send(f"time {self.movetime_ms}")
        self.send("go")
        return self.wait_for("move").split()[1]

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def ours(warcaby, fen, movetime_ms):
    out = subprocess.run(
        [warcaby, "bestmove", "--variant", "international", "--fen", fen,
         "--movetime", str(movetime_ms)],
        capture_output=True, text=True, timeout=60).stdout
    line = [l for l in out.splitlines() if l.startswith("bestmove ")][-1]
    return line.split()[1], line


def squares(text):
    return [int(s) for s in text.replace("x", "-").split("-") if s]


def find_ours(board, text):
    """The legal move our text names: start and end (and any stops)."""
    sq = squares(text)
    found = [m for m in board.legal_moves()
             if m.steps_move[0] == sq[0] and m.steps_move[-1] == sq[-1]]
    if len(found) > 1:
        found = [m for m in found if all(s in m.steps_move for s in sq)] or found
    if not found:
        raise RuntimeError(f"our move {text} is not legal in {board.fen}")
    return found[0]


def find_scan(board, hub):
    """The legal move of Scan's Hub text: from, to, then the captured squares."""
    parts = [int(s) for s in hub.replace("-", "x").split("x") if s]
    start, end, caps = parts[0], parts[1], set(parts[2:])
    for m in board.legal_moves():
        if m.steps_move[0] == start and m.steps_move[-1] == end and set(m.captures or ()) == caps:
            return m
    raise RuntimeError(f"scan's move {hub} is not legal in {board.fen}")


def play(args, opening, ours_white, scan):
    board = Board(variant="standard")
    hub_moves = []
    for mv in opening:
        hub_moves.append(mv.hub_move)
        board.push(mv)
    plies = len(opening)
    while not board.is_over() and plies < args.max_plies:
        our_turn = (board.turn == WHITE) == ours_white
        if our_turn:
            text, _ = ours(args.warcaby, board.fen, args.movetime_ms)
            mv = find_ours(board, text)
        else:
            mv = find_scan(board, scan.best(hub_moves))
        hub_moves.append(mv.hub_move)
        board.push(mv)
        plies += 1
    if board.is_over():
        w = board.winner()
        result = 0.5 if w in (0, None) else (1.0 if (w == WHITE) == ours_white else 0.0)
        reason = "rules"
    else:
        result, reason = 0.5, "adjudicated (ply limit)"
    return result, plies, reason, [m for m in hub_moves]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--warcaby", required=True)
    p.add_argument("--scan-dir", required=True)
    p.add_argument("--openings", type=int, default=10)
    p.add_argument("--movetime-ms", type=int, default=100)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    args = p.parse_args()
    rng = random.Random(args.seed)
    scan = Scan(args.scan_dir, args.movetime_ms)
    score = games = 0
    with open(args.out, "a") as out:
        for i in range(args.openings):
            b = Board(variant="standard")
            opening = []
            for _ in range(2):
                mv = rng.choice(b.legal_moves())
                opening.append(mv)
                b.push(mv)
            for ours_white in (True, False):
                t0 = time.time()
                result, plies, reason, moves = play(args, opening, ours_white, scan)
                score += result
                games += 1
                rec = {"opening": i, "ours": "white" if ours_white else "black",
                       "result": result, "plies": plies, "reason": reason,
                       "seconds": round(time.time() - t0, 1), "moves": moves}
                out.write(json.dumps(rec) + "\n")
                out.flush()
                print(f"game {games}: opening {i} ours {rec['ours']} -> {result} "
                      f"({plies} plies, {reason}); total {score}/{games}", flush=True)
    scan.quit()


if __name__ == "__main__":
    main()
