//! An exact Clobber solver: who wins with perfect play.
//!
//! A position is a sum of independent regions (see `regions.rs`).
//! The solver works on bitboards seen from the side to move and uses that
//! sum three ways:
//! - dead regions (one colour only) are dropped, and a region next to its
//!   own negative (colours swapped) cancels, since G + (-G) = 0;
//! - regions of at most [`Solver::VALUE_STONES`] stones are replaced by
//!   their combinatorial values ([`super::values`]) summed into one small
//!   game, the *rest*: a position with only small regions left is decided
//!   by the outcome class of that sum, and otherwise moves in the rest are
//!   moves to its canonical options;
//! - the transposition table is keyed on the multiset of the large regions
//!   (each under the board's symmetries) plus the rest, so the same regions
//!   met in another order or mirrored are one entry.
//!
//! Every child is probed first (its regions, the rest, the table): a child
//! already known lost for the opponent ends the node at once (enhanced
//! transposition cutoff); the others are searched the two latest
//! refutations at that depth (killer moves) first, then in order of the
//! opponent's replies, fewest first. First moves leading to mirror images
//! are searched once, and are shared out between threads that share the
//! table.

mod root;
mod snapshot;
mod table;
mod worker;

use super::regions::{Geometry, Sides};
use super::values::RegionValues;
use super::{ClobberMove, ClobberPosition, Shape};
use crate::cgt::GameId;
use crate::core::rng::mix;
use crate::core::Color;
use crate::search::Killers;
use root::{root_moves, RootMove};
use snapshot::save_while;
pub use snapshot::{TableSnapshot, TableSnapshots};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use table::{MoveCode, Table};
use worker::{RecentRegion, Worker, RECENT_REGIONS};

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
    /// False when [`Resume::max_first_moves`] or [`Resume::interrupt`]
    /// stopped the search before the answer was known (then `mover_wins`
    /// is false and means nothing).
    pub complete: bool,
}

/// Where a solve starts and stops, to go on with a solve that was cut off.
#[derive(Clone, Copy, Debug, Default)]
pub struct Resume<'a> {
    /// First moves already proven to lose: not searched again.
    pub lost: &'a [ClobberMove],
    /// Search at most this many first moves (of those left).
    pub max_first_moves: Option<usize>,
    /// Save the table now and then while searching (and once at the end).
    pub snapshots: Option<TableSnapshots<'a>>,
    /// Stop as soon as this is set (e.g. by Ctrl-C): the first moves
    /// decided by then are reported, the others are not, the table keeps
    /// what was proven (and is saved, with `snapshots`), and the solution
    /// is not complete.
    pub interrupt: Option<&'a AtomicBool>,
}

/// A large live region of a position and its hashes.
#[derive(Clone, Copy)]
struct BigRegion {
    cells: u128,
    hash: u64,
    negative: u64,
}

impl BigRegion {
    /// The same region after a move elsewhere: the other side to move.
    fn passed(self) -> BigRegion {
        BigRegion {
            cells: self.cells,
            hash: self.negative,
            negative: self.hash,
        }
    }
}

/// The exact solver.
pub struct Solver {
    table: Table,
    value_stones: u32,
    /// One memory per thread, kept from one solve to the next.
    memories: Vec<Memory>,
}

/// What one search thread keeps: its value arena with the region values it
/// computed, and its recent-region cache.
struct Memory {
    values: RegionValues,
    recent: Vec<RecentRegion>,
    /// The board the cached regions belong to.
    shape: Option<Shape>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// Regions of at most this many stones are replaced by their values.
    pub const VALUE_STONES: u32 = 8;

    /// Positions of at most this many stones are solved on one thread: their
    /// solve takes less time than starting a thread (a certificate solves
    /// hundreds of thousands of them; on two threads each spawning its
    /// helpers, 3x8 with small leaves took 106 s instead of 5 s).
    pub const SERIAL_STONES: u32 = 20;

    /// A one-thread solver with a 16 Mi-entry table (128 MiB).
    pub fn new() -> Solver {
        Solver::with_table_bits(24)
    }

    /// A one-thread solver with a table of 2^bits entries.
    pub fn with_table_bits(bits: u32) -> Solver {
        Solver::configured(bits, Solver::VALUE_STONES, 1)
    }

    /// A solver with a table of 2^bits entries that replaces regions of at
    /// most `value_stones` stones by their combinatorial values (0: none,
    /// a plain search over the sum of regions) and splits the first moves
    /// between `threads` threads.
    pub fn configured(bits: u32, value_stones: u32, threads: usize) -> Solver {
        Solver {
            table: Table::new(bits),
            value_stones,
            memories: (0..threads.max(1))
                .map(|_| Memory {
                    values: RegionValues::new(),
                    recent: vec![RecentRegion::default(); RECENT_REGIONS],
                    shape: None,
                })
                .collect(),
        }
    }

