//! The contest referee program's view of a game (`silnik.py`, class `GRA`,
//! in the contest's public repository): the board a bot is given, the order
//! of its one-step moves, and a move chosen step by step as the referee asks
//! for it.
//!
//! * The board (`plansza`) is 8x8, seen from the side to move: row 0 is the
//!   far edge, row 7 the mover's own back row; its men move towards row 0 and
//!   are crowned there. White to move: `row = 7 - rank`, `col = file`; Black
//!   to move, the board turned round: `row = rank`, `col = 7 - file` (ranks
//!   and files 0-based). Dark squares have `row + col` odd. Cells: `None` on a
//!   light square, 0 empty, 1 own man, 2 opponent man, 3 own king, 4 opponent
//!   king.
//! * A step (`ruch`) is `((row, col), (row, col))`. The referee lists steps by
//!   scanning rows 0..7 and columns 0..7, each piece's steps in the direction
//!   order (-1,-1), (-1,1), (1,-1), (1,1): that is the steps sorted as tuples.
//! * A capture is asked hop by hop; the board then shows the piece on its
//!   landing square with the jumped pieces removed (a man that reached row 0
//!   as a king), and only that piece's next hops are offered. A point with a
//!   single possible step is played without asking.
//!
//! [`Hops`] follows one move of the engine's through those questions: it
//! lists the distinct next steps of the legal moves that begin with the steps
//! taken so far, so any legal move can be chosen step by step, and the steps
//! always name exactly one legal move in the end.
//!
//! The other way round, [`Board::position`] reads a referee board (as a bot
//! is given it) back into a [`Position`], so the engine lists its steps
//! ([`Board::steps`], the referee's `ruchy`), its whole capture sequences
//! ([`Board::sequences`]) and plays a step with the referee's checks
//! ([`Board::play`]); [`Board::turned`] is the referee's change of sides.

mod follow;
mod masks;

use masks::{steps_in_order, Masks, LIGHT};

pub use follow::{FollowError, Follower, MAX_OPPONENT_TURNS, MAX_VISITS};

use crate::checkers::bitboard::Bitboard;
use crate::checkers::moves::Move;
use crate::checkers::position::{Position, Role, Setup};
use crate::checkers::rules::Variant;
use crate::checkers::square::Square;
use crate::core::Color;
use std::fmt;

/// A cell of the referee's board: `None` on a light square, else 0–4.
pub type Cell = Option<u8>;

/// A square as `(row, col)` in the mover's view.
pub type Coord = (u8, u8);

/// One step, from one square to the next, in the mover's view.
pub type Step = (Coord, Coord);

/// Empty dark square.
pub const EMPTY: u8 = 0;
/// The mover's man.
pub(crate) const OWN_MAN: u8 = 1;
/// The opponent's man.
pub(crate) const OPPONENT_MAN: u8 = 2;
/// The mover's king.
pub(crate) const OWN_KING: u8 = 3;
/// The opponent's king.
pub(crate) const OPPONENT_KING: u8 = 4;

/// The most pieces a side may have on a board that [`Board::position`] reads.
pub const MAX_PIECES: u32 = 12;

/// Why a referee board is not a position of the tournament rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A piece on a light square (`row + col` even).
    #[error(
        "cell {0:?} is a light square (row + col even) but holds {1}: light squares hold None"
    )]
    PieceOnLightSquare(Coord, u8),
    /// `None` on a dark square.
    #[error("cell {0:?} is a dark square (row + col odd): expected 0-4, found None")]
    NoneOnDarkSquare(Coord),
    /// A code other than 0–4.
    #[error("cell {0:?} holds {1}: expected None or 0-4")]
    BadCode(Coord, u8),
    /// More than [`MAX_PIECES`] pieces of one side.
    #[error("{count} {whose} pieces (codes {codes}): a side has at most 12")]
    TooManyPieces {
        /// `own` or `opponent`.
        whose: &'static str,
        /// The codes counted.
        codes: &'static str,
        /// How many.
        count: u32,
    },
    /// A man on the row where it would have been crowned.
    #[error("{whose} man on {at:?} stands on its crowning row {row}: it would be a king ({king})")]
    ManOnCrowningRow {
        /// `own` or `opponent`.
        whose: &'static str,
        /// Where.
        at: Coord,
        /// The crowning row.
        row: u8,
        /// The king's code.
        king: u8,
    },
}

