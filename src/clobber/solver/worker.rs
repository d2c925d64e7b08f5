//! One search thread of the solver: probes each child (regions, the rest,
//! the table), searches the open ones with killer moves and the opponent's
//! replies first, and shares the first moves with the other threads.

use super::*;

/// Plies (after the first move's reply) where a helper thread turns the
/// order of the moves.
pub(super) const HELPER_PLIES: usize = 2;

/// Slots of the recent-region cache (a power of two).
pub(super) const RECENT_REGIONS: usize = 1 << 10;

/// A region met recently, with its hashes and, when small, its value: the
/// same pieces of a region come back in sibling and cousin positions. Small
/// on purpose (64 KiB): a cache that misses the CPU's caches costs more than
/// hashing again.
#[derive(Clone, Copy, Default)]
pub(super) struct RecentRegion {
    stones: Sides,
    hash: u64,
    negative: u64,
    value: Option<GameId>,
}

/// One search thread: its own memory, the shared table.
pub(super) struct Worker<'a> {
    shared: &'a Shared<'a>,
    values: &'a mut RegionValues,
    recent: &'a mut [RecentRegion],
    nodes: u64,
    /// Moves made from the first move down to the node being searched.
    ply: usize,
    /// The killer moves of each depth.
    killers: Killers<MoveCode>,
    /// The first move being searched.
    current: Option<usize>,
    /// 0 for the thread that took the first move; a helper's number
    /// otherwise, which turns the order of the replies near the top so
    /// that helpers start where the others are not.
    order: usize,
}

