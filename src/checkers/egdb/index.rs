//! The index of a position inside its material slice, and back.
//!
//! Positions are stored from the side to move's point of view: the mover's
//! pieces play "up" the board (as White's do), so a position with Black to
//! move is first turned round ([`Position::mover_view`]) — one table serves
//! both sides to move.
//!
//! The 32 dark squares are numbered 0..32 (`rank * 4 + file / 2`). The
//! mover's men stand on squares 0..28 (never on the crowning row), the
//! opponent's on 4..32. The index is, most significant first: the mover's
//! men as a combination of 28, the opponent's men as a combination of 28,
//! the mover's kings as a combination of the squares the men leave free and
//! the opponent's kings as a combination of the squares left after that.
//! Only the overlap of the two men sets is wasted (such indices hold no
//! position), so the index is near-perfect: exact for kings-only slices.

use crate::checkers::bitboard::Bitboard;
use crate::checkers::position::{Position, Setup};
use crate::checkers::rules::Variant;
use crate::core::Color;

/// Squares a man can stand on (every dark square but its crowning row).
const MAN_SQUARES: u32 = 28;
/// Most pieces of one kind the tables are built for.
const MAX_KIND: usize = 12;

/// Binomial coefficients C(n, k) for n ≤ 32, k ≤ 12.
const BINOMIAL: [[u64; MAX_KIND + 1]; 33] = binomials();

const fn binomials() -> [[u64; MAX_KIND + 1]; 33] {
    let mut table = [[0u64; MAX_KIND + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_KIND && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

#[inline]
fn binomial(n: u32, k: u32) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The material of a slice, from the side to move's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    /// Men of the side to move.
    pub mover_men: u8,
    /// Kings of the side to move.
    pub mover_kings: u8,
    /// Men of the other side.
    pub other_men: u8,
    /// Kings of the other side.
    pub other_kings: u8,
}

impl Material {
    /// The material of `pos` as its side to move sees it.
    pub fn of(pos: &Position) -> Material {
        let us = pos.side_to_move();
        let them = us.opponent();
        let count = |b: Bitboard| b.count() as u8;
        Material {
            mover_men: count(pos.men(us)),
            mover_kings: count(pos.kings(us)),
            other_men: count(pos.men(them)),
            other_kings: count(pos.kings(them)),
        }
    }

    /// Pieces on the board.
    pub fn total(self) -> u32 {
        (self.mover_men + self.mover_kings + self.other_men + self.other_kings) as u32
    }

    /// Men on the board.
    pub fn men(self) -> u32 {
        (self.mover_men + self.other_men) as u32
    }

    /// The same material with the other side to move.
    pub fn mirrored(self) -> Material {
        Material {
            mover_men: self.other_men,
            mover_kings: self.other_kings,
            other_men: self.mover_men,
            other_kings: self.mover_kings,
        }
    }

    /// True when both sides have a piece and no kind exceeds a side's twelve.
    pub fn is_valid(self) -> bool {
        let mover = self.mover_men + self.mover_kings;
        let other = self.other_men + self.other_kings;
        (1..=12).contains(&mover) && (1..=12).contains(&other)
    }

    /// Every valid material with exactly `pieces` pieces, in a fixed order.
    pub fn all_with(pieces: u32) -> Vec<Material> {
        let n = pieces.min(24) as u8;
        let mut all = Vec::new();
        for mover_men in 0..=n {
            for mover_kings in 0..=n - mover_men {
                for other_men in 0..=n - mover_men - mover_kings {
                    let other_kings = n - mover_men - mover_kings - other_men;
                    let m = Material {
                        mover_men,
                        mover_kings,
                        other_men,
                        other_kings,
                    };
                    if m.is_valid() {
                        all.push(m);
                    }
                }
            }
        }
        all
    }

    /// The four counts as digits, as in file names: `MKmk`.
    pub fn code(self) -> String {
        format!(
            "{}{}{}{}",
            self.mover_men, self.mover_kings, self.other_men, self.other_kings
        )
    }

    /// The number of indices of this slice (including the few unused ones).
    pub fn slice_len(self) -> u64 {
        let men = (self.mover_men + self.other_men) as u32;
        let free = 32 - men;
        binomial(MAN_SQUARES, self.mover_men as u32)
            * binomial(MAN_SQUARES, self.other_men as u32)
            * binomial(free, self.mover_kings as u32)
            * binomial(free - self.mover_kings as u32, self.other_kings as u32)
    }
}

/// The pieces as the side to move sees them, on dense squares 0..32 (bit i =
/// square i): its men, its kings, the opponent's men and kings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct View {
    mover_men: u32,
    mover_kings: u32,
    other_men: u32,
    other_kings: u32,
}

/// The dense square numbers (0..32) of a set of dark squares.
#[inline]
fn dense(b: Bitboard) -> u32 {
    let mut out = 0;
    for sq in b {
        out |= 1 << (sq.rank() as u32 * 4 + sq.file() as u32 / 2);
    }
    out
}

/// The dark squares of a dense set.
fn sparse(mut d: u32) -> Bitboard {
    let mut out = 0u64;
    while d != 0 {
        let i = d.trailing_zeros();
        d &= d - 1;
        let rank = i / 4;
        let file = (i % 4) * 2 + rank % 2;
        out |= 1 << (rank * 8 + file);
    }
    Bitboard::from_bits(out)
}

/// Colex rank of a set of squares: Σ C(s_i, i + 1) over the squares in order.
#[inline]
fn rank_set(mut set: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        r += binomial(set.trailing_zeros(), i);
        set &= set - 1;
        i += 1;
    }
    r
}