/// A step that no piece of the mover can make on a board ([`Board::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the step {} cannot be played: {reason}", step_repr(*.step))]
pub struct BadStep {
    /// The step.
    pub step: Step,
    /// Why not.
    pub reason: &'static str,
}

/// What a step did ([`Board::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct StepEffect {
    /// It jumped an opponent's piece (which is removed).
    pub captured: bool,
    /// A man reached row 0 and was crowned.
    pub crowned: bool,
}

/// The referee's 8x8 board, `cells[row][col]`.
///
/// ```
/// use warcaby::checkers::referee::Board;
/// use warcaby::{Position, Variant};
///
/// // The board a bot is given at the start, its own men (1) on rows 5-7.
/// let start = Position::start(Variant::Tournament);
/// let mut board = Board::of(&start);
/// assert_eq!(board.cells[5][0], Some(1));
/// assert_eq!(board.cells[0][0], None); // a light square
///
/// // The referee's `ruchy`: one-step moves, sorted as tuples.
/// let steps = board.steps(None).unwrap();
/// assert_eq!(steps.len(), 7);
/// assert_eq!(steps[0], ((5, 0), (4, 1)));
///
/// // Play one; the opponent sees the board turned round.
/// let effect = board.play(steps[0]).unwrap();
/// assert!(!effect.captured && !effect.crowned);
/// let theirs = board.turned();
/// assert_eq!(theirs.cells[3][6], Some(2)); // our man, now the opponent's
/// assert_eq!(theirs.steps(None).unwrap().len(), 7);
/// assert!(board.play(((0, 0), (1, 1))).is_err()); // no piece there
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// The cells, row by row from the mover's far edge.
    pub cells: [[Cell; 8]; 8],
}

/// The `(row, col)` of `sq` for `mover`.
pub fn coord(sq: Square, mover: Color) -> Coord {
    match mover {
        Color::White => (7 - sq.rank(), sq.file()),
        Color::Black => (sq.rank(), 7 - sq.file()),
    }
}

/// The square at `(row, col)` for `mover`; None off the board or on a light
/// square.
pub fn square(c: Coord, mover: Color) -> Option<Square> {
    let (row, col) = c;
    if row > 7 || col > 7 {
        return None;
    }
    match mover {
        Color::White => Square::new(col, 7 - row),
        Color::Black => Square::new(7 - col, row),
    }
}

impl Board {
    /// The board of `pos` as its side to move sees it.
    pub fn of(pos: &Position) -> Board {
        let mover = pos.side_to_move();
        let mut cells = [[None; 8]; 8];
        for (row, line) in cells.iter_mut().enumerate() {
            for (col, cell) in line.iter_mut().enumerate() {
                *cell = square((row as u8, col as u8), mover).map(|sq| match pos.piece_at(sq) {
                    None => EMPTY,
                    Some(p) => match (p.color == mover, p.role == Role::King) {
                        (true, false) => OWN_MAN,
                        (false, false) => OPPONENT_MAN,
                        (true, true) => OWN_KING,
                        (false, true) => OPPONENT_KING,
                    },
                });
            }
        }
        Board { cells }
    }

    /// The cell at `c`.
    pub fn at(&self, c: Coord) -> Cell {
        self.cells[c.0 as usize][c.1 as usize]
    }

    /// The tournament position this board shows, its mover taken as White
    /// (the board does not say which colour moves; its pieces, moves and
    /// values are the same either way). A light square may hold `None` or 0.
    pub fn position(&self) -> Result<Position, BoardError> {
        let masks = self.checked_masks()?;
        // The mover is White: each cell's square for White.
        let squares = |mut bits: u64| {
            let mut board = Bitboard::default();
            while bits != 0 {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                let sq = square((i / 8, i % 8), Color::White).expect("checked: a dark square");
                board |= Bitboard::from_square(sq);
            }
            board
        };
        let setup = Setup {
            white: squares(masks.own()),
            black: squares(masks.opponent()),
            kings: squares(masks.own_kings() | masks.opponent_kings()),
            side_to_move: Some(Color::White),
        };
        Ok(Position::from_setup(&setup, Variant::Tournament).expect("checked above"))
    }

