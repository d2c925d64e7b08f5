//! The transposition table: one entry per bucket, replaced when the new
//! result is deeper or from a newer search. A table is either its full size
//! from the start, its pages touched at once (an engine that plays a game),
//! or grows from a small one as the search fills it (cheap to make, for
//! many short searches); an entry of zero bytes is empty.
//!
//! Threads share one table without locks (lazy SMP): an entry is two
//! atomic words, the data and the key XORed with the data. Two threads may
//! write one slot at once and leave one's key word with the other's data
//! word; the key then no longer matches on a probe, so a torn entry is a
//! miss, never a wrong hit (the classic lockless scheme). Every access is
//! `Relaxed`: an entry is a hint the search verifies, not a message.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cutoff).
    Lower,
    /// At most this score (every move failed low).
    Upper,
}

/// One stored result, as read from the table.
#[derive(Clone, Copy, Default)]
pub struct Entry {
    key: u64,
    score: i32,
    depth: i16,
    /// Move index + 1 (0 = none).
    mv: u8,
    /// Bound in the low 2 bits (0: an empty entry), search generation above.
    flags: u8,
}

/// The bound bits of [`Entry::flags`].
const BOUND_BITS: u8 = 3;

impl Entry {
    pub fn score(&self) -> i32 {
        self.score
    }
    pub fn depth(&self) -> i32 {
        self.depth as i32
    }
    /// Index of the best move in generation order, if known.
    pub fn move_index(&self) -> Option<usize> {
        (self.mv > 0).then(|| self.mv as usize - 1)
    }
    pub fn bound(&self) -> Bound {
        match self.flags & BOUND_BITS {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
    fn is_empty(&self) -> bool {
        self.flags & BOUND_BITS == 0
    }
    fn generation(&self) -> u8 {
        self.flags >> 2
    }

    /// Everything but the key, in one word: score, depth, move, flags.
    fn data(&self) -> u64 {
        (self.score as u32 as u64)
            | (self.depth as u16 as u64) << 32
            | (self.mv as u64) << 48
            | (self.flags as u64) << 56
    }

    /// The entry whose data word is `data`, for `key`.
    fn from_data(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u32 as i32,
            depth: (data >> 32) as u16 as i16,
            mv: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }
}

/// One slot of the table: the key XORed with the data, and the data. All
/// zero is empty (its flags hold no bound).
#[derive(Default)]
struct Slot {
    checked_key: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The entry here whatever its key (the key is recovered from the
    /// words: wrong if the words were written by different stores).
    fn load(&self) -> Entry {
        let data = self.data.load(Relaxed);
        Entry::from_data(self.checked_key.load(Relaxed) ^ data, data)
    }

    fn save(&self, entry: &Entry) {
        let data = entry.data();
        self.checked_key.store(entry.key ^ data, Relaxed);
        self.data.store(data, Relaxed);
    }
}

/// A hash table of search results, shared by the threads of one search.
pub struct TranspositionTable {
    entries: Vec<Slot>,
    generation: AtomicU8,
    /// The size the table may grow to (its size, for a fixed one).
    max_len: usize,
    /// Entries in use, counted while the table may grow.
    filled: AtomicUsize,
}

/// Entries a growing table starts with (64 KiB): a shallow search never
/// fills it.
const FIRST_GROWING_LEN: usize = 1 << 12;

/// Entries in a table of about `mib` MiB: a power of two, so that the
/// index is a mask.
fn len_of(mib: usize) -> usize {
    let wanted = mib * 1024 * 1024 / std::mem::size_of::<Slot>();
    if wanted == 0 {
        0
    } else {
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }
}

/// `len` empty entries, in huge pages where the kernel allows.
fn empty_entries(len: usize) -> Vec<Slot> {
    let mut entries = Vec::with_capacity(len);
    crate::core::mem::advise_huge_pages(&entries);
    // Written, not just reserved: the pages are touched now rather than
    // during the (timed) search.
    entries.resize_with(len, Slot::default);
    entries
}

impl TranspositionTable {
    /// A table of about `mib` MiB (0 = disabled), full size at once.
    pub fn new(mib: usize) -> Self {
        let len = len_of(mib);
        TranspositionTable {
            entries: empty_entries(len),
            generation: AtomicU8::new(0),
            max_len: len,
            filled: AtomicUsize::new(0),
        }
    }

    /// A table that starts small and grows, four times at a step, up to
    /// about `mib` MiB while the search fills more than half of it: making
    /// one costs microseconds, not the milliseconds of touching `mib` MiB,
    /// and a short search keeps its entries in the cache.
    pub fn growing(mib: usize) -> Self {
        let max_len = len_of(mib);
        TranspositionTable {
            entries: empty_entries(max_len.min(FIRST_GROWING_LEN)),
            generation: AtomicU8::new(0),
            max_len,
            filled: AtomicUsize::new(0),
        }
    }

    /// Moves every entry into a table four times as large (at most
    /// `max_len`). Entries keep apart: their slots in the larger table
    /// differ in the low bits that set them apart before.
    pub(super) fn grow(&mut self) {
        let len = (self.entries.len() * 4).min(self.max_len);
        let entries = empty_entries(len);
        for e in self
            .entries
            .iter()
            .map(Slot::load)
            .filter(|e| !e.is_empty())
        {
            entries[(e.key as usize) & (len - 1)].save(&e);
        }
        self.entries = entries;
    }

    /// Grows the table to its full size at once: threads that share it
    /// cannot grow it while they search (and the browser has none).
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn grow_to_full_size(&mut self) {
        while self.entries.len() < self.max_len {
            self.grow();
        }
    }

    /// Asks the CPU to fetch the entry for `key` ahead of a probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if self.enabled() {
            crate::core::mem::prefetch(&self.entries[self.slot(key)]);
        }
    }

    /// False for a table of size 0 (no table).
    pub fn enabled(&self) -> bool {
        !self.entries.is_empty()
    }

    /// Forgets every entry (a new game).
    pub fn clear(&self) {
        for slot in &self.entries {
            slot.save(&Entry::default());
        }
        self.filled.store(0, Relaxed);
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) & 0x3F;
        self.generation.store(next, Relaxed);
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry stored for `key`, if any (a torn entry is none).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)].load();
        (e.key == key && !e.is_empty()).then_some(e)
    }

    /// Stores a search result for `key`; it replaces the same key, an older
    /// search's entry or a shallower one, and is dropped otherwise. True
    /// when a growing table is now over half full and should grow.
    #[must_use]
    pub fn store(&self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) -> bool {
        let slot = &self.entries[self.slot(key)];
        let old = slot.load();
        let generation = self.generation.load(Relaxed);
        let replace = old.is_empty()
            || old.key == key
            || old.generation() != generation
            || depth >= old.depth as i32;
        if !replace {
            return false;
        }
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let mv = match mv {
            Some(i) if i < 255 => i as u8 + 1,
            _ if old.key == key => old.mv,
            _ => 0,
        };
        slot.save(&Entry {
            key,
            score,
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            mv,
            flags: bound_bits | generation << 2,
        });
        if old.is_empty() && self.entries.len() < self.max_len {
            let filled = self.filled.fetch_add(1, Relaxed) + 1;
            return filled * 2 > self.entries.len();
        }
        false
    }
}

