//! Which engine plays ([`EngineChoice`]), what the host loaded for it
//! ([`Assets`]), its report in move texts ([`Report`]), and one move of a
//! fresh [`Engine`] for a game ([`AnyGame::think`]).
//! The AlphaZero bot's network is the host's to supply
//! ([`AnyGame::think_with`]): natively the shipped file, in the browser the
//! bytes the page fetched.

use super::{pv_texts, GameKind, GameNode};
use crate::az::{MctsResult, Net};
use crate::checkers::ai::learned::EvalNet;
use crate::checkers::ai::{CheckersEval, Level};
use crate::checkers::egdb::Egdb;
use crate::clobber::ClobberEval;
use crate::core::named::UnknownName;
use crate::search::{Algorithm, Limits, SearchConfig, SearchInfo};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// An evaluation of any game, chosen by name (the names do not overlap).
/// Non-exhaustive: the 10x10 board's arm comes with the feature
/// `international`.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum AnyEval {
    /// A checkers evaluation (`material`, `positional`, `learned`).
    Checkers(CheckersEval),
    /// A Clobber heuristic (`live`, `active`, ...).
    Clobber(ClobberEval),
    /// An evaluation of the 10x10 board (`plain`, `learned`).
    #[cfg(feature = "international")]
    Checkers10(crate::checkers::ai::InternationalEval),
}

impl AnyEval {
    /// The game the evaluation is for.
    pub fn game(&self) -> GameKind {
        match self {
            AnyEval::Checkers(_) => GameKind::Checkers,
            AnyEval::Clobber(_) => GameKind::Clobber,
            #[cfg(feature = "international")]
            AnyEval::Checkers10(_) => GameKind::Checkers,
        }
    }

    /// True for checkers' learned evaluation, the one that plays a network
    /// (which a file may replace), on either board.
    pub fn is_learned(&self) -> bool {
        self.learned_nets().is_some()
    }

    /// The networks of a learned evaluation (of either board), if it is one.
    pub fn learned_nets(&self) -> Option<&EvalNet> {
        match self {
            AnyEval::Checkers(CheckersEval::Learned(nets)) => Some(nets),
            #[cfg(feature = "international")]
            AnyEval::Checkers10(crate::checkers::ai::InternationalEval::Learned(nets)) => {
                Some(nets)
            }
            _ => None,
        }
    }

    /// The same evaluation with the host's networks ([`Assets::eval_nets`])
    /// in place of the shipped set, if it is the learned evaluation named
    /// by name; any other evaluation, or a learned one with a network of its
    /// own, as it is.
    pub(super) fn with_host_nets(self, host: Option<&EvalNet>) -> AnyEval {
        let shipped = |own: &EvalNet| EvalNet::shipped().is_ok_and(|shipped| shipped == *own);
        match (self, host) {
            (AnyEval::Checkers(CheckersEval::Learned(own)), Some(host)) if shipped(&own) => {
                AnyEval::Checkers(CheckersEval::Learned(host.clone()))
            }
            #[cfg(feature = "international")]
            (
                AnyEval::Checkers10(crate::checkers::ai::InternationalEval::Learned(own)),
                Some(host),
            ) if shipped(&own) => AnyEval::Checkers10(
                crate::checkers::ai::InternationalEval::Learned(host.clone()),
            ),
            (eval, _) => eval,
        }
    }
}

impl PartialEq<CheckersEval> for AnyEval {
    /// An evaluation of either game is a checkers one when it is that one.
    fn eq(&self, other: &CheckersEval) -> bool {
        matches!(self, AnyEval::Checkers(eval) if eval == other)
    }
}

impl From<CheckersEval> for AnyEval {
    fn from(eval: CheckersEval) -> AnyEval {
        AnyEval::Checkers(eval)
    }
}

impl From<ClobberEval> for AnyEval {
    fn from(eval: ClobberEval) -> AnyEval {
        AnyEval::Clobber(eval)
    }
}

#[cfg(feature = "international")]
impl From<crate::checkers::ai::InternationalEval> for AnyEval {
    fn from(eval: crate::checkers::ai::InternationalEval) -> AnyEval {
        AnyEval::Checkers10(eval)
    }
}

impl fmt::Display for AnyEval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyEval::Checkers(e) => e.fmt(f),
            AnyEval::Clobber(e) => e.fmt(f),
            #[cfg(feature = "international")]
            AnyEval::Checkers10(e) => e.fmt(f),
        }
    }
}

