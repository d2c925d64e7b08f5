//! The transposition table: one entry per bucket, replaced when the new
//! result is deeper or from a newer search.

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
    /// Bound in the low 2 bits, search generation above.
    flags: u8,
}

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
        match self.flags & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
    fn generation(&self) -> u8 {
        self.flags >> 2
    }
}

/// A fixed-size hash table of search results.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (0 = disabled).
    pub fn new(mib: usize) -> Self {
        let wanted = mib * 1024 * 1024 / std::mem::size_of::<Entry>();
        // A power of two, so the index is a mask.
        let len = if wanted == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - wanted.leading_zeros())
        };
        let mut entries = Vec::with_capacity(len);
        crate::core::mem::advise_huge_pages(&entries);
        // Written, not just reserved: the pages are touched now rather than
        // during the first (timed) search.
        entries.resize(len, Entry::default());
        entries.iter_mut().for_each(|e: &mut Entry| e.flags = 0xFF);
        TranspositionTable {
            entries,
            generation: 0,
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
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| {
            *e = Entry {
                flags: 0xFF,
                ..Entry::default()
            }
        });
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
        (e.key == key && e.flags != 0xFF).then_some(e)
    }

    /// Stores a search result for `key`; it replaces the same key, an older
    /// search's entry or a shallower one, and is dropped otherwise.
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let slot = self.slot(key);
        let old = self.entries[slot];
        let replace =
            old.key == key || old.generation() != self.generation || depth >= old.depth as i32;
        if !replace {
            return;
        }
        let bound_bits = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
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
