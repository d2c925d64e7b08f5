//! Board geometries: where each dark square's bit is, as data, so that one
//! square type, one bitboard and one move generator serve the 8x8 board and
//! the international 10x10 board (no copy per board).
//!
//! Both boards fit a 64-bit set. The 8x8 board keeps a bit for every square
//! (bit `rank * 8 + file`, light squares never set): a diagonal step is a
//! shift by 7 or 9 and the file edges are masked. The 10x10 board has only
//! its 50 dark squares, two ranks in eleven bits with one unused ("ghost")
//! bit between each pair, the layout draughts programs such as Scan use: a
//! diagonal step is a shift by 5 or 6 on every rank, and a step off a side
//! lands on a ghost bit or off the set, which the board mask clears.

use std::fmt::Debug;
use std::hash::Hash;

use crate::checkers::bitboard::Direction;
use crate::checkers::rules::BoardSize;
use crate::checkers::square::SquareOf;

/// `Clone` of `Copy` types generic over the geometry, as a plain copy. A
/// derived `Clone` of a generic type clones field by field (it cannot
/// assume `Copy`), which costs code the page's size budget notices.
macro_rules! clone_by_copy {
    ($($t:ident),*) => {
        $(impl<G: $crate::checkers::geometry::Geometry> Clone for $t<G> {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        })*
    };
}
pub(crate) use clone_by_copy;

/// How the dark squares are laid out in the bits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    /// A bit for every square, `rank * files + file`.
    Full,
    /// Dark squares only, two ranks per `files + 1` bits: the even rank's
    /// squares first, a ghost bit, then the odd rank's.
    DarkPairs,
}

/// One board geometry. Its data are constants, so code generic over the
/// geometry compiles to the same fixed shifts and masks as code written for
/// one board.
pub trait Geometry:
    Copy + Clone + Eq + PartialEq + Ord + PartialOrd + Hash + Debug + Default + Send + Sync + 'static
{
    /// Which board this is, as the rules name it.
    const SIZE: BoardSize;
    /// Files (columns) of the board.
    const FILES: u8;
    /// Ranks (rows) of the board.
    const RANKS: u8;
    /// Where the squares' bits are.
    const LAYOUT: Layout;
    /// Every dark square's bit.
    const BOARD: u64;
    /// The most pieces a side starts with (and may have).
    const PIECES_PER_SIDE: u32;
    /// Ranks each side fills at the start.
    const START_RANKS: u8;
    /// Left rotation moving a set one step in each [`Direction`] (by index).
    const SHIFT_ROTATION: [u32; 4];
    /// Bits a rotated set may keep (not those that wrapped round an edge).
    const SHIFT_MASK: [u64; 4];
    /// The highest bit a square uses.
    const TOP_BIT: u32;
    /// A move's landing squares: room for one per piece of a side.
    type Path: Copy
        + Eq
        + Hash
        + Debug
        + Send
        + Sync
        + AsRef<[SquareOf<Self>]>
        + AsMut<[SquareOf<Self>]>;

    /// A path filled with `square`.
    fn path_of(square: SquareOf<Self>) -> Self::Path;

    /// Neighbours and rays, built at compile time.
    const TABLES: Tables;
}

/// The 8x8 board of English, Russian, Brazilian and the contest's checkers.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Board8;

/// The 10x10 board of international draughts.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Board10;

const FILE_A8: u64 = 0x0101_0101_0101_0101;
const FILE_H8: u64 = FILE_A8 << 7;

/// Square at 0-based `file` and `rank` as a bit index, or [`NONE`] for a light
/// square or one off the board.
#[inline]
pub const fn bit_index(layout: Layout, files: u8, ranks: u8, file: i8, rank: i8) -> u8 {
    if file < 0 || rank < 0 || file >= files as i8 || rank >= ranks as i8 {
        return NONE;
    }
    let (f, r) = (file as u8, rank as u8);
    if !(f + r).is_multiple_of(2) {
        return NONE;
    }
    match layout {
        Layout::Full => r * files + f,
        Layout::DarkPairs => (files + 1) * (r / 2) + (files / 2 + 1) * (r % 2) + f / 2,
    }
}