impl FromStr for AnyEval {
    type Err = UnknownName;
    fn from_str(text: &str) -> Result<AnyEval, UnknownName> {
        let checkers = text.parse::<CheckersEval>().map(AnyEval::Checkers);
        #[cfg(feature = "international")]
        let checkers = checkers.or_else(|c| {
            text.parse::<crate::checkers::ai::InternationalEval>()
                .map(AnyEval::Checkers10)
                .map_err(|p| UnknownName {
                    expected: format!("{} (8x8) or {} (10x10)", c.expected, p.expected),
                    ..c
                })
        });
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

crate::core::named::serde_as_text!(AnyEval);

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
    /// The AlphaZero bot: its network guiding Monte Carlo tree search for
    /// the move's time (English checkers only; the host supplies the
    /// network, see [`AnyGame::think_with`](super::AnyGame::think_with)).
    AlphaZero {
        /// Simulations per move, if fewer than the time allows.
        sims: Option<u32>,
    },
    /// A configuration given in full (the arena's `engine:` bots, the
    /// command line's `bestmove`, the Python package); hosts build it, it
    /// never travels.
    #[cfg_attr(feature = "serde", serde(skip))]
    Custom(Box<CustomEngine>),
}

impl EngineChoice {
    /// True for the AlphaZero bot, which needs a network.
    pub fn is_alphazero(&self) -> bool {
        matches!(self, EngineChoice::AlphaZero { .. })
    }

    /// Search configuration and limits for a move of `time_ms` milliseconds
    /// (alpha-beta engines).
    pub(super) fn plan(&self, time_ms: u64) -> (SearchConfig, Limits) {
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
            EngineChoice::AlphaZero { .. } => (SearchConfig::default(), Limits::time_ms(time_ms)),
            EngineChoice::Custom(custom) => (custom.config.clone(), Limits::time_ms(time_ms)),
        }
    }

    /// Whether the engine searches with the learned evaluation, so a host
    /// that loads its networks itself ([`Assets::eval_nets`]) should have
    /// the game's one ready first: the strong levels, a lab or configured
    /// engine with `learned`.
    pub fn uses_learned_eval(&self) -> bool {
        match self {
            EngineChoice::Level { level, .. } => level.uses_learned_eval(),
            EngineChoice::Lab { eval, .. } => eval.is_learned(),
            EngineChoice::Custom(custom) => custom.eval.is_learned(),
            EngineChoice::AlphaZero { .. } => false,
        }
    }

    /// Whether the engine probes the host's endgame tables ([`Assets`]):
    /// the strong levels do; the AI lab shows its algorithm alone.
    pub fn uses_endgame_tables(&self) -> bool {
        match self {
            EngineChoice::Level { level, .. } => level.uses_endgame_tables(),
            EngineChoice::Custom(custom) => custom.endgame_tables,
            EngineChoice::Lab { .. } | EngineChoice::AlphaZero { .. } => false,
        }
    }

    /// Whether the engine plays the opening book's move where it has one:
    /// the strong levels do; the AI lab always searches, and AlphaZero
    /// always runs its tree search.
    pub fn uses_book(&self) -> bool {
        match self {
            EngineChoice::Level { level, .. } => level.uses_book(),
            EngineChoice::Custom(custom) => custom.book,
            EngineChoice::Lab { .. } | EngineChoice::AlphaZero { .. } => false,
        }
    }
}

/// One root move of an AlphaZero search, as the lab shows it.
#[derive(Clone, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RootMove {
    /// The move (short text).
    pub mv: String,
    /// Simulations through this move.
    pub visits: u32,
    /// The network's prior for it (0..1).
    pub prior: f32,
    /// Its mean value for the side to move (−1..1; 0 while unvisited).
    pub value: f32,
}

