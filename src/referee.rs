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

use crate::moves::Move;
use crate::position::{Position, Role};
use crate::rules::Color;
use crate::square::Square;
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
pub const OWN_MAN: u8 = 1;
/// The opponent's man.
pub const OPPONENT_MAN: u8 = 2;
/// The mover's king.
pub const OWN_KING: u8 = 3;
/// The opponent's king.
pub const OPPONENT_KING: u8 = 4;

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
    pub fn at_start(&self) -> bool {
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
        let k = self.taken.len().max(1);
        let mut steps: Vec<Step> = self
            .candidates
            .iter()
            .filter_map(|m| {
                let mut sq = squares(m).skip(k - 1);
                Some((sq.next()?, sq.next()?))
            })
            .map(|(a, b)| (coord(a, self.mover), coord(b, self.mover)))
            .collect();
        steps.sort_unstable();
        steps.dedup();
        steps
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
    use crate::rules::Variant;

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
        assert_eq!(crate::notation::full_text(&mv, p.rules()), "9x2x11");
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
        assert_eq!(crate::notation::full_text(&mv, p.rules()), "30x23x16");
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

    #[test]
    fn step_text_round_trips_and_rejects_junk() {
        assert_eq!(parse_step("5041"), Some(((5, 0), (4, 1))));
        for bad in ["", "504", "50411", "5a41", "5091", "-041"] {
            assert_eq!(parse_step(bad), None, "{bad}");
        }
    }
}
