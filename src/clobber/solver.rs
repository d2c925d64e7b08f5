//! An exact Clobber solver: who wins with perfect play.
//!
//! Stones never move into empty cells, so the groups of orthogonally
//! connected stones (of either colour) never merge: a position is a sum of
//! independent regions. The solver uses that twice. A region holding only
//! one colour is dead (nobody can ever move there) and is dropped. The
//! transposition table is keyed on the *multiset* of regions, each in a
//! canonical orientation (the 8 symmetries of the square, applied to each
//! region on its own) and with colours seen from the side to move — so the
//! same regions met in another place, orientation or order are one entry.
//! Moves are tried in order of the opponent's replies (fewest first).

use super::{ClobberMove, ClobberPosition, Shape};
use crate::rng::{keys, mix};
use crate::rules::Color;
use std::time::Instant;

/// What the solver proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// True when the side to move wins.
    pub mover_wins: bool,
    /// A winning move for the side to move, when it wins.
    pub winning_move: Option<ClobberMove>,
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
}

/// Keys for (colour relative to the mover) * 256 + (cell index in a region's box).
const REGION_KEYS: [u64; 512] = keys(0x736F_6C76_6572_2121);

/// A region's cells as (row, col, mine) relative to its bounding box.
fn region_cells(
    pos: &ClobberPosition,
    region: u128,
    mine: u128,
) -> (Vec<(usize, usize, bool)>, usize, usize) {
    let shape = pos.shape();
    let mut cells = Vec::with_capacity(region.count_ones() as usize);
    let (mut r0, mut c0, mut r1, mut c1) = (usize::MAX, usize::MAX, 0, 0);
    let mut set = region;
    while set != 0 {
        let cell = set.trailing_zeros() as usize;
        set &= set - 1;
        let (r, c) = shape.row_col(cell);
        r0 = r0.min(r);
        c0 = c0.min(c);
        r1 = r1.max(r);
        c1 = c1.max(c);
        cells.push((r, c, mine >> cell & 1 == 1));
    }
    for cell in &mut cells {
        cell.0 -= r0;
        cell.1 -= c0;
    }
    (cells, r1 - r0 + 1, c1 - c0 + 1)
}

/// The region's hash in its canonical orientation (the smallest of the 8).
fn canonical_region(cells: &[(usize, usize, bool)], h: usize, w: usize) -> u64 {
    (0..8)
        .map(|t| {
            let (th, tw) = if t & 4 != 0 { (w, h) } else { (h, w) };
            let mut hash = mix((th * 16 + tw) as u64);
            for &(r, c, mine) in cells {
                let (mut r, mut c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                if t & 1 != 0 {
                    r = th - 1 - r;
                }
                if t & 2 != 0 {
                    c = tw - 1 - c;
                }
                hash = hash.wrapping_add(REGION_KEYS[mine as usize * 256 + r * 16 + c]);
            }
            mix(hash)
        })
        .min()
        .expect("eight orientations")
}

/// A live region (both colours present) and its canonical hash.
struct Region {
    stones: u128,
    hash: u64,
}

/// The live regions of a position: dead (one-colour) regions are dropped,
/// and so is every pair of a region and its negative (the same region with
/// the colours swapped), since G + (-G) = 0 adds nothing to a sum.
fn live_regions(pos: &ClobberPosition) -> Vec<Region> {
    let me = pos.side_to_move();
    let mine = pos.stones(me);
    let theirs = pos.stones(me.opponent());
    let mut regions: Vec<(Region, u64)> = pos
        .groups(mine | theirs)
        .into_iter()
        .filter(|r| r & mine != 0 && r & theirs != 0)
        .map(|stones| {
            let (mut cells, h, w) = region_cells(pos, stones, mine);
            let hash = canonical_region(&cells, h, w);
            cells.iter_mut().for_each(|c| c.2 = !c.2);
            let negative = canonical_region(&cells, h, w);
            (Region { stones, hash }, negative)
        })
        .collect();
    let mut i = 0;
    while i < regions.len() {
        let negative = regions[i].1;
        match (i + 1..regions.len()).find(|&j| regions[j].0.hash == negative) {
            Some(j) => {
                regions.swap_remove(j);
                regions.swap_remove(i);
            }
            None => i += 1,
        }
    }
    regions.into_iter().map(|(r, _)| r).collect()
}

/// The table key of a sum of regions (order does not matter).
fn key_of(regions: &[Region]) -> u64 {
    mix(regions
        .iter()
        .fold(0xC10Bu64, |k, r| k.wrapping_add(r.hash)))
}

/// The position made of `regions` only, `side` to move.
fn restrict(pos: &ClobberPosition, regions: &[Region], side: Color) -> ClobberPosition {
    let live = regions.iter().fold(0u128, |m, r| m | r.stones);
    let mut stones = [0u128; 2];
    for color in [Color::White, Color::Black] {
        stones[color.index()] = pos.stones(color) & live;
    }
    ClobberPosition::new(pos.shape(), stones, side)
}

/// A fixed-size table of proven results: each slot holds the key with bit 1
/// forced on (so no stored slot is 0, the empty mark) and the result in bit 0.
struct Table {
    slots: Vec<u64>,
}

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            slots: vec![0; 1 << bits],
        }
    }

    fn tag(key: u64) -> u64 {
        (key | 2) & !1
    }

    fn index(&self, key: u64) -> usize {
        (key >> 2) as usize & (self.slots.len() - 1)
    }

    fn get(&self, key: u64) -> Option<bool> {
        let slot = self.slots[self.index(key)];
        (slot & !1 == Table::tag(key)).then_some(slot & 1 == 1)
    }

    fn put(&mut self, key: u64, wins: bool) {
        let index = self.index(key);
        self.slots[index] = Table::tag(key) | wins as u64;
    }
}

