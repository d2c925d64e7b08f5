"""The contest referee's helpers, on its own boards, in Rust.

A drop-in for the move generation of the contest's referee program
(``silnik.py``, class ``GRA``): the same boards, the same results, the
same order, many times faster.

* A board (``plansza``) is an 8x8 numpy array of dtype object, seen from
  the side to move: ``None`` on light squares (``row + col`` even), 0 empty,
  1 own man, 2 opponent man, 3 own king, 4 opponent king; own men move
  towards row 0 and are crowned there. Any 8x8 array or nested sequence of
  those values is read; anything else raises ``InvalidBoardError``.
* A step (``ruch``) is ``((r1, c1), (r2, c2))``.

``legal_moves(plansza)`` is the referee's ``znajdz_legalne_ruchy``: every
capture step when one exists (captures are mandatory), else every move, in
the referee's order (rows 0..7, columns 0..7, directions (-1,-1), (-1,1),
(1,-1), (1,1)). During a multi-capture the referee asks for the capturing
piece's next hops only: ``legal_moves(plansza, piece=(r, c))``. A man
crowned in the middle of a capture goes on capturing (tournament rules).
``apply`` plays a step on a copy (``(new_board, captured, crowned)``),
``turn`` hands the board to the other side, ``sequences`` lists whole
moves hop by hop.

``move_time()`` is the referee's move time T in seconds, measured as it
measures it before each game. ``Follower`` keeps the game behind the boards
a bot is handed: it finds the opponent's replies and the moves the referee
played without asking, so that ``follower.follow(plansza)`` is a
``Board(contest=True)`` with the referee's draw counters, and mid-capture
``follower.moves`` are the bot's moves still possible.
"""

from ._warcaby import contest as _native

legal_moves = _native.legal_moves
apply = _native.apply
turn = _native.turn
sequences = _native.sequences
move_time = _native.move_time
Follower = _native.Follower

__all__ = ["legal_moves", "apply", "turn", "sequences", "move_time", "Follower"]
