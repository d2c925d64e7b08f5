#!/usr/bin/env python3
"""Russian draughts engine-vs-engine match, refereed by pydraughts.

    python russian_match.py --engine2 CMD [--engine1 CMD] [options]

(pydraughts from PyPI: `pip install pydraughts`; run from the repository's
root so that the default engine1 is found.)

Each engine command is a template split like a shell line, with {fen} (PDN FEN,
algebraic squares, e.g. W:Wa1,c1,Kd4:Bb8) and {ms} (move time) filled in.  Every
move is asked of a fresh process; its last non-empty stdout line must be
    bestmove <move> [score=S] [depth=D] [nodes=N] [time_ms=T] ...
with the move in algebraic notation: c3-d4, or a capture listing its squares
(c3:e5:c7, 'x' also accepted).  Defaults: engine1 = our CLI
(`target/release/warcaby bestmove --variant russian`); engine2 is the
opponent's driver (for KestoG: a small program, built outside the project,
around its CheckerBoard `getmove()`, that prints this line).

Referee: pydraughts' 'russian' variant (legal moves, game end, draws: threefold
repetition, 15 moves each of only king moves, and its endgame move counts), plus
a ply cap.  A reply is matched to a legal move by its first and last square and,
when that is not unique or the reply lists landing squares, by the set of pieces
it captures (read off the reply's path on the board).  An illegal, ambiguous,
unparseable, crashed or timed-out reply loses the game.

Openings: pydraughts' list of 150 Russian ballots (1-3 plies, the start position
included as '5-VII Free'), taken in order from --first-opening, or with
--random-plies K the start position followed by K random legal plies (--seed).
Each opening is played twice, engine1 taking White (the side moving first in the
opening) in the first game of the pair.

Output: one JSON line per game in --out, then a final {"summary": ...} line;
the summary (W/D/L of engine1, score with 95% interval, Elo +/- margin) is
also printed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shlex
import subprocess
import sys
import time

import draughts
from draughts import BLACK, WHITE, Board

DEFAULT_E1 = "target/release/warcaby bestmove --variant russian --fen {fen} --movetime {ms}"
BALLOTS = os.path.join(os.path.dirname(draughts.__file__), "ballot_files",
                       "150russian_and_brazilian.json")


# ----------------------------------------------------------------- board helpers

def num_to_alg(n: int) -> str:
    """pydraughts' Russian square number (1 = a1, 2 = c1, ..., 32 = h8) -> 'a1'."""
    row, idx = divmod(n - 1, 4)
    return "abcdefgh"[2 * idx + (row % 2)] + str(row + 1)


def pieces(fen: str) -> dict:
    """{'c3': ('W', False), 'd4': ('B', True), ...} from a PDN FEN with algebraic squares."""
    out = {}
    for part in fen.split(":")[1:]:
        if part[:1] not in ("W", "B"):
            continue
        for sq in part[1:].split(","):
            sq = sq.strip()
            if sq:
                out[sq.lstrip("K")] = (part[0], sq.startswith("K"))
    return out


def between(a: str, b: str) -> list | None:
    """Squares strictly between a and b on a diagonal, or None if not diagonal."""
    df, dr = ord(b[0]) - ord(a[0]), int(b[1:]) - int(a[1:])
    if df == 0 or abs(df) != abs(dr):
        return None
    sf, sr = df // abs(df), dr // abs(dr)
    return [chr(ord(a[0]) + i * sf) + str(int(a[1:]) + i * sr) for i in range(1, abs(df))]


def legal_moves(board: Board) -> list:
    """[(squares visited, frozenset of captured squares, pydraughts Move)]."""
    out = []
    for m in board.legal_moves():
        path = [num_to_alg(m.board_move[0][0])] + [num_to_alg(step[1]) for step in m.board_move]
        caps = frozenset(num_to_alg(c) for c in (m.captures or []) if c)
        out.append((path, caps, m))
    return out


def move_text(path: list, caps: frozenset) -> str:
    return (":" if caps else "-").join(path)


