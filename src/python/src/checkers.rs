//! `warcaby.Board` and `warcaby.Move`: a checkers game in the style of
//! python-chess and pydraughts (legal moves, push and pop, FEN and PDN,
//! the outcome), on the library's [`Game`].

use crate::contest::{numpy_board, read_board};
use crate::errors::{bad_board, bad_fen, bad_input, illegal, IllegalMoveError};
use crate::numbers::Int;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use std::hash::{DefaultHasher, Hash, Hasher};
use warcaby::checkers::game::{DrawReason, WinReason};
use warcaby::checkers::notation::{full_path, full_text, short_text};
use warcaby::checkers::referee::{self, coord, Step};
use warcaby::checkers::rules::TOURNAMENT_CONTEST;
use warcaby::{Color, Game, Move, Outcome, Piece, Position, Role, Square, Variant};

/// A legal move of a position: its path, captures and text.
#[pyclass(name = "Move", module = "warcaby", frozen)]
#[derive(Clone)]
pub struct PyMove {
    /// The engine's move.
    pub mv: Move,
    pub(crate) text: String,
    full: String,
    path: Vec<u32>,
    /// The move as contest steps (see the `steps` getter).
    pub(crate) steps: Vec<Step>,
}

impl PyMove {
    /// `mv`, a legal move of `pos` (whose legal moves are `legal`).
    pub fn new(pos: &Position, mv: Move, legal: &[Move]) -> PyMove {
        let rules = pos.rules();
        let squares = full_path(&mv);
        let coords: Vec<_> = squares
            .iter()
            .map(|&sq| coord(sq, pos.side_to_move()))
            .collect();
        PyMove {
            mv,
            text: short_text(&mv, legal, rules),
            full: full_text(&mv, rules),
            path: squares.iter().map(|sq| u32::from(sq.number())).collect(),
            steps: coords.windows(2).map(|w| (w[0], w[1])).collect(),
        }
    }

    /// Every legal move of `pos`.
    pub fn all(pos: &Position) -> Vec<PyMove> {
        let legal = pos.legal_moves();
        legal.iter().map(|&m| PyMove::new(pos, m, &legal)).collect()
    }
}

#[pymethods]
impl PyMove {
    /// The squares the piece visits, start first, as numbers 1-32.
    #[getter]
    fn path(&self) -> Vec<u32> {
        self.path.clone()
    }

    /// The squares of the captured pieces (numbers 1-32, ascending).
    #[getter]
    fn captures(&self) -> Vec<u32> {
        let squares = self.mv.captured().squares();
        let mut numbers: Vec<u32> = squares.map(|sq| u32::from(sq.number())).collect();
        numbers.sort_unstable();
        numbers
    }

    /// The start square (1-32).
    #[getter(from_square)]
    fn start_square(&self) -> u8 {
        self.mv.from().number()
    }

    /// The end square (1-32).
    #[getter(to_square)]
    fn end_square(&self) -> u8 {
        self.mv.to().number()
    }

    /// True for a capture.
    #[getter]
    fn is_capture(&self) -> bool {
        self.mv.is_capture()
    }

    /// True when a man is crowned by this move.
    #[getter]
    fn promotes(&self) -> bool {
        self.mv.promotes()
    }

    /// The move's full path in the variant's notation (`1x10x19`).
    #[getter]
    fn full(&self) -> String {
        self.full.clone()
    }

    /// The move as contest steps `((r1, c1), (r2, c2))`, hop by hop, on the
    /// board as the mover sees it (`Board.contest_board()`).
    #[getter]
    fn steps(&self) -> Vec<Step> {
        self.steps.clone()
    }

    /// The shortest text that names the move among its position's legal
    /// moves (`11-15`, `15x24`, the full path when two share their ends).
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyMove>().is_ok_and(|o| o.get().mv == self.mv)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.mv.hash(&mut h);
        h.finish()
    }
}

