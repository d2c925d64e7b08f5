#!/usr/bin/env python3
"""Warcaby arena adapter for tournament-framework bots (standard library only).

    python3 adapter.py BOT_FILE.py

Loads BOT_FILE.py, which defines ``class bot`` with a method
``move(self, plansza, ruchy)``, and plays it over the arena's line protocol
(src/arena/bot-protocol.md) on stdin/stdout. A new ``bot()`` is made for every
game, and ``random`` is seeded with the game's seed first, so a bot that uses
``random`` plays the same game again for the same arena seed.

The board the bot sees, ``plansza``, is 8 lists of 8 values, ``plansza[row][col]``,
from the point of view of the side to move, as if it sat at the board:

* row 0 is the far edge, row 7 the mover's own back row; the mover's men move
  up the rows (towards row 0) and are crowned on row 0;
* for White: row = 8 - rank, col = file (a = 0), so b8 (square 1) is (0, 1)
  and a1 (square 29) is (7, 0);
* for Black the board is turned round: row = rank - 1, col = 7 - file (h = 0),
  so g1 (square 32) is (0, 1) and h8 (square 4) is (7, 0);
* None on light squares (row + col even), 0 on an empty dark square, 1 own man,
  2 opponent man, 3 own king, 4 opponent king.

``ruchy`` is the list of legal one-step moves ``((start_row, start_col),
(end_row, end_col))``, in the same coordinates, each step listed once. A quiet
move is one step. A capture is asked step by step: the first question lists
the distinct first jumps of all legal capture sequences; after the bot picks
one, the board is shown again with the piece on its landing square and the
pieces it jumped removed (a man reaching row 0 shown crowned), and ``ruchy``
lists the distinct next jumps of the sequences that begin with the jumps
chosen so far. Sequences that share their first steps are therefore told
apart at the first step where they differ. When only one step is possible
the bot is not asked (as the arena does not ask a bot with one legal move),
and the move ends once the chosen steps name exactly one legal sequence.

A bot that returns something that is not in ``ruchy`` loses: the adapter
sends the step as a move (the arena rejects it as illegal) or, if it is not
even a step, as unreadable text. A bot that raises an exception crashes the
adapter; the traceback goes to stderr and the arena records it. Anything the
bot prints goes to stderr, never into the protocol.
"""

import importlib.util
import os
import re
import random
import sys
import traceback

PROTOCOL = sys.stdout
sys.stdout = sys.stderr  # the bot's own prints must not reach the arena


def send(line):
    PROTOCOL.write(line + "\n")
    PROTOCOL.flush()