    /// The cells as [`Masks`], with [`Board::position`]'s checks: the first
    /// bad cell in the referee's scan order (a piece on a light square, `None`
    /// on a dark one, a code above 4), then each side's count and men on its
    /// crowning row, the mover's first.
    fn checked_masks(&self) -> Result<Masks, BoardError> {
        let masks = Masks::of(self);
        let bad = (LIGHT & !(masks.none | masks.codes[EMPTY as usize]))
            | (!LIGHT & (masks.none | masks.other));
        if bad != 0 {
            let i = bad.trailing_zeros() as u8;
            let at = (i / 8, i % 8);
            return Err(match self.at(at) {
                None => BoardError::NoneOnDarkSquare(at),
                Some(code) if LIGHT >> i & 1 == 1 => BoardError::PieceOnLightSquare(at, code),
                Some(code) => BoardError::BadCode(at, code),
            });
        }
        let sides = [
            (
                "own",
                "1 and 3",
                masks.own(),
                masks.own_men(),
                0u8,
                OWN_KING,
            ),
            (
                "opponent",
                "2 and 4",
                masks.opponent(),
                masks.opponent_men(),
                7u8,
                OPPONENT_KING,
            ),
        ];
        for (whose, codes, pieces, men, row, king) in sides {
            let count = pieces.count_ones();
            if count > MAX_PIECES {
                return Err(BoardError::TooManyPieces {
                    whose,
                    codes,
                    count,
                });
            }
            let on_row = men & (0xff << (8 * row));
            if on_row != 0 {
                let at = (row, on_row.trailing_zeros() as u8 % 8);
                return Err(BoardError::ManOnCrowningRow {
                    whose,
                    at,
                    row,
                    king,
                });
            }
        }
        Ok(masks)
    }

    /// The steps the referee offers (its `ruchy`), in its order: every
    /// capture step when there is one, else every move. With `piece`, only
    /// that piece's capture steps, as the referee asks in the middle of a
    /// capture (none: the capture is over).
    ///
    /// The board is checked as [`Board::position`] checks it, and the steps
    /// are then found the referee's way, a few word operations on the cells'
    /// masks: a bot asks for them between its own Python work, where
    /// building the position and its whole capture sequences was most of
    /// the time of a call. The engine's legal moves remain the reference:
    /// the tests check that these steps are the first steps of those moves.
    pub fn steps(&self, piece: Option<Coord>) -> Result<Vec<Step>, BoardError> {
        let masks = self.checked_masks()?;
        let only = match piece {
            Some((r, c)) if r < 8 && c < 8 => 1 << (8 * r + c),
            Some(_) => 0,
            None => !0,
        };
        let captures = masks.step_sources(2, only);
        if captures.iter().any(|&from| from != 0) || piece.is_some() {
            return Ok(steps_in_order(&captures, 2));
        }
        Ok(steps_in_order(&masks.step_sources(1, !0), 1))
    }

    /// Every legal move as its list of steps (a capture sequence hop by hop,
    /// a plain move as one step), in the referee's order.
    pub fn sequences(&self) -> Result<Vec<Vec<Step>>, BoardError> {
        let pos = self.position()?;
        let coords =
            |m: &Move| -> Vec<Coord> { squares(m).map(|sq| coord(sq, Color::White)).collect() };
        let mut all: Vec<Vec<Step>> = pos
            .legal_moves()
            .iter()
            .map(|m| coords(m).windows(2).map(|w| (w[0], w[1])).collect())
            .collect();
        all.sort_unstable();
        Ok(all)
    }

    /// Plays one step after the referee's checks of a step (a piece of the
    /// mover, an empty dark square one diagonal step ahead for a man, any
    /// diagonal neighbour for a king, or two away over an opponent's piece),
    /// not whether a capture was due. A refused step changes nothing.
    pub fn play(&mut self, step: Step) -> Result<StepEffect, BadStep> {
        let reason = self.refusal(step);
        if let Some(reason) = reason {
            return Err(BadStep { step, reason });
        }
        let ((r1, c1), (r2, _)) = step;
        let effect = StepEffect {
            captured: r1.abs_diff(r2) == 2,
            crowned: self.cells[r1 as usize][c1 as usize] == Some(OWN_MAN) && r2 == 0,
        };
        self.apply(step);
        Ok(effect)
    }

