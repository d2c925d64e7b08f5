//! Dark squares of a board (8x8 or 10x10) and their two notations.

use std::fmt;
use std::marker::PhantomData;

use crate::checkers::geometry::{bit_index, coordinates, Board8, Geometry, Layout, NONE};

crate::checkers::geometry::clone_by_copy!(SquareOf);

/// One of a board's dark squares, stored as its bit index (see
/// [`crate::checkers::geometry`]; on 8x8 `rank * 8 + file`, both 0-based,
/// a1 = 0, h8 = 63).
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
#[derive(Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareOf<G: Geometry>(u8, PhantomData<G>);

/// A dark square of the 8x8 board.
pub type Square = SquareOf<Board8>;

/// How squares are written: numbers (1–32, 1–50) or algebraic (a1–h8).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SquareNotation {
    /// 1 = b8 … 32 = g1, row by row from the top (English, tournament;
    /// 1 = b10 … 50 = i1 on 10x10).
    Numeric,
    /// File letter and rank digit (Russian).
    Algebraic,
}

impl<G: Geometry> SquareOf<G> {
    /// The square at 0-based `file` and `rank`, if it is a dark square on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<SquareOf<G>> {
        if file >= G::FILES || rank >= G::RANKS {
            return None;
        }
        match bit_index(G::LAYOUT, G::FILES, G::RANKS, file as i8, rank as i8) {
            NONE => None,
            index => Some(SquareOf(index, PhantomData)),
        }
    }

    /// A square from its bit index; the caller guarantees it is dark.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> SquareOf<G> {
        SquareOf(index, PhantomData)
    }

    /// The square with bit index `index`, if it is a dark square.
    pub const fn from_index(index: u8) -> Option<SquareOf<G>> {
        if index < 64 && G::BOARD >> index & 1 == 1 {
            Some(SquareOf(index, PhantomData))
        } else {
            None
        }
    }

    /// Bit index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file (a = 0).
    #[inline]
    pub const fn file(self) -> u8 {
        match G::LAYOUT {
            Layout::Full => self.0 % G::FILES,
            Layout::DarkPairs => match coordinates(G::LAYOUT, G::FILES, self.0) {
                Some((file, _)) => file,
                None => 0,
            },
        }
    }

    /// 0-based rank (1 = 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        match G::LAYOUT {
            Layout::Full => self.0 / G::FILES,
            Layout::DarkPairs => match coordinates(G::LAYOUT, G::FILES, self.0) {
                Some((_, rank)) => rank,
                None => 0,
            },
        }
    }

    /// The neighbouring square `steps` steps away in direction (df, dr), if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<SquareOf<G>> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f < 0 || r < 0 {
            None
        } else {
            SquareOf::new(f as u8, r as u8)
        }
    }

    /// Dark squares in a row.
    const PER_ROW: u8 = G::FILES / 2;
    /// Dark squares on the board.
    pub const COUNT: u8 = G::FILES / 2 * G::RANKS;

    /// The square's number in numbered notation, row by row from the top
    /// (8x8: 1 = b8 … 32 = g1; 10x10: 1 = b10 … 50 = i1).
    pub const fn number(self) -> u8 {
        (G::RANKS - 1 - self.rank()) * Self::PER_ROW + self.file() / 2 + 1
    }

    /// The square with number `n`, if valid.
    pub const fn from_number(n: u8) -> Option<SquareOf<G>> {
        if n < 1 || n > Self::COUNT {
            return None;
        }
        let row = (n - 1) / Self::PER_ROW; // 0 = top row
        let rank = G::RANKS - 1 - row;
        let file = 2 * ((n - 1) % Self::PER_ROW) + if rank.is_multiple_of(2) { 0 } else { 1 };
        SquareOf::new(file, rank)
    }

    /// Parses a square written in `notation`. Algebraic text (`c3`) is accepted
    /// in every notation because it cannot be misread; numbers only in numeric.
    pub fn parse(text: &str, notation: SquareNotation) -> Result<SquareOf<G>, SquareError> {
        let t = text.trim();
        let bytes = t.as_bytes();
        let algebraic = (2..=3).contains(&bytes.len())
            && bytes[0].is_ascii_alphabetic()
            && bytes[1..].iter().all(u8::is_ascii_digit);
        if algebraic {
            let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
            let digits = bytes[1..].iter();
            let rank = digits.fold(0u8, |r, d| r.wrapping_mul(10).wrapping_add(d - b'0'));
            let rank = rank.wrapping_sub(1);
            return match (
                file < G::FILES && rank < G::RANKS,
                SquareOf::new(file, rank),
            ) {
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
                .and_then(SquareOf::from_number)
                .ok_or_else(|| SquareError::OffBoard(t.to_string()));
        }
        Err(SquareError::Malformed(t.to_string()))
    }

    /// Writes the square in `notation`.
    pub fn display(self, notation: SquareNotation) -> SquareDisplay<G> {
        SquareDisplay {
            square: self,
            notation,
        }
    }

    /// Iterates over all dark squares in bit order.
    pub fn all() -> impl Iterator<Item = SquareOf<G>> {
        (0..64u8).filter_map(SquareOf::from_index)
    }
}

/// A square formatted in a given notation (see [`Square::display`]).
pub struct SquareDisplay<G: Geometry = Board8> {
    square: SquareOf<G>,
    notation: SquareNotation,
}

impl<G: Geometry> fmt::Display for SquareDisplay<G> {
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

impl<G: Geometry> fmt::Debug for SquareOf<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.display(SquareNotation::Algebraic))
    }
}

/// A square text that does not name a dark square.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// Not a square at all.
    #[error("'{0}' is not a square (expected a number 1-32, 1-50 on 10x10, or a name like c3)")]
    Malformed(String),
    /// Outside the board.
    #[error(
        "square '{0}' is off the board (numbers run 1-32, files a-h, ranks 1-8; on 10x10 1-50, a-j, 1-10)"
    )]
    OffBoard(String),
    /// A light square, never used.
    #[error("square '{0}' is a light square; only dark squares are played on")]
    LightSquare(String),
    /// A number where the variant writes squares algebraically.
    #[error("square '{0}': this variant writes squares algebraically (like c3), not as numbers")]
    NumericInAlgebraic(String),
}