/// A search's progress in move texts.
///
/// For the AlphaZero bot: `nodes` counts simulations, `depth` is the length
/// of the most visited line, `score` is that line's first move's value
/// times 100 (so a panel that shows hundredths shows −1.00..+1.00), and
/// `root_moves` holds every root move, most visited first.
#[derive(Clone, Debug, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Best move so far, in full (a capture's whole path), ready to play.
    pub best_move: Option<String>,
    /// The same move's shortest text, as players write it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub best_move_text: Option<String>,
    /// Score for the side to move.
    pub score: i32,
    /// Depth of the last finished iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Moves to a forced win (positive) or loss (negative), when the score
    /// is one.
    #[cfg_attr(feature = "serde", serde(default))]
    pub mate_in: Option<i32>,
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
    /// The AlphaZero search's root moves (empty for other engines).
    #[cfg_attr(feature = "serde", serde(default))]
    pub root_moves: Vec<RootMove>,
}

impl Report {
    pub(super) fn new<G: GameNode>(root: &G, info: &SearchInfo<G::Move>) -> Report {
        Report {
            best_move: info.best_move.map(|m| root.full_move_text(&m)),
            best_move_text: info.best_move.map(|m| root.move_text(&m)),
            mate_in: info.mate_in(),
            score: info.score,
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            time_ms: info.time_ms,
            nps: info.nodes_per_second(),
            pv: pv_texts(root, &info.pv),
            book: false,
            root_moves: Vec::new(),
        }
    }

    /// The report of an engine's thought: a search's, or the book's.
    pub(super) fn of_thought<G: GameNode>(root: &G, thought: &Thought<G::Move>) -> Report {
        Report {
            book: thought.from_book,
            ..Report::new(root, &thought.info)
        }
    }

    /// The report of an AlphaZero search of `game` that ran `time_ms`.
    pub(super) fn from_mcts(game: &crate::Game, result: &MctsResult, time_ms: f64) -> Report {
        let pos = game.position();
        let mut line = Vec::with_capacity(result.pv.len());
        let mut at = *pos;
        for mv in &result.pv {
            line.push(at.move_text(mv));
            at = at.after(mv);
        }
        let best = result.moves.first();
        let time_ms = time_ms.max(0.0);
        Report {
            best_move: best.map(|m| crate::checkers::notation::full_text(&m.mv, pos.rules())),
            best_move_text: best.map(|m| pos.move_text(&m.mv)),
            mate_in: None,
            score: best.map_or(0, |m| (m.q * 100.0).round() as i32),
            depth: line.len() as u32,
            seldepth: line.len() as u32,
            nodes: result.sims.into(),
            time_ms: time_ms as u64,
            nps: if time_ms >= 1.0 {
                (result.sims as f64 * 1000.0 / time_ms) as u64
            } else {
                0
            },
            pv: line,
            book: false,
            root_moves: result
                .moves
                .iter()
                .map(|m| RootMove {
                    mv: pos.move_text(&m.mv),
                    visits: m.visits,
                    prior: m.prior,
                    value: m.q,
                })
                .collect(),
        }
    }
}

/// What a host has loaded for the engines, beyond the compiled-in
/// evaluations and book: each engine takes what it uses.
#[derive(Clone, Copy, Default)]
pub struct Assets<'a> {
    /// The AlphaZero bot's network.
    pub net: Option<&'a Arc<Net>>,
    /// The learned evaluation's networks the host loaded (the browser's
    /// worker, which compiles none in, gets each rule set's file from its
    /// page). When given, they replace the shipped set wherever an engine
    /// asks for the learned evaluation by name (the strong levels, the
    /// lab's `learned`); one built with its own file keeps it. A rule set
    /// missing from them is evaluated positionally.
    pub eval_nets: Option<&'a EvalNet>,
    /// Endgame tables, probed by the engines that use them
    /// ([`EngineChoice::uses_endgame_tables`]) in the tables' own variant.
    pub endgame: Option<&'a Arc<Egdb>>,
}

/// A search's result in the game's own moves, and whether the opening
/// book gave it (then nothing was searched).
#[derive(Clone, Debug)]
pub struct Thought<M> {
    /// The search's (or the book's) report.
    pub info: SearchInfo<M>,
    /// The move comes from the opening book.
    pub from_book: bool,
}

/// A search configuration with its evaluation, book and tables, given in
/// full (the arena's `engine:` bots, `warcaby bestmove`, the Python
/// package's search) rather than by level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomEngine {
    /// The search's configuration.
    pub config: SearchConfig,
    /// The evaluation; it must be one of the game's own.
    pub eval: AnyEval,
    /// Plays the opening book's move where it has one.
    pub book: bool,
    /// Probes the endgame tables the host loaded ([`Assets::endgame`]).
    pub endgame_tables: bool,
}