    /// Why `step` is not a step of the mover here, if it is not.
    fn refusal(&self, step: Step) -> Option<&'static str> {
        let ((r1, c1), (r2, c2)) = step;
        if [r1, c1, r2, c2].iter().any(|&v| v > 7) {
            return Some("rows and columns are 0-7");
        }
        let piece = self.at(step.0);
        if !matches!(piece, Some(OWN_MAN | OWN_KING)) {
            return Some("the start square holds no piece of the mover (1 or 3)");
        }
        if self.at(step.1) != Some(EMPTY) || (r2 + c2) % 2 == 0 {
            return Some("the end square is not an empty dark square");
        }
        let (dr, dc) = (r2 as i8 - r1 as i8, c2 as i8 - c1 as i8);
        match (dr.abs(), dc.abs()) {
            (1, 1) if piece == Some(OWN_MAN) && dr != -1 => {
                Some("a man moves forward, towards row 0")
            }
            (1, 1) => None,
            (2, 2) => {
                let middle = ((r1 as i8 + dr / 2) as u8, (c1 as i8 + dc / 2) as u8);
                (!matches!(self.at(middle), Some(OPPONENT_MAN | OPPONENT_KING)))
                    .then_some("no opponent's piece (2 or 4) to jump")
            }
            _ => Some("not one diagonal step, nor a jump of two"),
        }
    }

    /// The board as the other side sees it: turned 180 degrees, the codes of
    /// the two sides swapped (the referee's change of sides).
    pub fn turned(&self) -> Board {
        let swap = |cell: Cell| {
            cell.map(|code| match code {
                OWN_MAN => OPPONENT_MAN,
                OPPONENT_MAN => OWN_MAN,
                OWN_KING => OPPONENT_KING,
                OPPONENT_KING => OWN_KING,
                other => other,
            })
        };
        Board {
            cells: std::array::from_fn(|r| std::array::from_fn(|c| swap(self.cells[7 - r][7 - c]))),
        }
    }

    /// Plays one step as the referee does: the piece moves, the opponent's
    /// pieces between its start and end are removed at once, and a man that
    /// reaches row 0 is crowned.
    pub fn apply(&mut self, step: Step) {
        let ((r1, c1), (r2, c2)) = step;
        let piece = self.cells[r1 as usize][c1 as usize];
        self.cells[r1 as usize][c1 as usize] = Some(EMPTY);
        let (dr, dc) = (
            (r2 as i8 - r1 as i8).signum(),
            (c2 as i8 - c1 as i8).signum(),
        );
        let (mut r, mut c) = (r1 as i8 + dr, c1 as i8 + dc);
        while (r, c) != (r2 as i8, c2 as i8) && (0..8).contains(&r) && (0..8).contains(&c) {
            let cell = &mut self.cells[r as usize][c as usize];
            if matches!(*cell, Some(OPPONENT_MAN | OPPONENT_KING)) {
                *cell = Some(EMPTY);
            }
            r += dr;
            c += dc;
        }
        let crowned = piece == Some(OWN_MAN) && r2 == 0;
        self.cells[r2 as usize][c2 as usize] = if crowned { Some(OWN_KING) } else { piece };
    }

    /// The board as 64 characters, row by row: `.` for a light square, else
    /// the digit 0–4 (the form the arena sends to the Python adapter).
    pub fn to_text(&self) -> String {
        self.cells
            .iter()
            .flatten()
            .map(|c| c.map_or('.', |v| char::from(b'0' + v)))
            .collect()
    }
}

impl fmt::Display for Board {
    /// The board as the referee prints a numpy array of objects.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.cells {
            let cells: Vec<String> = line
                .iter()
                .map(|c| c.map_or("None".to_string(), |v| v.to_string()))
                .collect();
            writeln!(f, "[{}]", cells.join(", "))?;
        }
        Ok(())
    }
}

/// A step as Python writes the tuple: `((5, 0), (4, 1))`.
pub fn step_repr(step: Step) -> String {
    let ((a, b), (c, d)) = step;
    format!("(({a}, {b}), ({c}, {d}))")
}

/// A step as the four digits `r1c1r2c2` (`5041` for `((5, 0), (4, 1))`).
pub fn step_text(step: Step) -> String {
    let ((a, b), (c, d)) = step;
    format!("{a}{b}{c}{d}")
}

