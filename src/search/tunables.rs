//! The search's tunable numbers in one place. Each was chosen by a
//! sequential test against the engine before it (`warcaby bench sprt`); the
//! accepting runs are listed in docs/results.md ("Search changes").

/// Late move reductions: a quiet move at `index` in its node's order (from
/// 0), searched `depth` plies deep, is first searched
/// `LMR_BASE + ln(depth) × ln(index) / LMR_DIVISOR` plies shallower (at
/// least one, and never below one ply), so the later moves of deep nodes,
/// which rarely matter, cost less the deeper the search goes.
pub(crate) const LMR_BASE: f32 = 0.5;
/// See [`LMR_BASE`].
pub(crate) const LMR_DIVISOR: f32 = 2.0;
/// Reductions start with this move of a node (the table move, captures
/// and killers are never reduced).
pub(crate) const LMR_FIRST_INDEX: usize = 3;
/// Nor are moves of nodes shallower than this.
pub(crate) const LMR_MIN_DEPTH: i32 = 3;

/// ProbCut: at a null-window node at least this deep, ...
pub(crate) const PROBCUT_MIN_DEPTH: i32 = 5;
/// ... a search this many plies shallower that scores at least the
/// evaluation's margin above beta ([`super::Evaluator::probcut_margin`];
/// checkers: [`CHECKERS_PROBCUT_MARGIN`]) predicts that the full-depth
/// search would fail high too, and the node is cut at once.
pub(crate) const PROBCUT_REDUCTION: i32 = 4;

/// The checkers evaluations' ProbCut margin, hundredths of a man.
pub const CHECKERS_PROBCUT_MARGIN: i32 = 60;
