"""Writes a perft data file for `tests/perft.rs` from pydraughts (PyPI), an
implementation nobody on this project wrote: positions from seeded random
games, each with its move-path counts.

    python3 -m venv /tmp/pd && /tmp/pd/bin/pip install pydraughts==0.6.7
    /tmp/pd/bin/python -W ignore tests/perft/pydraughts_perft.py \
        --variant brazilian --positions 2000 --depth 3 --seed 1 > tests/perft/brazilian.perft
    /tmp/pd/bin/python -W ignore tests/perft/pydraughts_perft.py \
        --variant standard --positions 2000 --depth 2 --deeper 300 --seed 1 \
        > tests/perft/international.perft

(pydraughts' `standard` is international draughts on 10x10; it is slow
there, so every position is counted to depth 2 and the first 300 to 3.)

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


def counts(board, depth):
    """Perft 1..depth of `board` in one walk: (merged, raw) lists, merged
    counting sequences with the same start, end and captured pieces once,
    raw as pydraughts lists them (such twins leave the same position, so a
    twin's subtree is counted again by its multiplicity)."""
    moves = board.legal_moves()
    groups = {}
    for move in moves:
        steps = move.steps_move
        key = (steps[0], steps[-1], frozenset(move.captures or ()))
        first, twins = groups.get(key, (move, 0))
        groups[key] = (first, twins + 1)
    merged = [len(groups)] + [0] * (depth - 1)
    raw = [len(moves)] + [0] * (depth - 1)
    if depth > 1:
        for move, twins in groups.values():
            board.push(move)
            below_merged, below_raw = counts(board, depth - 1)
            board.pop()
            for i in range(depth - 1):
                merged[i + 1] += below_merged[i]
                raw[i + 1] += twins * below_raw[i]
    return merged, raw


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
    parser.add_argument("--deeper", type=int, default=0,
                        help="count the first N positions one ply deeper")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"# {args.variant}: {args.positions} positions from random games (seed {args.seed}),")
    print("# counts by pydraughts 0.6.7 (tests/perft/pydraughts_perft.py), sequences with")
    print("# the same start, end and captured pieces merged into one move; where")
    print("# pydraughts lists more (a ring of pieces taken either way round, or a")
    print("# king's flight stopping on different squares) its own count is noted.")
    for i, fen in enumerate(random_positions(args.variant, args.positions, rng)):
        print()
        print(f"epd {fen}")
        depth = args.depth + (1 if i < args.deeper else 0)
        merged, raw = counts(Board(variant=args.variant, fen=fen), depth)
        for d in range(depth):
            note = f"  # pydraughts lists {raw[d]}" if raw[d] != merged[d] else ""
            print(f"perft {d + 1} {merged[d]}{note}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
