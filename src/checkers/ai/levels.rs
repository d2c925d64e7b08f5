//! Playing levels 1–8: weak levels search shallowly with a plain evaluation
//! and seeded noise; level 8 is the full engine at the given time.

use super::CheckersEval;
use crate::search::{Algorithm, Limits, SearchConfig};
use std::fmt;

/// A playing level, 1 (beginner) to 8 (full strength).
///
/// ```
/// use warcaby::checkers::ai::{CheckersEval, Level};
///
/// let beginner = Level::new(1).unwrap();
/// assert_eq!(beginner.eval(), CheckersEval::Material);
/// assert_eq!(beginner.limits(1000).depth, Some(1)); // one ply, with noise
/// assert!(beginner.config(7).noise > 0);
/// assert!(!beginner.uses_book());
///
/// let full = Level::MAX;
/// assert_eq!(full.number(), 8);
/// assert!(full.uses_book());
/// assert_eq!(full.limits(1000).time_ms, Some(1000)); // the time given
/// assert_eq!(Level::new(9).unwrap_err().to_string(), "level must be 1-8, got 9");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1–8.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("level must be 1-8, got {0}")]
pub struct LevelError(pub i64);

/// Which evaluation a level plays, by name: the learned one is made only
/// when asked for ([`Level::eval`]), since it carries its network, which a
/// constant cannot hold; the name alone answers
/// [`Level::uses_learned_eval`] without reading a network.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LevelEval {
    Material,
    Positional,
    Learned,
}

/// One row of the level table.
struct LevelSpec {
    algorithm: Algorithm,
    depth: Option<u32>,
    /// Which evaluation it plays.
    eval: LevelEval,
    noise: i32,
    /// Cap on thinking time in ms (None: the time given).
    time_cap: Option<u64>,
    /// The search's threat extension (off for the weak levels, whose
    /// strengths were measured without it; on for the strong ones).
    threat_extension: bool,
}

/// The levels, weakest first. Spread by matches between neighbours (20
/// games each, 10 ACF ballots with both colours, 1 s a move given; the
/// table and figures are in docs/results.md): level 2 searches one ply deeper
/// than it did (it scored only 57.5 % against level 1), level 6 one ply
/// deeper, and level 7 is the learned evaluation at depth 9 with the threat
/// extension (87.5 % against level 6; at depth 11 without the extension it
/// scored 97.5 %, leaving the widest gap of the ladder below it).
const LEVELS: [LevelSpec; 8] = [
    spec(
        Algorithm::AlphaBeta,
        Some(1),
        LevelEval::Material,
        120,
        Some(50),
        false,
    ),
    spec(
        Algorithm::AlphaBeta,
        Some(3),
        LevelEval::Material,
        60,
        Some(100),
        false,
    ),
    spec(
        Algorithm::NegaScout,
        Some(3),
        LevelEval::Positional,
        50,
        Some(200),
        false,
    ),
    spec(
        Algorithm::NegaScout,
        Some(4),
        LevelEval::Positional,
        30,
        Some(300),
        false,
    ),
    spec(
        Algorithm::NegaScout,
        Some(6),
        LevelEval::Positional,
        15,
        Some(400),
        false,
    ),
    spec(
        Algorithm::NegaScout,
        Some(10),
        LevelEval::Positional,
        4,
        Some(500),
        false,
    ),
    // The strong levels play with the learned evaluation, each rule set
    // with its own network: over positional at equal time, 100 ms a move,
    // +154 Elo in English (notes of issue 17), +203 in tournament and
    // Russian (120 games each, nets/README.md).
    spec(
        Algorithm::NegaScout,
        Some(9),
        LevelEval::Learned,
        0,
        Some(400),
        true,
    ),
    spec(
        Algorithm::NegaScout,
        None,
        LevelEval::Learned,
        0,
        None,
        true,
    ),
];

const fn spec(
    algorithm: Algorithm,
    depth: Option<u32>,
    eval: LevelEval,
    noise: i32,
    time_cap: Option<u64>,
    threat_extension: bool,
) -> LevelSpec {
    LevelSpec {
        algorithm,
        depth,
        eval,
        noise,
        time_cap,
        threat_extension,
    }
}

impl Level {
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// Level `n`, if 1–8.
    pub fn new(n: i64) -> Result<Level, LevelError> {
        if (1..=8).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(LevelError(n))
        }
    }

    /// The level's number.
    pub fn number(self) -> u8 {
        self.0
    }

    fn spec(self) -> &'static LevelSpec {
        &LEVELS[self.0 as usize - 1]
    }

    /// The evaluation this level uses.
    pub fn eval(self) -> CheckersEval {
        match self.spec().eval {
            LevelEval::Material => CheckersEval::Material,
            LevelEval::Positional => CheckersEval::Positional,
            LevelEval::Learned => CheckersEval::learned(),
        }
    }

    /// Whether this level plays the learned evaluation (the strong levels),
    /// so a host that loads the networks itself must have its rule set's
    /// first; answered without making the evaluation.
    pub fn uses_learned_eval(self) -> bool {
        self.spec().eval == LevelEval::Learned
    }

    /// Whether the level plays the opening book's moves (the strong
    /// levels, 7 and 8).
    pub fn uses_book(self) -> bool {
        self.0 >= 7
    }

    /// Whether the level probes endgame tables when its host has them (the
    /// strong levels, 7 and 8, as for the book).
    pub fn uses_endgame_tables(self) -> bool {
        self.uses_book()
    }

    /// Search configuration; `seed` drives the noise of weak levels, so the
    /// same seed plays the same game.
    pub fn config(self, seed: u64) -> SearchConfig {
        let s = self.spec();
        SearchConfig {
            algorithm: s.algorithm,
            noise: s.noise,
            seed,
            threat_extension: s.threat_extension,
            // ProbCut trades a little accuracy at a given depth for depth:
            // the levels of a fixed depth keep the strength they were
            // measured at; the full engine (no depth limit) cuts.
            probcut: s.depth.is_none(),
            ..SearchConfig::default()
        }
    }

    /// Limits for a move, given the time the player allows (ms).
    pub fn limits(self, time_ms: u64) -> Limits {
        let s = self.spec();
        Limits {
            depth: s.depth,
            nodes: None,
            time_ms: Some(s.time_cap.map_or(time_ms, |cap| cap.min(time_ms))),
            // Full strength may think half as long again while its best
            // move is failing.
            max_time_ms: s
                .time_cap
                .is_none()
                .then_some(time_ms.saturating_mul(3) / 2),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Level {
    /// A level travels as its number.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Level {
    /// Only 1–8 are read.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Level, D::Error> {
        Level::new(i64::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}
