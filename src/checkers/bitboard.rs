//! A set of board squares as a 64-bit mask (bit `rank * 8 + file`, both 0-based).
//!
//! Only the 32 dark squares are ever set. Shifts by ±7 / ±9 move a whole set one
//! step diagonally; the file masks keep pieces from wrapping around the edges.

use crate::checkers::square::Square;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

/// The four diagonal directions, seen from White's side (White moves up).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Direction {
    /// Towards higher ranks and higher files.
    NorthEast,
    /// Towards higher ranks and lower files.
    NorthWest,
    /// Towards lower ranks and higher files.
    SouthEast,
    /// Towards lower ranks and lower files.
    SouthWest,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// Index 0..4, for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// File and rank step of one move in this direction.
    #[inline]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// The direction pointing the other way.
    #[inline]
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }

    /// True when the direction increases the bit index (so the nearest square
    /// of a ray is its lowest bit).
    #[inline]
    pub const fn is_positive(self) -> bool {
        matches!(self, Direction::NorthEast | Direction::NorthWest)
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Left rotation that moves a square one step in each direction (by index).
const SHIFT_ROTATION: [u32; 4] = [9, 7, 64 - 7, 64 - 9];
/// Squares a rotated set may keep: not those that wrapped round a file edge
/// or round the top or bottom of the board.
const SHIFT_MASK: [u64; 4] = [
    !FILE_A & !0x1FF,
    !FILE_H & !0x7F,
    !FILE_A & !(0x7F << 57),
    !FILE_H & !(0x1FF << 55),
];

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// The 32 dark squares (a1, c1, ..., h8).
    pub const DARK: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }

    /// All squares of one rank (0-based).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xFF << (8 * rank as u32) & Self::DARK.0)
    }

    /// True when no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when at least one square is set.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The set with the board turned 180 degrees (a1 ↔ h8): dark squares
    /// stay dark.
    #[inline]
    pub const fn rotated(self) -> Bitboard {
        Bitboard(self.0.reverse_bits())
    }

    /// True when the set has more than one square.
    #[inline]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_unchecked(self.0.trailing_zeros() as u8))
    }

    /// The highest square, if any.
    #[inline]
    pub fn last(self) -> Option<Square> {
        (self.0 != 0).then(|| Square::from_index_unchecked(63 - self.0.leading_zeros() as u8))
    }

    /// The square nearest to the origin of a ray going in `dir`.
    #[inline]
    pub fn nearest(self, dir: Direction) -> Option<Square> {
        if dir.is_positive() {
            self.first()
        } else {
            self.last()
        }
    }

    /// Every square moved one step in `dir`; squares leaving the board vanish.
    /// Branch-free: a rotation and a mask that clears the wrapped squares.
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        let i = dir.index();
        Bitboard(self.0.rotate_left(SHIFT_ROTATION[i]) & SHIFT_MASK[i])
    }

    /// Iterates over the squares, lowest first.
    #[inline]
    pub fn squares(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`].
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Bitboard::EMPTY, |b, sq| b | Bitboard::from_square(sq))
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the dark squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::DARK.0)
    }
}