/// A piece's letter in drawings: `o`/`O` White's man/king, `x`/`X` Black's.
fn symbol(p: Piece) -> char {
    match (p.color, p.role) {
        (Color::White, Role::Man) => 'o',
        (Color::White, Role::King) => 'O',
        (Color::Black, Role::Man) => 'x',
        (Color::Black, Role::King) => 'X',
    }
}

/// A piece on the board (`Board.piece_at`).
#[pyclass(name = "Piece", module = "warcaby", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPiece {
    piece: Piece,
}

impl PyPiece {
    fn new(piece: Piece) -> PyPiece {
        PyPiece { piece }
    }
}

#[pymethods]
impl PyPiece {
    /// `"white"` or `"black"`.
    #[getter]
    fn color(&self) -> &'static str {
        self.piece.color.name()
    }

    /// `"man"` or `"king"`.
    #[getter]
    fn role(&self) -> &'static str {
        match self.piece.role {
            Role::Man => "man",
            Role::King => "king",
        }
    }

    /// `o`/`O` White's man/king, `x`/`X` Black's (as `str(board)` draws).
    fn symbol(&self) -> String {
        symbol(self.piece).to_string()
    }

    fn __repr__(&self) -> String {
        format!("Piece('{}', '{}')", self.color(), self.role())
    }
}

/// The Python class of `Board.legal_moves` (a list that finds move text,
/// defined in `warcaby/_moves.py`).
fn legal_moves_class(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    static CLASS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    CLASS.import(py, "warcaby._moves", "LegalMoves")
}

/// How a game ended; `result()` as in python-chess.
#[pyclass(name = "Outcome", module = "warcaby", frozen)]
#[derive(Clone)]
pub struct PyOutcome {
    /// `"white"`, `"black"`, or None for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    result: &'static str,
    /// `no_pieces`, `blocked`, `threefold_repetition`, `no_progress`,
    /// `endgame` or `agreed`.
    #[pyo3(get)]
    termination: &'static str,
    /// In words, e.g. "white wins: black has no legal move".
    #[pyo3(get)]
    reason: String,
}

impl PyOutcome {
    /// The Python view of `outcome`.
    pub fn new(outcome: Outcome) -> PyOutcome {
        let termination = match outcome {
            Outcome::Win {
                reason: WinReason::NoPieces,
                ..
            } => "no_pieces",
            Outcome::Win {
                reason: WinReason::Blocked,
                ..
            } => "blocked",
            Outcome::Draw(DrawReason::ThreefoldRepetition) => "threefold_repetition",
            Outcome::Draw(DrawReason::NoProgress { .. }) => "no_progress",
            Outcome::Draw(DrawReason::Endgame(_)) => "endgame",
            Outcome::Draw(DrawReason::Agreed) => "agreed",
        };
        PyOutcome {
            winner: outcome.winner().map(Color::name),
            result: outcome.result_text(),
            termination,
            reason: outcome.to_string(),
        }
    }
}

#[pymethods]
impl PyOutcome {
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"` (a method, as python-chess's).
    fn result(&self) -> &'static str {
        self.result
    }

    fn __repr__(&self) -> String {
        format!("Outcome('{}', {})", self.result, self.reason)
    }
}

/// A checkers game: a position, the moves that led to it, and the rules'
/// verdict. `Board(variant="tournament", fen=None, contest=False)`;
/// `contest=True` ends tournament games as the contest's referee does.
#[pyclass(name = "Board", module = "warcaby")]
#[derive(Clone)]
pub struct PyBoard {
    /// The game.
    pub game: Game,
}

/// Parses a variant name.
pub(crate) fn variant(name: &str) -> PyResult<Variant> {
    name.parse().map_err(bad_input)
}

impl PyBoard {
    /// A board starting from `pos`, under the referee's rules if `contest`.
    fn starting(pos: Position, contest: bool) -> PyResult<PyBoard> {
        let pos = if contest {
            pos.under_rules(&TOURNAMENT_CONTEST).ok_or_else(|| {
                bad_input("contest=True is for the tournament variant (the contest's rules)")
            })?
        } else {
            pos
        };
        Ok(PyBoard {
            game: Game::from_position(pos),
        })
    }

