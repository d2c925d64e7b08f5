//! What the arena asks of a bot, what goes wrong with one, and the built-in
//! bots (random, levels, engine configurations).

use super::spec::{BotSpec, EngineSpec};
use crate::ai::{Engine, Level};
use crate::game::Game;
use crate::moves::Move;
use crate::rng::Rng;
use crate::rules::{Color, Variant};
use crate::search::{Limits, SearchConfig};
use std::time::Duration;

/// What a bot is told when a game starts.
#[derive(Clone, Debug)]
pub struct GameStart {
    /// The rules.
    pub variant: Variant,
    /// The bot's colour.
    pub color: Color,
    /// Its thinking time for the whole game.
    pub time: Duration,
    /// The bot's seed for this game (drives any randomness it has).
    pub seed: u64,
    /// How long an external bot may take to start and answer the handshake
    /// (not taken from its game time).
    pub handshake: Duration,
}

/// One request for a move.
pub struct Turn<'a> {
    /// The game so far (the bot is to move in its current position).
    pub game: &'a Game,
    /// The legal moves (at least two: a single move is played without asking).
    pub legal: &'a [Move],
    /// The bot's remaining time.
    pub time_left: Duration,
    /// The opponent's remaining time.
    pub opponent_time_left: Duration,
}

/// How a bot lost a game by its own fault.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum FaultKind {
    /// It used more than its time.
    Timeout,
    /// It exited, could not be started, or closed its streams.
    Crash,
    /// It named a move that is not legal (or ambiguous) in the position.
    IllegalMove,
    /// Its `move` line did not hold a readable move.
    UnreadableMove,
    /// It printed something that is not part of the protocol.
    Garbage,
}

/// The end of the bot's output before it failed: its last lines on stdout and
/// stderr, cut to a few hundred characters each.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct LastWords {
    /// The last lines it printed on stdout.
    pub stdout: String,
    /// The last lines it printed on stderr.
    pub stderr: String,
}

/// A game lost by a bot's fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// In words.
    pub detail: String,
    /// What the bot said last (external bots).
    pub last_words: Option<LastWords>,
}

impl Fault {
    /// A fault with no last words.
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
            last_words: None,
        }
    }
}

/// A bot, as the game loop drives it.
pub trait Player: Send {
    /// Gets ready for a new game (an external bot is started here).
    fn start(&mut self, start: &GameStart) -> Result<(), Fault>;
    /// Picks a move from `turn.legal`.
    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault>;
    /// The game is over (`result` is `1-0`, `0-1` or `1/2-1/2`; `how` the
    /// end's name): an external bot is told and stopped.
    fn finish(&mut self, result: &str, how: &str);
    /// The name the bot gave itself, if any.
    fn name(&self) -> Option<String> {
        None
    }
    /// Whether the bot ran without network access (None: not an external
    /// process, or not known).
    fn network_isolated(&self) -> Option<bool> {
        None
    }
}

/// Thinking time of a built-in engine for one move: what its spec allows,
/// but never more than a tenth of its remaining game time.
fn move_time(spec_ms: Option<u64>, time_left: Duration) -> u64 {
    let cap = (time_left.as_millis() / 10).max(1) as u64;
    spec_ms.map_or(cap, |t| t.min(cap))
}

/// Random legal moves.
pub struct RandomPlayer {
    rng: Rng,
}

impl Player for RandomPlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.rng = Rng::new(start.seed);
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault> {
        Ok(turn.legal[self.rng.index(turn.legal.len())])
    }

    fn finish(&mut self, _result: &str, _how: &str) {}
}

/// The engine, by level or by explicit configuration.
pub struct EnginePlayer {
    kind: EngineKind,
    engine: Option<Engine>,
}

enum EngineKind {
    Level { level: Level, time_ms: u64 },
    Config(EngineSpec),
}

impl Player for EnginePlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.engine = Some(match &self.kind {
            EngineKind::Level { level, .. } => Engine::new(level.config(start.seed), level.eval()),
            EngineKind::Config(spec) => {
                let config = SearchConfig {
                    algorithm: spec.algorithm,
                    tt_mib: spec.hash_mib,
                    seed: start.seed,
                    ..SearchConfig::default()
                };
                Engine::new(config, spec.eval)
            }
        });
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault> {
        let limits = match &self.kind {
            EngineKind::Level { level, time_ms } => {
                level.limits(move_time(Some(*time_ms), turn.time_left))
            }
            EngineKind::Config(spec) => Limits {
                depth: spec.depth,
                nodes: spec.nodes,
                time_ms: Some(move_time(spec.time_ms, turn.time_left)),
            },
        };
        let engine = self.engine.as_mut().expect("started");
        let info = engine.think(turn.game, limits, |_| {});
        info.best_move
            .filter(|m| turn.legal.contains(m))
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the engine found no move"))
    }

    fn finish(&mut self, _result: &str, _how: &str) {
        self.engine = None;
    }
}

/// The player for a built-in spec; None for external and Python specs.
pub fn builtin(spec: &BotSpec) -> Option<Box<dyn Player>> {
    match spec {
        BotSpec::Random => Some(Box::new(RandomPlayer { rng: Rng::new(0) })),
        BotSpec::Level { level, time_ms } => Some(Box::new(EnginePlayer {
            kind: EngineKind::Level {
                level: *level,
                time_ms: *time_ms,
            },
            engine: None,
        })),
        BotSpec::Engine(e) => Some(Box::new(EnginePlayer {
            kind: EngineKind::Config(e.clone()),
            engine: None,
        })),
        _ => None,
    }
}