    /// Proves who wins `pos` with perfect play.
    pub fn solve(&mut self, pos: &ClobberPosition) -> Solution {
        self.solve_reporting(pos, |_| {})
    }

    /// Proves who wins `pos`, reporting each first move once it is decided.
    pub fn solve_reporting(
        &mut self,
        pos: &ClobberPosition,
        report: impl Fn(&RootReport) + Sync,
    ) -> Solution {
        self.solve_resuming(pos, Resume::default(), report)
    }

    /// [`Solver::solve_reporting`] skipping the first moves `resume` knows
    /// lost, and searching at most as many first moves as it says.
    pub fn solve_resuming(
        &mut self,
        pos: &ClobberPosition,
        resume: Resume,
        report: impl Fn(&RootReport) + Sync,
    ) -> Solution {
        let start = Instant::now();
        let geometry = Geometry::new(pos.shape());
        let mut moves = root_moves(pos, &geometry);
        let known = |m: &ClobberMove| resume.lost.contains(m);
        moves.retain(|m| !known(&m.mv) && !m.twins.iter().any(known));
        let left = moves.len();
        moves.truncate(resume.max_first_moves.unwrap_or(left));
        let shared = Shared {
            table: &self.table,
            geometry: &geometry,
            value_stones: self.value_stones,
            next: AtomicUsize::new(0),
            decided: moves.iter().map(|_| AtomicBool::new(false)).collect(),
            workers: moves.iter().map(|_| AtomicUsize::new(0)).collect(),
            stop: AtomicBool::new(false),
            interrupt: resume.interrupt,
            winner: Mutex::new(None),
            nodes: AtomicU64::new(0),
        };
        let stones = (pos.stones(Color::White) | pos.stones(Color::Black)).count_ones();
        let threads = if stones <= Solver::SERIAL_STONES {
            1
        } else {
            self.memories.len().min(moves.len()).max(1)
        };
        let (shared, moves, report, start) = (&shared, &moves, &report, &start);
        for memory in &mut self.memories[..threads] {
            if memory.shape != Some(pos.shape()) {
                memory.recent.fill(RecentRegion::default());
                memory.shape = Some(pos.shape());
            }
        }
        let snapshot = resume.snapshots.map(|_| TableSnapshot {
            table: shared.table,
            header: self.table_header(pos),
        });
        let memories = &mut self.memories[..threads];
        let search = move || {
            if let [memory] = memories {
                // No thread to start (nor can one be, in a browser's wasm).
                Worker::new(shared, memory).take_first_moves(moves, start, report);
            } else {
                std::thread::scope(|scope| {
                    for memory in memories {
                        scope.spawn(move || {
                            Worker::new(shared, memory).take_first_moves(moves, start, report)
                        });
                    }
                });
            }
        };
        match resume.snapshots.as_ref().zip(snapshot.as_ref()) {
            Some((snapshots, snapshot)) => save_while(search, snapshots, snapshot),
            None => search(),
        }
        let winning_move = *shared.winner.lock().unwrap_or_else(|e| e.into_inner());
        Solution {
            mover_wins: winning_move.is_some(),
            winning_move: winning_move.map(|i| moves[i].mv),
            nodes: shared.nodes.load(Ordering::Relaxed),
            time_ms: start.elapsed().as_millis() as u64,
            complete: winning_move.is_some()
                || (moves.len() == left
                    && shared.decided.iter().all(|d| d.load(Ordering::Relaxed))),
        }
    }
}

/// One first move decided, for progress output.
#[derive(Clone, Debug)]
pub struct RootReport {
    /// The move.
    pub mv: ClobberMove,
    /// True when it wins for the side to move.
    pub wins: bool,
    /// Positions visited for it.
    pub nodes: u64,
    /// Milliseconds since the solve started.
    pub elapsed_ms: u64,
}

/// What the search threads share.
struct Shared<'a> {
    table: &'a Table,
    geometry: &'a Geometry,
    value_stones: u32,
    /// The next first move to take.
    next: AtomicUsize,
    /// The first moves decided.
    decided: Vec<AtomicBool>,
    /// Threads searching each first move (once every first move is taken,
    /// a thread left idle helps the one with fewest).
    workers: Vec<AtomicUsize>,
    /// Set once a winning first move is found: the others need not finish.
    stop: AtomicBool,
    /// Set from outside (Ctrl-C): the search ends without an answer.
    interrupt: Option<&'a AtomicBool>,
    winner: Mutex<Option<usize>>,
    nodes: AtomicU64,
}

impl Shared<'_> {
    /// True once the solve is over: a winner found, or interrupted.
    fn over(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.interrupt.is_some_and(|i| i.load(Ordering::Relaxed))
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