/// Reads [`step_text`]'s four digits; None for anything else.
pub fn parse_step(text: &str) -> Option<Step> {
    let d: Vec<u8> = text
        .bytes()
        .map(|b| b.wrapping_sub(b'0'))
        .filter(|&d| d < 8)
        .collect();
    (text.len() == 4 && d.len() == 4).then(|| ((d[0], d[1]), (d[2], d[3])))
}

/// The squares a move visits: its start, then every landing square.
fn squares(mv: &Move) -> impl Iterator<Item = Square> + '_ {
    std::iter::once(mv.from()).chain(mv.path().iter().copied())
}

/// The distinct steps of `moves` after the first `taken` squares of each
/// (the first step when none is taken), for `mover`, in the referee's order.
fn next_steps(moves: &[Move], taken: usize, mover: Color) -> Vec<Step> {
    let skip = taken.max(1) - 1;
    let mut steps: Vec<Step> = moves
        .iter()
        .filter_map(|m| {
            let mut sq = squares(m).skip(skip);
            Some((sq.next()?, sq.next()?))
        })
        .map(|(a, b)| (coord(a, mover), coord(b, mover)))
        .collect();
    steps.sort_unstable();
    steps.dedup();
    steps
}

/// A move being chosen step by step, as the referee asks for it.
#[derive(Clone, Debug)]
pub struct Hops {
    mover: Color,
    /// The legal moves that begin with the steps taken.
    candidates: Vec<Move>,
    /// The squares visited so far: the start, then each landing square.
    taken: Vec<Square>,
    board: Board,
}

/// A step that is not one of [`Hops::steps`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the step {} is not one of the legal steps", step_text(*.0))]
pub struct NotAStep(pub Step);

impl Hops {
    /// The start of a move in `pos`, choosing among `legal` (its legal moves).
    pub fn new(pos: &Position, legal: &[Move]) -> Hops {
        Hops {
            mover: pos.side_to_move(),
            candidates: legal.to_vec(),
            taken: Vec::new(),
            board: Board::of(pos),
        }
    }

    /// The board as it stands after the steps taken so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// True before the first step.
    #[cfg(test)]
    pub(crate) fn at_start(&self) -> bool {
        self.taken.is_empty()
    }

    /// The legal moves still possible.
    pub fn candidates(&self) -> &[Move] {
        &self.candidates
    }

    /// The steps taken so far, in the mover's view.
    pub fn taken(&self) -> Vec<Step> {
        let coords: Vec<Coord> = self.taken.iter().map(|&sq| coord(sq, self.mover)).collect();
        coords.windows(2).map(|w| (w[0], w[1])).collect()
    }

    /// The chosen move, once the steps taken name exactly one legal move.
    pub fn finished(&self) -> Option<Move> {
        if self.taken.is_empty() {
            return None;
        }
        let done = |m: &&Move| 1 + m.path().len() == self.taken.len();
        match self.candidates.as_slice() {
            [only] => Some(*only),
            many => many.iter().find(done).copied(),
        }
    }

    /// The distinct next steps, in the referee's order.
    pub fn steps(&self) -> Vec<Step> {
        next_steps(&self.candidates, self.taken.len(), self.mover)
    }

    /// Takes one of [`Hops::steps`]; anything else is refused and changes
    /// nothing.
    pub fn take(&mut self, step: Step) -> Result<(), NotAStep> {
        if !self.steps().contains(&step) {
            return Err(NotAStep(step));
        }
        let (from, to) = (
            square(step.0, self.mover).ok_or(NotAStep(step))?,
            square(step.1, self.mover).ok_or(NotAStep(step))?,
        );
        if self.taken.is_empty() {
            self.taken.push(from);
        }
        self.taken.push(to);
        let taken = &self.taken;
        self.candidates.retain(|m| {
            let mut sq = squares(m);
            taken.iter().all(|t| sq.next() == Some(*t))
        });
        self.board.apply(step);
        Ok(())
    }

    /// Takes steps until a point where the mover has a choice (or the move is
    /// finished), returning how many were taken.
    pub fn take_forced(&mut self) -> usize {
        let mut n = 0;
        while self.finished().is_none() {
            let steps = self.steps();
            if steps.len() != 1 {
                break;
            }
            self.take(steps[0]).expect("a listed step");
            n += 1;
        }
        n
    }
}

#[cfg(test)]
mod tests;
