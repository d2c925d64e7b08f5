"""A pure-Python move generator for contest boards, written the way the
contest's framework does it (numpy object boards, loops over squares),
from the spec's facts alone (shared/spec/rules.md, "The contest's referee
program"): the tests check ``warcaby.contest`` against it, and the
benchmark times both.

Facts used: the board is seen from the mover (own men move towards row 0
and are crowned there); 1/3 own man/king, 2/4 opponent's; a step is
``((r1, c1), (r2, c2))``; steps are listed by scanning rows 0..7 and columns
0..7, each piece's directions in the order (-1,-1), (-1,1), (1,-1), (1,1);
captures are mandatory and then the only steps; men capture backward too,
kings are short; a jumped piece is removed at once; a capture is asked hop
by hop, then only the capturing piece's further captures are offered; a
man reaching row 0 is crowned, even mid-capture, and goes on capturing.
"""

import numpy as np

DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
MINE = (1, 3)
THEIRS = (2, 4)
DARK = [(r, c) for r in range(8) for c in range(8) if (r + c) % 2 == 1]


def on_board(r, c):
    return 0 <= r < 8 and 0 <= c < 8


def captures_from(plansza, r, c):
    """The capture steps of the piece on (r, c)."""
    found = []
    for dr, dc in DIRECTIONS:
        over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
        if on_board(*land) and plansza[over] in THEIRS and plansza[land] == 0:
            found.append(((r, c), land))
    return found


def moves_from(plansza, r, c):
    """The plain steps of the piece on (r, c): men forward only."""
    directions = DIRECTIONS if plansza[r, c] == 3 else DIRECTIONS[:2]
    found = []
    for dr, dc in directions:
        to = (r + dr, c + dc)
        if on_board(*to) and plansza[to] == 0:
            found.append(((r, c), to))
    return found


def steps(plansza, piece=None):
    """The steps offered (the referee's ``ruchy``); with ``piece``, that
    piece's next hops during a capture."""
    if piece is not None:
        return captures_from(plansza, *piece) if plansza[piece] in MINE else []
    mine = [sq for sq in DARK if plansza[sq] in MINE]
    found = [s for sq in mine for s in captures_from(plansza, *sq)]
    if found:
        return found
    return [s for sq in mine for s in moves_from(plansza, *sq)]


def play(plansza, step):
    """(new board, captured, crowned) after one step; the input is kept."""
    (r1, c1), (r2, c2) = step
    board = plansza.copy()
    piece = board[r1, c1]
    board[r1, c1] = 0
    captured = abs(r2 - r1) == 2
    if captured:
        board[(r1 + r2) // 2, (c1 + c2) // 2] = 0
    crowned = piece == 1 and r2 == 0
    board[r2, c2] = 3 if crowned else piece
    return board, captured, crowned


def turn(plansza):
    """The board for the other side: turned round, codes swapped."""
    swap = {None: None, 0: 0, 1: 2, 2: 1, 3: 4, 4: 3}
    turned = np.full((8, 8), None, dtype=object)
    for r in range(8):
        for c in range(8):
            turned[7 - r, 7 - c] = swap[plansza[r, c]]
    return turned


def sequences(plansza):
    """Every whole move as its list of steps, hop by hop, in order."""
    found = []

    def follow(board, taken):
        board, captured, _ = play(board, taken[-1])
        more = steps(board, taken[-1][1]) if captured else []
        for step in more:
            follow(board, taken + [step])
        if not more:
            found.append(taken)

    for first in steps(plansza):
        follow(plansza, [first])
    return found


def start():
    """The start board, White (the mover) at the bottom."""
    board = np.full((8, 8), None, dtype=object)
    for r, c in DARK:
        board[r, c] = 2 if r < 3 else 1 if r > 4 else 0
    return board
