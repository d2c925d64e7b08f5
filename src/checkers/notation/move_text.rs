//! Move text: `11-15`, `15x24`, `1x10x19`; Russian `c3-d4`, `c3:e5:c7`.
//!
//! Writing gives the shortest text that names exactly one legal move (start and
//! end, or the full path when two sequences share them). Reading accepts the
//! start and end when they are unambiguous, the full path always, and any
//! in-between subset of stops that singles one move out.
//!
//! A Russian king that captures along a line and goes on along the same line
//! makes one move with no real stop in between (the perft convention). Its
//! text may name that stop by any square of the straight stretch between the
//! two captured pieces (`g3:e5:b8` and `g3:d6:b8` in `W:WKg3:Bf4,c7`); written
//! text uses the square right behind the captured piece (PDN 3.0, FMJD), and
//! PDN files join captures with `x` ([`pdn_text`]).
//!
//! ```
//! use warcaby::checkers::notation::full_text;
//! use warcaby::{Position, Variant};
//!
//! // A Russian man with two ways to capture twice.
//! let pos = Position::from_fen("W:Wc3:Bd4,f6,d6,b6", Variant::Russian).unwrap();
//! let texts: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
//! assert_eq!(texts.len(), 2);
//! assert!(texts.contains(&"c3:g7".to_string()) && texts.contains(&"c3:a5".to_string()));
//!
//! // Start and end are enough; the full path and `x` are accepted too.
//! let mv = pos.parse_move("c3:g7").unwrap();
//! assert_eq!(full_text(&mv, pos.rules()), "c3:e5:g7");
//! assert_eq!(pos.parse_move("c3xe5xg7"), Ok(mv));
//! assert_eq!(pos.pdn_move_text(&mv), "c3xg7"); // PDN files join captures with x
//!
//! // A flying king's stop may be named by any square of its straight stretch.
//! let king = Position::from_fen("W:WKg3:Bf4,c7", Variant::Russian).unwrap();
//! assert_eq!(king.parse_move("g3:e5:b8"), king.parse_move("g3:d6:b8"));
//!
//! // Text that names no legal move says which moves there are.
//! let err = pos.parse_move("c3-d4").unwrap_err();
//! assert!(err.to_string().contains("c3:g7"));
//! ```

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::geometry::Geometry;
use crate::checkers::moves::MoveOf;
use crate::checkers::position::PositionOf;
use crate::checkers::rules::Rules;
use crate::checkers::square::{SquareError, SquareOf};
use std::fmt::Write;

/// Why a move text was not accepted in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not shaped like a move.
    #[error("'{text}' is not a move: {reason}")]
    Malformed {
        /// The text given.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A bad square inside the text.
    #[error("'{text}': {source}")]
    Square {
        /// The text given.
        text: String,
        /// What is wrong with the square.
        source: SquareError,
    },
    /// No legal move matches.
    #[error("{text} is not a legal move here; legal moves: {legal}")]
    Illegal {
        /// The text given.
        text: String,
        /// The legal moves, comma separated.
        legal: String,
    },
    /// Several legal moves match.
    #[error("{text} is ambiguous; it could be any of: {candidates} (write the full path)")]
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves, comma separated.
        candidates: String,
    },
}

/// One step along the diagonal from `a` towards `b` (which share a diagonal).
fn step<G: Geometry>(a: SquareOf<G>, b: SquareOf<G>) -> (i8, i8) {
    let sign = |x: i8| if x > 0 { 1 } else { -1 };
    (
        sign(b.file() as i8 - a.file() as i8),
        sign(b.rank() as i8 - a.rank() as i8),
    )
}

/// The squares from `a` (excluded) towards `b` (excluded) in steps of `d`.
fn between<G: Geometry>(
    a: SquareOf<G>,
    b: SquareOf<G>,
    d: (i8, i8),
) -> impl Iterator<Item = SquareOf<G>> {
    std::iter::successors(a.offset(d.0, d.1), move |s| s.offset(d.0, d.1))
        .take_while(move |&s| s != b)
}

/// One intermediate stop of a capture: the square the generator recorded,
/// or a straight stretch the piece flies through (see [`stops`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop<G: Geometry> {
    /// The piece turns here (or jumps short): only this square names the stop.
    Turn(SquareOf<G>),
    /// The piece goes on along the same line: any square of `squares` names
    /// the stop; `behind` is the one right behind the captured piece.
    Straight {
        behind: SquareOf<G>,
        squares: BitboardOf<G>,
    },
}

