//! The round robin, in any game of [`crate::games`] (checkers in a variant,
//! or Clobber on a board): every pair plays its regular round (colours
//! alternating, each opening with both colours), a tied pair plays an
//! overtime round of two games from the start position (the first
//! opening's, if any) with the same number of plain pieces — checkers
//! men, Clobber stones — removed at random from each side (see
//! [`super::overtime`]), and games run on `jobs` threads. Results are put in schedule order whatever order games finish
//! in, so a seed reproduces the results with any number of threads. Each
//! finished game is kept in the output folder as it comes in, so that a
//! killed tournament goes on with `resume` (see [`super::folder`]).

use super::contest::ContestRules;
use super::folder;
use super::html;
use super::jobs::{play_job, Done, Setup};
use super::openings::Opening;
use super::python::{self, Adapter};
use super::results::{GameRecord, Results};
use super::round::Round;
use super::sandbox::Sandbox;
use super::schedule::{shuffled_openings, Schedule};
use super::spec::{BotKind, BotSpec};
use crate::checkers::rules::Variant;
use crate::games::{AnyGame, GameRules};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

/// One bot of the tournament.
#[derive(Clone, Debug)]
pub struct Entrant {
    /// The spec as given.
    pub text: String,
    /// The parsed spec.
    pub spec: BotSpec,
}

impl Entrant {
    /// Parses a spec string.
    pub fn parse(text: &str) -> Result<Entrant, super::spec::SpecError> {
        Ok(Entrant {
            text: text.trim().to_string(),
            spec: BotSpec::parse(text)?,
        })
    }
}

/// How to run a tournament.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bots (at least two).
    pub bots: Vec<Entrant>,
    /// The game and its rules.
    pub rules: GameRules,
    /// Games per pair in the regular round (even: colours alternate).
    pub games_per_pair: u32,
    /// Thinking time per game per bot, before scaling.
    pub time_per_game: Duration,
    /// Factor applied to the time per game (for slower machines).
    pub time_scale: f64,
    /// Openings, checkers only (empty: the rules' start position).
    pub openings: Vec<Opening>,
    /// Games played at once.
    pub jobs: usize,
    /// Where the PDN files and `results.json` go (None: nowhere).
    pub out: Option<PathBuf>,
    /// The seed for everything random.
    pub seed: u64,
    /// Address-space limit of external bots in MiB (0: none).
    pub memory_mib: u64,
    /// Plain pieces (men, stones) removed from each side for overtime
    /// (None: 1 to 3 at random; contest mode: 1).
    pub overtime_men: Option<usize>,
    /// Contest mode: refereed as the contest's program does (None: the
    /// arena's own match rules, with a clock per game).
    pub contest: Option<ContestRules>,
    /// The interpreter `python:` bots run under (a name on `PATH` or a
    /// path; default `python3`): the one that has the packages they
    /// import.
    pub python: String,
    /// Runs external and Python bots in the sandbox (see
    /// [`super::sandbox`]; `--sandbox on`, the default); false for bots
    /// the user trusts.
    pub sandbox: bool,
    /// Goes on with the tournament in `out` (which must hold one with
    /// these settings) instead of starting one (see [`super::folder`]).
    pub resume: bool,
    /// The board page that opens a game given in its URL (`#pdn=`), for
    /// the report's links (None: the report embeds the PDN text only).
    /// It changes no game, so a resumed tournament may name another.
    pub site: Option<String>,
}

impl Config {
    /// A configuration with the defaults of the command line: the
    /// tournament variant, 2 games per pair, 60 s per game, 1 GiB, one job.
    pub fn new(bots: Vec<Entrant>, seed: u64) -> Config {
        Config {
            bots,
            rules: GameRules::Checkers(Variant::Tournament),
            games_per_pair: 2,
            time_per_game: Duration::from_secs(60),
            time_scale: 1.0,
            openings: Vec::new(),
            jobs: 1,
            out: None,
            seed,
            memory_mib: 1024,
            overtime_men: None,
            contest: None,
            python: python::DEFAULT_PYTHON.to_string(),
            sandbox: true,
            resume: false,
            site: None,
        }
    }

