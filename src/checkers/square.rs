//! Dark squares of the 8x8 board and their two notations.

use std::fmt;

/// One of the 32 dark squares, stored as the bit index `rank * 8 + file`
/// (both 0-based, a1 = 0, h8 = 63).
///
/// ```
/// use warcaby::{Square, SquareNotation};
///
/// // Square 1 is b8 and 32 is g1 in numbered notation.
/// let sq = Square::from_number(1).unwrap();
/// assert_eq!(sq.display(SquareNotation::Algebraic).to_string(), "b8");
/// assert_eq!(Square::parse("g1", SquareNotation::Numeric).unwrap().number(), 32);
/// assert_eq!((sq.file(), sq.rank()), (1, 7));
/// assert_eq!(Square::all().count(), 32);
/// // Light squares and numbers in algebraic notation are refused.
/// assert!(Square::parse("a2", SquareNotation::Algebraic).is_err());
/// assert!(Square::parse("12", SquareNotation::Algebraic).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// How squares are written: numbers 1–32 or algebraic a1–h8.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SquareNotation {
    /// 1 = b8 … 32 = g1, row by row from the top (English, tournament).
    Numeric,
    /// File letter and rank digit (Russian).
    Algebraic,
}

impl Square {
    /// The square at 0-based `file` and `rank`, if it is a dark square on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 && (file + rank).is_multiple_of(2) {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// A square from its bit index; the caller guarantees it is dark.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// The square with bit index `index`, if it is a dark square.
    pub const fn from_index(index: u8) -> Option<Square> {
        Square::new(index % 8, index / 8)
    }

    /// Bit index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (a = 0).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0-based rank (1 = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The neighbouring square `steps` steps away in direction (df, dr), if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || f > 7 || r < 0 || r > 7 {
            None
        } else {
            Square::new(f as u8, r as u8)
        }
    }

    /// The square's number 1–32 in numbered notation (1 = b8, 32 = g1).
    pub const fn number(self) -> u8 {
        (7 - self.rank()) * 4 + self.file() / 2 + 1
    }

    /// The square with number `n` (1–32), if valid.
    pub const fn from_number(n: u8) -> Option<Square> {
        if n < 1 || n > 32 {
            return None;
        }
        let row = (n - 1) / 4; // 0 = top row (rank 8)
        let rank = 7 - row;
        let file = 2 * ((n - 1) % 4) + if rank.is_multiple_of(2) { 0 } else { 1 };
        Square::new(file, rank)
    }

    /// Parses a square written in `notation`. Algebraic text (`c3`) is accepted
    /// in every notation because it cannot be misread; numbers only in numeric.
    pub fn parse(text: &str, notation: SquareNotation) -> Result<Square, SquareError> {
        let t = text.trim();
        let bytes = t.as_bytes();
        if bytes.len() == 2 && bytes[0].is_ascii_alphabetic() && bytes[1].is_ascii_digit() {
            let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
            let rank = bytes[1].wrapping_sub(b'1');
            return match (file < 8 && rank < 8, Square::new(file, rank)) {
                (true, Some(sq)) => Ok(sq),
                (true, None) => Err(SquareError::LightSquare(t.to_string())),
                _ => Err(SquareError::OffBoard(t.to_string())),
            };
        }
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            if notation == SquareNotation::Algebraic {
                return Err(SquareError::NumericInAlgebraic(t.to_string()));
            }
            return t
                .parse::<u8>()
                .ok()
                .and_then(Square::from_number)
                .ok_or_else(|| SquareError::OffBoard(t.to_string()));
        }
        Err(SquareError::Malformed(t.to_string()))
    }

    /// Writes the square in `notation`.
    pub fn display(self, notation: SquareNotation) -> SquareDisplay {
        SquareDisplay {
            square: self,
            notation,
        }
    }

    /// Iterates over all 32 dark squares in bit order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64u8).filter_map(Square::from_index)
    }
}

/// A square formatted in a given notation (see [`Square::display`]).
pub struct SquareDisplay {
    square: Square,
    notation: SquareNotation,
}

impl fmt::Display for SquareDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.notation {
            SquareNotation::Numeric => write!(f, "{}", self.square.number()),
            SquareNotation::Algebraic => write!(
                f,
                "{}{}",
                (b'a' + self.square.file()) as char,
                self.square.rank() + 1
            ),
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(SquareNotation::Algebraic))
    }
}

/// A square text that does not name a dark square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// Not a square at all.
    #[error("'{0}' is not a square (expected a number 1-32 or a name like c3)")]
    Malformed(String),
    /// Outside the board.
    #[error("square '{0}' is off the board (numbers run 1-32, files a-h, ranks 1-8)")]
    OffBoard(String),
    /// A light square, never used.
    #[error("square '{0}' is a light square; only dark squares are played on")]
    LightSquare(String),
    /// A number where the variant writes squares algebraically.
    #[error("square '{0}': this variant writes squares algebraically (like c3), not as numbers")]
    NumericInAlgebraic(String),
}
