//! How the search is configured: the algorithm and what it may use.

use crate::core::named::{named_display_and_parse, Named};

/// The search algorithm.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Algorithm {
    /// Plain minimax (negamax form): every node searched, no pruning.
    Minimax,
    /// Alpha-beta pruning.
    AlphaBeta,
    /// NegaScout / principal variation search: null windows after the first move.
    #[default]
    NegaScout,
}

impl Algorithm {
    /// All algorithms.
    pub const ALL: [Algorithm; 3] = [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::NegaScout,
    ];

    /// The algorithm's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::NegaScout => "negascout",
        }
    }
}

impl Named for Algorithm {
    const WHAT: &'static str = "algorithm";
    const ALL: &'static [Algorithm] = &Algorithm::ALL;
    fn name(self) -> &'static str {
        Algorithm::name(self)
    }
}

named_display_and_parse!(Algorithm);

/// How the search is configured (what it may use), independent of limits.
///
/// The three algorithms agree on the score at a fixed depth; pruning only
/// saves nodes:
///
/// ```
/// use warcaby::checkers::ai::{CheckersEval, CheckersNode};
/// use warcaby::search::{Algorithm, Limits, SearchConfig, Searcher};
/// use warcaby::{Position, Variant};
///
/// let root = CheckersNode { pos: Position::start(Variant::English), quiet_plies: 0 };
/// let run = |algorithm| {
///     let mut searcher = Searcher::new(SearchConfig::bare(algorithm), CheckersEval::Material);
///     let info = searcher.search(&root, &[], Limits::depth(5), |_| {});
///     (info.score, info.nodes)
/// };
/// let (minimax, alphabeta) = (run(Algorithm::Minimax), run(Algorithm::AlphaBeta));
/// assert_eq!(minimax.0, alphabeta.0);
/// assert!(alphabeta.1 < minimax.1);
///
/// // The full engine's defaults: NegaScout with every enhancement.
/// let config = SearchConfig::default();
/// assert_eq!(config.algorithm, Algorithm::NegaScout);
/// assert!(config.iterative && config.threat_extension && config.probcut);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// Transposition table size in MiB; 0 turns it off.
    pub tt_mib: usize,
    /// Killer moves and history heuristic (table moves and longer captures
    /// are always tried first when available).
    pub ordering: bool,
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Iterative deepening (off: one search straight to the depth limit).
    pub iterative: bool,
    /// Late move reductions (later quiet moves searched shallower first,
    /// the more so the later the move and the deeper the node).
    pub reductions: bool,
    /// ProbCut: a null-window node whose search four plies shallower scores
    /// well above beta is cut without the full search (the deep search
    /// would almost surely fail high too).
    pub probcut: bool,
    /// At the horizon, a quiet position whose opponent threatens a capture
    /// is searched one ply further instead of evaluated (finds shots whose
    /// first move is quiet, e.g. a sacrifice answered by a forced capture).
    pub threat_extension: bool,
    /// Amplitude of deterministic evaluation noise (weak levels); 0 = none.
    pub noise: i32,
    /// Seed of that noise.
    pub seed: u64,
    /// Threads that search together (lazy SMP: helpers search the same
    /// root into the shared table; the main thread's result is reported,
    /// its iteration reports with its own nodes, the final answer with the
    /// nodes of all). 1 searches on the caller's thread alone, exactly as
    /// a searcher without helpers; a build for the browser (wasm32) always
    /// searches with one.
    pub threads: usize,
}

/// The most threads a search may be given: more is surely a mistake (a
/// typo or a confusion with the table size), refused where it is parsed.
pub const MAX_THREADS: usize = 256;

/// A thread count as given on a command line or in a bot spec: 1 to
/// [`MAX_THREADS`], anything else refused with the range.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("expected 1-{MAX_THREADS} threads, not '{text}'")),
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::NegaScout,
            tt_mib: 32,
            ordering: true,
            aspiration: true,
            iterative: true,
            reductions: true,
            probcut: true,
            threat_extension: true,
            noise: 0,
            seed: 0,
            threads: 1,
        }
    }
}

impl SearchConfig {
    /// The bare algorithm, for comparisons at a fixed depth: no table, no
    /// killers or history, no aspiration, no reductions, one iteration.
    pub fn bare(algorithm: Algorithm) -> SearchConfig {
        SearchConfig {
            algorithm,
            tt_mib: 0,
            ordering: false,
            aspiration: false,
            iterative: false,
            reductions: false,
            probcut: false,
            threat_extension: false,
            noise: 0,
            seed: 0,
            threads: 1,
        }
    }
}