    /// Each bot's time per game after scaling.
    pub fn game_time(&self) -> Duration {
        self.time_per_game.mul_f64(self.time_scale)
    }

    /// The rules' name, with the board where the rules choose one
    /// (`tournament`, `clobber 6x5`), for titles.
    pub fn rules_label(&self) -> String {
        match self.rules.board() {
            Some((rows, cols)) => format!("{} {rows}x{cols}", self.rules.name()),
            None => self.rules.name(),
        }
    }
}

/// What the tournament reports while it runs.
pub enum Event<'a> {
    /// It starts: the bots' labels and the number of regular games.
    Start {
        /// The bots' labels.
        labels: &'a [String],
        /// Regular games (overtime comes on top), and the overtime games of
        /// pairs already tied when resuming.
        games: usize,
        /// Games already played, read back from the output folder.
        resumed: usize,
        /// How bot processes are isolated.
        sandbox: &'a Sandbox,
    },
    /// A game finished.
    Game {
        /// The game.
        record: &'a GameRecord,
        /// Games finished so far.
        done: usize,
        /// Games scheduled so far (grows with overtime).
        scheduled: usize,
        /// The two bots' points in their pair so far (this game's white
        /// first, then black), overtime included.
        pair_score: [f64; 2],
    },
    /// A tied pair goes to overtime.
    Overtime {
        /// The pair.
        pair: usize,
        /// The two bots.
        bots: [&'a str; 2],
        /// Plain pieces (men, stones) removed from each side.
        removed: usize,
        /// The overtime start position (a FEN, or Clobber's position text).
        fen: String,
    },
}

/// Why a tournament could not run.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// A setting is out of range.
    #[error("{0}")]
    Config(String),
    /// Writing results failed.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A game thread failed.
    #[error("a game thread failed: {0}")]
    Thread(String),
    /// The output folder holds no tournament to resume, another one, or an
    /// unfinished one that a fresh start would overwrite.
    #[error("{0}")]
    Resume(String),
}

fn labels(bots: &[Entrant]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for bot in bots {
        let base = bot.spec.short_label(&bot.text);
        let mut label = base.clone();
        let mut n = 1;
        while out.contains(&label) {
            n += 1;
            label = format!("{base}#{n}");
        }
        out.push(label);
    }
    out
}

fn check(config: &Config) -> Result<(), ArenaError> {
    let fail = |m: &str| Err(ArenaError::Config(m.to_string()));
    if config.bots.len() < 2 {
        return fail("an arena needs at least two bots");
    }
    if config.games_per_pair == 0 || config.games_per_pair % 2 == 1 {
        return fail("games per pair must be even and at least 2 (colours alternate)");
    }
    if !(config.time_scale > 0.0 && config.time_scale.is_finite()) {
        return fail("the time scale must be a positive number");
    }
    if config.game_time().is_zero() {
        return fail("the time per game must be positive");
    }
    if config.jobs == 0 {
        return fail("jobs must be at least 1");
    }
    if config.contest.is_some() && config.rules.checkers_variant() != Some(Variant::Tournament) {
        return fail(
            "contest mode plays the contest's rules: the tournament variant of checkers only",
        );
    }
    for bot in &config.bots {
        bot.spec
            .check_rules(config.rules)
            .map_err(|reason| ArenaError::Config(format!("bot '{}': {reason}", bot.text)))?;
    }
    if config.bots.iter().any(|b| b.spec.kind() == BotKind::Python) {
        python::check_numpy(&config.python).map_err(ArenaError::Config)?;
    }
    if let Some(o) = config
        .openings
        .iter()
        .find(|o| AnyGame::from(o.game.clone()).played().rules() != config.rules)
    {
        return Err(ArenaError::Config(format!(
            "opening '{}' is not for the {} variant",
            o.text,
            config.rules_label()
        )));
    }
    Ok(())
}

