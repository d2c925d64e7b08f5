//! The transposition table: one entry per bucket, replaced when the new
//! result is deeper or from a newer search. A table is either its full size
//! from the start, its pages touched at once (an engine that plays a game),
//! or grows from a small one as the search fills it (cheap to make, for
//! many short searches); an entry of zero bytes is empty.

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

/// One stored result.
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
}

/// A hash table of search results.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
    /// The size the table may grow to (its size, for a fixed one).
    max_len: usize,
    /// Entries in use, counted while the table may grow.
    filled: usize,
}

/// Entries a growing table starts with (64 KiB): a shallow search never
/// fills it.
const FIRST_GROWING_LEN: usize = 1 << 12;

/// Entries in a table of about `mib` MiB: a power of two, so that the
/// index is a mask.
fn len_of(mib: usize) -> usize {
    let wanted = mib * 1024 * 1024 / std::mem::size_of::<Entry>();
    if wanted == 0 {
        0
    } else {
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }
}

/// `len` empty entries, in huge pages where the kernel allows.
fn empty_entries(len: usize) -> Vec<Entry> {
    let mut entries = Vec::with_capacity(len);
    crate::core::mem::advise_huge_pages(&entries);
    // Written, not just reserved: the pages are touched now rather than
    // during the (timed) search.
    entries.resize(len, Entry::default());
    entries
}

impl TranspositionTable {
    /// A table of about `mib` MiB (0 = disabled), full size at once.
    pub fn new(mib: usize) -> Self {
        let len = len_of(mib);
        TranspositionTable {
            entries: empty_entries(len),
            generation: 0,
            max_len: len,
            filled: 0,
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
            generation: 0,
            max_len,
            filled: 0,
        }
    }

    /// Moves every entry into a table four times as large (at most
    /// `max_len`). Entries keep apart: their slots in the larger table
    /// differ in the low bits that set them apart before.
    fn grow(&mut self) {
        let len = (self.entries.len() * 4).min(self.max_len);
        let mut entries = empty_entries(len);
        for e in self.entries.iter().filter(|e| !e.is_empty()) {
            entries[(e.key as usize) & (len - 1)] = *e;
        }
        self.entries = entries;
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
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.filled = 0;
    }

    /// Starts a new search: older entries become easier to replace.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3F;
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[self.slot(key)];
        (e.key == key && !e.is_empty()).then_some(e)
    }

    /// Stores a search result for `key`; it replaces the same key, an older
    /// search's entry or a shallower one, and is dropped otherwise.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        let replace = old.is_empty()
            || old.key == key
            || old.generation() != self.generation
            || depth >= old.depth as i32;
        if !replace {
            return;
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
        self.entries[slot] = Entry {
            key,
            score,
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            mv,
            flags: bound_bits | self.generation << 2,
        };
        if old.is_empty() && self.entries.len() < self.max_len {
            self.filled += 1;
            if self.filled * 2 > self.entries.len() {
                self.grow();
            }
        }
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
            table.store(key(i), 3, i as i32, Bound::Lower, Some(1));
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
            table.store(key(i), 3, 0, Bound::Upper, None);
        }
        assert_eq!(table.entries.len(), len_of(1));
    }

    #[test]
    fn a_full_size_table_never_grows_and_a_cleared_one_is_empty() {
        let mut table = TranspositionTable::new(1);
        let len = table.entries.len();
        for i in 0..len as u64 {
            table.store(key(i), 1, 0, Bound::Exact, None);
        }
        assert_eq!(table.entries.len(), len);
        assert!(table.probe(key(0)).is_some() || table.probe(key(1)).is_some());
        table.clear();
        assert!((0..len as u64).all(|i| table.probe(key(i)).is_none()));
        assert!(!TranspositionTable::growing(0).enabled());
    }
}
