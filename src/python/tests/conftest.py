"""Shared helpers: random contest boards and the states a referee reaches."""

import os
import random
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

import reference  # noqa: E402


@pytest.fixture(scope="session")
def ray_cluster():
    """A local Ray cluster of two workers, for the drivers' tests (Ray is
    required: without it they fail, they are not skipped)."""
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def random_board(rng):
    """A random legal board: pieces anywhere they may stand, at most 12 a
    side, no man on its crowning row (row 0 for 1, row 7 for 2)."""
    board = np.full((8, 8), None, dtype=object)
    counts = {1: 0, 2: 0}
    density = rng.choice((0.2, 0.4, 0.6))
    for r, c in reference.DARK:
        board[r, c] = 0
        if rng.random() > density:
            continue
        code = rng.choice((1, 1, 1, 2, 2, 2, 3, 4))
        side = 1 if code in (1, 3) else 2
        if counts[side] == 12 or (code == 1 and r == 0) or (code == 2 and r == 7):
            continue
        counts[side] += 1
        board[r, c] = code
    return board


def game_states(rng, games, max_turns=120):
    """What a referee asks along random games: (board, piece) pairs, piece
    None at the start of a turn, else the capturing piece mid-capture."""
    states = []
    for _ in range(games):
        board = reference.start()
        for _ in range(max_turns):
            piece = None
            while True:
                offered = reference.steps(board, piece)
                if not offered:
                    break
                states.append((board, piece))
                step = rng.choice(offered)
                board, captured, _ = reference.play(board, step)
                if not captured:
                    break
                piece = step[1]
            if piece is None and not offered:
                break
            board = reference.turn(board)
    return states


@pytest.fixture(scope="session")
def rng():
    return random.Random(19)


@pytest.fixture(scope="session")
def boards():
    """Thousands of random boards."""
    r = random.Random(1919)
    return [random_board(r) for _ in range(3000)]


@pytest.fixture(scope="session")
def states():
    """The questions of 60 random games, multi-captures included."""
    return game_states(random.Random(2024), 60)
