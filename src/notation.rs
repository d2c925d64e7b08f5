//! Move text: `11-15`, `15x24`, `1x10x19`; Russian `c3-d4`, `c3:e5:c7`.
//!
//! Writing gives the shortest text that names exactly one legal move (start and
//! end, or the full path when two sequences share them). Reading accepts the
//! start and end when they are unambiguous, the full path always, and any
//! in-between subset of landing squares that singles one move out.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::square::{Square, SquareError};
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

/// The full path of `mv`: every landing square (`1x10x19`, `c3:e5:c7`).
pub fn full_text(mv: &Move, rules: &Rules) -> String {
    let mut out = mv.from().display(rules.notation).to_string();
    let sep = if mv.is_capture() {
        rules.capture_separator
    } else {
        '-'
    };
    for sq in mv.path() {
        out.push(sep);
        let _ = write!(out, "{}", sq.display(rules.notation));
    }
    out
}

/// The shortest text naming `mv` among `legal` (the position's legal moves):
/// start and end when no other move shares them, else the full path.
pub fn short_text(mv: &Move, legal: &[Move], rules: &Rules) -> String {
    let shares_ends = legal
        .iter()
        .any(|m| m != mv && m.from() == mv.from() && m.to() == mv.to());
    if shares_ends || mv.path().len() == 1 {
        return full_text(mv, rules);
    }
    format!(
        "{}{}{}",
        mv.from().display(rules.notation),
        rules.capture_separator,
        mv.to().display(rules.notation)
    )
}

/// Splits move text into squares. Separators: `-`, `x`, `X`, `:`.
fn split_squares(text: &str, rules: &Rules) -> Result<Vec<Square>, MoveTextError> {
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
    if parts.len() > crate::moves::MAX_PATH + 1 {
        return Err(malformed("too many squares"));
    }
    parts
        .iter()
        .map(|p| {
            if p.is_empty() {
                return Err(malformed("a square is missing between separators"));
            }
            Square::parse(p, rules.notation).map_err(|source| MoveTextError::Square {
                text: t.to_string(),
                source,
            })
        })
        .collect()
}

/// True when `mv` starts at `squares[0]`, ends at the last one and passes
/// through the ones between, in order (a subsequence of its landings).
fn matches(mv: &Move, squares: &[Square]) -> bool {
    let (first, rest) = squares.split_first().expect("at least two squares");
    let (last, middle) = rest.split_last().expect("at least two squares");
    if mv.from() != *first || mv.to() != *last {
        return false;
    }
    let mut landings = mv.path()[..mv.path().len() - 1].iter();
    middle.iter().all(|sq| landings.any(|l| l == sq))
}

fn list(moves: &[Move], rules: &Rules) -> String {
    let texts: Vec<String> = moves.iter().map(|m| short_text(m, moves, rules)).collect();
    if texts.is_empty() {
        "none".to_string()
    } else {
        texts.join(", ")
    }
}

/// Finds the legal move of `pos` that `text` names.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let rules = pos.rules();
    let squares = split_squares(text, rules)?;
    let legal = pos.legal_moves();
    let found: Vec<Move> = legal
        .iter()
        .filter(|m| matches(m, &squares))
        .copied()
        .collect();
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveTextError::Illegal {
            text: text.trim().to_string(),
            legal: list(&legal, rules),
        }),
        _ => {
            let exact: Vec<&Move> = found
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

impl Position {
    /// Parses move text against this position (see [`parse_move`]).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        parse_move(self, text)
    }

    /// The shortest unambiguous text of a legal move of this position.
    pub fn move_text(&self, mv: &Move) -> String {
        short_text(mv, &self.legal_moves(), self.rules())
    }
}
