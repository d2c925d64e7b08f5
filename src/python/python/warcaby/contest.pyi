"""The contest referee's helpers on its own boards (see contest.py)."""

from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy

from ._warcaby import Move

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
