//! `warcaby.play`: a contest bot (an object or class with `move(plansza,
//! ruchy)`) against a built-in engine spec or another bot, in this
//! interpreter, under the arena's match rules or the contest's refereeing.
//! The bot is asked exactly as the referee asks it ([`Hops`]): the board
//! from its side, the steps in the referee's order, captures hop by hop.

use crate::contest::{numpy_benchmark, numpy_board, repr, step_list};
use crate::errors::bad_input;
use crate::numbers::{Int, Real};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::time::Duration;
use warcaby::arena::contest::{self as refereeing, ContestRules, DEFAULT_FLAGS};
use warcaby::arena::contest_player::{
    Answer, Choice, ContestPlayer, ContestTurn, SubstitutionReason,
};
use warcaby::arena::play::{self as plain, Played};
use warcaby::arena::player::{
    self, checkers_turn, spot_of, Fault, FaultKind, GameStart, Player, Turn,
};
use warcaby::arena::spec::BotSpec;
use warcaby::checkers::geometry::Board10;
use warcaby::checkers::position::PositionOf;
use warcaby::checkers::referee::{step_repr, Hops, Step};
use warcaby::core::named::Named;
use warcaby::core::rng::mix;
use warcaby::games::{AnyGame, GameRules, SpotMove};
use warcaby::{Color, Game, PdnGame, Position, Variant};

/// Why a bot gave no usable step, and in words.
type NoStep = (SubstitutionReason, String);

/// A Python bot played in this interpreter.
struct PyBot {
    /// A class (a new instance per game, as the contest makes them) or an
    /// instance (kept from game to game).
    source: Py<PyAny>,
    is_class: bool,
    instance: Option<Py<PyAny>>,
    /// A KeyboardInterrupt or SystemExit raised in the bot: the match stops.
    interrupted: Option<PyErr>,
    /// The traceback of the bot's last exception in this game.
    traceback: Option<String>,
    /// The referee's benchmark, run once.
    benchmark: Option<Duration>,
}

impl PyBot {
    fn new(source: &Bound<'_, PyAny>) -> PyBot {
        PyBot {
            source: source.clone().unbind(),
            is_class: source.is_instance_of::<PyType>(),
            instance: None,
            interrupted: None,
            traceback: None,
            benchmark: None,
        }
    }

    /// Records an exception raised by the bot's `what`; an interrupt stops
    /// the match.
    fn exception(&mut self, py: Python<'_>, e: PyErr, what: &str) -> NoStep {
        if !e.is_instance_of::<PyException>(py) {
            self.interrupted = Some(e);
            return (SubstitutionReason::Died, "interrupted".to_string());
        }
        let trace = e
            .traceback(py)
            .and_then(|tb| tb.format().ok())
            .unwrap_or_default();
        self.traceback = Some(format!("{trace}{e}"));
        (SubstitutionReason::Exception, format!("{what} raised {e}"))
    }

    /// Asks the bot for the next step of `hops`.
    fn ask(&mut self, hops: &Hops) -> Result<Step, NoStep> {
        Python::attach(|py| {
            let Some(bot) = self.instance.as_ref().map(|b| b.clone_ref(py)) else {
                return Err((SubstitutionReason::Died, "the bot was not created".into()));
            };
            let died = |e: PyErr| (SubstitutionReason::Died, e.to_string());
            let steps = hops.steps();
            let board = numpy_board(py, hops.board()).map_err(died)?;
            let offered = step_list(py, &steps).map_err(died)?;
            let answer = match bot.bind(py).call_method1("move", (board, &offered)) {
                Ok(answer) => answer,
                Err(e) => return Err(self.exception(py, e, "move")),
            };
            let found = offered
                .iter()
                .zip(&steps)
                .find(|(o, _)| o.eq(&answer).unwrap_or(false));
            found.map(|(_, s)| *s).ok_or_else(|| {
                let listed: Vec<String> = steps.iter().map(|s| step_repr(*s)).collect();
                let detail = format!(
                    "move returned {}, which is not one of [{}]",
                    repr(&answer),
                    listed.join(", ")
                );
                (SubstitutionReason::NotLegal, detail)
            })
        })
    }
}

/// The arena's fault for a step the bot did not give.
fn fault((reason, detail): NoStep) -> Fault {
    let kind = match reason {
        SubstitutionReason::NotLegal => FaultKind::IllegalMove,
        SubstitutionReason::Timeout | SubstitutionReason::Slow => FaultKind::Timeout,
        _ => FaultKind::Crash,
    };
    Fault::new(kind, detail)
}

