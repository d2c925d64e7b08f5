//! What the arena asks of a bot, what goes wrong with one, and the built-in
//! bots (random, levels, engine configurations), in any game of
//! [`crate::games`]: a bot is handed the game and its legal moves and
//! answers with one of them.

use super::contest_player::ContestPlayer;
use super::process::cut;
use super::spec::{AzSpec, BotSpec, EngineSpec};
use crate::az::Net;
use crate::checkers::ai::Level;
use crate::checkers::egdb::Egdb;
use crate::checkers::game::Game;
use crate::checkers::moves::Move;
use crate::core::rng::Rng;
use crate::core::Color;
use crate::games::{AnyGame, Assets, Engine, EngineChoice, GameRules, SpotMove};
use crate::search::Limits;
use std::sync::Arc;
use std::time::Duration;

/// What a bot is told when a game starts.
#[derive(Clone, Debug)]
pub struct GameStart {
    /// The game and its rules.
    pub rules: GameRules,
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
#[derive(Clone, Copy)]
pub struct Turn<'a> {
    /// The game so far (the bot is to move in its current position).
    pub game: &'a AnyGame,
    /// The legal moves (at least two: a single move is played without asking).
    pub legal: &'a [SpotMove],
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
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

    /// The detail with the last line the bot wrote to stderr (for a Python
    /// bot, the exception that stopped it, such as the `ModuleNotFoundError`
    /// of a failed import), for records that keep no last words: contest
    /// mode's random replacements and failures.
    pub fn with_last_stderr_line(&self) -> String {
        let stderr = self.last_words.as_ref().map_or("", |w| w.stderr.as_str());
        match stderr.lines().rev().find(|l| !l.trim().is_empty()) {
            Some(last) => format!("{}: {}", self.detail, cut(last.trim(), 200)),
            None => self.detail.clone(),
        }
    }
}

/// A bot, as the game loop drives it: told that a game starts, asked for
/// moves, told that it is over. Contest mode asks more of a bot
/// ([`ContestPlayer`]).
pub trait Player: Send {
    /// Gets ready for a new game (an external bot is started here).
    fn start(&mut self, start: &GameStart) -> Result<(), Fault>;
    /// Picks a move from `turn.legal` (one of them, as given).
    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault>;
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

/// The checkers game of a turn and its legal moves as checkers moves (in
/// the order of `turn.legal`), for bots that see the board as the contest
/// does; a fault in another game (they are refused there up front).
pub fn checkers_turn<'a>(turn: &Turn<'a>) -> Result<(&'a Game, Vec<Move>), Fault> {
    let game = turn.game.checkers_game().ok_or_else(|| {
        Fault::new(
            FaultKind::Crash,
            format!(
                "this bot plays checkers, not {}",
                turn.game.played().rules_name()
            ),
        )
    })?;
    Ok((game, game.legal_moves()))
}

/// The move of `turn.legal` that is the checkers move `mv` of `legal` (the
/// same list as checkers moves, from [`checkers_turn`]).
pub fn spot_of(turn: &Turn<'_>, legal: &[Move], mv: &Move) -> Result<SpotMove, Fault> {
    legal
        .iter()
        .position(|m| m == mv)
        .and_then(|i| turn.legal.get(i))
        .cloned()
        .ok_or_else(|| {
            Fault::new(
                FaultKind::IllegalMove,
                format!("{mv:?} is not a legal move here"),
            )
        })
}

/// The legal move of `turn` whose path `text` names (short or full), if any.
fn legal_named(turn: &Turn<'_>, text: &str) -> Option<SpotMove> {
    let mv = turn.game.played().parse_move(text).ok()?;
    turn.legal.iter().find(|m| m.same_path(&mv)).cloned()
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

    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        Ok(turn.legal[self.rng.index(turn.legal.len())].clone())
    }

    fn finish(&mut self, _result: &str, _how: &str) {}
}

impl ContestPlayer for RandomPlayer {}

/// The engine, by level or by explicit configuration.
pub struct EnginePlayer {
    kind: EngineKind,
    engine: Option<Engine>,
}

enum EngineKind {
    Level {
        level: Level,
        time_ms: u64,
        book: bool,
    },
    Config(EngineSpec),
}

impl EngineKind {
    /// The engine for a game: a level plays with its own search and the
    /// game's evaluation for it (and the book if asked, never tables); a
    /// configuration as given (the game's default evaluation if it names
    /// none), with the tables it names.
    fn engine(&self, start: &GameStart) -> Result<Engine, Fault> {
        Ok(match self {
            EngineKind::Level { level, book, .. } => {
                let eval = start.rules.level_eval(*level);
                Engine::configured(level.config(start.seed), eval).with_book(*book)
            }
            EngineKind::Config(spec) => {
                let egdb = match spec.egdb.dir() {
                    Some(dir) => Some(load_egdb(dir, start.rules)?),
                    None => None,
                };
                let eval = match spec.eval_named {
                    true => spec.eval.clone(),
                    false => start.rules.default_eval(),
                };
                Engine::configured(spec.config(start.seed), eval)
                    .with_book(spec.book)
                    .with_book_file(spec.book_file.clone())
                    .with_endgame(egdb)
            }
        })
    }
}

