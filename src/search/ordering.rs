//! Move-ordering heuristics: killer moves per ply and the history table.

use super::MOVE_KEY_SPACE;

/// Two moves per ply that recently refuted a sibling (caused a cutoff or
/// won the node): the alpha-beta search and the Clobber solver order by them.
pub struct Killers<M> {
    slots: Vec<[Option<M>; 2]>,
}

impl<M: Copy + PartialEq> Killers<M> {
    /// Room for `plies` plies.
    pub fn new(plies: usize) -> Self {
        Killers {
            slots: vec![[None, None]; plies],
        }
    }

    /// Forgets every killer.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = [None, None]);
    }

    /// Makes room for at least `plies` plies.
    pub fn ensure(&mut self, plies: usize) {
        if self.slots.len() < plies {
            self.slots.resize(plies, [None, None]);
        }
    }

    /// Records `mv` as the newest killer at `ply`.
    pub fn store(&mut self, ply: usize, mv: M) {
        let slot = &mut self.slots[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// Ordering bonus of `mv` at `ply`.
    pub fn bonus(&self, ply: usize, mv: &M) -> i64 {
        let slot = &self.slots[ply];
        if slot[0].as_ref() == Some(mv) {
            1 << 32
        } else if slot[1].as_ref() == Some(mv) {
            1 << 31
        } else {
            0
        }
    }

    /// Moves the entries of `children` whose move is a killer at `ply` to
    /// the front, the newest killer first.
    pub fn bring_forward<T>(&self, ply: usize, children: &mut Vec<(T, M)>) {
        for killer in self.slots[ply].iter().rev().flatten() {
            if let Some(j) = children.iter().position(|c| c.1 == *killer) {
                let child = children.remove(j);
                children.insert(0, child);
            }
        }
    }
}

/// How often each quiet move caused a cutoff, weighted by depth squared.
pub(super) struct History {
    table: Vec<u32>,
}

impl History {
    pub(super) fn new() -> Self {
        History {
            table: vec![0; MOVE_KEY_SPACE],
        }
    }

    pub(super) fn clear(&mut self) {
        self.table.iter_mut().for_each(|v| *v = 0);
    }

    /// Halves every entry, so old searches fade.
    pub(super) fn age(&mut self) {
        self.table.iter_mut().for_each(|v| *v /= 2);
    }

    pub(super) fn reward(&mut self, key: usize, depth: i32) {
        let d = depth.max(1) as u32;
        let v = &mut self.table[key % MOVE_KEY_SPACE];
        *v = v.saturating_add(d * d).min(1 << 30);
    }

    pub(super) fn score(&self, key: usize) -> i64 {
        self.table[key % MOVE_KEY_SPACE] as i64
    }
}

/// Index of the highest remaining score; marks it used.
#[inline]
pub(super) fn take_best(scores: &mut [i64]) -> usize {
    let mut best = 0;
    for i in 1..scores.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    scores[best] = i64::MIN;
    best
}
