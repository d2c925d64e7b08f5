"""Keeps state between moves and checks it is the same instance all game:
every call, its own call count must equal the number of calls this process
has made (one instance per game, one process per game)."""

import numpy as np

CALLS = [0]


class bot:
    def __init__(self):
        self.calls = 0
        self.seen = []

    def move(self, plansza, ruchy):
        CALLS[0] += 1
        self.calls += 1
        if self.calls != CALLS[0]:
            raise RuntimeError("a new bot instance mid-game")
        if not isinstance(plansza, np.ndarray) or plansza.dtype != object or plansza.shape != (8, 8):
            raise TypeError("plansza is not the referee's 8x8 object array")
        if not all(isinstance(r, tuple) and isinstance(r[0], tuple) for r in ruchy):
            raise TypeError("ruchy is not a list of tuples of tuples")
        if ruchy != sorted(ruchy):
            raise ValueError("ruchy are not in the referee's order")
        self.seen.append(int((plansza == 1).sum()))
        return ruchy[len(self.seen) % len(ruchy)]
