//! Geometry tables built at compile time: neighbours and rays.

use crate::checkers::bitboard::{Bitboard, Direction};
use crate::checkers::square::Square;

const NONE: u8 = 64;

const fn step(index: usize, dir: usize, n: i8) -> u8 {
    let (df, dr) = match dir {
        0 => (1, 1),
        1 => (-1, 1),
        2 => (1, -1),
        _ => (-1, -1),
    };
    let f = (index % 8) as i8 + df * n;
    let r = (index / 8) as i8 + dr * n;
    if f < 0 || f > 7 || r < 0 || r > 7 {
        NONE
    } else {
        (r * 8 + f) as u8
    }
}

/// `NEIGHBOURS[d][sq]` = the square one step from sq in direction d, or 64.
const NEIGHBOURS: [[u8; 64]; 4] = {
    let mut t = [[NONE; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 64 {
            t[d][i] = step(i, d, 1);
            i += 1;
        }
        d += 1;
    }
    t
};

/// `RAYS[d][sq]` = every square from sq (exclusive) to the edge in direction d.
const RAYS: [[u64; 64]; 4] = {
    let mut t = [[0u64; 64]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < 64 {
            let mut n = 1;
            while n < 8 {
                let s = step(i, d, n);
                if s != NONE {
                    t[d][i] |= 1 << s;
                }
                n += 1;
            }
            i += 1;
        }
        d += 1;
    }
    t
};

#[inline]
fn lookup(index: u8) -> Option<Square> {
    (index != NONE).then(|| Square::from_index_unchecked(index))
}

/// The adjacent square in `dir`, if on the board.
#[inline]
pub(super) fn neighbour(sq: Square, dir: Direction) -> Option<Square> {
    lookup(NEIGHBOURS[dir.index()][sq.index()])
}

/// All squares beyond `sq` in `dir`, up to the edge.
#[inline]
pub(super) fn ray(sq: Square, dir: Direction) -> Bitboard {
    Bitboard(RAYS[dir.index()][sq.index()])
}

/// The squares beyond `sq` in `dir` up to (not including) the first occupied one.
#[inline]
pub(super) fn free_ray(sq: Square, dir: Direction, occupied: Bitboard) -> Bitboard {
    let r = ray(sq, dir);
    match (r & occupied).nearest(dir) {
        Some(blocker) => r & !(ray(blocker, dir) | Bitboard::from_square(blocker)),
        None => r,
    }
}
