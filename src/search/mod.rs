//! Game-tree search, generic over any two-player game with perfect
//! information that implements [`SearchGame`] — checkers and Clobber alike.
//! The search knows nothing about the rules of either.
//!
//! Three algorithms, chosen by name: plain `minimax` (no pruning), `alphabeta`
//! and `negascout` (principal variation search). Around them: iterative
//! deepening under depth, node and time limits, a transposition table, move
//! ordering (table move, longer captures first, killer moves, history
//! heuristic), aspiration windows, late move reductions, ProbCut (a shallow
//! search well above beta cuts a null-window node), capture quiescence (a position where a
//! capture is pending is never evaluated statically: the search goes on
//! through the captures), a threat extension (a quiet horizon position whose
//! opponent threatens a capture gets one more ply), scores that prefer the
//! fastest win and the slowest loss, and draws by repetition or by the
//! game's own rules inside the tree.

mod config;
mod exact;
mod limits;
mod node;
mod ordering;
#[cfg(not(target_arch = "wasm32"))]
mod smp;
mod time;
mod tt;
mod tunables;

pub use config::{parse_threads, Algorithm, SearchConfig, MAX_THREADS};
pub use exact::{Exact, ExactProbe};
pub use limits::{Limits, SearchInfo};

pub use tt::TranspositionTable;
pub use tunables::CHECKERS_PROBCUT_MARGIN;

use ordering::History;
pub use ordering::Killers;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use time::TimePlan;

/// Score of a won position at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are forced wins or losses.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The score of a draw.
pub const DRAW: i32 = 0;
const INFINITY: i32 = MATE + 1;
/// Deepest ply the search ever reaches (quiescence included).
pub const MAX_PLY: usize = 128;
/// Size of the space of [`SearchGame::move_key`] values.
pub const MOVE_KEY_SPACE: usize = 1 << 14;

/// What a position is at the search horizon.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leaf {
    /// The side to move has no legal move: it has lost.
    NoMoves,
    /// A capture (or other forcing move) is pending: do not evaluate here.
    Tactical,
    /// Safe to evaluate statically.
    Quiet,
}

/// A game the search can play through. Positions are copied, not undone
/// (`after` returns the next position), which keeps implementations simple.
///
/// Positions, moves and evaluators can be sent to and shared between
/// threads: helper threads search the same root ([`SearchConfig::threads`]).
pub trait SearchGame: Clone + Send + Sync {
    /// A move.
    type Move: Copy + PartialEq + fmt::Debug + Send + Sync;

    /// Every legal move, into `moves` (cleared first).
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// The position after a legal move.
    fn after(&self, mv: &Self::Move) -> Self;

    /// A hash of the position and side to move.
    fn hash(&self) -> u64;

    /// Cheap classification for the horizon (see [`Leaf`]).
    fn leaf(&self) -> Leaf;

    /// Plies since the last irreversible move: only that many earlier
    /// positions can repeat this one (0, the default, for games without
    /// repetition).
    fn reversible_plies(&self) -> u32 {
        0
    }

    /// True when the game is drawn here by its own rule (e.g. no progress);
    /// never, by default.
    fn is_rule_draw(&self) -> bool {
        false
    }

    /// True when the opponent of the side to move threatens a capture. Asked
    /// only of a quiet position at the horizon, and only with
    /// [`SearchConfig::threat_extension`]: such a position is searched one
    /// ply further instead of trusting its static evaluation. Never, by
    /// default.
    fn is_threatened(&self) -> bool {
        false
    }

    /// Ordering weight of a forcing move (e.g. pieces captured); 0 if quiet,
    /// and 0 for every move by default.
    fn tactical_weight(&self, _mv: &Self::Move) -> u32 {
        0
    }

    /// A small key for the history heuristic, below [`MOVE_KEY_SPACE`].
    fn move_key(&self, mv: &Self::Move) -> usize;
}

/// A static evaluation, in centi-pieces, from the side to move's point of
/// view. Each helper thread of a search evaluates with its own clone.
pub trait Evaluator<G>: Clone + Send + Sync {
    /// Scores a quiet position.
    fn evaluate(&self, game: &G) -> i32;

    /// How far above beta (in this evaluation's units) a shallow search
    /// must score for ProbCut to cut the node ([`SearchConfig::probcut`]);
    /// None, the default, where that margin was never measured: the search
    /// then never cuts so.
    fn probcut_margin(&self) -> Option<i32> {
        None
    }
}

/// A millisecond clock. Native builds use [`std::time::Instant`]; a host
/// without one (the browser) passes its own.
pub type Clock = fn() -> f64;

#[cfg(not(target_arch = "wasm32"))]
fn default_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    EPOCH.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(target_arch = "wasm32")]
fn default_clock() -> f64 {
    0.0
}

/// The best move is failing when the root scores this much (centi-pieces)
/// below the last finished iteration.
const FAILING_MARGIN: i32 = 30;

/// How often (in nodes) the clock and the stop flag are looked at.
const CHECK_EVERY: u64 = 1024;

