//! Clobber: rules, position text and move text. A board of R x C cells
//! (2..=10 each), a true checkerboard of stones at the start, Black moves
//! first; a move takes one of your stones onto an orthogonally adjacent
//! opponent stone, which is removed. The player with no move loses.
//!
//! Cells are numbered `row * cols + col` with row 0 at the bottom, and the
//! stones of each colour are a `u128` bit set.

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