/// The endgame database in `dir` for `rules`; a fault in a game without
/// tables (refused up front).
fn load_egdb(dir: &std::path::Path, rules: GameRules) -> Result<Arc<Egdb>, Fault> {
    let fault = |e: String| Fault::new(FaultKind::Crash, format!("egdb={}: {e}", dir.display()));
    let variant = rules
        .endgame_rules()
        .ok_or_else(|| fault(format!("{} has no endgame tables", rules.name())))?;
    Egdb::load_shared(dir, variant).map_err(|e| fault(e.to_string()))
}

impl Player for EnginePlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.engine = Some(self.kind.engine(start)?);
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        let limits = match &self.kind {
            EngineKind::Level { level, time_ms, .. } => {
                level.limits(move_time(Some(*time_ms), turn.time_left))
            }
            EngineKind::Config(spec) => Limits {
                depth: spec.depth,
                nodes: spec.nodes,
                time_ms: Some(move_time(spec.time_ms, turn.time_left)),
                max_time_ms: None,
            },
        };
        // While its best move fails, the engine may think up to twice its
        // budget, within a fifth of its clock (contest mode: 2T/5 < T).
        let ceiling = (turn.time_left.as_millis() / 5) as u64;
        let limits = match limits.time_ms {
            Some(t) => limits.with_max_time_ms(t.saturating_mul(2).min(ceiling)),
            None => limits,
        };
        let engine = self.engine.as_mut().ok_or_else(not_started)?;
        let report = engine
            .think(turn.game, limits, |_| {})
            .map_err(|e| Fault::new(FaultKind::Crash, e.to_string()))?;
        let best = report.best_move.as_deref().unwrap_or_default();
        legal_named(turn, best)
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the engine found no move"))
    }

    fn finish(&mut self, _result: &str, _how: &str) {
        self.engine = None;
    }
}

impl ContestPlayer for EnginePlayer {}

/// The fault of a built-in asked for a move before its game started.
fn not_started() -> Fault {
    Fault::new(FaultKind::Crash, "asked for a move before its game started")
}

/// The player for a built-in spec; None for external and Python specs.
/// Built-ins answer contest mode's questions as well.
pub fn builtin(spec: &BotSpec) -> Option<Box<dyn ContestPlayer>> {
    match spec {
        BotSpec::Random => Some(Box::new(RandomPlayer { rng: Rng::new(0) })),
        BotSpec::Level {
            level,
            time_ms,
            book,
        } => Some(Box::new(EnginePlayer {
            kind: EngineKind::Level {
                level: *level,
                time_ms: *time_ms,
                book: *book,
            },
            engine: None,
        })),
        BotSpec::Engine(e) => Some(Box::new(EnginePlayer {
            kind: EngineKind::Config(e.clone()),
            engine: None,
        })),
        BotSpec::Az(spec) => Some(Box::new(AzArenaPlayer {
            spec: spec.clone(),
            engine: None,
        })),
        _ => None,
    }
}

/// The AlphaZero bot (English rules only).
pub struct AzArenaPlayer {
    spec: AzSpec,
    engine: Option<Engine>,
}

impl AzArenaPlayer {
    /// The bot's network: the spec's file, or the shipped one.
    fn net(&self) -> Result<Arc<Net>, Fault> {
        let Some(path) = &self.spec.net else {
            return Ok(crate::az::shipped_net());
        };
        let read = std::fs::read(path).map_err(|e| e.to_string());
        let net = read.and_then(|bytes| Net::from_bytes(&bytes).map_err(|e| e.to_string()));
        net.map(Arc::new)
            .map_err(|e| Fault::new(FaultKind::Crash, format!("{}: {e}", path.display())))
    }
}

impl Player for AzArenaPlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        let net = self.net()?;
        let choice = EngineChoice::AlphaZero {
            sims: self.spec.sims,
        };
        let assets = Assets {
            net: Some(&net),
            endgame: None,
            ..Assets::default()
        };
        self.engine = Some(Engine::new(choice, assets).with_seed(start.seed));
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        let engine = self.engine.as_mut().ok_or_else(not_started)?;
        let limits = Limits::time_ms(move_time(self.spec.time_ms, turn.time_left));
        let report = engine
            .think(turn.game, limits, |_| {})
            .map_err(|e| Fault::new(FaultKind::Crash, e.to_string()))?;
        let best = report.best_move.as_deref().unwrap_or_default();
        legal_named(turn, best)
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the AlphaZero bot found no move"))
    }

    fn finish(&mut self, _result: &str, _how: &str) {
        self.engine = None;
    }
}

impl ContestPlayer for AzArenaPlayer {}
