"""Writes a perft data file for `tests/perft.rs` from pydraughts (PyPI), an
implementation nobody on this project wrote: positions from seeded random
games, each with its move-path counts.

    python3 -m venv /tmp/pd && /tmp/pd/bin/pip install pydraughts==0.6.7
    /tmp/pd/bin/python -W ignore tests/perft/pydraughts_perft.py \
        --variant brazilian --positions 2000 --depth 3 --seed 1 > tests/perft/brazilian.perft

Under the international rules two capture sequences with the same start,
end and captured pieces leave the same position and are one move (the
published perft tables count them once, and so do we). pydraughts lists
them separately where their paths differ; the counts written here merge
them at every node, and a comment gives pydraughts' own count wherever
it differs.
"""

import argparse
import random
import sys

from draughts import Board


def unique_moves(board):
    """The legal moves, one per (start, end, captured pieces)."""
    seen = {}
    for move in board.legal_moves():
        steps = move.steps_move
        key = (steps[0], steps[-1], frozenset(move.captures or ()))
        seen.setdefault(key, move)
    return list(seen.values())


def perft(board, depth, merge):
    moves = unique_moves(board) if merge else board.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += perft(board, depth - 1, merge)
        board.pop()
    return total


def random_positions(variant, count, rng):
    """Positions from random games: a game is played out and every
    position after the 4th ply is a candidate; each game gives a few."""
    found = []
    seen = set()
    while len(found) < count:
        board = Board(variant=variant)
        plies = 0
        while not board.is_over() and plies < 200:
            moves = board.legal_moves()
            board.push(rng.choice(moves))
            plies += 1
            fen = board.fen
            if plies > 4 and fen not in seen and rng.random() < 0.08:
                seen.add(fen)
                found.append(fen)
                if len(found) == count:
                    break
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="brazilian")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"# {args.variant}: {args.positions} positions from random games (seed {args.seed}),")
    print("# counts by pydraughts 0.6.7 (tests/perft/pydraughts_perft.py), sequences with")
    print("# the same start, end and captured pieces merged into one move; where")
    print("# pydraughts lists more (a ring of pieces taken either way round, or a")
    print("# king's flight stopping on different squares) its own count is noted.")
    for fen in random_positions(args.variant, args.positions, rng):
        print()
        print(f"epd {fen}")
        for depth in range(1, args.depth + 1):
            board = Board(variant=args.variant, fen=fen)
            merged = perft(board, depth, True)
            raw = perft(Board(variant=args.variant, fen=fen), depth, False)
            note = f"  # pydraughts lists {raw}" if raw != merged else ""
            print(f"perft {depth} {merged}{note}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