impl Player for PyBot {
    fn start(&mut self, _start: &GameStart) -> Result<(), Fault> {
        self.traceback = None;
        Python::attach(|py| {
            if !self.is_class {
                self.instance = Some(self.source.clone_ref(py));
                return Ok(());
            }
            match self.source.bind(py).call0() {
                Ok(obj) => {
                    self.instance = Some(obj.unbind());
                    Ok(())
                }
                Err(e) => Err(fault(self.exception(py, e, "bot()"))),
            }
        })
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        let (game, legal) = checkers_turn(turn)?;
        let mut hops = Hops::new(game.position(), &legal);
        loop {
            hops.take_forced();
            if let Some(mv) = hops.finished() {
                return spot_of(turn, &legal, &mv);
            }
            let step = self.ask(&hops).map_err(fault)?;
            hops.take(step).expect("one of the offered steps");
        }
    }

    fn finish(&mut self, _result: &str, _how: &str) {
        if self.is_class {
            self.instance = None;
        }
    }
}

impl ContestPlayer for PyBot {
    fn decide(&mut self, turn: &ContestTurn<'_>) -> Answer {
        Answer {
            choice: self.ask(turn.hops).map(Choice::Step),
            elapsed: None,
        }
    }

    fn hop_by_hop(&self) -> bool {
        true
    }

    fn benchmark(&mut self) -> Option<Result<Duration, Fault>> {
        if self.benchmark.is_none() {
            // Without numpy's benchmark the referee falls back on its own.
            self.benchmark = Some(Python::attach(numpy_benchmark).ok()?);
        }
        self.benchmark.map(Ok)
    }
}

/// A built-in engine that lets other Python threads run while it thinks.
struct Released(Box<dyn ContestPlayer>);

impl Player for Released {
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.0.start(start)
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        let inner = &mut self.0;
        Python::attach(|py| py.detach(|| inner.choose(turn)))
    }

    fn finish(&mut self, result: &str, how: &str) {
        self.0.finish(result, how)
    }
}

impl ContestPlayer for Released {
    fn decide(&mut self, turn: &ContestTurn<'_>) -> Answer {
        let inner = &mut self.0;
        Python::attach(|py| py.detach(|| inner.decide(turn)))
    }
}

/// The other side of a match.
enum Opponent {
    /// A built-in engine, made anew for each game.
    Builtin(BotSpec),
    /// Another Python bot.
    Bot(Box<PyBot>),
}

impl Opponent {
    /// Reads a spec string or takes a bot.
    fn new(opponent: Option<&Bound<'_, PyAny>>) -> PyResult<(Opponent, String)> {
        let Some(obj) = opponent else {
            return Opponent::spec("level=3");
        };
        match obj.extract::<String>() {
            Ok(text) => Opponent::spec(&text),
            Err(_) => Ok((Opponent::Bot(Box::new(PyBot::new(obj))), repr(obj))),
        }
    }

    fn spec(text: &str) -> PyResult<(Opponent, String)> {
        let spec = BotSpec::parse(text).map_err(bad_input)?;
        if player::builtin(&spec).is_none() {
            return Err(bad_input(format!(
                "'{text}' is not a built-in engine: play() takes random, level=N, or negascout/alphabeta/minimax with :depth=, :time=, :nodes=, :eval= (other bots: the warcaby CLI's arena)"
            )));
        }
        Ok((Opponent::Builtin(spec), text.trim().to_string()))
    }
}

/// One game of a match, from the bot's side.
#[pyclass(name = "GameResult", module = "warcaby", frozen, get_all)]
pub struct PyGameResult {
    /// The bot's colour: `"white"` (moves first) or `"black"`.
    bot_color: &'static str,
    /// `"1-0"`, `"0-1"` or `"1/2-1/2"` (White's score first).
    result: &'static str,
    /// `"bot"`, `"opponent"`, or None for a draw.
    winner: Option<&'static str>,
    /// Contest refereeing, a draw: who used less time and wins the tie-break.
    tiebreak: Option<&'static str>,
    /// How it ended: `no_pieces`, `blocked`, `threefold_repetition`,
    /// `no_progress`, `timeout`, `crash`, `illegal_move`, ...
    end: &'static str,
    /// In words.
    detail: String,
    /// The bot's last exception with its traceback, if it raised one.
    error: Option<String>,
    /// Plies played.
    plies: usize,
    /// The moves, as PDN text.
    moves: Vec<String>,
    /// The start position (FEN).
    start_fen: String,
    /// The game as PDN.
    pdn: String,
    /// Seconds the bot spent thinking.
    time_used: f64,
    /// Contest refereeing: the move time T in milliseconds.
    move_time_ms: Option<f64>,
    /// Contest refereeing: the bot's time flags spent.
    flags_used: Option<u32>,
    /// Contest refereeing: the bot's answers replaced by random ones.
    substitutions: Vec<String>,
}

