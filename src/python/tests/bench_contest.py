"""Positions per second: warcaby.contest against the pure-Python reference
generator (tests/reference.py, written the framework's way).

    python src/python/tests/bench_contest.py [GAMES]

The positions are what a referee asks along GAMES random games (default 40):
the steps at the start of every turn; best of 5 runs.
"""

import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402
from conftest import game_states  # noqa: E402
from warcaby import contest  # noqa: E402


def rate(generate, positions, runs=5):
    """Best positions per second over `runs` passes."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for board in positions:
            generate(board)
        best = min(best, time.perf_counter() - start)
    return len(positions) / best


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    positions = [b for b, piece in game_states(random.Random(7), games) if piece is None]
    print(f"{len(positions)} positions from {games} random games")
    for name, ours, theirs in [
        ("steps (ruchy)", contest.legal_moves, reference.steps),
        ("whole sequences", contest.sequences, reference.sequences),
        ("turn the board", contest.turn, reference.turn),
    ]:
        fast, slow = rate(ours, positions), rate(theirs, positions)
        print(f"{name:16} warcaby.contest {fast:>10,.0f}/s   pure Python {slow:>9,.0f}/s   x{fast / slow:.1f}")


if __name__ == "__main__":
    main()