    /// The legal move that `mv` (a Move or move text) names.
    pub(crate) fn resolve(&self, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        let pos = self.game.position();
        if let Ok(m) = mv.cast::<PyMove>() {
            let m = m.get();
            return match pos.parse_move(&m.full) {
                Ok(found) if found == m.mv => Ok(found),
                Ok(_) => Err(illegal(format!("{} is not a legal move here", m.full))),
                Err(e) => Err(illegal(e)),
            };
        }
        let text: String = mv
            .extract()
            .map_err(|_| PyTypeError::new_err("expected a Move or move text like '11-15'"))?;
        pos.parse_move(&text).map_err(illegal)
    }

    /// Plays `found`, a legal move, and returns it as a Move.
    fn play(&mut self, found: Move) -> PyResult<PyMove> {
        let pos = *self.game.position();
        self.game.play(&found).map_err(illegal)?;
        Ok(PyMove::new(&pos, found, &pos.legal_moves()))
    }

    /// A square given as a number 1-32 or as text in the variant's notation.
    fn square(&self, square: &Bound<'_, PyAny>) -> PyResult<Square> {
        let notation = self.game.position().rules().notation;
        if let Ok(text) = square.extract::<String>() {
            return Square::parse(&text, notation).map_err(bad_input);
        }
        let number = square.extract::<Int>().map_err(|_| {
            PyTypeError::new_err("a square is a number 1-32 or its text, like 22 or 'c3'")
        })?;
        let number = number.within("square", 1..=32u8)?;
        Square::from_number(number).ok_or_else(|| bad_input(format!("no square {number}")))
    }

