//! The learned evaluation's inputs: the board from the side to move's view
//! (turned round when Black moves, so one network serves both colours), as
//! one-hot man/king squares per side on the board's playable squares (32
//! on 8x8, 50 on 10x10: a network reads one board, [`inputs`]).

use crate::checkers::bitboard::BitboardOf;
use crate::checkers::geometry::{Board10, Board8, Geometry};
use crate::checkers::position::{PositionError, PositionOf, SetupOf};
use crate::checkers::rules::BoardSize;
use crate::core::Color;
use crate::Variant;

/// Playable squares of a board (its geometry's dark squares).
pub const fn squares(size: BoardSize) -> usize {
    let board = match size {
        BoardSize::Eight => Board8::BOARD,
        BoardSize::Ten => Board10::BOARD,
    };
    board.count_ones() as usize
}

/// Network inputs for a board: own men, own kings, enemy men, enemy kings,
/// one per playable square each.
pub const fn inputs(size: BoardSize) -> usize {
    4 * squares(size)
}

/// The most pieces a position of the board has (both sides' start).
pub const fn max_pieces(size: BoardSize) -> usize {
    let per_side = match size {
        BoardSize::Eight => Board8::PIECES_PER_SIDE,
        BoardSize::Ten => Board10::PIECES_PER_SIDE,
    };
    2 * per_side as usize
}

/// The board a network with `inputs` inputs reads, if any.
pub fn board_of_inputs(inputs: usize) -> Option<BoardSize> {
    BoardSize::ALL
        .into_iter()
        .find(|&size| self::inputs(size) == inputs)
}

/// Network inputs on the 8x8 board.
pub const INPUTS: usize = inputs(BoardSize::Eight);

/// The board from the side to move's view, as masks of playable squares
/// (bit `i` is the board's `i`-th dark square in bit order: on 8x8 the
/// square with 64-square index `2i` or `2i + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoverBoard {
    /// The side to move's pieces.
    pub own: u64,
    /// The opponent's pieces.
    pub enemy: u64,
    /// Kings of either side.
    pub kings: u64,
}

/// Each bit's playable-square index on a board whose dark squares are
/// `board` (ghost and unused bits: 0, never asked).
const fn dense_indices(board: u64) -> [u8; 64] {
    let mut out = [0u8; 64];
    let (mut bit, mut next) = (0, 0u8);
    while bit < 64 {
        if board >> bit & 1 == 1 {
            out[bit] = next;
            next += 1;
        }
        bit += 1;
    }
    out
}

/// The playable-square index of each bit of a geometry's sets.
struct Dense<G>(std::marker::PhantomData<G>);

impl<G: Geometry> Dense<G> {
    const OF_BIT: [u8; 64] = dense_indices(G::BOARD);
}

/// A board's set as a mask of playable squares.
#[inline]
fn to_dense<G: Geometry>(b: BitboardOf<G>) -> u64 {
    let mut bits = b.0;
    let mut out = 0u64;
    while bits != 0 {
        out |= 1 << Dense::<G>::OF_BIT[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    out
}

/// A board's set from a mask of playable squares ([`to_dense`] undone).
fn from_dense<G: Geometry>(mask: u64) -> BitboardOf<G> {
    let mut squares = G::BOARD;
    let mut out = 0u64;
    for index in 0..64 {
        if squares == 0 {
            break;
        }
        if mask >> index & 1 == 1 {
            out |= squares & squares.wrapping_neg();
        }
        squares &= squares - 1;
    }
    BitboardOf::from_bits(out)
}

/// The side to move's view of `pos` as masks of playable squares.
#[inline]
pub fn compact<G: Geometry>(pos: &PositionOf<G>) -> MoverBoard {
    let [own, enemy, kings] = pos.mover_view();
    MoverBoard {
        own: to_dense(own),
        enemy: to_dense(enemy),
        kings: to_dense(kings),
    }
}

impl MoverBoard {
    /// The four piece masks in input order: own men, own kings, enemy men,
    /// enemy kings.
    #[inline]
    pub fn planes(&self) -> [u64; 4] {
        [
            self.own & !self.kings,
            self.own & self.kings,
            self.enemy & !self.kings,
            self.enemy & self.kings,
        ]
    }

    /// Calls `f` with the index of each active input, in increasing order,
    /// on a board of `squares` playable squares. Always inlined: the
    /// network's fast pass needs `f` compiled with its own target features.
    #[inline(always)]
    pub fn for_each_input(&self, squares: usize, mut f: impl FnMut(usize)) {
        for (plane, mut bits) in self.planes().into_iter().enumerate() {
            while bits != 0 {
                f(plane * squares + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// A position whose side to move sees this board: White to move with
    /// the own pieces (the view of a Black mover is the board turned
    /// round, which is White's view of the turned position), so its
    /// value for the side to move is the sample's. Refused as
    /// [`PositionOf::from_setup`] refuses a setup (a man on its crowning
    /// row, pieces of another board).
    pub fn to_position<G: Geometry>(
        &self,
        variant: Variant,
    ) -> Result<PositionOf<G>, PositionError> {
        let setup = SetupOf {
            white: from_dense::<G>(self.own),
            black: from_dense::<G>(self.enemy),
            kings: from_dense::<G>(self.kings),
            side_to_move: Some(Color::White),
        };
        PositionOf::from_setup(&setup, variant)
    }

    /// Pieces on the board.
    pub fn piece_count(&self) -> u32 {
        (self.own | self.enemy).count_ones()
    }

    /// True when every piece is on one of `squares` playable squares.
    pub fn fits(&self, squares: usize) -> bool {
        (self.own | self.enemy | self.kings) >> squares == 0
    }
}
