//! What the arena asks of a bot, what goes wrong with one, and the built-in
//! bots (random, levels, engine configurations).

use super::process::cut;
use super::spec::{AzSpec, BotSpec, EngineSpec};
use crate::az::Net;
use crate::checkers::ai::Level;
use crate::checkers::egdb::Egdb;
use crate::checkers::game::Game;
use crate::checkers::moves::Move;
use crate::checkers::referee::{Hops, Step};
use crate::checkers::rules::Variant;
use crate::core::named::{named_display_and_parse, Named};
use crate::core::rng::Rng;
use crate::core::Color;
use crate::games::{AnyGame, Assets, Engine, EngineChoice};
use crate::search::Limits;
use std::sync::Arc;
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
#[derive(Clone, Copy)]
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

/// Why the referee played a random step or move for a bot (contest mode).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum SubstitutionReason {
    /// Slower than twice the move time (the referee abandons the bot's thread).
    Timeout,
    /// Slower than the move time with no time flag left.
    Slow,
    /// An answer that is not one of the legal steps or moves.
    NotLegal,
    /// An exception inside the bot's `move`.
    Exception,
    /// Output that is not part of the protocol, or an unreadable move.
    Garbage,
    /// The bot's process died or could not be started; it is started again
    /// for its next move.
    Died,
}

impl SubstitutionReason {
    /// Every reason.
    pub const ALL: [SubstitutionReason; 6] = [
        SubstitutionReason::Timeout,
        SubstitutionReason::Slow,
        SubstitutionReason::NotLegal,
        SubstitutionReason::Exception,
        SubstitutionReason::Garbage,
        SubstitutionReason::Died,
    ];
}

impl Named for SubstitutionReason {
    const WHAT: &'static str = "substitution reason";
    const ALL: &'static [SubstitutionReason] = &SubstitutionReason::ALL;
    fn name(self) -> &'static str {
        match self {
            SubstitutionReason::Timeout => "timeout",
            SubstitutionReason::Slow => "slow_no_flags",
            SubstitutionReason::NotLegal => "not_legal",
            SubstitutionReason::Exception => "exception",
            SubstitutionReason::Garbage => "garbage",
            SubstitutionReason::Died => "died",
        }
    }
}

named_display_and_parse!(SubstitutionReason);

impl From<FaultKind> for SubstitutionReason {
    fn from(kind: FaultKind) -> SubstitutionReason {
        match kind {
            FaultKind::Timeout => SubstitutionReason::Timeout,
            FaultKind::Crash => SubstitutionReason::Died,
            FaultKind::IllegalMove => SubstitutionReason::NotLegal,
            FaultKind::UnreadableMove | FaultKind::Garbage => SubstitutionReason::Garbage,
        }
    }
}

/// A bot's answer to one question of the referee (contest mode), before the
/// referee judges its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the bot chose, or why it gave nothing usable.
    pub choice: Result<Choice, (SubstitutionReason, String)>,
    /// The time the bot's side measured (the Python adapter times `move`
    /// itself, as the referee does); None: the referee's own measurement.
    pub elapsed: Option<Duration>,
}

/// A usable answer: one step (hop-by-hop bots) or a whole move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The next step of the move.
    Step(Step),
    /// The whole move.
    Move(Move),
}

/// A bot, as the game loop drives it.
pub trait Player: Send {
    /// Gets ready for a new game (an external bot is started here).
    fn start(&mut self, start: &GameStart) -> Result<(), Fault>;
    /// Picks a move from `turn.legal`.
    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault>;
    /// Contest mode: answers one question of the referee within `limit`
    /// (twice the move time). Bots that are [`Player::hop_by_hop`] are asked
    /// at every step of `hops` with a choice; the others once, at the start of
    /// the move, for the whole move (by default through [`Player::choose`]
    /// with `limit` as the time left).
    fn decide(&mut self, turn: &Turn<'_>, hops: &Hops, limit: Duration) -> Answer {
        let _ = hops;
        let turn = Turn {
            time_left: limit,
            opponent_time_left: limit,
            ..*turn
        };
        Answer {
            choice: self
                .choose(&turn)
                .map(Choice::Move)
                .map_err(|f| (f.kind.into(), f.detail)),
            elapsed: None,
        }
    }
    /// True for bots asked step by step in contest mode (the Python adapter).
    fn hop_by_hop(&self) -> bool {
        false
    }
    /// False once the bot's process is gone (contest mode starts it again).
    fn alive(&self) -> bool {
        true
    }
    /// The referee's time benchmark run by this bot's interpreter (Python
    /// bots); None for bots without one.
    fn benchmark(&mut self) -> Option<Result<Duration, Fault>> {
        None
    }
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
    Level {
        level: Level,
        time_ms: u64,
        book: bool,
    },
    Config(EngineSpec),
}

impl EngineKind {
    /// The engine for a game: a level plays with its own search and
    /// evaluation (and the book if asked, never tables); a configuration
    /// as given, with the tables it names.
    fn engine(&self, start: &GameStart) -> Result<Engine, Fault> {
        Ok(match self {
            EngineKind::Level { level, book, .. } => {
                Engine::configured(level.config(start.seed), level.eval()).with_book(*book)
            }
            EngineKind::Config(spec) => {
                let egdb = match &spec.egdb {
                    Some(dir) => Some(Egdb::load_shared(dir, start.variant).map_err(|e| {
                        Fault::new(FaultKind::Crash, format!("egdb={}: {e}", dir.display()))
                    })?),
                    None => None,
                };
                Engine::configured(spec.config(start.seed), spec.eval.clone())
                    .with_book(spec.book)
                    .with_endgame(egdb)
            }
        })
    }
}

impl Player for EnginePlayer {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.engine = Some(self.kind.engine(start)?);
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault> {
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
        let engine = self.engine.as_mut().expect("started");
        let thought = engine
            .think_checkers(turn.game, limits)
            .map_err(|e| Fault::new(FaultKind::Crash, e.to_string()))?;
        thought
            .info
            .best_move
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
        };
        self.engine = Some(Engine::new(choice, assets).with_seed(start.seed));
        Ok(())
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<Move, Fault> {
        let engine = self.engine.as_mut().expect("started");
        let limits = Limits::time_ms(move_time(self.spec.time_ms, turn.time_left));
        let game = AnyGame::from(turn.game.clone());
        let report = engine
            .think(&game, limits, |_| {})
            .map_err(|e| Fault::new(FaultKind::Crash, e.to_string()))?;
        let best = report.best_move.as_deref().unwrap_or_default();
        turn.game
            .position()
            .parse_move(best)
            .ok()
            .filter(|m| turn.legal.contains(m))
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the AlphaZero bot found no move"))
    }

    fn finish(&mut self, _result: &str, _how: &str) {
        self.engine = None;
    }
}
