//! Independent regions of a Clobber position, on bitboards.
//!
//! Stones never move into empty cells, so the groups of orthogonally
//! connected stones (of either colour) never merge: a position is a sum of
//! independent regions. A region holding only one colour is dead (nobody can
//! ever move there). Positions here are [`Sides`], seen from the side to
//! move, on a [`Geometry`] (one board shape's masks and symmetry keys).
//! A region has two hashes: its *board hash*, the same under the board's
//! own symmetries, and its *shape hash*, the same wherever it stands on the
//! board and in any of the 8 orientations of the square.

use super::{ClobberPosition, Shape};
use crate::core::rng::{keys, mix};

/// A position seen from the side to move: its stones and the opponent's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Sides {
    /// The stones of the side to move.
    pub mine: u128,
    /// The opponent's stones.
    pub theirs: u128,
}

impl Sides {
    /// The position's stones, seen from its side to move.
    pub(crate) fn of(pos: &ClobberPosition) -> Sides {
        let me = pos.side_to_move();
        Sides {
            mine: pos.stones(me),
            theirs: pos.stones(me.opponent()),
        }
    }

    /// The same stones with the other side to move.
    pub(crate) fn passed(self) -> Sides {
        Sides {
            mine: self.theirs,
            theirs: self.mine,
        }
    }

    /// Only the stones on `cells`.
    pub(crate) fn within(self, cells: u128) -> Sides {
        Sides {
            mine: self.mine & cells,
            theirs: self.theirs & cells,
        }
    }
}

/// Keys of (colour relative to the mover, cell) for the symmetry tables.
const CELL_KEYS: [u64; 256] = keys(0x736F_6C76_6572_2121);

/// Masks and symmetry keys of one board shape.
pub(crate) struct Geometry {
    /// The board.
    pub shape: Shape,
    cols: u32,
    /// Mixed into every table key: a cell set means another region on
    /// another board.
    pub salt: u64,
    all: u128,
    not_first_col: u128,
    not_last_col: u128,
    /// `keys[cell][colour][t]`: the key of a stone (colour 0 the mover's)
    /// on `cell` after the board symmetry `t` (unused symmetries hold 0),
    /// so that one walk over the stones sums all symmetries at once.
    keys: Vec<[[u64; 8]; 2]>,
    /// How many symmetries the board has: 8 when square, else 4.
    symmetries: usize,
}

impl Geometry {
    /// The masks and keys of `shape`.
    pub(crate) fn new(shape: Shape) -> Geometry {
        let (rows, cols) = (shape.rows(), shape.cols());
        let column = |c: usize| (0..rows).fold(0u128, |m, r| m | 1 << shape.cell(r, c));
        let symmetries = shape.symmetries();
        let keys = (0..shape.cells())
            .map(|cell| {
                let mut key = [[0u64; 8]; 2];
                for t in 0..symmetries {
                    key[0][t] = CELL_KEYS[shape.image(cell, t)];
                    key[1][t] = CELL_KEYS[128 + shape.image(cell, t)];
                }
                key
            })
            .collect();
        Geometry {
            shape,
            cols: cols as u32,
            salt: mix((rows * 16 + cols) as u64),
            all: shape.all(),
            not_first_col: !column(0),
            not_last_col: !column(cols - 1),
            keys,
            symmetries,
        }
    }

    /// The four neighbours' shifts: up, down, left, right.
    #[inline]
    fn shifts(&self, set: u128) -> [u128; 4] {
        [
            (set << self.cols) & self.all,
            set >> self.cols,
            (set & self.not_first_col) >> 1,
            (set & self.not_last_col) << 1,
        ]
    }

    /// Cells next to `set` (and `set` itself).
    #[inline]
    fn grow(&self, set: u128) -> u128 {
        self.shifts(set).iter().fold(set, |m, s| m | s)
    }