    /// The board drawn as text: `o`/`O` White's men/kings, `x`/`X` Black's,
    /// `-` an empty dark square, rank 8 on top.
    fn drawing(&self) -> String {
        let pos = self.game.position();
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let cells: Vec<String> = (0..8u8)
                .map(|file| {
                    let piece = warcaby::Square::new(file, rank).map(|sq| pos.piece_at(sq));
                    let ch = match piece {
                        None => ' ',
                        Some(None) => '-',
                        Some(Some(p)) => symbol(p),
                    };
                    ch.to_string()
                })
                .collect();
            out.push_str(&format!("{} {}\n", rank + 1, cells.join(" ")));
        }
        out.push_str("  a b c d e f g h\n");
        out.push_str(&format!("{} to move", pos.side_to_move().name()));
        out
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (variant = "tournament", fen = None, contest = false))]
    fn py_new(variant: &str, fen: Option<&str>, contest: bool) -> PyResult<PyBoard> {
        let v = self::variant(variant)?;
        let pos = match fen {
            Some(text) => Position::from_fen(text, v).map_err(bad_fen)?,
            None => Position::start(v),
        };
        PyBoard::starting(pos, contest)
    }

    /// The first game of PDN text, with its moves (pop goes back into them).
    #[staticmethod]
    #[pyo3(signature = (text, variant = "tournament"))]
    fn from_pdn(text: &str, variant: &str) -> PyResult<PyBoard> {
        let game = warcaby::checkers::notation::pdn::read_game(text, self::variant(variant)?)
            .map_err(bad_fen)?;
        Ok(PyBoard { game: game.game })
    }

    /// The position a contest board shows (its mover as White, to move).
    #[staticmethod]
    #[pyo3(signature = (plansza, contest = true))]
    fn from_contest(plansza: &Bound<'_, PyAny>, contest: bool) -> PyResult<PyBoard> {
        let pos = read_board(plansza)?.position().map_err(bad_board)?;
        PyBoard::starting(pos, contest)
    }

    /// `"tournament"`, `"english"`, `"russian"` or `"brazilian"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.game.variant().name()
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.game.position().side_to_move().name()
    }

    /// Plies played since the start (a method, as python-chess's).
    fn ply(&self) -> usize {
        self.game.ply_count()
    }

    /// The legal moves (none once the game is over): a list in which move
    /// text is found too (`"22-18" in board.legal_moves`).
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let pos = self.game.position();
        let legal = self.game.legal_moves();
        let moves: Vec<PyMove> = legal.iter().map(|&m| PyMove::new(pos, m, &legal)).collect();
        legal_moves_class(py)?.call1((moves,))
    }

    /// The last move played, without taking it back (IndexError at the
    /// start), as python-chess's `peek`.
    fn peek(&self) -> PyResult<PyMove> {
        let (pos, mv) = self
            .game
            .positions_and_moves()
            .last()
            .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))?;
        Ok(PyMove::new(pos, *mv, &pos.legal_moves()))
    }

    /// True when `mv` (a Move or move text) is a legal move here; False for
    /// an illegal move or text that names no move.
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        match self.resolve(mv) {
            Ok(found) => Ok(self.game.legal_moves().contains(&found)),
            Err(e) if e.is_instance_of::<IllegalMoveError>(mv.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// True when `mv` (a legal Move or move text) captures; an illegal one
    /// raises IllegalMoveError.
    fn is_capture(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.resolve(mv)?.is_capture())
    }

    /// The piece on `square` (a number 1-32, or its text such as `"22"` or
    /// `"c3"`), or None on an empty square.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<PyPiece>> {
        let sq = self.square(square)?;
        Ok(self.game.position().piece_at(sq).map(PyPiece::new))
    }

    /// Plays move text (`"22-18"`, `"15x24"`) and returns the Move, like
    /// `push`.
    fn push_text(&mut self, text: &str) -> PyResult<PyMove> {
        let found = self.game.position().parse_move(text).map_err(illegal)?;
        self.play(found)
    }

    /// Boards are equal when their positions are: the pieces, the side to
    /// move and the variant, whatever moves led there (as python-chess
    /// compares positions).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBoard>()
            .is_ok_and(|o| o.borrow().game.position() == self.game.position())
    }

    /// The position's hash, equal for equal boards. A board's hash changes
    /// with every move: key a dict by `board.copy()` or `board.fen()` if
    /// the board will still be played on.
    fn __hash__(&self) -> u64 {
        let pos = self.game.position();
        let mut h = DefaultHasher::new();
        (pos.hash(), pos.rules().variant).hash(&mut h);
        h.finish()
    }

    /// The moves played, first to last.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.game
            .positions_and_moves()
            .map(|(pos, &mv)| PyMove::new(pos, mv, &pos.legal_moves()))
            .collect()
    }

    /// The legal move that `text` names (`11-15`, `15x24`, `1x10x19`).
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        let pos = self.game.position();
        let mv = pos.parse_move(text).map_err(illegal)?;
        Ok(PyMove::new(pos, mv, &pos.legal_moves()))
    }

    /// Plays a move (a Move or its text) and returns it; an illegal move
    /// raises IllegalMoveError and changes nothing.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let found = self.resolve(mv)?;
        self.play(found)
    }

    /// Takes back the last move and returns it (IndexError at the start).
    fn pop(&mut self) -> PyResult<PyMove> {
        let mv = self
            .game
            .undo()
            .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
        let pos = self.game.position();
        Ok(PyMove::new(pos, mv, &pos.legal_moves()))
    }

    /// The position as FEN (`W:W21,22:B1-12` style).
    fn fen(&self) -> String {
        self.game.position().to_fen()
    }

    /// The game as PDN text (tags, moves, result).
    fn pdn(&self) -> String {
        warcaby::PdnGame::new(self.game.clone()).to_pdn()
    }

    /// True once the rules end the game.
    fn is_game_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.game.outcome().map(PyOutcome::new)
    }

    /// An independent copy (moves included).
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    /// The board as the contest's referee gives it to the side to move: an
    /// 8x8 numpy array of None and 0-4 (see `warcaby.contest`).
    fn contest_board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        numpy_board(py, &referee::Board::of(self.game.position()))
    }

    fn __str__(&self) -> String {
        self.drawing()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', variant='{}')", self.fen(), self.variant())
    }
}