/// A game thread: plays games from the schedule until it is closed,
/// sending each (or the message of a panic) back.
fn game_thread(
    schedule: &Schedule,
    config: &Config,
    setup: &Setup,
    tx: mpsc::Sender<Result<Done, String>>,
) {
    while let Some(job) = schedule.next() {
        let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            play_job(job, config, setup)
        }))
        .map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "panic".to_string())
        });
        if tx.send(done).is_err() {
            return;
        }
    }
}

/// Writes the adapter for Python bots, if any bot needs it.
fn adapter_for(config: &Config) -> Result<Option<Adapter>, ArenaError> {
    if !config.bots.iter().any(|b| b.spec.kind() == BotKind::Python) {
        return Ok(None);
    }
    Adapter::install()
        .map(Some)
        .map_err(|source| ArenaError::Io {
            path: std::env::temp_dir(),
            source,
        })
}

/// Runs the tournament, reporting as it goes, and writes the PDN files,
/// the game records, `results.json` and `report.html` when `config.out` is
/// set. With
/// `config.resume` it goes on from the games recorded in `config.out`.
pub fn run(config: &Config, on_event: &mut dyn FnMut(&Event<'_>)) -> Result<Results, ArenaError> {
    check(config)?;
    let saved = match &config.out {
        Some(dir) => folder::open(dir, config)?,
        None if config.resume => {
            return Err(ArenaError::Config(
                "resuming needs the output folder".into(),
            ))
        }
        None => Vec::new(),
    };
    let adapter = adapter_for(config)?;
    let sandbox = Sandbox::detect(config.sandbox);
    let setup = Setup::new(config, adapter.as_ref().map(Adapter::script), sandbox)?;
    let schedule = Schedule::default();
    let openings = shuffled_openings(config);
    let mut round = Round::new(config, labels(&config.bots), openings, &schedule, sandbox);
    round.restore(saved)?;
    round.schedule_rest();
    on_event(&Event::Start {
        labels: &round.labels,
        games: round.scheduled,
        resumed: round.finished,
        sandbox: &sandbox,
    });
    if round.open() {
        play_rest(&mut round, &schedule, &setup, on_event)?;
    }
    drop(adapter);
    let results = round.results();
    if let Some(dir) = &config.out {
        let json = serde_json::to_string_pretty(&results).expect("results serialise");
        folder::write_atomic(&dir.join(folder::RESULTS_FILE), &(json + "\n"))?;
        let report = html::page(&results, dir, config.site.as_deref());
        folder::write_atomic(&dir.join(folder::REPORT_FILE), &report)?;
    }
    Ok(results)
}

/// Plays the scheduled games on `config.jobs` threads until every pair is
/// over.
fn play_rest(
    round: &mut Round<'_>,
    schedule: &Schedule,
    setup: &Setup,
    on_event: &mut dyn FnMut(&Event<'_>),
) -> Result<(), ArenaError> {
    let config = round.config;
    let (tx, rx) = mpsc::channel::<Result<Done, String>>();
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.min(round.remaining()).max(1) {
            let tx = tx.clone();
            scope.spawn(move || game_thread(schedule, config, setup, tx));
        }
        drop(tx);
        let result = loop {
            let done = match rx.recv() {
                Ok(Ok(done)) => done,
                Ok(Err(message)) => break Err(ArenaError::Thread(message)),
                Err(_) => break Err(ArenaError::Thread("all game threads stopped".into())),
            };
            match round.finish(done, on_event) {
                Ok(true) => {}
                Ok(false) => break Ok(()),
                Err(e) => break Err(e),
            }
        };
        schedule.close();
        result
    })
}
