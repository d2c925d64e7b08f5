//! `warcaby.Board` and `warcaby.Move`: a checkers game in the style of
//! python-chess and pydraughts (legal moves, push and pop, FEN and PDN,
//! the outcome), on the library's [`GameOf`] — the 8x8 board for the four
//! 8x8 variants, the 10x10 one for international draughts. One Python
//! class serves both boards, so that a variant's name is all a user
//! changes; the code below is written once, generic over the board
//! ([`Geometry`]), and [`Played`] says which board a game is on.

use crate::contest::{numpy_board, read_board};
use crate::errors::{bad_board, bad_fen, bad_input, illegal, IllegalMoveError};
use crate::numbers::Int;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use std::hash::{DefaultHasher, Hash, Hasher};
use warcaby::checkers::game::{DrawReason, GameOf, WinReason};
use warcaby::checkers::geometry::{Board10, Board8, Geometry};
use warcaby::checkers::moves::MoveOf;
use warcaby::checkers::notation::pdn;
use warcaby::checkers::notation::{full_path, full_text, short_text};
use warcaby::checkers::position::PositionOf;
use warcaby::checkers::referee::{self, coord, Step};
use warcaby::checkers::rules::{BoardSize, TOURNAMENT_CONTEST};
use warcaby::checkers::square::SquareOf;
use warcaby::{Color, Game, Outcome, Piece, Role, Variant};

/// A move on either board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BoardMove {
    /// A move of an 8x8 variant.
    Eight(MoveOf<Board8>),
    /// A move of international draughts.
    Ten(MoveOf<Board10>),
}

/// A game on either board: what a `Board` holds.
#[derive(Clone)]
pub enum Played {
    /// A game of an 8x8 variant.
    Eight(Game),
    /// A game of international draughts.
    Ten(GameOf<Board10>),
}

/// Runs `$body` with `$g` bound to the game of `$played` (a `&Played` or
/// `&mut Played`), whichever board it is on: the body is compiled once per
/// board, so generic library code serves both.
macro_rules! on_board {
    ($played:expr, $g:ident => $body:expr) => {
        match $played {
            $crate::checkers::Played::Eight($g) => $body,
            $crate::checkers::Played::Ten($g) => $body,
        }
    };
}
pub(crate) use on_board;

/// A board the package plays on: how its moves are told apart from the
/// other board's, and whether the contest's numpy boards can show them.
pub trait Side: Geometry {
    /// `mv` as a move of either board.
    fn wrap(mv: MoveOf<Self>) -> BoardMove;
    /// The move of this board that `mv` is, if it is one.
    fn unwrap(mv: &BoardMove) -> Option<MoveOf<Self>>;
    /// `mv` of `pos` as contest steps; None where the contest has no board
    /// (10x10: the referee, silnik.py, plays 8x8 only).
    fn contest_steps(pos: &PositionOf<Self>, squares: &[SquareOf<Self>]) -> Option<Vec<Step>>;
}

impl Side for Board8 {
    fn wrap(mv: MoveOf<Board8>) -> BoardMove {
        BoardMove::Eight(mv)
    }
    fn unwrap(mv: &BoardMove) -> Option<MoveOf<Board8>> {
        match mv {
            BoardMove::Eight(m) => Some(*m),
            BoardMove::Ten(_) => None,
        }
    }
    fn contest_steps(pos: &PositionOf<Board8>, squares: &[SquareOf<Board8>]) -> Option<Vec<Step>> {
        let coords: Vec<_> = squares
            .iter()
            .map(|&sq| coord(sq, pos.side_to_move()))
            .collect();
        Some(coords.windows(2).map(|w| (w[0], w[1])).collect())
    }
}

impl Side for Board10 {
    fn wrap(mv: MoveOf<Board10>) -> BoardMove {
        BoardMove::Ten(mv)
    }
    fn unwrap(mv: &BoardMove) -> Option<MoveOf<Board10>> {
        match mv {
            BoardMove::Ten(m) => Some(*m),
            BoardMove::Eight(_) => None,
        }
    }
    fn contest_steps(_: &PositionOf<Board10>, _: &[SquareOf<Board10>]) -> Option<Vec<Step>> {
        None
    }
}

/// The message of every contest-board refusal on 10x10.
pub(crate) const NO_CONTEST_10X10: &str = "contest boards and steps are 8x8 (the contest's referee, silnik.py, plays tournament checkers): international draughts (10x10) has none";