def resolve(board: Board, squares: list):
    """(path, caps, Move) for a reply's squares, or (None, reason)."""
    legal = legal_moves(board)
    if len(squares) < 2:
        return None, "unparseable move"
    cands = [l for l in legal if l[0][0] == squares[0] and l[0][-1] == squares[-1]]
    if not cands:
        return None, "illegal move"
    # pieces the reply's path jumps over (only enemy pieces count)
    own = pieces(board.fen)
    side = "W" if board.turn == WHITE else "B"
    jumped, path_ok = set(), True
    for a, b in zip(squares, squares[1:]):
        mid = between(a, b)
        if mid is None:
            path_ok = False
            break
        jumped |= {s for s in mid if s in own and own[s][0] != side}
    if len(squares) > 2 or len({c[1] for c in cands}) > 1:
        if not path_ok:
            return None, "path is not along diagonals"
        cands = [c for c in cands if c[1] == frozenset(jumped)]
        if not cands:
            return None, ("ambiguous move (several captures share start and end)"
                          if len(squares) == 2 else "illegal move (captured pieces do not match)")
    return cands[0], ""


# ----------------------------------------------------------------- engines

MOVE_RE = re.compile(r"^bestmove\s+(\S+)(.*)$")


def ask(template: str, fen: str, ms: int, timeout_s: float) -> dict:
    argv = [a.replace("{fen}", fen).replace("{ms}", str(ms)) for a in shlex.split(template)]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {"ok": False, "error": f"timeout after {timeout_s:g}s"}
    wall = round((time.monotonic() - t0) * 1000, 1)
    lines = [l.strip() for l in proc.stdout.splitlines() if l.strip()]
    r = {"ok": False, "wall_ms": wall}
    if proc.returncode != 0:
        r["error"] = f"exit status {proc.returncode}: {(proc.stdout + proc.stderr)[-200:]!r}"
        return r
    m = MOVE_RE.match(lines[-1]) if lines else None
    if not m:
        r["error"] = f"no 'bestmove' line: {(lines or [''])[-1][:100]!r}"
        return r
    r.update(ok=True, reply=m.group(1), squares=re.split(r"[-x:]", m.group(1).lower()))
    for key, val in re.findall(r"(\w+)=(\S+)", m.group(2)):
        try:
            r[key] = float(val) if "." in val else int(val)
        except ValueError:
            r[key] = val
    return r


# ----------------------------------------------------------------- games

def play_game(no: int, opening: tuple, white: tuple, black: tuple, ms: int,
              timeout_s: float, max_plies: int) -> dict:
    name_o, fen = opening
    board = Board("russian", fen)
    engines = {WHITE: white, BLACK: black}
    moves, winner, reason = [], None, ""
    t0 = time.monotonic()
    while True:
        w = board.winner()
        if w is not None:
            winner = None if w == 0 else w
            reason = ("no legal move" if w else "threefold repetition" if board._game.is_threefold()
                      else "pydraughts' Russian draw rule (king moves / endgame count)")
            break
        if len(moves) >= max_plies:
            reason = f"{max_plies}-ply cap"
            break
        side = board.turn
        name, template = engines[side]
        r = ask(template, board.fen, ms, timeout_s)
        rec = {"ply": len(moves) + 1, "side": "W" if side == WHITE else "B", "engine": name,
               **{k: r.get(k) for k in ("reply", "score", "depth", "nodes", "time_ms", "wall_ms")}}
        if r["ok"]:
            found, err = resolve(board, r["squares"])
        else:
            found, err = None, r["error"]
        if found is None:
            rec["error"] = err
            moves.append(rec)
            winner, reason = (BLACK if side == WHITE else WHITE), f"{name}: {err}"
            break
        path, caps, mv = found
        rec["move"] = move_text(path, caps)
        moves.append(rec)
        board.push(mv)
    result = "1/2-1/2" if winner is None else ("1-0" if winner == WHITE else "0-1")
    return {"game": no, "opening": name_o, "start_fen": fen, "opening_plies": name_o.count(" "), "white": white[0], "black": black[0],
            "result": result, "reason": reason, "plies": len(moves),  # engine plies "final_fen": board.fen,
            "wall_s": round(time.monotonic() - t0, 1), "moves": moves}


def openings(args) -> list:
    if args.random_plies:
        rng, out, seen = random.Random(args.seed), [], set()
        while len(out) < (args.games + 1) // 2:
            b = Board("russian")
            for _ in range(args.random_plies):
                b.push(rng.choice(b.legal_moves()))
            if b.fen not in seen and b.winner() is None:
                seen.add(b.fen)
                out.append((f"random{len(out) + 1}", b.fen))
        return out
    with open(BALLOTS) as fh:
        data = json.load(fh)
    names = data["standard"][args.first_opening - 1:]
    return [(n, data["all"][n]) for n in names]