def load_bot_class(path):
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location("arena_bot", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.bot


# Squares: (file, rank), both 0-based, a1 = (0, 0).

def parse_square(text):
    text = text.strip()
    if text[:1].isalpha():
        return (ord(text[0].lower()) - ord("a"), int(text[1:]) - 1)
    n = int(text)
    rank = 7 - (n - 1) // 4
    return (2 * ((n - 1) % 4) + rank % 2, rank)


def square_text(square, numeric):
    file, rank = square
    if numeric:
        return str((7 - rank) * 4 + file // 2 + 1)
    return "%s%d" % (chr(ord("a") + file), rank + 1)


def to_view(square, white):
    file, rank = square
    return (7 - rank, file) if white else (rank, 7 - file)


def from_view(rc, white):
    row, col = rc
    return (col, 7 - row) if white else (7 - col, row)


def parse_fen(fen):
    """Side to move ('W' or 'B') and {square: (colour, king)}."""
    fields = fen.split(":")
    side = fields[0].strip().upper()
    pieces = {}
    for field in fields[1:]:
        colour = field[:1].upper()
        for item in field[1:].split(","):
            item = item.strip()
            if not item:
                continue
            king = item[:1] in ("K", "k")
            if king:
                item = item[1:]
            if "-" in item:
                lo, hi = item.split("-")
                squares = [parse_square(str(n)) for n in range(int(lo), int(hi) + 1)]
            else:
                squares = [parse_square(item)]
            for sq in squares:
                pieces[sq] = (colour, king)
    return side, pieces


def make_board(pieces, side):
    white = side == "W"
    board = [[None if (r + c) % 2 == 0 else 0 for c in range(8)] for r in range(8)]
    for sq, (colour, king) in pieces.items():
        r, c = to_view(sq, white)
        own = colour == side
        board[r][c] = (3 if king else 1) if own else (4 if king else 2)
    return board


def apply_step(board, step):
    """Moves the piece one step, removing what it jumps, crowning on row 0."""
    (r1, c1), (r2, c2) = step
    piece = board[r1][c1]
    board[r1][c1] = 0
    dr = 1 if r2 > r1 else -1
    dc = 1 if c2 > c1 else -1
    r, c = r1 + dr, c1 + dc
    while (r, c) != (r2, c2):
        if board[r][c] in (2, 4):
            board[r][c] = 0
        r, c = r + dr, c + dc
    if piece == 1 and r2 == 0:
        piece = 3
    board[r2][c2] = piece


def normalise(choice):
    try:
        (a, b), (c, d) = choice
        return ((int(a), int(b)), (int(c), int(d)))
    except Exception:
        return None


def distinct(items):
    seen = []
    for item in items:
        if item not in seen:
            seen.append(item)
    return seen


def choose(player, fen, moves, numeric):
    """The text of the legal move the bot picks, step by step."""
    side, pieces = parse_fen(fen)
    white = side == "W"
    board = make_board(pieces, side)
    candidates = []
    for text in moves:
        squares = [parse_square(s) for s in re.split(r"[-xX:]", text)]
        candidates.append((text, [to_view(sq, white) for sq in squares]))
    taken = []
    while True:
        if taken:
            candidates = [m for m in candidates if m[1][: len(taken)] == taken]
            finished = [m for m in candidates if len(m[1]) == len(taken)]
            if finished:
                return finished[0][0]
            if len(candidates) == 1:
                return candidates[0][0]
            k = len(taken)
            steps = distinct((m[1][k - 1], m[1][k]) for m in candidates)
        else:
            steps = distinct((m[1][0], m[1][1]) for m in candidates)
        if len(steps) == 1:
            step = steps[0]
        else:
            answer = player.move([row[:] for row in board], list(steps))
            step = normalise(answer)
            if step not in steps:
                sys.stderr.write(
                    "bot returned %r, which is not one of the legal steps %r\n"
                    % (answer, steps)
                )
                return rejected(taken, step, answer, white, numeric)
        apply_step(board, step)
        taken = taken + [step[1]] if taken else [step[0], step[1]]


def rejected(taken, step, answer, white, numeric):
    """Move text for a step the bot made up: the arena will refuse it."""
    if step is not None:
        squares = (taken or [step[0]]) + [step[1]]
        if all(0 <= r < 8 and 0 <= c < 8 and (r + c) % 2 == 1 for r, c in squares):
            return "-".join(square_text(from_view(rc, white), numeric) for rc in squares)
    return " ".join(repr(answer).split()) or "?"


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: python3 adapter.py BOT_FILE.py\n")
        sys.exit(2)
    path = sys.argv[1]
    try:
        bot_class = load_bot_class(path)
    except Exception:
        traceback.print_exc()
        sys.exit(1)
    name = os.path.splitext(os.path.basename(path))[0]
    player = None
    numeric = True
    fen = None
    moves = []
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        args = dict(kv.split("=", 1) for kv in rest.split() if "=" in kv)
        if word == "arena":
            send('id name="%s" author="tournament-framework adapter"' % name)
            send("ready")
        elif word == "newgame":
            numeric = args.get("variant") != "russian"
            random.seed(int(args.get("seed", "0")))
            player = bot_class()
        elif word == "pos":
            fen = args["fen"]
            moves = [m for m in args.get("moves", "").split(",") if m]
        elif word == "go":
            if player is None:
                player = bot_class()
            send("move " + choose(player, fen, moves, numeric))
        elif word == "quit":
            break


if __name__ == "__main__":
    main()
