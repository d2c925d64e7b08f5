"""A contest bot that finds its pieces with ``np.where(plansza == 1)`` and
compares boards with numpy: it plays the step that keeps the most of its
men out of the opponent's reach, preferring captures and advanced men."""

import numpy as np


class bot:
    def __init__(self):
        self.moves_made = 0

    def hanging(self, board):
        """Own pieces an opponent piece could jump right now."""
        rows, cols = np.where((board == 1) | (board == 3))
        count = 0
        for r, c in zip(rows, cols):
            for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1)):
                ra, ca, rb, cb = r + dr, c + dc, r - dr, c - dc
                if 0 <= ra < 8 and 0 <= ca < 8 and 0 <= rb < 8 and 0 <= cb < 8:
                    if board[ra, ca] in (2, 4) and board[rb, cb] == 0:
                        count += 1
        return count

    def move(self, plansza, ruchy):
        self.moves_made += 1
        men_rows = np.where(plansza == 1)[0]
        best, best_key = ruchy[0], None
        for ruch in ruchy:
            (r1, c1), (r2, c2) = ruch
            board = np.array(plansza, dtype=object)
            if abs(r2 - r1) == 2:
                board[(r1 + r2) // 2, (c1 + c2) // 2] = 0
            board[r2, c2], board[r1, c1] = board[r1, c1], 0
            key = (abs(r2 - r1) == 2, -self.hanging(board), r1 == men_rows.max(initial=0), -r2)
            if best_key is None or key > best_key:
                best, best_key = ruch, key
        return best