/// A reusable searcher: its table and heuristics persist between searches.
pub struct Searcher<G: SearchGame, E> {
    config: SearchConfig,
    evaluator: E,
    exact: Option<Arc<dyn ExactProbe<G>>>,
    /// Shared with the helper threads while a search has them; owned
    /// alone otherwise (so that a growing table can grow).
    tt: Arc<TranspositionTable>,
    killers: Killers<G::Move>,
    history: History,
    clock: Clock,
    stop: Arc<AtomicBool>,
    // Per-search state.
    start_ms: f64,
    plan: TimePlan,
    deadline_ms: f64,
    /// The best move is failing: the root scores well below the last
    /// finished iteration.
    failing: bool,
    /// Score of the last finished iteration (what "failing" compares with).
    previous_score: Option<i32>,
    /// Searched first at the root: the last finished iteration's best move.
    root_hint: Option<G::Move>,
    /// The best root move proven so far in the running iteration.
    root_best: Option<(G::Move, i32)>,
    /// The root moves this search may choose among ([`Searcher::search_among`]);
    /// None: every legal move.
    root_only: Option<Vec<G::Move>>,
    node_limit: u64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    hashes: Vec<u64>,
    move_buffers: Vec<Vec<G::Move>>,
    score_buffers: Vec<Vec<i64>>,
    pv: Vec<Vec<G::Move>>,
}

impl<G: SearchGame, E: Evaluator<G>> Searcher<G, E> {
    /// A searcher with a configuration and an evaluation, its table full
    /// size at once (for an engine that plays a game).
    pub fn new(config: SearchConfig, evaluator: E) -> Self {
        let tt = TranspositionTable::new(config.tt_mib);
        Self::with_table(config, evaluator, tt)
    }

    /// A searcher whose table starts small and grows to `config.tt_mib`
    /// as its searches fill it ([`TranspositionTable::growing`]): made in
    /// microseconds, for callers that make one per short search (the
    /// Python package's `search`).
    pub fn with_growing_table(config: SearchConfig, evaluator: E) -> Self {
        let tt = TranspositionTable::growing(config.tt_mib);
        Self::with_table(config, evaluator, tt)
    }

    fn with_table(config: SearchConfig, evaluator: E, tt: TranspositionTable) -> Self {
        Self::sharing_table(config, evaluator, Arc::new(tt))
    }

