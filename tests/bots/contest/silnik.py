"""A small stand-in for the contest framework's referee module, written for
the tests: a student bot in boty/ imports it as ``from silnik import GRA``,
as it would import the framework's own silnik.py next to boty/. Only the
helpers bots use are here: legal one-step moves in the referee's order, a
step played on a board copy, and the board turned for the opponent."""

import numpy as np

DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


class GRA:
    def znajdz_legalne_ruchy(self, plansza, tylko_dla_pozycji=None):
        """One-step moves of the mover (pieces 1 and 3): captures only when
        there is one, listed row by row, column by column."""
        cells = [tylko_dla_pozycji] if tylko_dla_pozycji else [
            (r, c) for r in range(8) for c in range(8)
        ]
        jumps, steps = [], []
        for r, c in cells:
            piece = plansza[r, c]
            if piece not in (1, 3):
                continue
            for dr, dc in DIAGONALS:
                r1, c1, r2, c2 = r + dr, c + dc, r + 2 * dr, c + 2 * dc
                if 0 <= r2 < 8 and 0 <= c2 < 8 and plansza[r1, c1] in (2, 4) and plansza[r2, c2] == 0:
                    jumps.append(((r, c), (r2, c2)))
                if 0 <= r1 < 8 and 0 <= c1 < 8 and plansza[r1, c1] == 0 and (piece == 3 or dr < 0):
                    steps.append(((r, c), (r1, c1)))
        return jumps if jumps else steps

    def update(self, plansza, ruch):
        """(new board, was it a capture, end square); the input is unchanged."""
        board = plansza.copy()
        (r1, c1), (r2, c2) = ruch
        piece = board[r1, c1]
        capture = abs(r2 - r1) == 2
        if capture:
            board[(r1 + r2) // 2, (c1 + c2) // 2] = 0
        board[r1, c1] = 0
        board[r2, c2] = 3 if (piece == 1 and r2 == 0) else piece
        return board, capture, (r2, c2)

    def zamien_perspektywe(self, plansza):
        swap = {None: None, 0: 0, 1: 2, 2: 1, 3: 4, 4: 3}
        turned = np.rot90(plansza, 2)
        return np.array([[swap[v] for v in row] for row in turned], dtype=object)