/// A legal move of a position: its path, captures and text.
#[pyclass(name = "Move", module = "warcaby", frozen)]
#[derive(Clone)]
pub struct PyMove {
    /// The engine's move.
    pub mv: BoardMove,
    pub(crate) text: String,
    full: String,
    path: Vec<u32>,
    captured: Vec<u32>,
    from: u8,
    to: u8,
    is_capture: bool,
    promotes: bool,
    /// The move as contest steps (see the `steps` getter); None on 10x10.
    steps: Option<Vec<Step>>,
}

impl PyMove {
    /// `mv`, a legal move of `pos` (whose legal moves are `legal`).
    pub fn new<G: Side>(pos: &PositionOf<G>, mv: MoveOf<G>, legal: &[MoveOf<G>]) -> PyMove {
        let rules = pos.rules();
        let squares = full_path(&mv);
        let mut captured: Vec<u32> = mv
            .captured()
            .squares()
            .map(|sq| u32::from(sq.number()))
            .collect();
        captured.sort_unstable();
        PyMove {
            mv: G::wrap(mv),
            text: short_text(&mv, legal, rules),
            full: full_text(&mv, rules),
            path: squares.iter().map(|sq| u32::from(sq.number())).collect(),
            captured,
            from: mv.from().number(),
            to: mv.to().number(),
            is_capture: mv.is_capture(),
            promotes: mv.promotes(),
            steps: G::contest_steps(pos, &squares),
        }
    }

    /// The move as contest steps, or a WarcabyError for a 10x10 move.
    pub(crate) fn contest_steps(&self) -> PyResult<Vec<Step>> {
        self.steps
            .clone()
            .ok_or_else(|| bad_input(NO_CONTEST_10X10))
    }
}

#[pymethods]
impl PyMove {
    /// The squares the piece visits, start first, as numbers (1-32; 1-50
    /// on 10x10).
    #[getter]
    fn path(&self) -> Vec<u32> {
        self.path.clone()
    }

    /// The squares of the captured pieces (numbers, ascending).
    #[getter]
    fn captures(&self) -> Vec<u32> {
        self.captured.clone()
    }

    /// The start square's number.
    #[getter(from_square)]
    fn start_square(&self) -> u8 {
        self.from
    }

    /// The end square's number.
    #[getter(to_square)]
    fn end_square(&self) -> u8 {
        self.to
    }

    /// True for a capture.
    #[getter]
    fn is_capture(&self) -> bool {
        self.is_capture
    }

    /// True when a man is crowned by this move.
    #[getter]
    fn promotes(&self) -> bool {
        self.promotes
    }

    /// The move's full path in the variant's notation (`1x10x19`).
    #[getter]
    fn full(&self) -> String {
        self.full.clone()
    }

