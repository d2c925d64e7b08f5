"""Warcaby: the checkers and Clobber engine of the Warcaby project, for Python.

* ``Board`` / ``Move``: a checkers game in the style of python-chess and
  pydraughts (tournament, english, russian and brazilian rules on 8x8,
  international draughts on 10x10), FEN and PDN both ways.
* ``ClobberBoard`` / ``ClobberMove``: Clobber on boards of 2-10 x 2-10.
* ``search``, ``evaluate`` and ``perft``: the engine's search (NegaScout,
  alpha-beta or minimax; restricted to given moves with ``moves=``), its
  static evaluation and move-path counts.
* ``contest``: the contest referee's helpers (``legal_moves``, ``apply``,
  ``turn``, ``sequences``) on its own numpy boards, same results, same order;
  its move time (``move_time``) and the game behind its boards (``Follower``).
* ``play``: a contest bot against a built-in engine, in this interpreter.
* ``clobber``: Clobber's exact solver and its proofs as work units (split,
  prove one unit, check one or all); ``python -m warcaby.distributed``
  runs the units on a Ray cluster (Ray is needed only there).
* ``evalnet``: the learned evaluation's training data as batches of
  self-play games; ``python -m warcaby.distributed selfplay`` plays them on
  Ray.

Bad input raises a ``WarcabyError`` (a ``ValueError``) with the engine's
message: ``InvalidFenError``, ``IllegalMoveError``, ``InvalidBoardError``
(and its ``NotFollowingError``).
"""

from . import clobber, contest, evalnet
from ._warcaby import (
    Board,
    ClobberBoard,
    ClobberMove,
    GameResult,
    IllegalMoveError,
    InvalidBoardError,
    InvalidFenError,
    Match,
    Move,
    NotFollowingError,
    Outcome,
    Piece,
    SearchResult,
    WarcabyError,
    evaluate,
    perft,
    play,
    search,
)

__all__ = [
    "Board",
    "ClobberBoard",
    "ClobberMove",
    "GameResult",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidFenError",
    "Match",
    "Move",
    "NotFollowingError",
    "Outcome",
    "Piece",
    "SearchResult",
    "WarcabyError",
    "clobber",
    "contest",
    "evalnet",
    "evaluate",
    "perft",
    "play",
    "search",
]
