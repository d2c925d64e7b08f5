//! Endgame databases built by our own retrograde analysis: for every position
//! with few pieces, its exact value with best play — win, loss or draw — and
//! the distance to the end of the game in plies (depth to mate, through
//! captures and crownings), so the search converts every won ending.
//!
//! * [`index`]: a position's place in the table of its material, seen from
//!   the side to move (one table serves both colours).
//! * [`build`]: the builder — retrograde analysis by distance, slices in
//!   dependency order (a capture or a crowning leads to a slice already built).
//! * [`mod@format`]: one file per slice: a header (magic, version, variant,
//!   material, length, checksum), then one byte per position.
//! * [`verify`]: the fixpoint check of built tables.
//! * [`Egdb`]: the loaded tables and the prober, also the search's exact
//!   scores ([`crate::search::ExactProbe`]).
//!
//! The tables ignore the no-progress and repetition draws, as is the
//! practice: a win in the table is a win when the stronger side may play the
//! distance out. Any variant without flying kings can be built (English and
//! tournament): the move generator decides what a move is.
//!
//! ```
//! use warcaby::checkers::egdb::{build_all, Value};
//! use warcaby::{Position, Variant};
//!
//! // Every English position of up to 3 pieces, built in memory.
//! let egdb = build_all(Variant::English, 3, 1, |_| {}).unwrap();
//! let fen = |text| Position::from_fen(text, Variant::English).unwrap();
//!
//! // Two kings against one win; one against one is a draw.
//! let two_kings = fen("W:WK1,K2:BK32");
//! let Some(Value::Win(plies)) = egdb.probe(&two_kings) else { panic!("a win") };
//! assert_eq!(plies % 2, 1); // the winner makes the last move
//! assert_eq!(egdb.probe(&fen("W:WK1:BK32")), Some(Value::Draw));
//!
//! // The best move keeps the win, one ply nearer.
//! let (mv, value) = egdb.best_move(&two_kings).unwrap();
//! assert_eq!(value, Value::Win(plies));
//! assert_eq!(egdb.probe(&two_kings.after(&mv)), Some(Value::Loss(plies - 1)));
//!
//! // More pieces than the tables hold: no answer.
//! assert_eq!(egdb.probe(&Position::start(Variant::English)), None);
//! ```

pub mod build;
pub mod format;
pub mod index;
mod probe;
pub mod verify;

pub use build::{build_all, build_order, Builder, StepwiseBuild};
pub use format::SliceFile;
pub use index::Material;
pub use probe::{read_slice, Egdb, MAX_PIECES};

use crate::checkers::rules::Variant;

/// The value of a position for the side to move, with best play by both
/// sides, counting plies to the end of the game (the loser has no move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins in this many plies (odd).
    Win(u32),
    /// The side to move loses in this many plies (even; 0: it has no move).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

/// Most plies a stored distance can have.
pub const MAX_DISTANCE: u32 = 253;

/// The byte of a table index where no position is (the men overlap).
pub const NO_POSITION: u8 = 255;

impl Value {
    /// The stored byte: 0 for a draw, plies + 1 for a win or a loss (the
    /// parity tells which). Distances above [`MAX_DISTANCE`] do not fit.
    pub fn to_byte(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(n) | Value::Loss(n) => (n.min(MAX_DISTANCE) + 1) as u8,
        }
    }

    /// The value of a stored byte; None for [`NO_POSITION`].
    #[inline]
    pub fn from_byte(byte: u8) -> Option<Value> {
        match byte {
            0 => Some(Value::Draw),
            NO_POSITION => None,
            b => Some(Value::from_distance(b as u32 - 1)),
        }
    }

    /// A won or lost value from its distance: odd plies win, even lose.
    #[inline]
    pub fn from_distance(plies: u32) -> Value {
        if plies % 2 == 1 {
            Value::Win(plies)
        } else {
            Value::Loss(plies)
        }
    }

    /// The value of a position whose move leads to a position of value
    /// `child` (which the opponent is to move in).
    #[inline]
    pub fn before(child: Value) -> Value {
        match child {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// Orders values for the side to move: faster wins, then draws, then
    /// slower losses are better.
    pub fn rank(self) -> i64 {
        match self {
            Value::Win(n) => 1_000_000 - n as i64,
            Value::Draw => 0,
            Value::Loss(n) => -1_000_000 + n as i64,
        }
    }

    /// `win 15`, `loss 8`, `draw`.
    pub fn describe(self) -> String {
        match self {
            Value::Win(n) => format!("win in {n} plies"),
            Value::Loss(n) => format!("loss in {n} plies"),
            Value::Draw => "draw".into(),
        }
    }
}

/// What can go wrong reading or building a database.
#[derive(Debug, thiserror::Error)]
pub enum EgdbError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// An error in one file.
    #[error("{path}: {source}")]
    InFile {
        /// The file.
        path: String,
        /// What is wrong with it.
        source: Box<EgdbError>,
    },
    /// The file does not start with the database magic.
    #[error("not an endgame database file (bad magic)")]
    NotEgdb,
    /// A format version this build does not read.
    #[error("endgame database format version {0} (this build reads version 1)")]
    Version(u16),
    /// The header or the data do not add up.
    #[error("corrupt endgame database file: {0}")]
    Corrupt(String),
    /// A file built for other rules.
    #[error("the file was built for the {found} rules, not {expected}")]
    WrongVariant {
        /// The variant asked for.
        expected: Variant,
        /// The variant in the file.
        found: Variant,
    },
    /// A file's name and header disagree.
    #[error("{file}: the header says material {header}")]
    MisnamedFile {
        /// The file name.
        file: String,
        /// The material code in its header.
        header: String,
    },
    /// The directory holds no complete set of slices.
    #[error("{0}: no endgame database for the {1} rules (expected files like {1}-0101.egdb; build them with `warcaby egdb build`)")]
    Empty(String, Variant),
    /// A slice needed while building is missing.
    #[error("slice {0} must be built first")]
    MissingSlice(String),
    /// The builder un-makes moves of short kings only.
    #[error("the builder handles short kings only, not the {0} rules' flying kings")]
    FlyingKings(Variant),
    /// A material the tables do not cover (a side without pieces, or more
    /// than [`MAX_PIECES`] pieces).
    #[error(
        "material {0}: not a database slice (each side needs a piece, at most {MAX_PIECES} in all)"
    )]
    Unsupported(String),
    /// A distance too long for one byte.
    #[error("slice {0}: a distance exceeds {MAX_DISTANCE} plies, more than the format stores")]
    TooLong(String),
}

#[cfg(test)]
mod tests;
