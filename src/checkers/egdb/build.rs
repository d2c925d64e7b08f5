//! The builder: retrograde analysis by distance, slices in dependency order.
//!
//! A material and its mirror (the same pieces, the other side to move) form
//! a group: a quiet move of one leads into the other. Every other move — a
//! capture or a crowning — leads into a slice with fewer pieces or fewer
//! men, built before ([`build_order`]).
//!
//! One forward pass over the group counts each position's moves inside the
//! group and looks up its moves out of it (already built). Then positions
//! are settled in order of distance, from buckets: a position without a move
//! is lost in 0; a move to a position lost in `d` wins in `d + 1` (the
//! predecessors of a settled position come from un-making quiet moves); a
//! position whose last move inside the group has turned out won loses one
//! ply after its longest won reply. What is never settled is a draw. Byte 0
//! of a table means "not settled yet" while building, a draw at the end.
//!
//! Un-making moves needs short kings: flying kings (Russian) are refused.

use super::index::{index_of, position_at, Material};
use super::probe::{table_value, Tables};
use super::{EgdbError, SliceFile, Value, MAX_DISTANCE, NO_POSITION};
use crate::checkers::bitboard::{Bitboard, Direction};
use crate::checkers::movegen::{forward, has_capture};
use crate::checkers::moves::Move;
use crate::checkers::position::{Position, Setup};
use crate::checkers::rules::Variant;
use crate::core::Color;

/// Builds slices in dependency order and keeps them for the next ones.
pub struct Builder {
    variant: Variant,
    threads: usize,
    tables: Tables,
}

/// Every material with `pieces` or fewer, one per group (mirrors left out),
/// in an order where each one's captures and crownings lead to materials
/// earlier in the list.
pub fn build_order(pieces: u32) -> Vec<Material> {
    let mut all: Vec<Material> = (2..=pieces).flat_map(Material::all_with).collect();
    all.sort_by_key(|m| (m.total(), m.men(), *m));
    let mut order: Vec<Material> = Vec::new();
    for m in all {
        if !order.contains(&m.mirrored()) {
            order.push(m);
        }
    }
    order
}

/// What the forward pass learns of one position, before any settling.
#[derive(Clone, Copy, Default)]
struct Start {
    /// Moves that stay in the group (quiet moves that do not crown).
    inside: u8,
    /// The moves out of the group: 0 (none), [`OUT_CANNOT_LOSE`] (one
    /// leads to a draw or a loss), or the loss they give: one ply after the
    /// longest win among them.
    out: u8,
    /// Win by a move out of the group: 1 + its distance (0: none).
    out_win: u8,
}

const OUT_CANNOT_LOSE: u8 = 255;

/// A position of the group: which slice, which index.
type Slot = (usize, u32);

impl Builder {
    /// A builder for `variant` using `threads` threads (at least one).
    pub fn new(variant: Variant, threads: usize) -> Builder {
        Builder {
            variant,
            threads: threads.max(1),
            tables: Tables::default(),
        }
    }

    /// Adds a slice built before (read from its file).
    pub fn insert(&mut self, slice: SliceFile) -> Result<(), EgdbError> {
        if slice.variant != self.variant {
            return Err(EgdbError::WrongVariant {
                expected: self.variant,
                found: slice.variant,
            });
        }
        self.tables.insert(slice.material, slice.entries);
        Ok(())
    }

    /// True when the slice of `material` is built or loaded.
    pub fn has(&self, material: Material) -> bool {
        self.tables.get(material).is_some()
    }

    /// The slice of `material` as a file, if built.
    pub fn slice_file(&self, material: Material) -> Option<SliceFile> {
        self.tables.get(material).map(|entries| SliceFile {
            variant: self.variant,
            material,
            entries: entries.to_vec(),
        })
    }

    /// Everything built, as a database to probe.
    pub fn into_egdb(self) -> Result<super::Egdb, EgdbError> {
        super::Egdb::from_tables(self.variant, self.tables)
    }