/// The set of `k` squares with colex rank `r`.
fn unrank_set(mut r: u64, k: u32) -> u32 {
    let mut set = 0;
    for i in (1..=k).rev() {
        let mut s = i - 1;
        while binomial(s + 1, i) <= r {
            s += 1;
        }
        r -= binomial(s, i);
        set |= 1 << s;
    }
    set
}

/// `set` with the squares of `taken` squeezed out (each square numbered among
/// the squares not in `taken`); `set` and `taken` are disjoint.
#[inline]
fn squeeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        let below = (taken & ((1u32 << s) - 1)).count_ones();
        out |= 1 << (s - below);
    }
    out
}

/// The inverse of [`squeeze`]: numbers among the free squares back to squares.
fn expand(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken;
    let mut j = 0;
    while free != 0 {
        let s = free.trailing_zeros();
        free &= free - 1;
        if set >> j & 1 != 0 {
            out |= 1 << s;
        }
        j += 1;
    }
    out
}

impl View {
    fn of(pos: &Position) -> View {
        let [mine, theirs, kings] = pos.mover_view();
        View {
            mover_men: dense(mine & !kings),
            mover_kings: dense(mine & kings),
            other_men: dense(theirs & !kings),
            other_kings: dense(theirs & kings),
        }
    }
}

/// The index of `pos` in the slice of its material ([`Material::of`]).
#[inline]
pub fn index_of(pos: &Position, material: Material) -> u64 {
    let v = View::of(pos);
    let men = v.mover_men | v.other_men;
    let with_kings = men | v.mover_kings;
    let free = 32 - men.count_ones();
    let mut i = rank_set(v.mover_men);
    i = i * binomial(MAN_SQUARES, material.other_men as u32) + rank_set(v.other_men >> 4);
    i = i * binomial(free, material.mover_kings as u32) + rank_set(squeeze(v.mover_kings, men));
    let free2 = free - material.mover_kings as u32;
    i * binomial(free2, material.other_kings as u32) + rank_set(squeeze(v.other_kings, with_kings))
}

/// The position at `index` of the slice of `material`, the side to move
/// being White (the mover's view); None where the two sides' men overlap.
pub fn position_at(index: u64, material: Material, variant: Variant) -> Option<Position> {
    let m = material;
    let free = 32 - m.men();
    let free2 = free - m.mover_kings as u32;
    let (rest, other_kings) = div(index, binomial(free2, m.other_kings as u32));
    let (rest, mover_kings) = div(rest, binomial(free, m.mover_kings as u32));
    let (mover_men, other_men) = div(rest, binomial(MAN_SQUARES, m.other_men as u32));
    let mover_men = unrank_set(mover_men, m.mover_men as u32);
    let other_men = unrank_set(other_men, m.other_men as u32) << 4;
    if mover_men & other_men != 0 {
        return None;
    }
    let men = mover_men | other_men;
    let mover_kings = expand(unrank_set(mover_kings, m.mover_kings as u32), men);
    let other_kings = expand(
        unrank_set(other_kings, m.other_kings as u32),
        men | mover_kings,
    );
    let setup = Setup {
        white: sparse(mover_men | mover_kings),
        black: sparse(other_men | other_kings),
        kings: sparse(mover_kings | other_kings),
        side_to_move: Some(Color::White),
    };
    Position::from_setup(&setup, variant).ok()
}

#[inline]
fn div(a: u64, b: u64) -> (u64, u64) {
    (a / b, a % b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_are_right() {
        assert_eq!(binomial(32, 2), 496);
        assert_eq!(binomial(28, 4), 20475);
        assert_eq!(binomial(5, 6), 0);
    }

    #[test]
    fn sets_rank_and_unrank() {
        for set in [0b1u32, 0b1011, 1 << 27 | 1 << 3 | 1, 0xF000_0000] {
            let k = set.count_ones();
            assert_eq!(unrank_set(rank_set(set), k), set);
        }
        assert_eq!(sparse(dense(Bitboard::DARK)), Bitboard::DARK);
        assert_eq!(
            expand(squeeze(0b1_0000_0100, 0b1010), 0b1010),
            0b1_0000_0100
        );
    }

    #[test]
    fn every_index_of_a_slice_round_trips() {
        let m = Material {
            mover_men: 1,
            mover_kings: 1,
            other_men: 1,
            other_kings: 0,
        };
        let mut valid = 0;
        for i in 0..m.slice_len() {
            if let Some(pos) = position_at(i, m, Variant::English) {
                assert_eq!(Material::of(&pos), m);
                assert_eq!(index_of(&pos, m), i);
                let black = Position::from_setup(
                    &Setup {
                        white: pos.pieces(Color::Black).rotated(),
                        black: pos.pieces(Color::White).rotated(),
                        kings: pos.to_setup().kings.rotated(),
                        side_to_move: Some(Color::Black),
                    },
                    Variant::English,
                )
                .unwrap();
                assert_eq!(index_of(&black, m), i, "Black to move, same view");
                valid += 1;
            }
        }
        // 28 * 28 men placements less the 24 overlaps, times 30 king squares.
        assert_eq!(valid, (28 * 28 - 24) * 30);
    }
}
