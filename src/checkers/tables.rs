//! Neighbours and rays of each board geometry, built at compile time
//! ([`crate::checkers::geometry::Tables`]).

use crate::checkers::bitboard::{BitboardOf, Direction};
use crate::checkers::geometry::{Geometry, NONE};
use crate::checkers::square::SquareOf;

/// The adjacent square in `dir`, if on the board.
#[inline]
pub(super) fn neighbour<G: Geometry>(sq: SquareOf<G>, dir: Direction) -> Option<SquareOf<G>> {
    let index = G::TABLES.neighbours[dir.index()][sq.index()];
    (index != NONE).then(|| SquareOf::from_index_unchecked(index))
}

/// All squares beyond `sq` in `dir`, up to the edge.
#[inline]
pub(super) fn ray<G: Geometry>(sq: SquareOf<G>, dir: Direction) -> BitboardOf<G> {
    BitboardOf::from_bits(G::TABLES.rays[dir.index()][sq.index()])
}

/// The squares beyond `sq` in `dir` up to (not including) the first occupied one.
#[inline]
pub(super) fn free_ray<G: Geometry>(
    sq: SquareOf<G>,
    dir: Direction,
    occupied: BitboardOf<G>,
) -> BitboardOf<G> {
    let r = ray(sq, dir);
    match (r & occupied).nearest(dir) {
        Some(blocker) => r & !(ray(blocker, dir) | BitboardOf::from_square(blocker)),
        None => r,
    }
}