    /// Builds `material` and its mirror; returns the longest distance found.
    pub fn build_group(&mut self, material: Material) -> Result<u32, EgdbError> {
        if self.variant.rules().flying_kings {
            return Err(EgdbError::FlyingKings(self.variant));
        }
        if material.total() > super::MAX_PIECES || !material.is_valid() {
            return Err(EgdbError::Unsupported(material.code()));
        }
        let group = if material == material.mirrored() {
            vec![material]
        } else {
            vec![material, material.mirrored()]
        };
        self.check_dependencies(&group)?;
        let mut starts = Vec::new();
        for &m in &group {
            starts.push(self.forward_pass(&group, m));
        }
        let mut buckets: Vec<Vec<Slot>> = vec![Vec::new(); 2 * MAX_DISTANCE as usize];
        for (slot, &m) in group.iter().enumerate() {
            let table = self.tables.get_mut(m);
            for (i, s) in starts[slot].iter_mut().enumerate() {
                if table[i] == NO_POSITION {
                    continue;
                }
                if s.out_win > 0 {
                    buckets[s.out_win as usize - 1].push((slot, i as u32));
                } else if s.inside == 0 && s.out != OUT_CANNOT_LOSE {
                    let d = s.out as usize; // the loss they give, or 0: no move
                    table[i] = Value::Loss(d as u32).to_byte();
                    buckets[d].push((slot, i as u32));
                }
            }
        }
        self.settle(&group, &mut starts, &mut buckets)
            .ok_or_else(|| EgdbError::TooLong(material.code()))
    }

    fn check_dependencies(&self, group: &[Material]) -> Result<(), EgdbError> {
        let needed = build_order(group[0].total())
            .into_iter()
            .take_while(|m| !group.contains(m) && !group.contains(&m.mirrored()));
        for m in needed {
            if !self.has(m) || !self.has(m.mirrored()) {
                return Err(EgdbError::MissingSlice(m.code()));
            }
        }
        Ok(())
    }

    /// Allocates the table of `m` and learns every position's moves, on the
    /// builder's threads.
    fn forward_pass(&mut self, group: &[Material], m: Material) -> Vec<Start> {
        let len = m.slice_len() as usize;
        let mut table = vec![0u8; len];
        let mut starts = vec![Start::default(); len];
        let chunk = len.div_ceil(self.threads).max(1);
        let (tables, variant) = (&self.tables, self.variant);
        let learn_chunk = |n: usize, t: &mut [u8], st: &mut [Start]| {
            let mut moves = Vec::new();
            for (k, (byte, start)) in t.iter_mut().zip(st.iter_mut()).enumerate() {
                let index = (n * chunk + k) as u64;
                match position_at(index, m, variant) {
                    None => *byte = NO_POSITION,
                    Some(pos) => *start = learn(tables, group, &pos, &mut moves),
                }
            }
        };
        // No thread spawned with one thread, and never in wasm, which has
        // none (so the spawning code is not even compiled in there).
        if self.threads == 1 || cfg!(target_arch = "wasm32") {
            learn_chunk(0, &mut table, &mut starts);
        } else {
            std::thread::scope(|s| {
                for (n, (t, st)) in table
                    .chunks_mut(chunk)
                    .zip(starts.chunks_mut(chunk))
                    .enumerate()
                {
                    s.spawn(move || learn_chunk(n, t, st));
                }
            });
        }
        self.tables.insert(m, table);
        starts
    }

    /// Empties the buckets in order of distance; None if a distance does not
    /// fit the format, else the longest distance settled.
    fn settle(
        &mut self,
        group: &[Material],
        starts: &mut [Vec<Start>],
        buckets: &mut [Vec<Slot>],
    ) -> Option<u32> {
        let mut longest = 0;
        for d in 0..buckets.len() {
            let bucket = std::mem::take(&mut buckets[d]);
            for (slot, index) in bucket {
                let value = Value::from_distance(d as u32);
                let table = self.tables.get_mut(group[slot]);
                match table[index as usize] {
                    0 => table[index as usize] = value.to_byte(),
                    b if b == value.to_byte() => {}
                    _ => continue, // settled sooner by another move
                }
                if d > MAX_DISTANCE as usize {
                    return None;
                }
                longest = d as u32;
                let Some(pos) = position_at(index as u64, group[slot], self.variant) else {
                    continue; // never: only positions are settled
                };
                for (pslot, pindex) in predecessors(&pos, group) {
                    self.reached_from(group, starts, buckets, (pslot, pindex), value);
                }
            }
        }
        Some(longest)
    }

    /// A predecessor learns that one of its moves leads to `child`.
    fn reached_from(
        &mut self,
        group: &[Material],
        starts: &mut [Vec<Start>],
        buckets: &mut [Vec<Slot>],
        (slot, index): Slot,
        child: Value,
    ) {
        let table = self.tables.get_mut(group[slot]);
        if table[index as usize] != 0 {
            return;
        }
        let parent = Value::before(child);
        let start = &mut starts[slot][index as usize];
        match parent {
            Value::Win(n) => {
                table[index as usize] = parent.to_byte();
                if start.out_win as u32 != n + 1 {
                    buckets[n as usize].push((slot, index)); // else already there
                }
            }
            Value::Loss(n) => {
                start.inside -= 1;
                if start.inside == 0 && start.out != OUT_CANNOT_LOSE && start.out_win == 0 {
                    let d = n.max(start.out as u32) as usize;
                    table[index as usize] = Value::Loss(d as u32).to_byte();
                    buckets[d].push((slot, index));
                }
            }
            Value::Draw => {}
        }
    }
}