/// The exact solver.
pub struct Solver {
    table: Table,
    nodes: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a 16 Mi-entry table (128 MiB).
    pub fn new() -> Solver {
        Solver::with_table_bits(24)
    }

    /// A solver with a table of 2^bits entries.
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver {
            table: Table::new(bits),
            nodes: 0,
        }
    }

    /// Proves who wins `pos` with perfect play.
    pub fn solve(&mut self, pos: &ClobberPosition) -> Solution {
        let start = Instant::now();
        self.nodes = 0;
        let mut winning_move = None;
        let mut mover_wins = false;
        for (mv, child) in self.ordered_children(pos) {
            if !self.wins(&child) {
                mover_wins = true;
                winning_move = Some(mv);
                break;
            }
        }
        Solution {
            mover_wins,
            winning_move,
            nodes: self.nodes,
            time_ms: start.elapsed().as_millis() as u64,
        }
    }

    /// Moves with their positions, the ones leaving the opponent the fewest
    /// replies first.
    fn ordered_children(&self, pos: &ClobberPosition) -> Vec<(ClobberMove, ClobberPosition)> {
        let them = pos.side_to_move().opponent();
        let mut children: Vec<(u32, ClobberMove, ClobberPosition)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let child = pos.after(&m);
                (child.move_count(them), m, child)
            })
            .collect();
        children.sort_by_key(|c| c.0);
        children.into_iter().map(|(_, m, p)| (m, p)).collect()
    }

    /// True when the side to move wins.
    fn wins(&mut self, pos: &ClobberPosition) -> bool {
        self.nodes += 1;
        let regions = live_regions(pos);
        let key = key_of(&regions);
        if let Some(known) = self.table.get(key) {
            return known;
        }
        let result = self.solve_sum(pos, regions);
        self.table.put(key, result);
        result
    }

    fn solve_sum(&mut self, pos: &ClobberPosition, regions: Vec<Region>) -> bool {
        let me = pos.side_to_move();
        let pos = restrict(pos, &regions, me);
        if pos.move_count(me) == 0 {
            return false;
        }
        let children = self.ordered_children(&pos);
        // A move that leaves the opponent without a reply wins at once.
        children
            .first()
            .is_some_and(|(_, c)| c.move_count(me.opponent()) == 0)
            || children.iter().any(|(_, child)| !self.wins(child))
    }
}

/// Plain negamax without any of the above, for checking the solver.
pub fn plain_wins(pos: &ClobberPosition) -> bool {
    pos.legal_moves().iter().any(|m| !plain_wins(&pos.after(m)))
}

/// The start position of a board, for convenience.
pub fn start(rows: usize, cols: usize) -> Result<ClobberPosition, super::ClobberError> {
    Ok(ClobberPosition::start(Shape::new(rows, cols)?))
}

/// Which player (first = Black, who moves first from the start) wins.
pub fn first_player_wins(rows: usize, cols: usize) -> Result<bool, super::ClobberError> {
    let pos = start(rows, cols)?;
    debug_assert_eq!(pos.side_to_move(), Color::Black);
    Ok(Solver::with_table_bits(20).solve(&pos).mover_wins)
}
