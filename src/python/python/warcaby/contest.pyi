"""The contest referee's helpers on its own boards (see contest.py)."""

from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy

from ._warcaby import Board, Move

Coord = Tuple[int, int]
Step = Tuple[Coord, Coord]
#: An 8x8 numpy array of objects (None, 0-4), or 8 sequences of 8 cells.
Plansza = Any

def legal_moves(plansza: Plansza, piece: Optional[Coord] = None) -> List[Step]:
    """The referee's ``ruchy``: every capture step when one exists, else
    every move, in the referee's order (rows 0..7, columns 0..7, directions
    (-1,-1), (-1,1), (1,-1), (1,1)). With ``piece=(row, col)``, only that
    piece's next capture steps, as asked mid-capture ([] when it is over).
    Raises InvalidBoardError for a malformed board."""

def apply(plansza: Plansza, ruch: Union[Step, Sequence[Step], Move]) -> Tuple[numpy.ndarray, bool, bool]:
    """``(new_board, captured, crowned)`` after a step (or a whole sequence
    of steps, or a ``Move`` of ``Board.from_contest(plansza)``) on a copy;
    the input is not changed. A jumped piece is removed
    at once, a man reaching row 0 is crowned. Raises InvalidBoardError for a
    step no piece of the mover can make."""

def turn(plansza: Plansza) -> numpy.ndarray:
    """The board as the other side sees it: turned 180 degrees, codes 1<->2
    and 3<->4 swapped."""

def sequences(plansza: Plansza) -> List[List[Step]]:
    """Every legal move as its list of steps (a capture hop by hop, a plain
    move as one step), in the referee's order."""

def move_time() -> float:
    """The referee's move time T in seconds, measured as it measures it
    before each game (64**3 calls of numpy ``sum`` on an 8x8 array, about
    0.2-1 s). A move slower than T spends one of 3 time flags, slower than
    2T is replaced by a random step. Measure it once, in ``__init__``."""

class Follower:
    """The game behind the boards a contest bot is handed: give it every
    ``plansza`` (mid-capture ones too), in order; it finds the opponent's
    reply and the moves the referee played without asking, for both sides."""

    def __init__(self) -> None: ...
    def follow(self, plansza: Plansza) -> Board:
        """The game so far at the start of the bot's turn, a
        ``Board(contest=True)`` with the referee's repetitions and
        no-progress count. Raises NotFollowingError (a ValueError) when no
        play leads here from the last board, changing nothing."""
    def answer(self, choice: Union[Step, Move]) -> Step:
        """Records the bot's answer and returns the step to return: a step
        of ``ruchy``, or one of ``moves`` (its next step)."""
    @property
    def board(self) -> Optional[Board]:
        """The game so far at the start of the bot's turn (None before the
        first board)."""
    @property
    def moves(self) -> List[Move]:
        """The bot's moves still possible this turn (mid-capture: those
        that begin with the hops played), for ``search(board, moves=...)``."""
    @property
    def hops(self) -> List[Step]:
        """The steps of the bot's move played this turn (mid-capture)."""
    @property
    def color(self) -> Optional[str]:
        """``"white"`` (moves first) or ``"black"``; None before a board."""
    @property
    def started_elsewhere(self) -> bool:
        """True when the first board was not reached from the start
        position (an overtime game): the game was taken to start there."""