/// Counts the moves of `pos` that stay in the group and sums up the others.
fn learn(tables: &Tables, group: &[Material], pos: &Position, moves: &mut Vec<Move>) -> Start {
    pos.legal_moves_into(moves);
    let mut start = Start::default();
    for mv in moves.iter() {
        let child = pos.after(mv);
        if group.contains(&Material::of(&child)) {
            start.inside += 1;
            continue;
        }
        match table_value(tables, &child) {
            Some(Value::Loss(n)) => {
                let win = (n + 2).min(255) as u8;
                start.out_win = if start.out_win == 0 {
                    win
                } else {
                    start.out_win.min(win)
                };
                start.out = OUT_CANNOT_LOSE;
            }
            Some(Value::Win(n)) if start.out != OUT_CANNOT_LOSE => {
                start.out = start.out.max((n + 1).min(254) as u8);
            }
            _ => start.out = OUT_CANNOT_LOSE,
        }
    }
    start
}

/// The positions of the group with a quiet move leading to `pos` (the side
/// to move's view: its opponent, moving down the board, just moved).
fn predecessors(pos: &Position, group: &[Material]) -> Vec<Slot> {
    let us = pos.side_to_move();
    let them = us.opponent();
    let empty = pos.empty();
    let mut out = Vec::new();
    for to in pos.pieces(them) {
        let king = pos.kings(them).contains(to);
        let back: &[Direction] = if king {
            &Direction::ALL
        } else {
            &forward(us) // a man of theirs came from our side of it
        };
        for &dir in back {
            let Some(from) = Bitboard::from_square(to).shift(dir).first() else {
                continue;
            };
            if !empty.contains(from) {
                continue;
            }
            let moved = Bitboard::from_square(from) ^ Bitboard::from_square(to);
            let setup = Setup {
                white: pos.pieces(Color::White)
                    ^ if them == Color::White {
                        moved
                    } else {
                        Bitboard::EMPTY
                    },
                black: pos.pieces(Color::Black)
                    ^ if them == Color::Black {
                        moved
                    } else {
                        Bitboard::EMPTY
                    },
                kings: if king {
                    pos.to_setup().kings ^ moved
                } else {
                    pos.to_setup().kings
                },
                side_to_move: Some(them),
            };
            let Ok(before) = Position::from_setup(&setup, pos.variant()) else {
                continue;
            };
            if has_capture(&before) {
                continue;
            }
            let m = Material::of(&before);
            if let Some(slot) = group.iter().position(|&g| g == m) {
                out.push((slot, index_of(&before, m) as u32));
            }
        }
    }
    out
}

/// Builds every slice of up to `pieces` pieces in memory (for tests and
/// small databases), calling `on_group` after each group.
pub fn build_all(
    variant: Variant,
    pieces: u32,
    threads: usize,
    mut on_group: impl FnMut(Material),
) -> Result<super::Egdb, EgdbError> {
    let mut build = StepwiseBuild::new(variant, pieces, threads);
    while let Some(m) = build.step()? {
        on_group(m);
    }
    build.finish()
}

/// Every slice of up to `pieces` pieces, built one group per
/// [`StepwiseBuild::step`]: a host that must stay responsive (the browser's
/// worker, one thread) builds between its other work.
pub struct StepwiseBuild {
    builder: Builder,
    order: Vec<Material>,
    done: usize,
}

impl StepwiseBuild {
    /// A build of every slice of up to `pieces` pieces for `variant`, on
    /// `threads` threads (1: none spawned).
    pub fn new(variant: Variant, pieces: u32, threads: usize) -> StepwiseBuild {
        StepwiseBuild {
            builder: Builder::new(variant, threads),
            order: build_order(pieces),
            done: 0,
        }
    }

    /// The variant being built.
    pub fn variant(&self) -> Variant {
        self.builder.variant
    }

    /// Builds the next group; returns its material, or None when every group
    /// is built.
    pub fn step(&mut self) -> Result<Option<Material>, EgdbError> {
        let Some(&m) = self.order.get(self.done) else {
            return Ok(None);
        };
        self.builder.build_group(m)?;
        self.done += 1;
        Ok(Some(m))
    }

    /// True when every group is built.
    pub fn is_done(&self) -> bool {
        self.done == self.order.len()
    }

    /// The database built so far (complete up to the largest piece count
    /// whose groups are all built).
    pub fn finish(self) -> Result<super::Egdb, EgdbError> {
        self.builder.into_egdb()
    }
}
