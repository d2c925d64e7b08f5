"""Slow on purpose, like the contest's own slow test bot: its 2nd to 5th
answers take 0.3 s (over a move time of 0.2 s, under twice that), the 6th
and 7th 0.6 s (over twice the move time); the rest are quick. Run with
--move-time 200."""

import time


class bot:
    def __init__(self):
        self.calls = 0

    def move(self, plansza, ruchy):
        self.calls += 1
        if 2 <= self.calls <= 5:
            time.sleep(0.3)
        elif self.calls in (6, 7):
            time.sleep(0.6)
        return ruchy[0]
