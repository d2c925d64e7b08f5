//! The one entry point from a game to the engine: which engine
//! ([`EngineChoice`]), the search, and its report in move texts ([`Report`]).

use super::{pv_texts, AnyGame, GameError, GameKind, GameNode, NodeJob};
use crate::checkers::ai::{CheckersEval, Level};
use crate::clobber::ClobberEval;
use crate::core::named::UnknownName;
use crate::search::{Algorithm, Clock, Limits, SearchConfig, SearchInfo, Searcher};
use std::fmt;
use std::str::FromStr;

/// An evaluation of either game, chosen by name (the names do not overlap).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyEval {
    /// A checkers evaluation (`material`, `positional`, `learned`).
    Checkers(CheckersEval),
    /// A Clobber heuristic (`live`, `active`, ...).
    Clobber(ClobberEval),
}

impl AnyEval {
    /// The game the evaluation is for.
    pub fn game(self) -> GameKind {
        match self {
            AnyEval::Checkers(_) => GameKind::Checkers,
            AnyEval::Clobber(_) => GameKind::Clobber,
        }
    }
}

impl fmt::Display for AnyEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyEval::Checkers(e) => e.fmt(f),
            AnyEval::Clobber(e) => e.fmt(f),
        }
    }
}

impl FromStr for AnyEval {
    type Err = UnknownName;
    fn from_str(text: &str) -> Result<AnyEval, UnknownName> {
        let checkers = text.parse::<CheckersEval>().map(AnyEval::Checkers);
        checkers.or_else(|c| {
            text.parse::<ClobberEval>()
                .map(AnyEval::Clobber)
                .map_err(|k| UnknownName {
                    what: "evaluation",
                    given: text.to_string(),
                    expected: format!("{} (checkers) or {} (Clobber)", c.expected, k.expected),
                })
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for AnyEval {
    /// An evaluation travels as its name.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for AnyEval {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AnyEval, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Which engine plays: a level, or the AI lab's explicit settings.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EngineChoice {
    /// A playing level with its seed (same seed, same game).
    Level {
        /// 1–8.
        level: Level,
        /// Seed of the weak levels' randomness.
        seed: u64,
    },
    /// The AI lab: algorithm, evaluation and an optional fixed depth.
    Lab {
        /// The search algorithm.
        algorithm: Algorithm,
        /// The evaluation; it must be one of the game's own.
        eval: AnyEval,
        /// Fixed depth, if any.
        depth: Option<u32>,
    },
}

impl EngineChoice {
    /// Search configuration and limits for a move of `time_ms` milliseconds.
    fn plan(&self, time_ms: u64) -> (SearchConfig, Limits) {
        match self {
            EngineChoice::Level { level, seed } => (level.config(*seed), level.limits(time_ms)),
            EngineChoice::Lab {
                algorithm, depth, ..
            } => {
                let config = SearchConfig {
                    algorithm: *algorithm,
                    tt_mib: 16,
                    ..SearchConfig::default()
                };
                let limits = Limits {
                    depth: *depth,
                    time_ms: Some(time_ms),
                    ..Limits::default()
                };
                (config, limits)
            }
        }
    }

    /// Whether the engine plays the opening book's move where it has one:
    /// the strong levels do; the AI lab always searches.
    pub fn uses_book(&self) -> bool {
        match self {
            EngineChoice::Level { level, .. } => level.uses_book(),
            EngineChoice::Lab { .. } => false,
        }
    }

    /// The evaluation for a game whose node is `G`.
    fn eval<G: GameNode>(&self) -> Result<G::Eval, UnknownName> {
        match self {
            EngineChoice::Level { level, .. } => Ok(G::level_eval(*level)),
            EngineChoice::Lab { eval, .. } => eval.to_string().parse(),
        }
    }
}

/// A search's progress in move texts.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Best move so far, in full (a capture's whole path), ready to play.
    pub best_move: Option<String>,
    /// Score for the side to move.
    pub score: i32,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation (short texts).
    pub pv: Vec<String>,
    /// The move comes from the opening book (depth and score are the book's
    /// analysis; nothing was searched).
    #[cfg_attr(feature = "serde", serde(default))]
    pub book: bool,
}

impl Report {
    fn new<G: GameNode>(root: &G, info: &SearchInfo<G::Move>) -> Report {
        Report {
            best_move: info.best_move.map(|m| root.full_move_text(&m)),
            score: info.score,
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            time_ms: info.time_ms,
            nps: info.nodes_per_second(),
            pv: pv_texts(root, &info.pv),
            book: false,
        }
    }

    fn from_book<G: GameNode>(root: &G, info: &SearchInfo<G::Move>) -> Report {
        Report {
            book: true,
            ..Report::new(root, info)
        }
    }
}

/// One search from the current node, reporting each finished iteration.
struct Think<'a, F> {
    choice: &'a EngineChoice,
    time_ms: u64,
    clock: Option<Clock>,
    report: F,
}

impl<F: FnMut(&Report)> NodeJob for Think<'_, F> {
    type Output = Result<Report, GameError>;
    fn run<G: GameNode>(mut self, root: G, history: &[u64]) -> Self::Output {
        if let Some(info) = self.choice.uses_book().then(|| root.book_move()).flatten() {
            let report = Report::from_book(&root, &info);
            (self.report)(&report);
            return Ok(report);
        }
        let (config, limits) = self.choice.plan(self.time_ms);
        let mut searcher = Searcher::new(config, self.choice.eval::<G>()?);
        if let Some(clock) = self.clock {
            searcher = searcher.with_clock(clock);
        }
        let info = searcher.search(&root, history, limits, |info| {
            (self.report)(&Report::new(&root, info))
        });
        Ok(Report::new(&root, &info))
    }
}

impl AnyGame {
    /// Asks the engine for a move in the current position, thinking about
    /// `time_ms` milliseconds: `report` hears of each finished iteration.
    /// `clock` replaces the native clock (the browser's worker passes its
    /// own). Refused in a finished game or with another game's evaluation.
    pub fn think(
        &self,
        choice: &EngineChoice,
        time_ms: u64,
        clock: Option<Clock>,
        report: impl FnMut(&Report),
    ) -> Result<Report, GameError> {
        if self.outcome().is_some() {
            return Err(GameError::Over);
        }
        self.with_node(Think {
            choice,
            time_ms,
            clock,
            report,
        })
    }
}