#[pymethods]
impl PyGameResult {
    fn __repr__(&self) -> String {
        format!(
            "GameResult(bot={}, result={}, {})",
            self.bot_color, self.result, self.detail
        )
    }
}

/// Who `c` is from the bot's side.
fn who(c: Color, bot: Color) -> &'static str {
    if c == bot {
        "bot"
    } else {
        "opponent"
    }
}

impl PyGameResult {
    fn new(played: &Played, bot: Color, labels: [&str; 2], error: Option<String>) -> Self {
        let game = played
            .game
            .checkers_game()
            .expect("the Python package plays checkers games");
        let moves = game
            .positions_and_moves()
            .map(|(pos, mv)| pos.pdn_move_text(mv))
            .collect();
        let mut pdn = PdnGame::new(game.clone());
        pdn.set_tag("White", labels[0]);
        pdn.set_tag("Black", labels[1]);
        pdn.result = played.result().to_string();
        let side = played
            .contest
            .as_ref()
            .map(|c| (c.move_time, &c.sides[bot.index()]));
        PyGameResult {
            bot_color: bot.name(),
            result: played.result(),
            winner: played.winner.map(|c| who(c, bot)),
            tiebreak: played.tiebreak.map(|c| who(c, bot)),
            end: played.end.kind.name(),
            detail: played.end.detail.clone(),
            error,
            plies: game.ply_count(),
            moves,
            start_fen: game.start().to_fen(),
            pdn: pdn.to_pdn(),
            time_used: played.time_used[bot.index()].as_secs_f64(),
            move_time_ms: side.map(|(t, _)| t.as_secs_f64() * 1000.0),
            flags_used: side.map(|(_, log)| log.flags_used),
            substitutions: side.map_or_else(Vec::new, |(_, log)| {
                log.substitutions
                    .iter()
                    .map(|s| {
                        format!(
                            "ply {}: {} ({}), played {}",
                            s.ply, s.reason, s.detail, s.played
                        )
                    })
                    .collect()
            }),
        }
    }
}

/// A match: the games and the bot's score.
#[pyclass(name = "Match", module = "warcaby", frozen, get_all)]
pub struct PyMatch {
    /// The opponent, as given.
    opponent: String,
    /// The games, in order.
    games: Vec<Py<PyGameResult>>,
    /// Games the bot won.
    wins: u32,
    /// Drawn games.
    draws: u32,
    /// Games the bot lost.
    losses: u32,
    /// The bot's points: 1 a win, 1/2 a draw.
    points: f64,
}

#[pymethods]
impl PyMatch {
    fn __repr__(&self) -> String {
        format!(
            "Match(bot vs {}: {} won, {} drawn, {} lost, {} points)",
            self.opponent, self.wins, self.draws, self.losses, self.points
        )
    }
}

/// How a match is played.
struct Settings {
    start: Game,
    time: Duration,
    seed: u64,
    contest: Option<ContestRules>,
}

/// The bot's colour in game `index`: White (the first to move) in even games.
fn bot_color(index: u32) -> Color {
    if index.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    }
}

/// Plays game `index` (the bot is White in even games).
fn one_game(bot: &mut PyBot, other: &mut Opponent, index: u32, s: &Settings) -> Played {
    let bot_color = bot_color(index);
    let start = |color: Color| GameStart {
        rules: GameRules::Checkers(Variant::Tournament),
        color,
        time: s.time,
        seed: mix(s.seed ^ mix(u64::from(index) * 2 + color.index() as u64)),
        handshake: Duration::from_secs(10),
    };
    let mut builtin;
    let them: &mut dyn ContestPlayer = match other {
        Opponent::Builtin(spec) => {
            builtin = Released(player::builtin(spec).expect("checked built-in"));
            &mut builtin
        }
        Opponent::Bot(b) => b.as_mut(),
    };
    let me: &mut dyn ContestPlayer = bot;
    let players: [&mut dyn ContestPlayer; 2] = if bot_color == Color::White {
        [me, them]
    } else {
        [them, me]
    };
    let starts = [start(Color::White), start(Color::Black)];
    match &s.contest {
        Some(rules) => refereeing::play(
            &s.start,
            players,
            starts,
            rules,
            mix(s.seed ^ 0xc0 ^ u64::from(index)),
        ),
        None => {
            let [white, black] = players;
            plain::play(AnyGame::from(s.start.clone()), [white, black], starts)
        }
    }
}

