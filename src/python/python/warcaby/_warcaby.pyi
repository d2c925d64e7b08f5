"""Type stubs of the native module; the documentation is in the docstrings
(``help(warcaby.Board)``) and in the project README ("Write your contest
bot with warcaby")."""

from types import ModuleType
from typing import Any, Generic, List, Optional, Sequence, Tuple, TypeVar, Union, overload

import numpy

from ._moves import LegalMoves

Coord = Tuple[int, int]
Step = Tuple[Coord, Coord]

contest: ModuleType
clobber: ModuleType
evalnet: ModuleType

class WarcabyError(ValueError):
    """Bad input to Warcaby (a ValueError): the base of the errors below."""

class InvalidFenError(WarcabyError):
    """A FEN, PDN or Clobber position text that describes no position."""

class IllegalMoveError(WarcabyError):
    """A move that is not legal here, or move text that names no legal move."""

class InvalidBoardError(WarcabyError):
    """A contest board that is not 8x8 of None and 0-4, or a step no piece can make."""

class NotFollowingError(InvalidBoardError):
    """A contest board that no play leads to from the last board a
    ``contest.Follower`` was given."""

class Move:
    """A legal move of a position. ``str(move)`` is its shortest text."""

    @property
    def path(self) -> List[int]:
        """The squares visited, start first (numbers 1-32; 1-50 on 10x10)."""
    @property
    def captures(self) -> List[int]:
        """The captured pieces' squares (numbers, ascending)."""
    @property
    def from_square(self) -> int: ...
    @property
    def to_square(self) -> int: ...
    @property
    def is_capture(self) -> bool: ...
    @property
    def promotes(self) -> bool: ...
    @property
    def full(self) -> str:
        """The full path text (``1x10x19``)."""
    @property
    def steps(self) -> List[Step]:
        """Contest steps, hop by hop, on the board as the mover sees it
        (8x8 only: a 10x10 move raises WarcabyError)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended."""

    winner: Optional[str]
    termination: str
    reason: str
    def result(self) -> str:
        """``"1-0"``, ``"0-1"`` or ``"1/2-1/2"``."""