/// The (file, rank) of a bit index, or None for a ghost bit.
#[inline]
pub const fn coordinates(layout: Layout, files: u8, index: u8) -> Option<(u8, u8)> {
    match layout {
        Layout::Full => Some((index % files, index / files)),
        Layout::DarkPairs => {
            let half = files / 2;
            let (pair, rest) = (index / (files + 1), index % (files + 1));
            if rest < half {
                Some((2 * rest, 2 * pair))
            } else if rest == half {
                None
            } else {
                Some((2 * (rest - half - 1) + 1, 2 * pair + 1))
            }
        }
    }
}

/// No square: a neighbour off the board.
pub const NONE: u8 = 64;

/// Neighbours and rays of every square in the four directions.
pub struct Tables {
    /// `neighbours[d][sq]`: the square one step from sq in direction d, or [`NONE`].
    pub neighbours: [[u8; 64]; 4],
    /// `rays[d][sq]`: every square beyond sq in direction d, to the edge.
    pub rays: [[u64; 64]; 4],
}

impl Tables {
    /// The tables of a board.
    pub const fn build(layout: Layout, files: u8, ranks: u8) -> Tables {
        let mut t = Tables {
            neighbours: [[NONE; 64]; 4],
            rays: [[0; 64]; 4],
        };
        let mut d = 0;
        while d < 4 {
            let (df, dr) = Direction::ALL[d].step();
            let mut i = 0;
            while i < 64 {
                if let Some((f, r)) = coordinates(layout, files, i as u8) {
                    if bit_index(layout, files, ranks, f as i8, r as i8) == i as u8 {
                        let mut n = 1;
                        loop {
                            let s =
                                bit_index(layout, files, ranks, f as i8 + df * n, r as i8 + dr * n);
                            if s == NONE {
                                break;
                            }
                            if n == 1 {
                                t.neighbours[d][i] = s;
                            }
                            t.rays[d][i] |= 1 << s;
                            n += 1;
                        }
                    }
                }
                i += 1;
            }
            d += 1;
        }
        t
    }
}

/// Every dark square's bit of a board.
const fn board_mask(layout: Layout, files: u8, ranks: u8) -> u64 {
    let mut mask = 0u64;
    let mut r = 0;
    while r < ranks {
        let mut f = 0;
        while f < files {
            let i = bit_index(layout, files, ranks, f as i8, r as i8);
            if i != NONE {
                mask |= 1 << i;
            }
            f += 1;
        }
        r += 1;
    }
    mask
}

impl Geometry for Board8 {
    const SIZE: BoardSize = BoardSize::Eight;
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    const LAYOUT: Layout = Layout::Full;
    const BOARD: u64 = 0xAA55_AA55_AA55_AA55;
    const PIECES_PER_SIDE: u32 = 12;
    const START_RANKS: u8 = 3;
    const SHIFT_ROTATION: [u32; 4] = [9, 7, 64 - 7, 64 - 9];
    const SHIFT_MASK: [u64; 4] = [
        !FILE_A8 & !0x1FF,
        !FILE_H8 & !0x7F,
        !FILE_A8 & !(0x7F << 57),
        !FILE_H8 & !(0x1FF << 55),
    ];
    const TOP_BIT: u32 = 63;
    type Path = [SquareOf<Board8>; 12];

    #[inline]
    fn path_of(square: SquareOf<Board8>) -> Self::Path {
        [square; 12]
    }
    const TABLES: Tables = Tables::build(Layout::Full, 8, 8);
}

const BOARD_10: u64 = board_mask(Layout::DarkPairs, 10, 10);

