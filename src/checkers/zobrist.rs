//! Zobrist keys, generated at compile time from a fixed seed.

use crate::checkers::geometry::Geometry;
use crate::checkers::square::SquareOf;
use crate::core::rng::keys;
use crate::core::Color;

/// Keys indexed by `color * 128 + is_king * 64 + square index`.
const PIECE_KEYS: [u64; 256] = keys(0x5741_5243_4142_5921); // "WARCABY!"

/// Key toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = keys::<1>(0x0123_4567_89AB_CDEF)[0];

/// The key of a piece of `color` (a king if `king`) on `sq`.
#[inline]
pub fn piece<G: Geometry>(color: Color, king: bool, sq: SquareOf<G>) -> u64 {
    PIECE_KEYS[color.index() * 128 + king as usize * 64 + (sq.index() & 63)]
}

/// The key of the side to move.
#[inline]
pub const fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