impl<G: Geometry> Stop<G> {
    fn accepts(self, sq: SquareOf<G>) -> bool {
        match self {
            Stop::Turn(s) => s == sq,
            Stop::Straight { squares, .. } => squares.contains(sq),
        }
    }

    fn written(self) -> SquareOf<G> {
        match self {
            Stop::Turn(s) | Stop::Straight { behind: s, .. } => s,
        }
    }
}

/// The intermediate stops of `mv` (every landing but the last). A stop where
/// the piece goes on along the line it came in on is a straight stretch:
/// every square between the piece captured before it and the one captured
/// after it names it (for a man or a short king that is one square).
fn stops<G: Geometry>(mv: &MoveOf<G>) -> Vec<Stop<G>> {
    let mut corners = vec![mv.from()];
    corners.extend_from_slice(mv.path());
    let victim = |a: SquareOf<G>, b: SquareOf<G>| {
        between(a, b, step(a, b))
            .find(|&s| mv.captured().contains(s))
            .unwrap_or(b)
    };
    corners
        .windows(3)
        .map(|w| {
            let (a, at, b) = (w[0], w[1], w[2]);
            let d = step(a, at);
            if !mv.is_capture() || d != step(at, b) {
                return Stop::Turn(at);
            }
            let (before, after) = (victim(a, at), victim(at, b));
            let squares: BitboardOf<G> = between(before, after, d).collect();
            let behind = before.offset(d.0, d.1).unwrap_or(at);
            Stop::Straight { behind, squares }
        })
        .collect()
}

/// Writes `squares` in the variant's notation joined by `sep`.
fn join<G: Geometry>(squares: &[SquareOf<G>], rules: &Rules, sep: char) -> String {
    let mut out = String::new();
    for (i, sq) in squares.iter().enumerate() {
        if i > 0 {
            out.push(sep);
        }
        let _ = write!(out, "{}", sq.display(rules.notation));
    }
    out
}

/// The separator between the squares of `mv` in the variant's own notation.
fn separator<G: Geometry>(mv: &MoveOf<G>, rules: &Rules) -> char {
    if mv.is_capture() {
        rules.capture_separator
    } else {
        '-'
    }
}

/// The squares of the full path of `mv`: start, every stop, end. A stop on a
/// straight stretch is written as the square right behind the captured piece
/// (PDN 3.0, FMJD).
pub fn full_path<G: Geometry>(mv: &MoveOf<G>) -> Vec<SquareOf<G>> {
    let mut squares = vec![mv.from()];
    squares.extend(stops(mv).into_iter().map(Stop::written));
    squares.push(mv.to());
    squares
}

/// The full path of `mv` (`1x10x19`, `c3:e5:c7`): every stop, a straight
/// flight of a king written at the square right behind the captured piece.
pub fn full_text<G: Geometry>(mv: &MoveOf<G>, rules: &Rules) -> String {
    join(&full_path(mv), rules, separator(mv, rules))
}

/// The shortest text naming `mv` among `legal` (the position's legal moves):
/// start and end when no other move shares them, else the full path.
pub fn short_text<G: Geometry>(mv: &MoveOf<G>, legal: &[MoveOf<G>], rules: &Rules) -> String {
    written(mv, legal, rules, separator(mv, rules))
}

/// The text of `mv` as PDN 3.0 writes it: like [`short_text`], but captures
/// are joined by `x` in every variant (the PDN 3.0 grammar's only capture
/// separator; `:` is Russian book notation).
pub fn pdn_text<G: Geometry>(mv: &MoveOf<G>, legal: &[MoveOf<G>], rules: &Rules) -> String {
    let sep = if mv.is_capture() { 'x' } else { '-' };
    written(mv, legal, rules, sep)
}

fn written<G: Geometry>(mv: &MoveOf<G>, legal: &[MoveOf<G>], rules: &Rules, sep: char) -> String {
    let shares_ends = legal
        .iter()
        .any(|m| m != mv && m.from() == mv.from() && m.to() == mv.to());
    if shares_ends {
        join(&full_path(mv), rules, sep)
    } else {
        join(&[mv.from(), mv.to()], rules, sep)
    }
}

