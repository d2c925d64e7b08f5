//! One game of the tournament: what to play, the players for it (built-in,
//! external or Python), the game itself (arena rules or contest
//! refereeing) and its record.

use super::contest;
use super::contest_player::ContestPlayer;
use super::external::ExternalBot;
use super::play::{self, Played};
use super::player::{self, GameStart, Player};
use super::process::Launch;
use super::python::PythonBot;
use super::results::{ContestRecord, EndRecord, GameRecord, RECORD_SUFFIX};
use super::sandbox::{BotSandbox, Code, Policy, PythonEnv, Sandbox};
use super::spec::{BotKind, BotSpec};
use super::tournament::{ArenaError, Config};
use crate::core::rng::mix;
use crate::core::Color;
use crate::games::AnyGame;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// One game to play.
pub(super) struct Job {
    pub(super) pair: usize,
    pub(super) overtime: bool,
    pub(super) index: u32,
    pub(super) white: usize,
    pub(super) black: usize,
    pub(super) start: AnyGame,
    pub(super) opening: Option<String>,
    pub(super) seed: u64,
}

/// A played game, with what the bots said about themselves.
pub(super) struct Done {
    pub(super) job: Job,
    pub(super) played: Played,
    pub(super) names: [Option<String>; 2],
    pub(super) isolated: [Option<bool>; 2],
}

impl Done {
    /// The game's place in the schedule: pair, overtime or not, index.
    pub(super) fn place(&self) -> (usize, bool, u32) {
        (self.job.pair, self.job.overtime, self.job.index)
    }
}

/// The seed of one game, from the tournament's.
pub(super) fn game_seed(seed: u64, pair: usize, overtime: bool, index: u32) -> u64 {
    mix(seed ^ mix(((pair as u64) << 16) | ((overtime as u64) << 8) | index as u64))
}

/// What every game's players are made from, decided before the games.
pub(super) struct Setup {
    /// The Python adapter's script, if any bot is in Python.
    pub(super) adapter: Option<PathBuf>,
    /// The program Python bots are started with: the interpreter's own path
    /// in the sandbox, else `--python` as given.
    pub(super) python: String,
    /// Each bot's sandbox (None: a built-in bot, or the sandbox is off).
    pub(super) sandboxes: Vec<Option<Arc<BotSandbox>>>,
}

/// The code of a bot that runs as a process (None: a built-in).
fn code_of(spec: &BotSpec) -> Option<Code> {
    match spec {
        BotSpec::Exec { command } => Some(Code::of_command(command)),
        BotSpec::Program { path } => Some(Code::of_file(path)),
        BotSpec::Python { file } => Some(Code::of_file(file)),
        _ => None,
    }
}

impl Setup {
    /// Each bot's sandbox under `sandbox`; the interpreter of Python bots
    /// is asked where its libraries are (an error if it cannot say).
    pub(super) fn new(
        config: &Config,
        adapter: Option<&Path>,
        sandbox: Sandbox,
    ) -> Result<Setup, ArenaError> {
        let any_python = config.bots.iter().any(|b| b.spec.kind() == BotKind::Python);
        let python = match sandbox.on && any_python {
            true => Some(PythonEnv::discover(&config.python).map_err(ArenaError::Config)?),
            false => None,
        };
        let codes: Vec<Option<Code>> = config.bots.iter().map(|b| code_of(&b.spec)).collect();
        let sandboxes = codes
            .iter()
            .enumerate()
            .map(|(i, code)| {
                let code = code.as_ref().filter(|_| sandbox.on)?;
                let others: Vec<&Code> = codes
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .filter_map(|(_, c)| c.as_ref())
                    .collect();
                let is_python = config.bots[i].spec.kind() == BotKind::Python;
                let adapter = adapter.filter(|_| is_python);
                let out = config.out.as_deref();
                let policy = Policy::new(code, &others, out, adapter, python.as_ref());
                Some(Arc::new(BotSandbox {
                    policy,
                    landlock: sandbox.landlock(),
                }))
            })
            .collect();
        Ok(Setup {
            adapter: adapter.map(Path::to_path_buf),
            python: python.map_or_else(
                || config.python.clone(),
                |p| p.executable.to_string_lossy().into_owned(),
            ),
            sandboxes,
        })
    }
}

