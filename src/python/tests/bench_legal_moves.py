"""warcaby.contest.legal_moves against the referee's own function, timed
two ways:

* batch: every position in a row, one clock reading per pass (what a
  loop of nothing but move generation sees);
* per call: one clock reading around each call, each of ours followed by
  one of the referee's on the same board, as a bot calls us between its
  own Python work (the referee's function stands for that work: it leaves
  the caches and the interpreter as a bot's code would).

    git clone https://github.com/pawlenartowicz/CheckersCompetition /tmp/referee
    python src/python/tests/bench_legal_moves.py --referee /tmp/referee [--games N]

The referee's code is imported from that clone at run time (never copied
here); without --referee the pure-Python generator tests/reference.py (a
faster one: it scans 32 squares, the referee 64) stands in for it. The
positions are the start of every turn along N random games (default 100),
the boards the referee hands a bot. Each figure is the best of 5 passes;
the per-call one also reports the clock's own cost, measured the same way
around nothing and not subtracted.
"""

import argparse
import importlib.util
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402
from conftest import game_states  # noqa: E402
from warcaby import contest  # noqa: E402


def referee_function(folder):
    """The referee's `GRA.znajdz_legalne_ruchy`, bound to a game of two
    idle bots, from the silnik.py in `folder`; None without a folder."""
    if folder is None:
        return None
    spec = importlib.util.spec_from_file_location("silnik", os.path.join(folder, "silnik.py"))
    silnik = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(silnik)
    return silnik.GRA(object(), object()).znajdz_legalne_ruchy


def batch(generate, positions):
    """Seconds per call over a pass of all positions, best of 5."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for board in positions:
            generate(board)
        best = min(best, time.perf_counter() - start)
    return best / len(positions)


def interleaved(ours, theirs, positions):
    """Seconds per call of each, every call timed alone, ours and theirs
    alternating on each board; the best of 5 passes for each."""
    clock = time.perf_counter
    best_ours = best_theirs = best_empty = float("inf")
    for _ in range(5):
        spent_ours = spent_theirs = spent_empty = 0.0
        for board in positions:
            t0 = clock()
            ours(board)
            t1 = clock()
            theirs(board)
            t2 = clock()
            t3 = clock()
            spent_ours += t1 - t0
            spent_theirs += t2 - t1
            spent_empty += t3 - t2
        best_ours = min(best_ours, spent_ours)
        best_theirs = min(best_theirs, spent_theirs)
        best_empty = min(best_empty, spent_empty)
    n = len(positions)
    return best_ours / n, best_theirs / n, best_empty / n


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--referee", help="a clone of the contest's repository (silnik.py)")
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()

    theirs = referee_function(args.referee)
    name = "referee (silnik.py)"
    if theirs is None:
        theirs, name = reference.steps, "tests/reference.py"
    positions = [b for b, piece in game_states(random.Random(7), args.games) if piece is None]
    for board in positions:
        assert contest.legal_moves(board) == theirs(board)
    print(f"{len(positions)} positions from {args.games} random games; against {name}")

    ours_b, theirs_b = batch(contest.legal_moves, positions), batch(theirs, positions)
    print(
        f"batch     legal_moves {ours_b * 1e6:6.2f} us/call   "
        f"{name} {theirs_b * 1e6:7.2f} us/call   x{theirs_b / ours_b:.1f}"
    )
    ours_i, theirs_i, clock = interleaved(contest.legal_moves, theirs, positions)
    print(
        f"per call  legal_moves {ours_i * 1e6:6.2f} us/call   "
        f"{name} {theirs_i * 1e6:7.2f} us/call   x{theirs_i / ours_i:.1f}"
        f"   (the clock alone: {clock * 1e6:.2f} us)"
    )


if __name__ == "__main__":
    main()