impl Geometry for Board10 {
    const SIZE: BoardSize = BoardSize::Ten;
    const FILES: u8 = 10;
    const RANKS: u8 = 10;
    const LAYOUT: Layout = Layout::DarkPairs;
    const BOARD: u64 = BOARD_10;
    const PIECES_PER_SIDE: u32 = 20;
    const START_RANKS: u8 = 4;
    const SHIFT_ROTATION: [u32; 4] = [6, 5, 64 - 5, 64 - 6];
    const SHIFT_MASK: [u64; 4] = [BOARD_10; 4];
    const TOP_BIT: u32 = 54;
    type Path = [SquareOf<Board10>; 20];

    #[inline]
    fn path_of(square: SquareOf<Board10>) -> Self::Path {
        [square; 20]
    }
    const TABLES: Tables = Tables::build(Layout::DarkPairs, 10, 10);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_8x8_layout_is_rank_times_eight_plus_file() {
        assert_eq!(board_mask(Layout::Full, 8, 8), Board8::BOARD);
        assert_eq!(bit_index(Layout::Full, 8, 8, 0, 0), 0);
        assert_eq!(bit_index(Layout::Full, 8, 8, 7, 7), 63);
        assert_eq!(bit_index(Layout::Full, 8, 8, 1, 0), NONE);
    }

    #[test]
    fn the_10x10_layout_has_fifty_squares_and_a_ghost_bit_per_two_ranks() {
        assert_eq!(Board10::BOARD.count_ones(), 50);
        for ghost in [5, 16, 27, 38, 49] {
            assert_eq!(Board10::BOARD >> ghost & 1, 0, "bit {ghost}");
            assert_eq!(coordinates(Layout::DarkPairs, 10, ghost), None);
        }
        assert_eq!(64 - Board10::BOARD.leading_zeros() - 1, Board10::TOP_BIT);
        for i in 0..64u8 {
            if Board10::BOARD >> i & 1 == 1 {
                let (f, r) = coordinates(Layout::DarkPairs, 10, i).unwrap();
                assert_eq!(bit_index(Layout::DarkPairs, 10, 10, f as i8, r as i8), i);
            }
        }
    }

    #[test]
    fn a_step_is_the_same_shift_from_every_square_of_the_10x10_board() {
        let t = Board10::TABLES;
        for (d, dir) in Direction::ALL.iter().enumerate() {
            let rotation = Board10::SHIFT_ROTATION[d];
            for i in 0..64usize {
                if Board10::BOARD >> i & 1 == 0 {
                    continue;
                }
                let shifted = (1u64 << i).rotate_left(rotation) & Board10::SHIFT_MASK[d];
                let expected = match t.neighbours[d][i] {
                    NONE => 0,
                    n => 1 << n,
                };
                assert_eq!(shifted, expected, "{dir:?} from bit {i}");
            }
        }
    }

    fn ranks_and_turning_agree_with_the_squares<G: Geometry>() {
        use crate::checkers::bitboard::BitboardOf;
        use crate::checkers::square::SquareOf;
        for r in 0..G::RANKS {
            let expected: BitboardOf<G> = SquareOf::<G>::all().filter(|s| s.rank() == r).collect();
            assert_eq!(BitboardOf::<G>::rank(r), expected, "rank {r}");
            assert_eq!(expected.count(), G::FILES as u32 / 2);
        }
        assert!(BitboardOf::<G>::rank(G::RANKS).is_empty());
        for sq in SquareOf::<G>::all() {
            let turned = BitboardOf::from_square(sq).rotated().first().unwrap();
            assert_eq!(turned.file(), G::FILES - 1 - sq.file());
            assert_eq!(turned.rank(), G::RANKS - 1 - sq.rank());
        }
    }

    #[test]
    fn ranks_and_the_board_turned_round_on_both_boards() {
        ranks_and_turning_agree_with_the_squares::<Board8>();
        ranks_and_turning_agree_with_the_squares::<Board10>();
    }
}