fn make_player(bot: usize, config: &Config, setup: &Setup) -> Box<dyn ContestPlayer> {
    let spec = &config.bots[bot].spec;
    let memory_mib = config.memory_mib;
    if let Some(p) = player::builtin(spec) {
        return p;
    }
    let absolute = |p: &Path| {
        std::path::absolute(p)
            .unwrap_or_else(|_| p.to_path_buf())
            .to_string_lossy()
            .into_owned()
    };
    let launch = |program: String, args: Vec<String>| Launch {
        program,
        args,
        memory_bytes: (memory_mib > 0).then(|| memory_mib * 1024 * 1024),
        env: Vec::new(),
        dir: None,
        sandbox: setup.sandboxes[bot].clone(),
    };
    match spec {
        BotSpec::Exec { command } => Box::new(ExternalBot::new(launch(
            "sh".to_string(),
            vec!["-c".to_string(), command.clone()],
        ))),
        BotSpec::Program { path } => Box::new(ExternalBot::new(launch(absolute(path), Vec::new()))),
        BotSpec::Python { file } => Box::new(PythonBot::new(Launch {
            // One BLAS thread: numpy's thread pool would otherwise reserve
            // address space per core under the memory limit.
            env: vec![("OPENBLAS_NUM_THREADS".into(), "1".into())],
            ..launch(
                setup.python.clone(),
                vec![
                    setup.adapter.as_deref().map_or_else(String::new, absolute),
                    absolute(file),
                ],
            )
        })),
        _ => unreachable!("built-ins are handled above"),
    }
}

/// Plays one game with fresh players.
pub(super) fn play_job(job: Job, config: &Config, setup: &Setup) -> Done {
    let mut white = make_player(job.white, config, setup);
    let mut black = make_player(job.black, config, setup);
    let time = config.game_time();
    let start = |color: Color, salt: u64| GameStart {
        rules: config.rules,
        color,
        time,
        seed: mix(job.seed.wrapping_add(salt)),
        handshake: time.max(Duration::from_secs(10)),
    };
    let starts = [start(Color::White, 1), start(Color::Black, 2)];
    // Contest mode referees checkers games only (checked before the games).
    let played = match (&config.contest, job.start.checkers_game()) {
        (Some(rules), Some(start)) => {
            let players: [&mut dyn ContestPlayer; 2] = [white.as_mut(), black.as_mut()];
            contest::play(start, players, starts, rules, mix(job.seed ^ 0xc0))
        }
        _ => {
            let players: [&mut dyn Player; 2] = [white.as_mut(), black.as_mut()];
            play::play(job.start.clone(), players, starts)
        }
    };
    Done {
        names: [white.name(), black.name()],
        isolated: [white.network_isolated(), black.network_isolated()],
        job,
        played,
    }
}

/// The record of a finished game (`width`: digits of the pair number).
pub(super) fn record_of(done: &Done, labels: &[String], width: usize) -> GameRecord {
    let job = &done.job;
    let played = &done.played;
    let round = if job.overtime { "ot" } else { "g" };
    let label_of = |c: Color| match c {
        Color::White => labels[job.white].clone(),
        Color::Black => labels[job.black].clone(),
    };
    let id = format!("p{:0width$}-{round}{}", job.pair + 1, job.index + 1);
    // A game with PDN (checkers) is kept as PDN, another in its own record.
    let has_pdn = played.game.played().rules().has_pdn();
    GameRecord {
        pdn: has_pdn.then(|| format!("{id}.pdn")),
        record: (!has_pdn).then(|| format!("{id}{RECORD_SUFFIX}")),
        id,
        pair: job.pair + 1,
        round: if job.overtime { "overtime" } else { "regular" }.to_string(),
        game: job.index + 1,
        white: labels[job.white].clone(),
        black: labels[job.black].clone(),
        opening: job.opening.clone(),
        start_fen: played.game.played().position_text_at(0),
        result: played.result().to_string(),
        winner: played.winner.map(label_of),
        tiebreak_winner: played.tiebreak.map(label_of),
        contest: played.contest.as_ref().map(ContestRecord::of),
        end: EndRecord {
            kind: played.end.kind.to_string(),
            detail: played.end.detail.clone(),
            by: played.end.by.map(|c| c.name().to_string()),
            last_words: played.end.last_words.clone(),
        },
        plies: played.game.played().ply_count(),
    }
}