/// Splits move text into squares. Separators: `-`, `x`, `X`, `:`.
fn split_squares<G: Geometry>(
    text: &str,
    rules: &Rules,
) -> Result<Vec<SquareOf<G>>, MoveTextError> {
    let t = text.trim();
    let malformed = |reason: &str| MoveTextError::Malformed {
        text: t.to_string(),
        reason: reason.to_string(),
    };
    if t.is_empty() {
        return Err(malformed("empty text"));
    }
    let parts: Vec<&str> = t.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2 {
        return Err(malformed(
            "expected squares joined by '-', 'x' or ':' like 11-15",
        ));
    }
    if parts.len() > G::PIECES_PER_SIDE as usize + 1 {
        return Err(malformed("too many squares"));
    }
    parts
        .iter()
        .map(|p| {
            if p.is_empty() {
                return Err(malformed("a square is missing between separators"));
            }
            SquareOf::parse(p, rules.notation).map_err(|source| MoveTextError::Square {
                text: t.to_string(),
                source,
            })
        })
        .collect()
}

/// True when `mv` starts at `squares[0]`, ends at the last one and the ones
/// between name some of its stops, in order (a straight stretch may be named
/// by any of its squares).
fn matches<G: Geometry>(mv: &MoveOf<G>, squares: &[SquareOf<G>]) -> bool {
    let (first, rest) = squares.split_first().expect("at least two squares");
    let (last, middle) = rest.split_last().expect("at least two squares");
    if mv.from() != *first || mv.to() != *last {
        return false;
    }
    let stops = stops(mv);
    let mut stops = stops.iter();
    middle.iter().all(|sq| stops.any(|s| s.accepts(*sq)))
}

/// The pieces on the board that a path of squares passes over, when each
/// square is on a diagonal with the one before it (None otherwise).
fn passed_over<G: Geometry>(pos: &PositionOf<G>, squares: &[SquareOf<G>]) -> Option<BitboardOf<G>> {
    let occupied = pos.occupied();
    let mut over = BitboardOf::EMPTY;
    for pair in squares.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        if a == b || a.file().abs_diff(b.file()) != a.rank().abs_diff(b.rank()) {
            return None;
        }
        for sq in between(a, b, step(a, b)) {
            if occupied.contains(sq) {
                over |= BitboardOf::from_square(sq);
            }
        }
    }
    Some(over)
}

fn list<G: Geometry>(moves: &[MoveOf<G>], rules: &Rules) -> String {
    let texts: Vec<String> = moves.iter().map(|m| short_text(m, moves, rules)).collect();
    if texts.is_empty() {
        "none".to_string()
    } else {
        texts.join(", ")
    }
}

/// Finds the legal move of `pos` that `text` names.
pub fn parse_move<G: Geometry>(
    pos: &PositionOf<G>,
    text: &str,
) -> Result<MoveOf<G>, MoveTextError> {
    let rules = pos.rules();
    let squares = split_squares(text, rules)?;
    let legal = pos.legal_moves();
    let mut found: Vec<MoveOf<G>> = legal
        .iter()
        .filter(|m| matches(m, &squares))
        .copied()
        .collect();
    if found.is_empty() && rules.maximum_capture {
        // One move stands for every path with its start, end and captured
        // pieces (a ring taken the other way round): any of them names it.
        if let Some(taken) = passed_over(pos, &squares) {
            found.extend(legal.iter().filter(|m| {
                m.is_capture()
                    && m.from() == squares[0]
                    && m.to() == squares[squares.len() - 1]
                    && m.captured() == taken
            }));
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveTextError::Illegal {
            text: text.trim().to_string(),
            legal: list(&legal, rules),
        }),
        _ => {
            let exact: Vec<&MoveOf<G>> = found
                .iter()
                .filter(|m| m.path().len() + 1 == squares.len())
                .collect();
            if exact.len() == 1 {
                return Ok(*exact[0]);
            }
            Err(MoveTextError::Ambiguous {
                text: text.trim().to_string(),
                candidates: found
                    .iter()
                    .map(|m| full_text(m, rules))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        }
    }
}

impl<G: Geometry> PositionOf<G> {
    /// Parses move text against this position (see [`parse_move`]).
    pub fn parse_move(&self, text: &str) -> Result<MoveOf<G>, MoveTextError> {
        parse_move(self, text)
    }

    /// The shortest unambiguous text of a legal move of this position.
    pub fn move_text(&self, mv: &MoveOf<G>) -> String {
        short_text(mv, &self.legal_moves(), self.rules())
    }

    /// The same in PDN 3.0 form (captures joined by `x`), see [`pdn_text`].
    pub fn pdn_move_text(&self, mv: &MoveOf<G>) -> String {
        pdn_text(mv, &self.legal_moves(), self.rules())
    }
}