    fn sharing_table(config: SearchConfig, evaluator: E, tt: Arc<TranspositionTable>) -> Self {
        Searcher {
            tt,
            config,
            evaluator,
            exact: None,
            killers: Killers::new(MAX_PLY + 1),
            history: History::new(),
            clock: default_clock,
            stop: Arc::new(AtomicBool::new(false)),
            start_ms: 0.0,
            plan: TimePlan::new(0.0, &Limits::default()),
            deadline_ms: f64::INFINITY,
            failing: false,
            previous_score: None,
            root_hint: None,
            root_best: None,
            root_only: None,
            node_limit: u64::MAX,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            hashes: Vec::new(),
            move_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            score_buffers: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY).map(|_| Vec::new()).collect(),
        }
    }

    /// Uses another clock (milliseconds, any epoch).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Asks `probe` for exact values (an endgame database) below the root.
    pub fn with_exact(mut self, probe: Option<Arc<dyn ExactProbe<G>>>) -> Self {
        self.exact = probe;
        self
    }

    /// The flag that stops a running search when set (from any thread).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The evaluation in use.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Forgets the table and heuristics (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.killers.clear();
        self.history.clear();
    }

    /// Searches `root`. `history` holds the hashes of the positions before it
    /// (oldest first), so repetitions with the game so far are seen.
    /// `on_iteration` is called after every finished iteration.
    ///
    /// Under a time limit the search deepens while an iteration can still pay
    /// off and aborts the running one at the budget; the answer is then the
    /// last finished iteration's best move, or a move the aborted iteration
    /// proved better. While the best move is failing it may run on to
    /// [`Limits::max_time_ms`]. A single legal move is answered after one
    /// iteration when only time limits the search.
    pub fn search(
        &mut self,
        root: &G,
        history: &[u64],
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.root_only = None;
        self.iterate(root, history, limits, on_iteration)
    }

    /// Searches `root` as [`Searcher::search`] does, choosing only among
    /// its legal moves that are in `moves` (the rest are never searched, so
    /// the whole budget goes to them): for a move already partly made, such
    /// as a capture whose first hops are played. None of them legal: the
    /// answer has no move, as in a position without one.
    pub fn search_among(
        &mut self,
        root: &G,
        moves: &[G::Move],
        history: &[u64],
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.root_only = Some(moves.to_vec());
        let info = self.iterate(root, history, limits, on_iteration);
        self.root_only = None;
        info
    }

    /// The root's legal moves this search may choose among, into `moves`.
    fn root_moves(&self, root: &G, moves: &mut Vec<G::Move>) {
        root.legal_moves(moves);
        if let Some(only) = &self.root_only {
            moves.retain(|m| only.contains(m));
        }
    }

    /// Iterative deepening from `root` (see [`Searcher::search`]), on
    /// [`SearchConfig::threads`] threads.
    fn iterate(
        &mut self,
        root: &G,
        history: &[u64],
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.stop.store(false, Ordering::Relaxed);
        self.tt.new_search();
        #[cfg(not(target_arch = "wasm32"))]
        if self.config.threads > 1 {
            return self.deepen_with_helpers(root, history, limits, on_iteration);
        }
        self.deepen(root, history, limits, 1, on_iteration)
    }

    /// The iterations of one thread's search, the first at `first_depth`
    /// (a helper may start deeper than the main thread).
    fn deepen(
        &mut self,
        root: &G,
        history: &[u64],
        limits: Limits,
        first_depth: u32,
        mut on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        self.start(history, &limits);
        let mut root_moves = Vec::new();
        self.root_moves(root, &mut root_moves);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut best = SearchInfo {
            best_move: root_moves.first().copied(),
            score: if root_moves.is_empty() { -MATE } else { DRAW },
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0,
            pv: root_moves.first().copied().into_iter().collect(),
        };
        if root_moves.is_empty() {
            return best;
        }
        let only_time = limits.depth.is_none() && limits.nodes.is_none() && self.plan.is_timed();
        let first_depth = if self.config.iterative {
            first_depth.min(max_depth)
        } else {
            max_depth
        };
        for depth in first_depth..=max_depth {
            self.root_best = None;
            let score = self.search_root(root, depth as i32, best.score);
            if self.aborted {
                self.adopt_partial(&mut best);
                break;
            }
            self.set_failing(score);
            self.previous_score = Some(score);
            best = self.report(root, depth, score);
            self.root_hint = best.best_move;
            on_iteration(&best);
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let mate_proven =
                best.score.abs() > MATE_BOUND && depth as i32 > MATE - best.score.abs();
            let single_reply = only_time && root_moves.len() == 1;
            if mate_proven || single_reply || !self.plan.may_deepen((self.clock)(), self.failing) {
                break;
            }
        }
        best.nodes = self.nodes;
        best.seldepth = self.seldepth as u32;
        best.time_ms = ((self.clock)() - self.start_ms).max(0.0) as u64;
        best
    }

    fn report(&self, root: &G, depth: u32, score: i32) -> SearchInfo<G::Move> {
        SearchInfo {
            best_move: self.pv[0].first().copied(),
            score,
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.nodes,
            time_ms: ((self.clock)() - self.start_ms).max(0.0) as u64,
            pv: self.full_pv(root, depth as usize),
        }
    }

    /// The principal variation, continued from the table where a table
    /// cutoff ended it early (up to `depth` moves, never repeating a position).
    fn full_pv(&self, root: &G, depth: usize) -> Vec<G::Move> {
        let mut pv = self.pv[0].clone();
        if !self.tt.enabled() {
            return pv;
        }
        let mut node = root.clone();
        let mut seen = vec![node.hash()];
        for mv in &pv {
            node = node.after(mv);
            seen.push(node.hash());
        }
        let mut moves = Vec::new();
        while pv.len() < depth {
            let Some(index) = self.tt.probe(node.hash()).and_then(|e| e.move_index()) else {
                break;
            };
            node.legal_moves(&mut moves);
            let Some(&mv) = moves.get(index) else {
                break;
            };
            node = node.after(&mv);
            if seen.contains(&node.hash()) {
                break;
            }
            seen.push(node.hash());
            pv.push(mv);
        }
        pv
    }

    fn search_root(&mut self, root: &G, depth: i32, previous: i32) -> i32 {
        let windowed = self.config.aspiration
            && self.config.algorithm != Algorithm::Minimax
            && depth >= 4
            && previous.abs() < MATE_BOUND;
        if !windowed {
            return self.negamax(root, depth, 0, -INFINITY, INFINITY);
        }
        let mut delta = 30;
        let (mut alpha, mut beta) = (previous - delta, previous + delta);
        loop {
            let score = self.negamax(root, depth, 0, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    #[inline]
    fn check_limits(&mut self) {
        let checkpoint = self.nodes.is_multiple_of(CHECK_EVERY)
            && (self.stop.load(Ordering::Relaxed) || (self.clock)() >= self.deadline_ms);
        if checkpoint || self.nodes >= self.node_limit {
            self.aborted = true;
        }
    }

    fn is_repetition(&self, node: &G, hash: u64) -> bool {
        let window = node.reversible_plies() as usize;
        let len = self.hashes.len();
        // Same side to move: every second position back.
        (2..=window.min(len))
            .step_by(2)
            .any(|back| self.hashes[len - back] == hash)
    }

    fn evaluate(&self, node: &G, hash: u64) -> i32 {
        let score = self.evaluator.evaluate(node);
        if self.config.noise > 0 {
            let span = 2 * self.config.noise as u64 + 1;
            let r = crate::core::rng::mix(hash ^ self.config.seed) % span;
            score + r as i32 - self.config.noise
        } else {
            score
        }
    }
}

#[cfg(test)]
mod tests;