/// Plays `games` games between `bot` and `opponent`, colours alternating
/// (the bot is White, the first to move, in the first), and returns the
/// results. `bot` (and a bot `opponent`) is a class with `move(self,
/// plansza, ruchy)` — a new instance per game, as in the contest — or an
/// instance, kept between games. `opponent`: a built-in engine spec
/// (`"level=3"`, the default; `"negascout:depth=4"`, `"random"`) or another
/// bot. By default the arena's rules: `time_per_game` seconds each, and an
/// exception, an answer not in `ruchy` or overtime loses the game (the
/// traceback is in the result's `error`). `contest=True` referees as the
/// contest's program does: the move time T from its numpy benchmark (or
/// `move_time_ms`), 3 time flags, bad or slow answers replaced by random
/// steps, its draw rules. `fen` starts every game from that position (an
/// 8x8 one: bots play the contest's game, tournament checkers).
#[pyfunction]
#[pyo3(signature = (bot, opponent = None, games = Int::new(2), *, seed = Int::new(0), time_per_game = Real(60.0), contest = false, move_time_ms = None, fen = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn play(
    py: Python<'_>,
    bot: &Bound<'_, PyAny>,
    opponent: Option<&Bound<'_, PyAny>>,
    games: Int,
    seed: Int,
    time_per_game: Real,
    contest: bool,
    move_time_ms: Option<Real>,
    fen: Option<&str>,
) -> PyResult<PyMatch> {
    let games = games.within("games", 1..=u32::MAX)?;
    let seed = seed.within("seed", 0..=u64::MAX)?;
    let time = Duration::from_secs_f64(time_per_game.positive("time_per_game")?);
    let move_time = move_time_ms
        .map(|ms| {
            Ok::<_, PyErr>(Duration::from_secs_f64(
                ms.positive("move_time_ms")? / 1000.0,
            ))
        })
        .transpose()?;
    let start = match fen {
        Some(text) => Position::from_fen(text, Variant::Tournament).map_err(|e| {
            // Bots are asked as the contest's referee asks them, on its 8x8
            // board: a 10x10 position is named as such, not as a bad FEN.
            let ten = PositionOf::<Board10>::from_fen(text, Variant::International);
            match ten {
                Ok(_) => crate::errors::bad_fen(
                    "play() plays tournament checkers, the contest's game on 8x8: this is a 10x10 position (international draughts: Board('international'), or warcaby arena --variant international for engines)",
                ),
                Err(_) => crate::errors::bad_fen(e),
            }
        })?,
        None => Position::start(Variant::Tournament),
    };
    let settings = Settings {
        start: Game::from_position(start),
        time,
        seed,
        contest: contest.then_some(ContestRules {
            move_time,
            flags: DEFAULT_FLAGS,
        }),
    };
    let mut me = PyBot::new(bot);
    let (mut other, label) = Opponent::new(opponent)?;
    let mut results = Vec::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for index in 0..games {
        let played = one_game(&mut me, &mut other, index, &settings);
        if let Some(e) = me.interrupted.take() {
            return Err(e);
        }
        if let Opponent::Bot(b) = &mut other {
            if let Some(e) = b.interrupted.take() {
                return Err(e);
            }
        }
        py.check_signals()?;
        let bot_color = bot_color(index);
        let labels = if bot_color == Color::White {
            ["bot", label.as_str()]
        } else {
            [label.as_str(), "bot"]
        };
        let result = PyGameResult::new(&played, bot_color, labels, me.traceback.take());
        match result.winner {
            Some("bot") => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        results.push(Py::new(py, result)?);
    }
    Ok(PyMatch {
        opponent: label,
        games: results,
        wins,
        draws,
        losses,
        points: f64::from(wins) + f64::from(draws) / 2.0,
    })
}