impl<'a> Worker<'a> {
    pub(super) fn new(shared: &'a Shared<'a>, memory: &'a mut Memory) -> Worker<'a> {
        Worker {
            shared,
            values: &mut memory.values,
            recent: &mut memory.recent,
            nodes: 0,
            ply: 0,
            killers: Killers::new(0),
            current: None,
            order: 0,
        }
    }

    /// Takes first moves until none is left or one wins; once every first
    /// move is taken, helps with those still searched.
    pub(super) fn take_first_moves(
        &mut self,
        moves: &[RootMove],
        start: &Instant,
        report: &(impl Fn(&RootReport) + Sync),
    ) {
        let shared = self.shared;
        while let Some((i, order)) = self.next_first_move(moves.len()) {
            let before = self.nodes;
            self.current = Some(i);
            self.order = order;
            shared.workers[i].fetch_add(1, Ordering::Relaxed);
            let wins = !self.wins(moves[i].child, GameId::ZERO);
            shared.workers[i].fetch_sub(1, Ordering::Relaxed);
            // Stopped: another thread decided it (or the whole solve) first.
            if self.stopped() || shared.decided[i].swap(true, Ordering::Relaxed) {
                continue;
            }
            let elapsed_ms = start.elapsed().as_millis() as u64;
            report(&RootReport {
                mv: moves[i].mv,
                wins,
                nodes: self.nodes - before,
                elapsed_ms,
            });
            for &mv in &moves[i].twins {
                report(&RootReport {
                    mv,
                    wins,
                    nodes: 0,
                    elapsed_ms,
                });
            }
            if wins {
                let mut winner = shared.winner.lock().unwrap_or_else(|e| e.into_inner());
                // The earliest winning move in the order, whoever found it.
                if winner.is_none_or(|w| i < w) {
                    *winner = Some(i);
                }
                shared.stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        self.current = None;
        shared.nodes.fetch_add(self.nodes, Ordering::Relaxed);
    }

    /// The next first move to search and this thread's order number for
    /// it: an untaken one, else the undecided one with fewest threads on
    /// it; None when the solve is over.
    fn next_first_move(&self, count: usize) -> Option<(usize, usize)> {
        let shared = self.shared;
        if shared.over() {
            return None;
        }
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        if i < count {
            return Some((i, 0));
        }
        (0..count)
            .filter(|&j| !shared.decided[j].load(Ordering::Relaxed))
            .map(|j| (j, shared.workers[j].load(Ordering::Relaxed)))
            .filter(|&(_, workers)| workers > 0)
            .min_by_key(|&(_, workers)| workers)
    }

    fn stopped(&self) -> bool {
        self.shared.over()
            || self
                .current
                .is_some_and(|i| self.shared.decided[i].load(Ordering::Relaxed))
    }

    /// True when the side to move wins `b + rest` (`rest` a value with the
    /// side to move as Left). Once the search is stopped the answer is
    /// meaningless and nothing is stored.
    fn wins(&mut self, b: Sides, rest: GameId) -> bool {
        match self.probe(b, rest) {
            Probe::Known(known) => known,
            Probe::Open(open) => self.solve_open(&open),
        }
    }

    /// What is known of `b + rest` without a search: the outcome of a sum of
    /// small regions, or a table entry; otherwise the key and the large part.
    fn probe(&mut self, b: Sides, rest: GameId) -> Probe {
        self.nodes += 1;
        let mut regions = Vec::with_capacity(4);
        let pieces = self.add_regions(b, &mut regions);
        let rest = self.values.arena().sum(rest, pieces);
        self.conclude(b, regions, rest)
    }

    /// [`Worker::probe`] of the child after a move inside `open.regions[i]`
    /// (`after` is that region's stones after the move): the other regions
    /// keep their hashes, seen from the other side.
    /// Its table entry is not looked up yet, only fetched into the cache.
    fn probe_child(&mut self, open: &Open, i: usize, after: Sides) -> Probe {
        self.nodes += 1;
        let moved = open.regions[i].cells;
        let mut regions: Vec<BigRegion> = Vec::with_capacity(open.regions.len() + 2);
        regions.extend(open.regions[..i].iter().map(|r| r.passed()));
        regions.extend(open.regions[i + 1..].iter().map(|r| r.passed()));
        let pieces = self.add_regions(after, &mut regions);
        if regions.is_empty() {
            // The child is `-rest + pieces`, and the opponent moving first
            // wins it unless `pieces <= rest`: a comparison of known values,
            // where the sum would build a new canonical form for nothing.
            return Probe::Known(!self.values.arena().le(pieces, open.rest));
        }
        let them = self.values.arena().negative(open.rest);
        let rest = self.values.arena().sum(them, pieces);
        let others = open.board.passed().within(!moved);
        let board = Sides {
            mine: others.mine | after.mine,
            theirs: others.theirs | after.theirs,
        };
        let probe = self.conclude_unlooked(board, regions, rest);
        if let Probe::Open(o) = &probe {
            self.shared.table.prefetch(o.key);
        }
        probe
    }

    /// [`Worker::probe`] of the position after a move in the rest, to
    /// `option` (seen from the mover).
    fn probe_pass(&mut self, open: &Open, option: GameId) -> Probe {
        self.nodes += 1;
        let regions = open.regions.iter().map(|r| r.passed()).collect();
        let rest = self.values.arena().negative(option);
        self.conclude(open.board.passed(), regions, rest)
    }

    /// Adds the live regions of `b` to `regions` (cancelling a region
    /// against its negative) and returns the sum of the small ones' values.
    fn add_regions(&mut self, b: Sides, regions: &mut Vec<BigRegion>) -> GameId {
        let mut small = GameId::ZERO;
        let geometry = self.shared.geometry;
        for cells in geometry.groups(b.mine | b.theirs) {
            let region = b.within(cells);
            if region.mine == 0 || region.theirs == 0 {
                continue;
            }
            let known = self.region(region, cells.count_ones() <= self.shared.value_stones);
            if let Some(value) = known.value {
                small = self.values.arena().sum(small, value);
            } else if let Some(j) = regions.iter().position(|r| r.hash == known.negative) {
                regions.swap_remove(j);
            } else {
                regions.push(BigRegion {
                    cells,
                    hash: known.hash,
                    negative: known.negative,
                });
            }
        }
        small
    }

    /// The probe's answer once the large regions and the rest are known.
    fn conclude(&mut self, b: Sides, regions: Vec<BigRegion>, rest: GameId) -> Probe {
        match self.conclude_unlooked(b, regions, rest) {
            Probe::Open(open) => match self.shared.table.get(open.key) {
                Some(known) => Probe::Known(known),
                None => Probe::Open(open),
            },
            known => known,
        }
    }

    /// [`Worker::conclude`] without looking in the table.
    fn conclude_unlooked(&mut self, b: Sides, regions: Vec<BigRegion>, rest: GameId) -> Probe {
        if regions.is_empty() {
            return Probe::Known(self.values.arena().left_wins_first(rest));
        }
        let seed = self.shared.geometry.salt ^ mix(self.values.arena().hash(rest));
        let key = mix(regions.iter().fold(seed, |k, r| k.wrapping_add(r.hash)));
        let cells = regions.iter().fold(0, |m, r| m | r.cells);
        Probe::Open(Open {
            board: b.within(cells),
            regions,
            rest,
            key,
        })
    }

    /// Searches a position the table does not know, and stores the result.
    fn solve_open(&mut self, open: &Open) -> bool {
        if self.stopped() {
            return false;
        }
        // A sibling's search may have settled it since the probe.
        if let Some(known) = self.shared.table.get(open.key) {
            return known;
        }
        let result = self.search(open);
        if !self.stopped() {
            let stones = (open.board.mine | open.board.theirs).count_ones();
            self.shared.table.put(open.key, stones, result);
        }
        result
    }

    /// A live region's hashes and, when `small`, its value.
    fn region(&mut self, stones: Sides, small: bool) -> RecentRegion {
        let lo = |x: u128| x as u64 ^ ((x >> 64) as u64).rotate_left(29);
        let slot = mix(lo(stones.mine) ^ lo(stones.theirs).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            as usize
            & (RECENT_REGIONS - 1);
        if self.recent[slot].stones == stones {
            return self.recent[slot];
        }
        let (hash, negative) = self.shared.geometry.region_hashes(stones);
        let geometry = self.shared.geometry;
        let value = small.then(|| self.values.region_value(geometry, stones, hash, negative));
        self.recent[slot] = RecentRegion {
            stones,
            hash,
            negative,
            value,
        };
        self.recent[slot]
    }

    /// Tries the moves on the board, then the moves in the rest.
    fn search(&mut self, open: &Open) -> bool {
        let geometry = self.shared.geometry;
        // The moves of every region, fewest replies left first.
        let mut moves: Vec<(i64, usize, Sides)> = Vec::with_capacity(64);
        for (i, region) in open.regions.iter().enumerate() {
            let stones = open.board.within(region.cells);
            let before = geometry.contacts(stones) as i64;
            geometry.each_child(stones, |replies, after| {
                moves.push((replies as i64 - before, i, after))
            });
        }
        moves.sort_by_key(|m| m.0);
        // Every child is probed first (enhanced transposition cutoff): one
        // already known lost for the opponent wins at once.
        // The table is looked at once every child's entry is on its way.
        let mut unlooked = Vec::with_capacity(moves.len());
        for (_, i, after) in moves {
            let mv = MoveCode::of(open.board.within(open.regions[i].cells), after);
            match self.probe_child(open, i, after) {
                Probe::Known(false) => return true,
                Probe::Known(true) => {}
                Probe::Open(o) => unlooked.push((o, mv)),
            }
        }
        let mut unknown = Vec::with_capacity(unlooked.len());
        for (o, mv) in unlooked {
            match self.shared.table.get(o.key) {
                Some(false) => return true,
                Some(true) => {}
                None => unknown.push((o, mv)),
            }
        }
        // Searched in order of the opponent's moves in the whole child,
        // those where the opponent does not win the rest alone first, but
        // the moves that refuted a sibling at this depth lately (killers)
        // before all.
        let geometry = self.shared.geometry;
        let arena = self.values.arena();
        unknown.sort_by_cached_key(|(o, _)| {
            2 * geometry.contacts(o.board) + arena.left_wins_first(o.rest) as u32
        });
        let ply = self.ply;
        self.killers.ensure(ply + 1);
        self.killers.bring_forward(ply, &mut unknown);
        if self.order > 0 && (1..=HELPER_PLIES).contains(&ply) && !unknown.is_empty() {
            let turn = self.order % unknown.len();
            unknown.rotate_left(turn);
        }
        self.ply += 1;
        let winner = unknown.iter().find(|(o, _)| !self.solve_open(o));
        let wins = match winner {
            Some(&(_, mv)) => {
                self.killers.store(ply, mv);
                true
            }
            None => {
                let options = self.values.arena().left(open.rest).to_vec();
                options
                    .into_iter()
                    .any(|option| match self.probe_pass(open, option) {
                        Probe::Known(known) => !known,
                        Probe::Open(o) => !self.solve_open(&o),
                    })
            }
        };
        self.ply -= 1;
        wins
    }
}

/// What a probe found.
pub(super) enum Probe {
    /// Whether the side to move wins, known without a search.
    Known(bool),
    /// Unknown: to be searched.
    Open(Open),
}

/// A position to search: its large regions (stones and hashes), the rest
/// and the table key.
pub(super) struct Open {
    board: Sides,
    regions: Vec<BigRegion>,
    rest: GameId,
    key: u64,
}
