//! The solver's memory structures: the shared table of proven results and
//! the code of a move inside a region (what the killer moves hold).

use super::super::regions::Sides;
use crate::core::mem::{advise_huge_pages, prefetch};
use std::sync::atomic::{AtomicU64, Ordering};

/// A fixed-size table of proven results shared by the search threads.
/// Slots come in pairs (one cache line holds both): the first keeps the
/// result with more stones behind it, the second takes whatever comes. A
/// slot holds the key's top 56 bits, the stone count (bits 1..8) and the
/// result (bit 0); 0 marks an empty slot.
pub(super) struct Table {
    slots: Vec<AtomicU64>,
}

impl Table {
    const TAG: u64 = !0xFF;

    pub(super) fn new(bits: u32) -> Table {
        let len = 1usize << bits.max(1);
        let mut slots = Vec::with_capacity(len);
        advise_huge_pages(&slots);
        slots.resize_with(len, || AtomicU64::new(0));
        Table { slots }
    }

    pub(super) fn pair(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1) & !1
    }

    /// Asks the CPU to fetch the pair for `key` ahead of a lookup.
    #[inline]
    pub(super) fn prefetch(&self, key: u64) {
        prefetch(&self.slots[self.pair(key)]);
    }

    pub(super) fn get(&self, key: u64) -> Option<bool> {
        let i = self.pair(key);
        self.slots[i..i + 2].iter().find_map(|slot| {
            let entry = slot.load(Ordering::Relaxed);
            (entry & Table::TAG == key & Table::TAG).then_some(entry & 1 == 1)
        })
    }

    pub(super) fn put(&self, key: u64, stones: u32, wins: bool) {
        let i = self.pair(key);
        let entry = key & Table::TAG | (stones.min(127) as u64) << 1 | wins as u64;
        let first = self.slots[i].load(Ordering::Relaxed);
        let keep_first =
            first & Table::TAG != key & Table::TAG && (first >> 1 & 127) as u32 > stones;
        self.slots[i + keep_first as usize].store(entry, Ordering::Relaxed);
    }
}

/// A move inside a region: its two cells, for the killer moves.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct MoveCode(u16);

impl MoveCode {
    /// The move that turned `before` (seen from the mover) into `after`
    /// (seen from the opponent).
    pub(super) fn of(before: Sides, after: Sides) -> MoveCode {
        let moved = before.mine ^ after.theirs;
        let to = moved & before.theirs;
        let from = moved & !to;
        MoveCode((from.trailing_zeros() * 128 + to.trailing_zeros()) as u16)
    }
}