    /// The move as contest steps `((r1, c1), (r2, c2))`, hop by hop, on the
    /// board as the mover sees it (`Board.contest_board()`); 8x8 only (a
    /// 10x10 move raises WarcabyError: the contest has no such board).
    #[getter]
    fn steps(&self) -> PyResult<Vec<Step>> {
        self.contest_steps()
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
/// `contest=True` ends tournament games as the contest's referee does;
/// `variant="international"` plays on the 10x10 board.
#[pyclass(name = "Board", module = "warcaby")]
#[derive(Clone)]
pub struct PyBoard {
    /// The game, on its board.
    pub game: Played,
}

/// Parses a variant name, international draughts included (the library's
/// plain `parse` knows the 8x8 variants only, for front ends that play
/// nothing else).
pub(crate) fn variant(name: &str) -> PyResult<Variant> {
    Variant::from_any_name(name).map_err(bad_input)
}

/// The legal move of `game` that `mv` (a Move or move text) names.
pub(crate) fn resolve_in<G: Side>(game: &GameOf<G>, mv: &Bound<'_, PyAny>) -> PyResult<MoveOf<G>> {
    let pos = game.position();
    if let Ok(m) = mv.cast::<PyMove>() {
        let m = m.get();
        // A move of the other board is no move here, whatever its text.
        let Some(own) = G::unwrap(&m.mv) else {
            return Err(illegal(format!(
                "{} is a move of the other board ({}), not of this {} game",
                m.full,
                if G::SIZE == BoardSize::Ten {
                    "8x8"
                } else {
                    "10x10"
                },
                pos.rules().variant
            )));
        };
        return match pos.parse_move(&m.full) {
            Ok(found) if found == own => Ok(found),
            Ok(_) => Err(illegal(format!("{} is not a legal move here", m.full))),
            Err(e) => Err(illegal(e)),
        };
    }
    let text: String = mv.extract().map_err(|_| {
        PyTypeError::new_err("expected a Move or move text like '11-15' (10x10: '32-28')")
    })?;
    pos.parse_move(&text).map_err(illegal)
}

/// Plays `found`, a legal move of `game`, and returns it as a Move.
fn play_in<G: Side>(game: &mut GameOf<G>, found: MoveOf<G>) -> PyResult<PyMove> {
    let pos = *game.position();
    game.play(&found).map_err(illegal)?;
    Ok(PyMove::new(&pos, found, &pos.legal_moves()))
}

/// A square of `pos`'s board given as a number (1-32, 1-50 on 10x10) or
/// as text in the variant's notation.
fn square_of<G: Geometry>(pos: &PositionOf<G>, square: &Bound<'_, PyAny>) -> PyResult<SquareOf<G>> {
    let notation = pos.rules().notation;
    if let Ok(text) = square.extract::<String>() {
        return SquareOf::<G>::parse(&text, notation).map_err(bad_input);
    }
    let count = SquareOf::<G>::COUNT;
    let number = square.extract::<Int>().map_err(|_| {
        PyTypeError::new_err(format!(
            "a square is a number 1-{count} or its text, like 22 or 'c3'"
        ))
    })?;
    let number = number.within("square", 1..=count)?;
    SquareOf::<G>::from_number(number).ok_or_else(|| bad_input(format!("no square {number}")))
}

/// The board drawn as text: `o`/`O` White's men/kings, `x`/`X` Black's,
/// `-` an empty dark square, the top rank first.
fn drawing<G: Geometry>(pos: &PositionOf<G>) -> String {
    // Rank numbers take two columns on 10x10 ("10"), one on 8x8 as before.
    let width = if G::RANKS > 9 { 2 } else { 1 };
    let mut out = String::new();
    for rank in (0..G::RANKS).rev() {
        let cells: Vec<String> = (0..G::FILES)
            .map(|file| {
                let piece = SquareOf::<G>::new(file, rank).map(|sq| pos.piece_at(sq));
                let ch = match piece {
                    None => ' ',
                    Some(None) => '-',
                    Some(Some(p)) => symbol(p),
                };
                ch.to_string()
            })
            .collect();
        out.push_str(&format!("{:>width$} {}\n", rank + 1, cells.join(" ")));
    }
    let files: Vec<String> = (0..G::FILES)
        .map(|f| char::from(b'a' + f).to_string())
        .collect();
    out.push_str(&format!("{:width$} {}\n", "", files.join(" ")));
    out.push_str(&format!("{} to move", pos.side_to_move().name()));
    out
}

/// The legal moves of `game` (none once it is over) as Move objects.
fn legal_in<G: Side>(game: &GameOf<G>) -> Vec<PyMove> {
    let pos = game.position();
    let legal = game.legal_moves();
    legal.iter().map(|&m| PyMove::new(pos, m, &legal)).collect()
}

impl PyBoard {
    /// A board holding an 8x8 game (the contest follower's).
    pub fn eight(game: Game) -> PyBoard {
        PyBoard {
            game: Played::Eight(game),
        }
    }

    /// A board starting from `pos` (8x8), under the referee's rules if
    /// `contest`.
    fn starting(pos: PositionOf<Board8>, contest: bool) -> PyResult<PyBoard> {
        let pos = if contest {
            pos.under_rules(&TOURNAMENT_CONTEST).ok_or_else(|| {
                bad_input("contest=True is for the tournament variant (the contest's rules)")
            })?
        } else {
            pos
        };
        Ok(PyBoard::eight(Game::from_position(pos)))
    }

    /// The legal move that `mv` (a Move or move text) names.
    pub(crate) fn resolve(&self, mv: &Bound<'_, PyAny>) -> PyResult<BoardMove> {
        on_board!(&self.game, g => resolve_in(g, mv).map(Side::wrap))
    }

    /// Plays `found`, a legal move of this board, and returns it as a Move.
    fn play(&mut self, found: BoardMove) -> PyResult<PyMove> {
        match (&mut self.game, found) {
            (Played::Eight(g), BoardMove::Eight(m)) => play_in(g, m),
            (Played::Ten(g), BoardMove::Ten(m)) => play_in(g, m),
            _ => Err(illegal("a move of the other board")),
        }
    }
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (variant = "tournament", fen = None, contest = false))]
    fn py_new(variant: &str, fen: Option<&str>, contest: bool) -> PyResult<PyBoard> {
        let v = self::variant(variant)?;
        if v.board() == BoardSize::Ten {
            if contest {
                return Err(bad_input(
                    "contest=True is for the tournament variant (the contest's rules), not international draughts",
                ));
            }
            let pos = match fen {
                Some(text) => PositionOf::<Board10>::from_fen(text, v).map_err(bad_fen)?,
                None => PositionOf::<Board10>::start(v),
            };
            return Ok(PyBoard {
                game: Played::Ten(GameOf::from_position(pos)),
            });
        }
        let pos = match fen {
            Some(text) => PositionOf::<Board8>::from_fen(text, v).map_err(bad_fen)?,
            None => PositionOf::<Board8>::start(v),
        };
        PyBoard::starting(pos, contest)
    }

