"""A tournament-framework bot that plays sensibly without searching.

For each legal step it looks at the board after the step and scores it:

* captures first, the more pieces the capturing piece can go on to take the
  better (it is asked again for each further jump);
* then safety: every own piece the opponent could jump next is a heavy
  minus (a piece is hanging when an opponent piece stands diagonally next to
  it with an empty square behind it, in any direction, since men capture
  backward in the tournament rules);
* then progress: men advance (crowning is worth a lot), stay in the centre,
  keep the back row as long as possible and move next to their own pieces.

Ties are broken at random (the adapter seeds ``random`` per game).

    warcaby arena --bots python:src/arena/python/sensible_bot.py python:src/arena/python/random_bot.py
"""

import random

OWN = (1, 3)
OPPONENT = (2, 4)
DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))


def on_board(r, c):
    return 0 <= r < 8 and 0 <= c < 8


def after(plansza, step):
    """The board after one step (captured pieces removed, a man crowned on row 0)."""
    board = [list(row) for row in plansza]
    (r1, c1), (r2, c2) = step
    piece = board[r1][c1]
    board[r1][c1] = 0
    dr = 1 if r2 > r1 else -1
    dc = 1 if c2 > c1 else -1
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        if board[r][c] in OPPONENT:
            board[r][c] = 0
        r, c = r + dr, c + dc
    if piece == 1 and r2 == 0:
        piece = 3
    board[r2][c2] = piece
    return board


def is_capture(plansza, step):
    (r1, c1), (r2, c2) = step
    dr = 1 if r2 > r1 else -1
    dc = 1 if c2 > c1 else -1
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        if plansza[r][c] in OPPONENT:
            return True
        r, c = r + dr, c + dc
    return False


def more_jumps(board, r, c, depth=0):
    """How many more pieces the piece on (r, c) can take with short jumps."""
    if depth > 6:
        return 0
    best = 0
    for dr, dc in DIAGONALS:
        mr, mc, lr, lc = r + dr, c + dc, r + 2 * dr, c + 2 * dc
        if on_board(lr, lc) and board[mr][mc] in OPPONENT and board[lr][lc] == 0:
            best = max(best, 1 + more_jumps(after(board, ((r, c), (lr, lc))), lr, lc, depth + 1))
    return best


def hanging(board, r, c):
    """True if an opponent piece could jump the piece on (r, c) right away."""
    for dr, dc in DIAGONALS:
        ar, ac, lr, lc = r + dr, c + dc, r - dr, c - dc
        if on_board(ar, ac) and on_board(lr, lc):
            if board[ar][ac] in OPPONENT and board[lr][lc] == 0:
                return True
    return False


def friends(board, r, c):
    return sum(
        1
        for dr, dc in DIAGONALS
        if on_board(r + dr, c + dc) and board[r + dr][c + dc] in OWN
    )


def score(plansza, step):
    (r1, c1), (r2, c2) = step
    piece = plansza[r1][c1]
    board = after(plansza, step)
    value = 0
    if is_capture(plansza, step):
        value += 1000 + 300 * more_jumps(board, r2, c2)
    own = [(r, c) for r in range(8) for c in range(8) if board[r][c] in OWN]
    value -= 200 * sum(1 for r, c in own if hanging(board, r, c))
    if piece == 1:
        value += 4 * (r1 - r2)
        if r2 == 0:
            value += 150
        if r1 == 7:
            value -= 10
    if 2 <= c2 <= 5:
        value += 3
    value += 2 * friends(board, r2, c2)
    return value


class bot:
    def move(self, plansza, ruchy):
        scored = [(score(plansza, step), step) for step in ruchy]
        best = max(s for s, _ in scored)
        return random.choice([step for s, step in scored if s == best])