/// Converts a score relative to the root into one relative to this node, so
/// win-in-N scores stay right wherever the position is met again.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > super::MATE_BOUND {
        score + ply as i32
    } else if score < -super::MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`].
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > super::MATE_BOUND {
        score - ply as i32
    } else if score < -super::MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys spread like Zobrist hashes.
    fn key(i: u64) -> u64 {
        crate::core::rng::mix(i + 1)
    }

    /// Stores as the searcher does: growing the table when it asks.
    fn store(table: &mut TranspositionTable, key: u64, depth: i32, score: i32, bound: Bound) {
        if table.store(key, depth, score, bound, Some(1)) {
            table.grow();
        }
    }

    #[test]
    fn an_entry_reads_back_as_stored_and_a_torn_one_is_a_miss() {
        let table = TranspositionTable::new(1);
        // Two keys for one slot: the slot is the key's low bits.
        let (a, b) = (key(1), key(1) ^ 1 << 63);
        assert_ne!(a, b);
        let _ = table.store(a, 7, -1234, Bound::Upper, Some(3));
        let e = table.probe(a).expect("stored");
        assert_eq!(
            (e.score(), e.depth(), e.bound(), e.move_index()),
            (-1234, 7, Bound::Upper, Some(3))
        );
        // Another thread's store of `b` into the same slot, torn halfway:
        // its key word landed, its data word did not.
        let slot = &table.entries[table.slot(a)];
        let old_data = slot.data.load(Relaxed);
        let _ = table.store(b, 9, 55, Bound::Exact, Some(0));
        assert!(table.probe(b).is_some());
        slot.data.store(old_data, Relaxed);
        assert!(table.probe(a).is_none(), "a torn entry is no hit for a");
        assert!(table.probe(b).is_none(), "nor for b");
        // The key word of `a` with `b`'s data: torn the other way.
        let _ = table.store(a, 7, -1234, Bound::Upper, Some(3));
        let old_checked_key = slot.checked_key.load(Relaxed);
        let _ = table.store(b, 9, 55, Bound::Exact, Some(0));
        slot.checked_key.store(old_checked_key, Relaxed);
        assert!(table.probe(a).is_none() && table.probe(b).is_none());
    }

    #[test]
    fn a_growing_table_starts_small_and_keeps_every_entry_as_it_grows() {
        let mut table = TranspositionTable::growing(1);
        assert_eq!(table.entries.len(), FIRST_GROWING_LEN);
        let stored = |table: &TranspositionTable, n: u64| {
            (0..n)
                .filter(|&i| table.probe(key(i)).is_some())
                .collect::<Vec<_>>()
        };
        // Just under half full: no growth yet.
        let n = (FIRST_GROWING_LEN / 2) as u64;
        for i in 0..n {
            store(&mut table, key(i), 3, i as i32, Bound::Lower);
        }
        assert_eq!(table.entries.len(), FIRST_GROWING_LEN);
        let before = stored(&table, n);
        table.grow();
        assert_eq!(table.entries.len(), FIRST_GROWING_LEN * 4);
        assert_eq!(stored(&table, n), before, "growing loses nothing");
        let e = table.probe(key(before[0])).expect("kept");
        assert_eq!(e.score(), before[0] as i32);
        assert_eq!(
            (e.depth(), e.bound(), e.move_index()),
            (3, Bound::Lower, Some(1))
        );
        // Filling it grows it, up to the size asked for and no further.
        for i in n..len_of(1) as u64 * 2 {
            store(&mut table, key(i), 3, 0, Bound::Upper);
        }
        assert_eq!(table.entries.len(), len_of(1));
    }

    #[test]
    fn a_full_size_table_never_grows_and_a_cleared_one_is_empty() {
        let mut table = TranspositionTable::new(1);
        let len = table.entries.len();
        for i in 0..len as u64 {
            store(&mut table, key(i), 1, 0, Bound::Exact);
        }
        assert_eq!(table.entries.len(), len);
        assert!(table.probe(key(0)).is_some() || table.probe(key(1)).is_some());
        table.clear();
        assert!((0..len as u64).all(|i| table.probe(key(i)).is_none()));
        assert!(!TranspositionTable::growing(0).enabled());
    }
}