    /// The first game of PDN text, with its moves (pop goes back into them).
    /// Its GameType tag says the variant (20: international, on 10x10);
    /// without one, `variant` does.
    #[staticmethod]
    #[pyo3(signature = (text, variant = "tournament"))]
    fn from_pdn(text: &str, variant: &str) -> PyResult<PyBoard> {
        let default = self::variant(variant)?;
        let raws = pdn::split(text);
        let raw = raws.first().ok_or(pdn::PdnError::NoGame).map_err(bad_fen)?;
        let game = match raw.variant(default).map_err(bad_fen)?.board() {
            BoardSize::Eight => {
                Played::Eight(raw.replay_on::<Board8>(default).map_err(bad_fen)?.game)
            }
            BoardSize::Ten => Played::Ten(raw.replay_on::<Board10>(default).map_err(bad_fen)?.game),
        };
        Ok(PyBoard { game })
    }

    /// The position a contest board shows (its mover as White, to move).
    #[staticmethod]
    #[pyo3(signature = (plansza, contest = true))]
    fn from_contest(plansza: &Bound<'_, PyAny>, contest: bool) -> PyResult<PyBoard> {
        let pos = read_board(plansza)?.position().map_err(bad_board)?;
        PyBoard::starting(pos, contest)
    }

    /// `"tournament"`, `"english"`, `"russian"`, `"brazilian"` or
    /// `"international"`.
    #[getter]
    fn variant(&self) -> &'static str {
        on_board!(&self.game, g => g.variant().name())
    }

    /// The side to move: `"white"` or `"black"`.
    #[getter]
    fn turn(&self) -> &'static str {
        on_board!(&self.game, g => g.position().side_to_move().name())
    }

    /// Plies played since the start (a method, as python-chess's).
    fn ply(&self) -> usize {
        on_board!(&self.game, g => g.ply_count())
    }

    /// The legal moves (none once the game is over): a list in which move
    /// text is found too (`"22-18" in board.legal_moves`).
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let moves = on_board!(&self.game, g => legal_in(g));
        legal_moves_class(py)?.call1((moves,))
    }

    /// The last move played, without taking it back (IndexError at the
    /// start), as python-chess's `peek`.
    fn peek(&self) -> PyResult<PyMove> {
        on_board!(&self.game, g => {
            let (pos, mv) = g
                .positions_and_moves()
                .last()
                .ok_or_else(|| PyIndexError::new_err("peek at an empty move stack"))?;
            Ok(PyMove::new(pos, *mv, &pos.legal_moves()))
        })
    }

    /// True when `mv` (a Move or move text) is a legal move here; False for
    /// an illegal move, text that names no move, or a move of the other
    /// board.
    fn is_legal(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        let legal = on_board!(&self.game, g => match resolve_in(g, mv) {
            Ok(found) => Ok(g.legal_moves().contains(&found)),
            Err(e) => Err(e),
        });
        match legal {
            Err(e) if e.is_instance_of::<IllegalMoveError>(mv.py()) => Ok(false),
            other => other,
        }
    }

    /// True when `mv` (a legal Move or move text) captures; an illegal one
    /// raises IllegalMoveError.
    fn is_capture(&self, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
        on_board!(&self.game, g => Ok(resolve_in(g, mv)?.is_capture()))
    }

    /// The piece on `square` (a number 1-32, 1-50 on 10x10, or its text
    /// such as `"22"` or `"c3"`), or None on an empty square.
    fn piece_at(&self, square: &Bound<'_, PyAny>) -> PyResult<Option<PyPiece>> {
        on_board!(&self.game, g => {
            let sq = square_of(g.position(), square)?;
            Ok(g.position().piece_at(sq).map(PyPiece::new))
        })
    }

    /// Plays move text (`"22-18"`, `"15x24"`) and returns the Move, like
    /// `push`.
    fn push_text(&mut self, text: &str) -> PyResult<PyMove> {
        on_board!(&mut self.game, g => {
            let found = g.position().parse_move(text).map_err(illegal)?;
            play_in(g, found)
        })
    }

    /// Boards are equal when their positions are: the pieces, the side to
    /// move and the variant, whatever moves led there (as python-chess
    /// compares positions).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyBoard>()
            .is_ok_and(|o| match (&o.borrow().game, &self.game) {
                (Played::Eight(a), Played::Eight(b)) => a.position() == b.position(),
                (Played::Ten(a), Played::Ten(b)) => a.position() == b.position(),
                _ => false,
            })
    }

    /// The position's hash, equal for equal boards. A board's hash changes
    /// with every move: key a dict by `board.copy()` or `board.fen()` if
    /// the board will still be played on.
    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        on_board!(&self.game, g => {
            let pos = g.position();
            (pos.hash(), pos.rules().variant).hash(&mut h)
        });
        h.finish()
    }

    /// The moves played, first to last.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        on_board!(&self.game, g => g
            .positions_and_moves()
            .map(|(pos, &mv)| PyMove::new(pos, mv, &pos.legal_moves()))
            .collect())
    }

    /// The legal move that `text` names (`11-15`, `15x24`, `1x10x19`).
    fn parse_move(&self, text: &str) -> PyResult<PyMove> {
        on_board!(&self.game, g => {
            let pos = g.position();
            let mv = pos.parse_move(text).map_err(illegal)?;
            Ok(PyMove::new(pos, mv, &pos.legal_moves()))
        })
    }

    /// Plays a move (a Move or its text) and returns it; an illegal move
    /// raises IllegalMoveError and changes nothing.
    fn push(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let found = self.resolve(mv)?;
        self.play(found)
    }

    /// Takes back the last move and returns it (IndexError at the start).
    fn pop(&mut self) -> PyResult<PyMove> {
        on_board!(&mut self.game, g => {
            let mv = g
                .undo()
                .ok_or_else(|| PyIndexError::new_err("pop from an empty move stack"))?;
            let pos = g.position();
            Ok(PyMove::new(pos, mv, &pos.legal_moves()))
        })
    }

    /// The position as FEN (`W:W21,22:B1-12` style).
    fn fen(&self) -> String {
        on_board!(&self.game, g => g.position().to_fen())
    }

    /// The game as PDN text (tags, moves, result; GameType 20 on 10x10).
    fn pdn(&self) -> String {
        on_board!(&self.game, g => pdn::PdnGameOf::new(g.clone()).to_pdn())
    }

    /// True once the rules end the game.
    fn is_game_over(&self) -> bool {
        on_board!(&self.game, g => g.outcome().is_some())
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        on_board!(&self.game, g => g.outcome().map(PyOutcome::new))
    }

    /// An independent copy (moves included).
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    /// The board as the contest's referee gives it to the side to move: an
    /// 8x8 numpy array of None and 0-4 (see `warcaby.contest`). A 10x10
    /// board raises WarcabyError: the contest has no such board.
    fn contest_board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match &self.game {
            Played::Eight(g) => numpy_board(py, &referee::Board::of(g.position())),
            Played::Ten(_) => Err(bad_input(NO_CONTEST_10X10)),
        }
    }

    fn __str__(&self) -> String {
        on_board!(&self.game, g => drawing(g.position()))
    }

    fn __repr__(&self) -> String {
        format!("Board('{}', variant='{}')", self.fen(), self.variant())
    }
}
