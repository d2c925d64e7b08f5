//! Clobber: rules, position text and move text. A board of R x C cells
//! (2..=10 each), a true checkerboard of stones at the start, Black moves
//! first; a move takes one of your stones onto an orthogonally adjacent
//! opponent stone, which is removed. The player with no move loses.
//!
//! Cells are numbered `row * cols + col` with row 0 at the bottom, and the
//! stones of each colour are a `u128` bit set.
//!
//! Who wins with perfect play ([`solver`]): the published results are that
//! the first player wins 3x3 and the second player wins 2x3.
//!
//! ```
//! use warcaby::clobber::solver::{start, Solver};
//! use warcaby::clobber::independent::solve_independently;
//!
//! let mut solver = Solver::with_table_bits(16); // a small table for small boards
//! let three = start(3, 3).unwrap();
//! let solution = solver.solve(&three);
//! assert!(solution.complete && solution.mover_wins);
//! let winning = solution.winning_move.unwrap();
//! // The winning move leaves the opponent lost: check it with the
//! // independent solver, which shares only the rules.
//! assert!(!solve_independently(&three.after(&winning)).mover_wins);
//!
//! let two_by_three = start(2, 3).unwrap();
//! let solution = solver.solve(&two_by_three);
//! assert!(!solution.mover_wins);
//! assert_eq!(solution.winning_move, None);
//! assert!(!solve_independently(&two_by_three).mover_wins);
//! ```
//!
//! The search of [`crate::search`] plays Clobber too, with a heuristic
//! ([`ClobberEval`]):
//!
//! ```
//! use warcaby::clobber::{ClobberEval, ClobberPosition, Shape};
//! use warcaby::search::{Limits, SearchConfig, Searcher, MATE_BOUND};
//!
//! let eval: ClobberEval = "group_then_fight".parse().unwrap();
//! let pos = ClobberPosition::start(Shape::new(3, 3).unwrap());
//! let mut searcher = Searcher::new(SearchConfig::default(), eval);
//! // 3x3 lasts at most 8 plies: a search of 9 sees the forced win.
//! let info = searcher.search(&pos, &[], Limits::depth(9), |_| {});
//! assert!(info.score > MATE_BOUND, "{}", info.score);
//! assert!(pos.legal_moves().contains(&info.best_move.unwrap()));
//! ```

#[cfg(feature = "certificate")]
pub mod certificate;
mod eval;
mod game;
pub mod independent;
mod position;
mod regions;
mod shape;
pub mod solver;
pub mod values;

pub use eval::ClobberEval;
pub use game::{ClobberGame, ClobberOutcome};
pub(crate) use position::NOT_LEGAL;
pub use position::{perft, ClobberError, ClobberMove, ClobberPosition};
pub use shape::{Dir, Shape};

/// Smallest and largest board side.
pub(crate) const MIN_SIDE: usize = 2;
/// Largest board side.
pub(crate) const MAX_SIDE: usize = 10;
/// Default board: 6 rows x 5 columns, as in the Clobber doc.
pub const DEFAULT_ROWS: usize = 6;
/// Default columns.
pub const DEFAULT_COLS: usize = 5;