class Piece:
    """A piece on the board (``Board.piece_at``)."""

    @property
    def color(self) -> str:
        """``"white"`` or ``"black"``."""
    @property
    def role(self) -> str:
        """``"man"`` or ``"king"``."""
    def symbol(self) -> str:
        """``o``/``O`` White's man/king, ``x``/``X`` Black's."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Board:
    """A checkers game: ``Board(variant="tournament", fen=None, contest=False)``;
    ``variant``: tournament, english, russian, brazilian or international
    (10x10, squares 1-50)."""

    def __init__(self, variant: str = "tournament", fen: Optional[str] = None, contest: bool = False) -> None: ...
    @staticmethod
    def from_pdn(text: str, variant: str = "tournament") -> Board:
        """The first game of PDN text, moves included (its GameType tag
        says the variant; 20 is international)."""
    @staticmethod
    def from_contest(plansza: Any, contest: bool = True) -> Board:
        """The position a contest board shows, its mover as White to move."""
    @property
    def variant(self) -> str: ...
    @property
    def turn(self) -> str:
        """``"white"`` or ``"black"``."""
    def ply(self) -> int:
        """Plies played since the start."""
    @property
    def legal_moves(self) -> LegalMoves:
        """A list of Move in which move text is found too (``"22-18" in``)."""
    @property
    def move_stack(self) -> List[Move]: ...
    def parse_move(self, text: str) -> Move: ...
    def push(self, move: Union[Move, str]) -> Move: ...
    def push_text(self, text: str) -> Move: ...
    def pop(self) -> Move: ...
    def peek(self) -> Move:
        """The last move played (IndexError at the start)."""
    def is_legal(self, move: Union[Move, str]) -> bool: ...
    def is_capture(self, move: Union[Move, str]) -> bool: ...
    def piece_at(self, square: Union[int, str]) -> Optional[Piece]:
        """The piece on a square (1-32, 1-50 on 10x10, or text like ``"22"`` or ``"c3"``)."""
    def __eq__(self, other: object) -> bool:
        """Equal positions: pieces, side to move and variant."""
    def __hash__(self) -> int:
        """Changes with every move: key by ``board.copy()`` or ``board.fen()``."""
    def fen(self) -> str: ...
    def pdn(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def copy(self) -> Board: ...
    def contest_board(self) -> numpy.ndarray:
        """The board as the contest's referee gives it to the side to move
        (8x8 only: a 10x10 board raises WarcabyError)."""

class ClobberMove:
    """A Clobber move; ``str(move)`` is ``b3-b4``."""

    @property
    def from_cell(self) -> Tuple[int, int]:
        """``(row, col)`` from the top-left."""
    @property
    def to_cell(self) -> Tuple[int, int]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class ClobberBoard:
    """A Clobber game: ``ClobberBoard(rows=6, cols=5, position=None)``."""

    def __init__(self, rows: int = 6, cols: int = 5, position: Optional[str] = None) -> None: ...
    @property
    def rows(self) -> int: ...
    @property
    def cols(self) -> int: ...
    @property
    def turn(self) -> str: ...
    @property
    def legal_moves(self) -> List[ClobberMove]: ...
    @property
    def move_stack(self) -> List[ClobberMove]: ...
    def parse_move(self, text: str) -> ClobberMove: ...
    def push(self, move: Union[ClobberMove, str]) -> ClobberMove: ...
    def pop(self) -> ClobberMove: ...
    def position(self) -> str: ...
    def is_game_over(self) -> bool: ...
    def winner(self) -> Optional[str]: ...
    def copy(self) -> ClobberBoard: ...

M = TypeVar("M", Move, ClobberMove)

class SearchResult(Generic[M]):
    """What a search found; scores in hundredths of a man (checkers)."""

    move: Optional[M]
    score: int
    depth: int
    seldepth: int
    nodes: int
    time_ms: int
    pv: List[M]
    mate_in: Optional[int]

@overload
def search(
    board: Board,
    *,
    time_ms: Optional[float] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    algorithm: str = "negascout",
    eval: Optional[str] = None,
    hash_mib: int = 16,
    moves: Optional[Sequence[Union[Move, str]]] = None,
) -> SearchResult[Move]:
    """The engine's best move; with no limit, one second. ``time_ms`` may be
    a float (whole milliseconds are used, at least 1). The hash table starts
    small and grows up to ``hash_mib`` as the search fills it, so shallow
    searches are cheap. ``moves``: choose among these legal moves only (the
    search's root never looks at the others), e.g. ``Follower.moves``
    mid-capture. A bad number raises WarcabyError naming the argument, an
    illegal move in ``moves`` IllegalMoveError, an empty ``moves``
    WarcabyError. ``eval``: ``positional`` (default), ``material`` or
    ``learned`` on 8x8; ``plain`` (default) or ``learned`` on 10x10, where
    ``material`` and ``positional`` raise WarcabyError."""
@overload
def search(
    board: ClobberBoard,
    *,
    time_ms: Optional[float] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    algorithm: str = "negascout",
    eval: Optional[str] = None,
    hash_mib: int = 16,
    moves: Optional[Sequence[Union[ClobberMove, str]]] = None,
) -> SearchResult[ClobberMove]: ...
def evaluate(board: Union[Board, ClobberBoard], eval: Optional[str] = None) -> int:
    """The engine's static evaluation, without search, for the side to move
    (hundredths of a man in checkers): what ``search`` scores a quiet
    position at its horizon. ``eval`` as in ``search`` (8x8 checkers:
    ``positional`` by default, ``material``, ``learned``; 10x10: ``plain``
    by default, ``learned``)."""
def perft(board: Union[Board, ClobberBoard], depth: int) -> int:
    """Leaf nodes of the move tree ``depth`` plies deep."""

class GameResult:
    """One game of a match, from the bot's side."""

    bot_color: str
    result: str
    winner: Optional[str]
    tiebreak: Optional[str]
    end: str
    detail: str
    error: Optional[str]
    plies: int
    moves: List[str]
    start_fen: str
    pdn: str
    time_used: float
    move_time_ms: Optional[float]
    flags_used: Optional[int]
    substitutions: List[str]

class Match:
    """A match: its games and the bot's score."""

    opponent: str
    games: List[GameResult]
    wins: int
    draws: int
    losses: int
    points: float

def play(
    bot: Any,
    opponent: Any = "level=3",
    games: int = 2,
    *,
    seed: int = 0,
    time_per_game: float = 60.0,
    contest: bool = False,
    move_time_ms: Optional[float] = None,
    fen: Optional[str] = None,
) -> Match:
    """Plays a contest bot (class or instance with ``move(plansza, ruchy)``)
    against a built-in engine spec or another bot, colours alternating
    (tournament checkers, the contest's game: ``fen`` is an 8x8 FEN)."""
