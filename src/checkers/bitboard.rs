//! A set of board squares as a 64-bit mask (on 8x8 bit `rank * 8 + file`,
//! both 0-based; the bits of each board: [`crate::checkers::geometry`]).
//!
//! Only the dark squares are ever set. A rotation moves a whole set one step
//! diagonally (on 8x8 by ±7 / ±9); the board's masks keep pieces from
//! wrapping around the edges.

use crate::checkers::geometry::{Board8, Geometry, Layout};
use crate::checkers::square::SquareOf;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

crate::checkers::geometry::clone_by_copy!(BitboardOf);

/// A set of squares of the board `G`.
#[derive(Copy, PartialEq, Eq, Hash, Default)]
pub struct BitboardOf<G: Geometry>(pub u64, PhantomData<G>);

/// A set of squares of the 8x8 board.
pub type Bitboard = BitboardOf<Board8>;

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

impl<G: Geometry> BitboardOf<G> {
    /// No squares.
    pub const EMPTY: BitboardOf<G> = BitboardOf(0, PhantomData);
    /// Every dark square (on 8x8: a1, c1, ..., h8).
    pub const DARK: BitboardOf<G> = BitboardOf(G::BOARD, PhantomData);

    /// The set of the squares whose bits are set in `bits` (the caller keeps
    /// to dark squares; [`crate::checkers::position::PositionOf::from_setup`]
    /// checks).
    #[inline]
    pub const fn from_bits(bits: u64) -> BitboardOf<G> {
        BitboardOf(bits, PhantomData)
    }

    /// The set holding one square.
    #[inline]
    pub const fn from_square(sq: SquareOf<G>) -> BitboardOf<G> {
        BitboardOf(1 << sq.index(), PhantomData)
    }

    /// All squares of one rank (0-based; none past the last rank).
    #[inline]
    pub const fn rank(rank: u8) -> BitboardOf<G> {
        if rank >= G::RANKS {
            return BitboardOf::EMPTY;
        }
        let bits = match G::LAYOUT {
            Layout::Full => ((1u64 << G::FILES) - 1) << (G::FILES as u32 * rank as u32),
            // Two ranks per FILES + 1 bits: the even rank's squares first,
            // the odd rank's after the ghost bit.
            Layout::DarkPairs => {
                let first = (G::FILES as u32 + 1) * (rank as u32 / 2)
                    + (G::FILES as u32 / 2 + 1) * (rank as u32 % 2);
                ((1u64 << (G::FILES / 2)) - 1) << first
            }
        };
        BitboardOf(bits & G::BOARD, PhantomData)
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
    pub const fn contains(self, sq: SquareOf<G>) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// The set with the board turned 180 degrees (a1 ↔ h8): dark squares
    /// stay dark (bit i goes to bit TOP_BIT - i on both boards).
    #[inline]
    pub const fn rotated(self) -> BitboardOf<G> {
        BitboardOf(self.0.reverse_bits() >> (63 - G::TOP_BIT), PhantomData)
    }

    /// True when the set has more than one square.
    #[inline]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    pub fn first(self) -> Option<SquareOf<G>> {
        (self.0 != 0).then(|| SquareOf::from_index_unchecked(self.0.trailing_zeros() as u8))
    }

    /// The highest square, if any.
    #[inline]
    pub fn last(self) -> Option<SquareOf<G>> {
        (self.0 != 0).then(|| SquareOf::from_index_unchecked(63 - self.0.leading_zeros() as u8))
    }

    /// The square nearest to the origin of a ray going in `dir`.
    #[inline]
    pub fn nearest(self, dir: Direction) -> Option<SquareOf<G>> {
        if dir.is_positive() {
            self.first()
        } else {
            self.last()
        }
    }

    /// Every square moved one step in `dir`; squares leaving the board vanish.
    /// Branch-free: a rotation and a mask that clears the wrapped squares.
    #[inline]
    pub const fn shift(self, dir: Direction) -> BitboardOf<G> {
        let i = dir.index();
        BitboardOf(
            self.0.rotate_left(G::SHIFT_ROTATION[i]) & G::SHIFT_MASK[i],
            PhantomData,
        )
    }

    /// Iterates over the squares, lowest first.
    #[inline]
    pub fn squares(self) -> Squares<G> {
        Squares(self.0, PhantomData)
    }
}

/// Iterator over the squares of a [`BitboardOf`].
pub struct Squares<G: Geometry = Board8>(u64, PhantomData<G>);

impl<G: Geometry> Iterator for Squares<G> {
    type Item = SquareOf<G>;
    #[inline]
    fn next(&mut self) -> Option<SquareOf<G>> {
        if self.0 == 0 {
            return None;
        }
        let sq = SquareOf::from_index_unchecked(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<G: Geometry> IntoIterator for BitboardOf<G> {
    type Item = SquareOf<G>;
    type IntoIter = Squares<G>;
    fn into_iter(self) -> Squares<G> {
        self.squares()
    }
}

impl<G: Geometry> FromIterator<SquareOf<G>> for BitboardOf<G> {
    fn from_iter<I: IntoIterator<Item = SquareOf<G>>>(iter: I) -> Self {
        iter.into_iter()
            .fold(BitboardOf::EMPTY, |b, sq| b | BitboardOf::from_square(sq))
    }
}

impl<G: Geometry> std::fmt::Debug for BitboardOf<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.squares()).finish()
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<G: Geometry> $tr for BitboardOf<G> {
            type Output = BitboardOf<G>;
            #[inline]
            fn $f(self, rhs: BitboardOf<G>) -> BitboardOf<G> {
                BitboardOf(self.0 $op rhs.0, PhantomData)
            }
        }
        impl<G: Geometry> $atr for BitboardOf<G> {
            #[inline]
            fn $af(&mut self, rhs: BitboardOf<G>) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<G: Geometry> Not for BitboardOf<G> {
    type Output = BitboardOf<G>;
    /// The complement within the dark squares.
    #[inline]
    fn not(self) -> BitboardOf<G> {
        BitboardOf(!self.0 & G::BOARD, PhantomData)
    }
}
