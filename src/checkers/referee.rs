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
pub(crate) const MAX_PIECES: u32 = 12;

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
        let mut setup = Setup {
            side_to_move: Some(Color::White),
            ..Setup::default()
        };
        for (row, line) in (0u8..).zip(&self.cells) {
            for (col, cell) in (0u8..).zip(line) {
                let at = (row, col);
                let Some(sq) = square(at, Color::White) else {
                    match cell {
                        None | Some(EMPTY) => continue,
                        Some(code) => return Err(BoardError::PieceOnLightSquare(at, *code)),
                    }
                };
                let bit = Bitboard::from_square(sq);
                match cell.ok_or(BoardError::NoneOnDarkSquare(at))? {
                    EMPTY => {}
                    OWN_MAN => setup.white |= bit,
                    OPPONENT_MAN => setup.black |= bit,
                    OWN_KING => (setup.white, setup.kings) = (setup.white | bit, setup.kings | bit),
                    OPPONENT_KING => {
                        (setup.black, setup.kings) = (setup.black | bit, setup.kings | bit)
                    }
                    code => return Err(BoardError::BadCode(at, code)),
                }
            }
        }
        check_setup(&setup)?;
        Ok(Position::from_setup(&setup, Variant::Tournament).expect("checked above"))
    }

    /// The steps the referee offers (its `ruchy`), in its order: every
    /// capture step when there is one, else every move. With `piece`, only
    /// that piece's capture steps, as the referee asks in the middle of a
    /// capture (none: the capture is over).
    pub fn steps(&self, piece: Option<Coord>) -> Result<Vec<Step>, BoardError> {
        let pos = self.position()?;
        let legal = pos.legal_moves();
        let mut steps = next_steps(&legal, 0, Color::White);
        if let Some(c) = piece {
            let capturing = legal.first().is_some_and(Move::is_capture);
            steps.retain(|s| capturing && s.0 == c);
        }
        Ok(steps)
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

/// Checks a setup read from a board: piece counts and men on their crowning
/// rows, in the board's words.
fn check_setup(setup: &Setup) -> Result<(), BoardError> {
    let sides = [
        ("own", "1 and 3", setup.white, 0u8, OWN_KING),
        ("opponent", "2 and 4", setup.black, 7u8, OPPONENT_KING),
    ];
    for (whose, codes, pieces, row, king) in sides {
        if pieces.count() > MAX_PIECES {
            return Err(BoardError::TooManyPieces {
                whose,
                codes,
                count: pieces.count(),
            });
        }
        let on_row = (pieces & !setup.kings)
            .squares()
            .map(|sq| coord(sq, Color::White))
            .find(|c| c.0 == row);
        if let Some(at) = on_row {
            return Err(BoardError::ManOnCrowningRow {
                whose,
                at,
                row,
                king,
            });
        }
    }
    Ok(())
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
mod tests {
    use super::*;
    use crate::checkers::rules::Variant;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Variant::Tournament).expect("fen")
    }

    #[test]
    fn start_board_matches_the_referee_readme() {
        let b = Board::of(&Position::start(Variant::Tournament));
        assert_eq!(
            b.to_text(),
            concat!(
                ".2.2.2.2", "2.2.2.2.", ".2.2.2.2", "0.0.0.0.", ".0.0.0.0", "1.1.1.1.", ".1.1.1.1",
                "1.1.1.1."
            )
        );
    }

    #[test]
    fn coordinates_round_trip_for_both_sides() {
        for mover in [Color::White, Color::Black] {
            for i in 0..64u8 {
                if let Some(sq) = Square::from_index(i) {
                    let c = coord(sq, mover);
                    assert_eq!((c.0 + c.1) % 2, 1, "dark squares have row + col odd");
                    assert_eq!(square(c, mover), Some(sq));
                }
            }
        }
    }

    #[test]
    fn opening_steps_in_the_referee_order() {
        let p = Position::start(Variant::Tournament);
        let hops = Hops::new(&p, &p.legal_moves());
        let texts: Vec<String> = hops.steps().into_iter().map(step_text).collect();
        assert_eq!(
            texts,
            ["5041", "5241", "5243", "5443", "5445", "5645", "5647"]
        );
    }

    #[test]
    fn a_crowned_man_goes_on_hop_by_hop() {
        // W:W9:B6,7 — 9 jumps 6 to 2 (crowned), then 7 to 11.
        let p = pos("W:W9:B6,7");
        let mut hops = Hops::new(&p, &p.legal_moves());
        assert_eq!(hops.steps(), vec![((2, 1), (0, 3))]);
        hops.take(((2, 1), (0, 3))).expect("the only step");
        assert_eq!(hops.board().at((0, 3)), Some(OWN_KING), "crowned at once");
        assert_eq!(hops.board().at((1, 2)), Some(EMPTY), "jumped piece removed");
        let mv = hops.finished().expect("one move left");
        assert_eq!(
            crate::checkers::notation::full_text(&mv, p.rules()),
            "9x2x11"
        );
    }

    #[test]
    fn black_sees_the_board_turned_round() {
        let p = Position::start(Variant::Tournament).with_side_to_move(Color::Black);
        let b = Board::of(&p);
        let start = Board::of(&Position::start(Variant::Tournament));
        assert_eq!(b, start, "the start looks the same from both sides");
        let hops = Hops::new(&p, &p.legal_moves());
        // 9-13 and 9-14: b6 is (5, 6) for Black; 9-13 is b6-a5 = (4, 7).
        assert_eq!(hops.steps()[..2], [((5, 0), (4, 1)), ((5, 2), (4, 1))]);
        let nine = Square::new(1, 5).expect("b6");
        assert_eq!(coord(nine, Color::Black), (5, 6));
    }

    #[test]
    fn sequences_sharing_their_first_jump_fork_after_it() {
        // 30x23x14 and 30x23x16: the shared jump 30x23 is played without
        // asking, then the fork shows the board after it.
        let p = pos("W:W30:B18,19,26");
        let mut hops = Hops::new(&p, &p.legal_moves());
        assert_eq!(hops.steps(), [((7, 2), (5, 4))]);
        hops.take_forced();
        assert_eq!(hops.steps(), [((5, 4), (3, 2)), ((5, 4), (3, 6))]);
        assert_eq!(hops.board().at((5, 4)), Some(OWN_MAN), "on 23 (e3)");
        assert_eq!(hops.board().at((7, 2)), Some(EMPTY), "left 30 (c1)");
        assert_eq!(hops.board().at((6, 3)), Some(EMPTY), "26 (d2) jumped");
        assert_eq!(hops.board().at((4, 3)), Some(OPPONENT_MAN), "18 (d4) stays");
        hops.take(((5, 4), (3, 6))).expect("offered");
        let mv = hops.finished().expect("named");
        assert_eq!(
            crate::checkers::notation::full_text(&mv, p.rules()),
            "30x23x16"
        );
    }

    #[test]
    fn a_step_not_offered_changes_nothing() {
        let p = Position::start(Variant::Tournament);
        let mut hops = Hops::new(&p, &p.legal_moves());
        let before = hops.steps();
        assert_eq!(hops.take(((5, 0), (3, 2))), Err(NotAStep(((5, 0), (3, 2)))));
        assert_eq!(hops.steps(), before);
        assert!(hops.at_start());
    }

    /// Positions along a few seeded random games, both sides to move.
    fn random_positions() -> Vec<Position> {
        let mut rng = crate::core::rng::Rng::new(19);
        let mut out = Vec::new();
        for _ in 0..40 {
            let mut p = Position::start(Variant::Tournament);
            for _ in 0..80 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                out.push(p);
                p.play(&legal[rng.index(legal.len())]);
            }
        }
        out
    }

    #[test]
    fn a_board_reads_back_as_the_position_its_mover_sees() {
        for p in random_positions() {
            let board = Board::of(&p);
            let back = board.position().expect("a board of a position reads");
            assert_eq!(back.mover_view(), p.mover_view(), "{}", p.to_fen());
            assert_eq!(back.side_to_move(), Color::White);
            assert_eq!(Board::of(&back), board);
        }
    }

    #[test]
    fn steps_are_the_first_steps_of_the_legal_moves() {
        for p in random_positions() {
            let legal = p.legal_moves();
            let expected = Hops::new(&p, &legal).steps();
            assert_eq!(Board::of(&p).steps(None).expect("reads"), expected);
        }
    }

    #[test]
    fn mid_capture_only_the_capturing_piece_hops_on() {
        let p = pos("W:W30:B18,19,26");
        let mut board = Board::of(&p);
        board.play(((7, 2), (5, 4))).expect("30x23");
        let hops = [((5, 4), (3, 2)), ((5, 4), (3, 6))];
        assert_eq!(board.steps(Some((5, 4))), Ok(hops.to_vec()));
        assert_eq!(board.steps(Some((3, 2))), Ok(vec![]), "not that piece");
        // No capture left: the sequence is over, plain moves are not offered.
        let quiet = Board::of(&pos("W:W30:B1"));
        assert_eq!(quiet.steps(Some((7, 2))), Ok(vec![]));
        assert_eq!(quiet.steps(None).expect("reads").len(), 2);
    }

    #[test]
    fn sequences_list_every_move_hop_by_hop_in_order() {
        let board = Board::of(&pos("W:W30:B18,19,26"));
        let first = ((7, 2), (5, 4));
        assert_eq!(
            board.sequences(),
            Ok(vec![
                vec![first, ((5, 4), (3, 2))],
                vec![first, ((5, 4), (3, 6))]
            ])
        );
        let crowning = Board::of(&pos("W:W9:B6,7")).sequences().expect("reads");
        assert_eq!(crowning, vec![vec![((2, 1), (0, 3)), ((0, 3), (2, 5))]]);
        for p in random_positions().into_iter().take(300) {
            let board = Board::of(&p);
            let seqs = board.sequences().expect("reads");
            assert_eq!(seqs.len(), p.legal_moves().len());
            let mut firsts: Vec<Step> = seqs.iter().map(|s| s[0]).collect();
            firsts.dedup();
            assert_eq!(firsts, board.steps(None).expect("reads"));
        }
    }

    #[test]
    fn play_checks_a_step_and_says_what_it_did() {
        let mut board = Board::of(&pos("W:W9:B6,7"));
        let effect = board.play(((2, 1), (0, 3))).expect("9x2 crowns");
        assert_eq!(
            effect,
            StepEffect {
                captured: true,
                crowned: true
            }
        );
        assert_eq!(board.at((0, 3)), Some(OWN_KING));
        let start = Board::of(&Position::start(Variant::Tournament));
        for (step, why) in [
            (((5, 0), (4, 3)), "not one diagonal step"),
            (((5, 0), (3, 2)), "no opponent's piece"),
            (((4, 1), (3, 2)), "no piece of the mover"),
            (((6, 1), (5, 0)), "not an empty dark square"),
            (((5, 0), (8, 1)), "rows and columns are 0-7"),
        ] {
            let mut b = start;
            let err = b.play(step).expect_err("refused");
            assert!(err.to_string().contains(why), "{err}");
            assert_eq!(b, start, "a refused step changes nothing");
        }
        let mut back = Board::of(&pos("W:W18:B1"));
        assert!(back
            .play(((4, 3), (5, 4)))
            .expect_err("a man moves forward")
            .to_string()
            .contains("towards row 0"));
    }

    #[test]
    fn turned_is_the_other_sides_view() {
        for p in random_positions().into_iter().take(200) {
            let board = Board::of(&p);
            let other = Board::of(&p.with_side_to_move(p.side_to_move().opponent()));
            assert_eq!(board.turned(), other);
            assert_eq!(board.turned().turned(), board);
        }
    }

    #[test]
    fn malformed_boards_are_refused_in_the_boards_words() {
        let start = Board::of(&Position::start(Variant::Tournament));
        let with = |at: Coord, cell: Cell| {
            let mut b = start;
            b.cells[at.0 as usize][at.1 as usize] = cell;
            b.position().map(|_| ()).expect_err("refused").to_string()
        };
        assert!(with((0, 0), Some(1)).contains("cell (0, 0) is a light square"));
        assert!(with((4, 1), None).contains("expected 0-4, found None"));
        assert!(with((4, 1), Some(7)).contains("holds 7"));
        assert!(with((4, 1), Some(1)).contains("13 own pieces"));
        let mut men = Board {
            cells: [[None; 8]; 8],
        };
        for (r, line) in men.cells.iter_mut().enumerate() {
            for (c, cell) in line.iter_mut().enumerate() {
                *cell = ((r + c) % 2 == 1).then_some(EMPTY);
            }
        }
        men.cells[0][1] = Some(OWN_MAN);
        let err = men.position().expect_err("a man on row 0").to_string();
        assert!(err.contains("own man on (0, 1)"), "{err}");
        men.cells[0][1] = Some(EMPTY);
        men.cells[7][0] = Some(OPPONENT_MAN);
        let err = men.position().expect_err("a man on row 7").to_string();
        assert!(err.contains("opponent man on (7, 0)"), "{err}");
        let mut zero = start;
        zero.cells[0][0] = Some(EMPTY);
        assert!(zero.position().is_ok(), "0 on a light square is accepted");
    }

    #[test]
    fn step_text_round_trips_and_rejects_junk() {
        assert_eq!(parse_step("5041"), Some(((5, 0), (4, 1))));
        for bad in ["", "504", "50411", "5a41", "5091", "-041"] {
            assert_eq!(parse_step(bad), None, "{bad}");
        }
    }
}