    /// The orthogonally connected groups of `set`.
    pub(crate) fn groups(&self, set: u128) -> Groups<'_> {
        Groups {
            geometry: self,
            set,
            rest: set,
        }
    }

    /// Number of moves of either side: adjacent pairs of opposite colours.
    #[inline]
    pub(crate) fn contacts(&self, b: Sides) -> u32 {
        let s = self.shifts(b.mine);
        (s[0] & b.theirs).count_ones() + (s[3] & b.theirs).count_ones() + {
            let t = self.shifts(b.theirs);
            (t[0] & b.mine).count_ones() + (t[3] & b.mine).count_ones()
        }
    }

    /// Every move of the side to move as the position after it (seen from
    /// the opponent), the ones leaving the fewest replies first.
    pub(crate) fn children(&self, b: Sides) -> Vec<Sides> {
        let mut out = self.scored_children(b);
        out.sort_unstable_by_key(|c| c.0);
        out.into_iter().map(|c| c.1).collect()
    }

    /// Every move of the side to move as the position after it (seen from
    /// the opponent) with the number of replies it leaves, unsorted.
    pub(crate) fn scored_children(&self, b: Sides) -> Vec<(u32, Sides)> {
        let mut out: Vec<(u32, Sides)> = Vec::with_capacity(64);
        self.each_child(b, |replies, child| out.push((replies, child)));
        out
    }

    /// Calls `visit` with every move's number of replies and the position
    /// after it (seen from the opponent).
    #[inline]
    pub(crate) fn each_child(&self, b: Sides, mut visit: impl FnMut(u32, Sides)) {
        let targets = self.shifts(b.theirs);
        // A stone moves up when the cell above holds an opponent: the
        // opponents shifted down mark the stones that move up, and so on.
        for (back, forward) in [(1, 0), (0, 1), (3, 2), (2, 3)] {
            let mut movers = b.mine & targets[back];
            while movers != 0 {
                let from = movers & movers.wrapping_neg();
                movers ^= from;
                let to = self.shifts(from)[forward];
                let child = Sides {
                    mine: b.theirs ^ to,
                    theirs: b.mine ^ from ^ to,
                };
                visit(self.contacts(child), child);
            }
        }
    }

    /// The region's hash (smallest over the board's symmetries) and its
    /// negative's (colours swapped).
    pub(crate) fn region_hashes(&self, b: Sides) -> (u64, u64) {
        let (mut hash, mut negative) = ([0u64; 8], [0u64; 8]);
        let mut add = |set: u128, colour: usize| {
            let mut set = set;
            while set != 0 {
                let key = &self.keys[set.trailing_zeros() as usize];
                set &= set - 1;
                for t in 0..8 {
                    hash[t] = hash[t].wrapping_add(key[colour][t]);
                    negative[t] = negative[t].wrapping_add(key[1 - colour][t]);
                }
            }
        };
        add(b.mine, 0);
        add(b.theirs, 1);
        let least = |sums: &[u64]| sums.iter().map(|&s| mix(s)).min().unwrap_or(0);
        let n = self.symmetries;
        (least(&hash[..n]), least(&negative[..n]))
    }
}

/// The orthogonally connected groups of a set, one by one.
pub(crate) struct Groups<'a> {
    geometry: &'a Geometry,
    set: u128,
    rest: u128,
}

impl Iterator for Groups<'_> {
    type Item = u128;

    fn next(&mut self) -> Option<u128> {
        if self.rest == 0 {
            return None;
        }
        let mut group = self.rest & self.rest.wrapping_neg();
        loop {
            let grown = self.geometry.grow(group) & self.set;
            if grown == group {
                break;
            }
            group = grown;
        }
        self.rest &= !group;
        Some(group)
    }
}

/// Keys for (colour relative to the mover) * 256 + (cell index in a region's box).
const SHAPE_KEYS: [u64; 512] = keys(0x7368_6170_6521_2121);

/// The region's shape hash and its negative's (colours swapped): the
/// smallest over the 8 orientations, relative to its bounding box.
pub(crate) fn shape_hashes(shape: Shape, region: Sides) -> (u64, u64) {
    let mut cells = Vec::with_capacity((region.mine | region.theirs).count_ones() as usize);
    let (mut r0, mut c0, mut r1, mut c1) = (usize::MAX, usize::MAX, 0, 0);
    for (set, mine) in [(region.mine, true), (region.theirs, false)] {
        let mut set = set;
        while set != 0 {
            let (r, c) = shape.row_col(set.trailing_zeros() as usize);
            set &= set - 1;
            (r0, c0, r1, c1) = (r0.min(r), c0.min(c), r1.max(r), c1.max(c));
            cells.push((r, c, mine));
        }
    }
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    let mut best = (u64::MAX, u64::MAX);
    for t in 0..8 {
        let (th, tw) = if t & 4 != 0 { (w, h) } else { (h, w) };
        let (mut hash, mut negative) = (mix((th * 16 + tw) as u64), mix((th * 16 + tw) as u64));
        for &(r, c, mine) in &cells {
            let (r, c) = (r - r0, c - c0);
            let (mut r, mut c) = if t & 4 != 0 { (c, r) } else { (r, c) };
            if t & 1 != 0 {
                r = th - 1 - r;
            }
            if t & 2 != 0 {
                c = tw - 1 - c;
            }
            let at = r * 16 + c;
            hash = hash.wrapping_add(SHAPE_KEYS[(!mine) as usize * 256 + at]);
            negative = negative.wrapping_add(SHAPE_KEYS[mine as usize * 256 + at]);
        }
        best = (best.0.min(mix(hash)), best.1.min(mix(negative)));
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Color;

    #[test]
    fn children_match_the_legal_moves() {
        let pos = ClobberPosition::parse("WBW./BWBB/.WBW:B").unwrap();
        let geometry = Geometry::new(pos.shape());
        let mut got: Vec<(u128, u128)> = geometry
            .children(Sides::of(&pos))
            .iter()
            .map(|c| (c.mine, c.theirs))
            .collect();
        let mut want: Vec<(u128, u128)> = pos
            .legal_moves()
            .iter()
            .map(|m| {
                let s = Sides::of(&pos.after(m));
                (s.mine, s.theirs)
            })
            .collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(
            geometry.contacts(Sides::of(&pos)),
            pos.move_count(Color::Black)
        );
    }

    #[test]
    fn mirrored_regions_hash_alike_and_negatives_differ() {
        let a = ClobberPosition::parse("BBW./..../....:B").unwrap();
        let b = ClobberPosition::parse("..../..../.WBB:B").unwrap();
        let geometry = Geometry::new(a.shape());
        let (ha, na) = geometry.region_hashes(Sides::of(&a));
        let (hb, nb) = geometry.region_hashes(Sides::of(&b));
        assert_eq!((ha, na), (hb, nb));
        assert_ne!(ha, na);
    }
}