# ----------------------------------------------------------------- statistics

def elo(s: float) -> float:
    s = min(max(s, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / s - 1)


def summarize(games: list, name1: str) -> dict:
    w = d = l = 0
    for g in games:
        if g["result"] == "1/2-1/2":
            d += 1
        elif (g["result"] == "1-0") == (g["white"] == name1):
            w += 1
        else:
            l += 1
    n = w + d + l
    if not n:
        return {"games": 0}
    s = (w + d / 2) / n
    se = math.sqrt((w * (1 - s) ** 2 + d * (0.5 - s) ** 2 + l * s ** 2) / n / n)
    lo, hi = max(s - 1.96 * se, 0.0), min(s + 1.96 * se, 1.0)
    return {"games": n, "wins": w, "draws": d, "losses": l, "score_pct": round(100 * s, 1),
            "score_95": [round(100 * lo, 1), round(100 * hi, 1)], "elo": round(elo(s), 1) + 0.0,
            "elo_95_margin": round((elo(hi) - elo(lo)) / 2, 1) if se > 0 else None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--engine1", default=DEFAULT_E1, help="command template (default: %(default)s)")
    ap.add_argument("--engine2", required=True, help="the opponent's command template")
    ap.add_argument("--name1", default="warcaby")
    ap.add_argument("--name2", default="opponent")
    ap.add_argument("--games", type=int, default=2, help="games, 2 per opening (default 2)")
    ap.add_argument("--movetime-ms", type=int, default=100)
    ap.add_argument("--first-opening", type=int, default=1, help="1-based index into the ballots")
    ap.add_argument("--random-plies", type=int, default=0, help="random openings of K plies instead")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--timeout-s", type=float, help="per move (default 10 + 20 x movetime)")
    ap.add_argument("--out", default="russian_match.jsonl")
    args = ap.parse_args()

    timeout_s = args.timeout_s or 10 + 20 * args.movetime_ms / 1000
    ops = openings(args)
    if (args.games + 1) // 2 > len(ops):
        raise SystemExit(f"{args.games} games need {(args.games + 1) // 2} openings, have {len(ops)}")
    e1, e2 = (args.name1, args.engine1), (args.name2, args.engine2)
    games, t0 = [], time.monotonic()
    with open(args.out, "w") as out:
        for i in range(args.games):
            white, black = (e1, e2) if i % 2 == 0 else (e2, e1)
            g = play_game(i + 1, ops[i // 2], white, black, args.movetime_ms, timeout_s,
                          args.max_plies)
            games.append(g)
            out.write(json.dumps(g) + "\n")
            out.flush()
            print(f"game {g['game']:3d} {g['opening']:<20s} W={g['white']:<8s} B={g['black']:<8s} "
                  f"{g['result']:<7s} plies={g['plies']:<3d} ({g['reason']}) {g['wall_s']:.0f}s",
                  flush=True)
        s = summarize(games, args.name1)
        s.update(engine1=args.name1, engine2=args.name2, movetime_ms=args.movetime_ms,
                 wall_s=round(time.monotonic() - t0, 1))
        for name in (args.name1, args.name2):
            mv = [m for g in games for m in g["moves"] if m["engine"] == name and m.get("wall_ms")]
            if mv:
                s[f"{name}_avg_wall_ms"] = round(sum(m["wall_ms"] for m in mv) / len(mv), 1)
                s[f"{name}_max_wall_ms"] = max(m["wall_ms"] for m in mv)
        out.write(json.dumps({"summary": s}) + "\n")
    if s["games"]:
        margin = "inf" if s["elo_95_margin"] is None else f"{s['elo_95_margin']:.0f}"
        print(f"\n{args.name1} vs {args.name2}, {s['games']} games at {args.movetime_ms} ms: "
              f"+{s['wins']} ={s['draws']} -{s['losses']}  score {s['score_pct']}% "
              f"(95%: {s['score_95'][0]}-{s['score_95'][1]}%)  Elo {s['elo']:+.0f} +/- {margin}")
    print(json.dumps(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
