//! Zobrist keys, generated at compile time from a fixed seed.

use crate::rules::Color;
use crate::square::Square;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Keys indexed by `[color][is_king][square index]`.
const PIECE_KEYS: [[[u64; 64]; 2]; 2] = {
    let mut keys = [[[0u64; 64]; 2]; 2];
    let mut state = 0x5741_5243_4142_5921u64; // "WARCABY!"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 2 {
            let mut i = 0;
            while i < 64 {
                let (s, v) = splitmix(state);
                state = s;
                keys[c][k][i] = v;
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys
};

/// Key toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x0123_4567_89AB_CDEF).1;

/// The key of a piece of `color` (a king if `king`) on `sq`.
#[inline]
pub fn piece(color: Color, king: bool, sq: Square) -> u64 {
    PIECE_KEYS[color.index()][king as usize][sq.index() & 63]
}

/// The key of the side to move.
#[inline]
pub const fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
