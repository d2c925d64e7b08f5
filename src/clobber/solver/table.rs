//! The solver's memory structures: the shared table of proven results and
//! the code of a move inside a region (what the killer moves hold).

use super::super::regions::Sides;
use crate::core::mem::{advise_huge_pages, prefetch};
use crate::core::rng::mix;
use std::io::{self, Read, Write};
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

impl Table {
    /// Slots written or read at a time (8 bytes each).
    const CHUNK_SLOTS: usize = 1 << 13;

    /// The number of slots (a power of two).
    pub(super) fn len(&self) -> usize {
        self.slots.len()
    }

    /// Writes every slot (little-endian) and then a checksum of them.
    /// Threads may go on writing meanwhile: each slot is read whole, and
    /// every entry is a proven result whenever it was read.
    pub(super) fn write_to(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut sum = 0u64;
        let mut chunk = Vec::with_capacity(Table::CHUNK_SLOTS * 8);
        for slots in self.slots.chunks(Table::CHUNK_SLOTS) {
            chunk.clear();
            for slot in slots {
                let entry = slot.load(Ordering::Relaxed);
                sum = checksum_step(sum, entry);
                chunk.extend_from_slice(&entry.to_le_bytes());
            }
            out.write_all(&chunk)?;
        }
        out.write_all(&sum.to_le_bytes())
    }

    /// Reads what [`Table::write_to`] wrote for a table of the same size.
    /// On a wrong checksum or a short read the table is left empty: a
    /// damaged entry could claim a false result.
    pub(super) fn read_from(&mut self, input: &mut dyn Read) -> Result<(), String> {
        let read = self.fill_from(input);
        if read.is_err() {
            self.slots.iter_mut().for_each(|s| *s.get_mut() = 0);
        }
        read
    }

    fn fill_from(&mut self, input: &mut dyn Read) -> Result<(), String> {
        let short = |e: io::Error| format!("the table is cut short ({e})");
        let mut sum = 0u64;
        let mut chunk = vec![0u8; Table::CHUNK_SLOTS * 8];
        for slots in self.slots.chunks_mut(Table::CHUNK_SLOTS) {
            let bytes = &mut chunk[..slots.len() * 8];
            input.read_exact(bytes).map_err(short)?;
            for (slot, raw) in slots.iter_mut().zip(bytes.chunks_exact(8)) {
                let entry = u64::from_le_bytes(raw.try_into().unwrap_or_default());
                sum = checksum_step(sum, entry);
                *slot.get_mut() = entry;
            }
        }
        let mut stored = [0u8; 8];
        input.read_exact(&mut stored).map_err(short)?;
        if u64::from_le_bytes(stored) != sum {
            return Err("the table's checksum is wrong: the file is damaged".into());
        }
        let mut extra = [0u8; 1];
        match input.read(&mut extra) {
            Ok(0) => Ok(()),
            _ => Err("bytes follow the table's checksum".into()),
        }
    }
}

/// One step of the table's checksum (order-sensitive).
fn checksum_step(sum: u64, entry: u64) -> u64 {
    mix(sum.rotate_left(5) ^ entry)
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
