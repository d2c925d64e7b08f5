//! Tactics puzzles from real play: positions where exactly one move wins
//! at least a man (every other move clearly worse), with the whole winning
//! line against the engine's best defence, its themes and a rating.
//! [`mine`] finds them in games; [`PuzzleRun`] plays one — the CLI's
//! `puzzles play` and the page both go through it, so a move is judged
//! the same everywhere; [`Rating`] keeps a player's local rating and streak.
//!
//! ```
//! use warcaby::checkers::puzzles::{Puzzle, PuzzleRun, Theme, Verdict};
//! use warcaby::Variant;
//!
//! // From an arena game: Black, a man down, gives two and takes three.
//! let puzzle = Puzzle {
//!     id: "english-0001".into(),
//!     variant: Variant::English,
//!     fen: "B:W15,22,23,24,27,29,32:B1,4,6,8,14,20".into(),
//!     line: ["14-17", "22x13", "6-9", "13x6", "1x10x19x26"].map(String::from).to_vec(),
//!     themes: vec![Theme::Shot],
//!     rating: 1280,
//!     source: "an arena game, ply 29".into(),
//! };
//! let mut run = PuzzleRun::new(&puzzle).unwrap();
//! assert!(matches!(run.try_text("6-9"), Ok(Some(Verdict::Wrong { .. }))));
//! assert!(matches!(run.try_text("14-17"), Ok(Some(Verdict::Right { .. }))));
//! assert!(matches!(run.try_text("6-9"), Ok(Some(Verdict::Right { .. }))));
//! assert_eq!(run.try_text("1x26"), Ok(Some(Verdict::Solved)));
//! assert!(run.is_solved() && run.is_failed()); // solved, after a wrong move
//! ```

mod mine;
mod rating;
mod run;

pub use mine::{mine, MineSettings, MineStats};
pub use rating::{Rating, START_RATING};
pub use run::{PuzzleRun, Verdict};

/// The rule sets that have puzzles, and their file names.
pub const SETS: &[(Variant, &str)] = &[
    (Variant::English, "puzzles-english.json"),
    (Variant::Tournament, "puzzles-tournament.json"),
    (Variant::Russian, "puzzles-russian.json"),
];

/// True when `variant` has a puzzle set ([`SETS`]).
pub fn has_set(variant: Variant) -> bool {
    SETS.iter().any(|&(v, _)| v == variant)
}

use super::game::{Game, GameMoveError};
use super::notation::fen::FenError;
use super::position::Position;
use super::rules::Variant;
use crate::core::named::{named_display_and_parse, Named};
use std::fmt;

/// What a puzzle is about (the player's hint of what to look for).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Theme {
    /// A man given so that a capture of several comes back.
    Shot,
    /// A man given to open the way to the king row.
    Breakthrough,
    /// The winning line crowns a man.
    Crowning,
    /// The right capture among several.
    CaptureChoice,
    /// Few pieces left (eight or fewer).
    Ending,
    /// A man won by none of the named means.
    Material,
}

impl Named for Theme {
    const WHAT: &'static str = "theme";
    const ALL: &'static [Theme] = &[
        Theme::Shot,
        Theme::Breakthrough,
        Theme::Crowning,
        Theme::CaptureChoice,
        Theme::Ending,
        Theme::Material,
    ];
    fn name(self) -> &'static str {
        match self {
            Theme::Shot => "shot",
            Theme::Breakthrough => "breakthrough",
            Theme::Crowning => "crowning",
            Theme::CaptureChoice => "capture-choice",
            Theme::Ending => "ending",
            Theme::Material => "material",
        }
    }
}

named_display_and_parse!(Theme);

/// One puzzle: the position (the solver to move), the solution line (the
/// solver's moves and the defence's best replies between them, in full
/// text), its themes, a rating and where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Puzzle {
    /// A name unique in its set, like `english-0042`.
    pub id: String,
    /// The rules.
    pub variant: Variant,
    /// The position, the solver to move.
    pub fen: String,
    /// The solver's moves and the defence's replies, alternating; the
    /// solver's move first and last.
    pub line: Vec<String>,
    /// What it is about.
    pub themes: Vec<Theme>,
    /// Its difficulty on the players' rating scale.
    pub rating: u32,
    /// The game it comes from (file, game, ply).
    pub source: String,
}

/// Why a puzzle does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// Its position is not one of its rules.
    #[error("puzzle {id}: position: {error}")]
    Fen {
        /// The puzzle.
        id: String,
        /// Why.
        error: FenError,
    },
    /// A move of its line is not legal where it stands.
    #[error("puzzle {id}: move {index} ({text}): {error}")]
    Move {
        /// The puzzle.
        id: String,
        /// 1-based place in the line.
        index: usize,
        /// The move's text.
        text: String,
        /// Why.
        error: GameMoveError,
    },
    /// Another rule set's puzzle, or a second puzzle of the same id.
    #[error("puzzle {id}: another rule set's, or its id is taken")]
    NotOfSet {
        /// The puzzle.
        id: String,
    },
    /// Its line is empty or ends on the defence's move.
    #[error("puzzle {id}: the line must hold the solver's moves first and last")]
    Line {
        /// The puzzle.
        id: String,
    },
}

impl Puzzle {
    /// The puzzle's game at its start, its line checked move by move.
    pub fn game(&self) -> Result<Game, PuzzleError> {
        let start =
            Position::from_fen(&self.fen, self.variant).map_err(|error| PuzzleError::Fen {
                id: self.id.clone(),
                error,
            })?;
        if self.line.len().is_multiple_of(2) {
            return Err(PuzzleError::Line {
                id: self.id.clone(),
            });
        }
        let mut check = Game::from_position(start);
        for (i, text) in self.line.iter().enumerate() {
            check.play_text(text).map_err(|e| PuzzleError::Move {
                id: self.id.clone(),
                index: i + 1,
                text: text.clone(),
                error: e,
            })?;
        }
        Ok(Game::from_position(start))
    }

    /// How many moves the solver makes.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// The puzzles of one rule set: the file `warcaby puzzles mine` writes
/// (as JSON) and the page and `puzzles play` read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PuzzleSet {
    /// Their rules.
    pub variant: Variant,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// Checks every puzzle: its rules are the set's, its position and
    /// line read, its id is its own.
    pub fn check(&self) -> Result<(), PuzzleError> {
        let mut ids = std::collections::HashSet::new();
        for puzzle in &self.puzzles {
            if puzzle.variant != self.variant || !ids.insert(puzzle.id.as_str()) {
                return Err(PuzzleError::NotOfSet {
                    id: puzzle.id.clone(),
                });
            }
            puzzle.game()?;
        }
        Ok(())
    }

    /// The puzzle named `id`.
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        write!(
            f,
            "{} ({}, rating {}, {})",
            self.id,
            self.variant,
            self.rating,
            themes.join(", ")
        )
    }
}

#[cfg(test)]
mod tests;
