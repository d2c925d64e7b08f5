//! The learned evaluation's inputs: the board from the side to move's view
//! (turned round when Black moves, so one network serves both colours), as
//! one-hot man/king squares per side on the 32 playable squares.

use crate::checkers::bitboard::Bitboard;
use crate::checkers::position::Position;

/// Playable squares.
pub const SQUARES: usize = 32;
/// Network inputs: own men, own kings, enemy men, enemy kings, 32 squares each.
pub const INPUTS: usize = 4 * SQUARES;

/// The board from the side to move's view, on 32-square masks (bit `i` is
/// the dark square with 64-square index `2i` or `2i + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoverBoard {
    /// The side to move's pieces.
    pub own: u32,
    /// The opponent's pieces.
    pub enemy: u32,
    /// Kings of either side.
    pub kings: u32,
}

/// A 64-square board's dark squares as a 32-square mask.
#[inline]
fn to_32(b: Bitboard) -> u32 {
    let mut bits = b.0;
    let mut out = 0u32;
    while bits != 0 {
        let sq = bits.trailing_zeros();
        out |= 1 << (sq >> 1);
        bits &= bits - 1;
    }
    out
}

/// The side to move's view of `pos` on 32-square masks.
#[inline]
pub fn compact(pos: &Position) -> MoverBoard {
    let [own, enemy, kings] = pos.mover_view();
    MoverBoard {
        own: to_32(own),
        enemy: to_32(enemy),
        kings: to_32(kings),
    }
}

impl MoverBoard {
    /// The four piece masks in input order: own men, own kings, enemy men,
    /// enemy kings.
    #[inline]
    pub fn planes(&self) -> [u32; 4] {
        [
            self.own & !self.kings,
            self.own & self.kings,
            self.enemy & !self.kings,
            self.enemy & self.kings,
        ]
    }

    /// Calls `f` with the index of each active input, in increasing order.
    /// Always inlined: the network's fast pass needs `f` compiled with its
    /// own target features.
    #[inline(always)]
    pub fn for_each_input(&self, mut f: impl FnMut(usize)) {
        for (plane, mut bits) in self.planes().into_iter().enumerate() {
            while bits != 0 {
                f(plane * SQUARES + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// Pieces on the board.
    pub fn piece_count(&self) -> u32 {
        (self.own | self.enemy).count_ones()
    }
}
