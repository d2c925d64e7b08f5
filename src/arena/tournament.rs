//! The round robin: every pair plays its regular round (colours alternating,
//! each opening with both colours), a tied pair plays an overtime round of
//! two games from the start position (the first opening's, if any) with
//! the same number of men removed from each side, and games run on `jobs`
//! threads. Results are put in schedule order whatever order games finish
//! in, so a seed reproduces the results with any number of threads.

use super::contest::{self, ContestRules};
use super::external::ExternalBot;
use super::openings::Opening;
use super::overtime::{self, Removal, MAX_RANDOM_MEN};
use super::play::{self, Played};
use super::player::{self, GameStart, Player};
use super::process::Launch;
use super::python::{self, Adapter, PythonBot};
use super::results::{
    self, BotRecord, ContestRecord, ContestSettings, EndRecord, GameRecord, OvertimeRecord,
    PairRecord, Results,
};
use super::spec::{BotKind, BotSpec};
use crate::game::Game;
use crate::rng::{mix, Rng};
use crate::rules::{Color, Variant};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};
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
    /// The rules.
    pub variant: Variant,
    /// Games per pair in the regular round (even: colours alternate).
    pub games_per_pair: u32,
    /// Thinking time per game per bot, before scaling.
    pub time_per_game: Duration,
    /// Factor applied to the time per game (for slower machines).
    pub time_scale: f64,
    /// Openings (empty: the variant's start position).
    pub openings: Vec<Opening>,
    /// Games played at once.
    pub jobs: usize,
    /// Where the PDN files and `results.json` go (None: nowhere).
    pub out: Option<PathBuf>,
    /// The seed for everything random.
    pub seed: u64,
    /// Address-space limit of external bots in MiB (0: none).
    pub memory_mib: u64,
    /// Men removed from each side for overtime (None: 1 to 3 at random;
    /// contest mode: 1).
    pub overtime_men: Option<usize>,
    /// Contest mode: refereed as the contest's program does (None: the
    /// arena's own match rules, with a clock per game).
    pub contest: Option<ContestRules>,
}

impl Config {
    /// A configuration with the defaults of the command line: the
    /// tournament variant, 2 games per pair, 60 s per game, 1 GiB, one job.
    pub fn new(bots: Vec<Entrant>, seed: u64) -> Config {
        Config {
            bots,
            variant: Variant::Tournament,
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
        }
    }

    /// Each bot's time per game after scaling.
    pub fn game_time(&self) -> Duration {
        self.time_per_game.mul_f64(self.time_scale)
    }
}

/// What the tournament reports while it runs.
pub enum Event<'a> {
    /// It starts: the bots' labels and the number of regular games.
    Start {
        /// The bots' labels.
        labels: &'a [String],
        /// Regular games (overtime comes on top).
        games: usize,
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
        /// Men removed from each side.
        removed: usize,
        /// The overtime start position.
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
}

/// One game to play.
struct Job {
    pair: usize,
    overtime: bool,
    index: u32,
    white: usize,
    black: usize,
    start: Game,
    opening: Option<String>,
    seed: u64,
}

/// A played game, with what the bots said about themselves.
struct Done {
    job: Job,
    played: Played,
    names: [Option<String>; 2],
    isolated: [Option<bool>; 2],
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    closed: bool,
}

/// A pair's progress.
struct Pair {
    a: usize,
    b: usize,
    regular: Vec<Option<Done>>,
    overtime: Option<(Removal, Vec<Option<Done>>)>,
}

impl Pair {
    /// The first bot's and second bot's points in these games.
    fn score(&self, games: &[Option<Done>]) -> [f64; 2] {
        let mut s = [0.0, 0.0];
        for d in games.iter().flatten() {
            let a_color = if d.job.white == self.a {
                Color::White
            } else {
                Color::Black
            };
            match d.played.match_winner() {
                None => {
                    s[0] += 0.5;
                    s[1] += 0.5;
                }
                Some(c) if c == a_color => s[0] += 1.0,
                Some(_) => s[1] += 1.0,
            }
        }
        s
    }

    fn all_score(&self) -> [f64; 2] {
        let r = self.score(&self.regular);
        let o = self
            .overtime
            .as_ref()
            .map_or([0.0, 0.0], |(_, g)| self.score(g));
        [r[0] + o[0], r[1] + o[1]]
    }
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

fn game_seed(seed: u64, pair: usize, overtime: bool, index: u32) -> u64 {
    mix(seed ^ mix(((pair as u64) << 16) | ((overtime as u64) << 8) | index as u64))
}

fn make_player(spec: &BotSpec, adapter: Option<&Path>, memory_mib: u64) -> Box<dyn Player> {
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
                python::PYTHON.to_string(),
                vec![adapter.map_or_else(String::new, absolute), absolute(file)],
            )
        })),
        _ => unreachable!("built-ins are handled above"),
    }
}

fn play_job(job: Job, config: &Config, adapter: Option<&Path>) -> Done {
    let mut white = make_player(&config.bots[job.white].spec, adapter, config.memory_mib);
    let mut black = make_player(&config.bots[job.black].spec, adapter, config.memory_mib);
    let time = config.game_time();
    let start = |color: Color, salt: u64| GameStart {
        variant: config.variant,
        color,
        time,
        seed: mix(job.seed.wrapping_add(salt)),
        handshake: time.max(Duration::from_secs(10)),
    };
    let starts = [start(Color::White, 1), start(Color::Black, 2)];
    let players: [&mut dyn Player; 2] = [white.as_mut(), black.as_mut()];
    let played = match &config.contest {
        Some(rules) => contest::play(&job.start, players, starts, rules, mix(job.seed ^ 0xc0)),
        None => play::play(job.start.clone(), players, starts),
    };
    Done {
        names: [white.name(), black.name()],
        isolated: [white.network_isolated(), black.network_isolated()],
        job,
        played,
    }
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
    if config.contest.is_some() && config.variant != Variant::Tournament {
        return fail("contest mode plays the contest's rules: the tournament variant only");
    }
    if config.bots.iter().any(|b| b.spec.kind() == BotKind::Python) {
        python::check_numpy().map_err(ArenaError::Config)?;
    }
    if let Some(o) = config
        .openings
        .iter()
        .find(|o| o.game.variant() != config.variant)
    {
        return Err(ArenaError::Config(format!(
            "opening '{}' is not for the {} variant",
            o.text, config.variant
        )));
    }
    Ok(())
}

fn write_file(path: PathBuf, text: &str) -> Result<(), ArenaError> {
    std::fs::write(&path, text).map_err(|source| ArenaError::Io { path, source })
}

/// Runs the tournament, reporting as it goes, and writes the PDN files and
/// `results.json` when `config.out` is set.
pub fn run(config: &Config, on_event: &mut dyn FnMut(&Event<'_>)) -> Result<Results, ArenaError> {
    check(config)?;
    let labels = labels(&config.bots);
    if let Some(dir) = &config.out {
        std::fs::create_dir_all(dir).map_err(|source| ArenaError::Io {
            path: dir.clone(),
            source,
        })?;
    }
    let adapter = if config.bots.iter().any(|b| b.spec.kind() == BotKind::Python) {
        Some(Adapter::install().map_err(|source| ArenaError::Io {
            path: std::env::temp_dir(),
            source,
        })?)
    } else {
        None
    };
    let adapter_path = adapter.as_ref().map(|a| a.script().to_path_buf());

    // The openings, shuffled with the seed: every pair plays them in this order.
    let mut openings: Vec<Opening> = config.openings.clone();
    let mut rng = Rng::new(mix(config.seed ^ 0x6f70_656e));
    for i in (1..openings.len()).rev() {
        openings.swap(i, rng.index(i + 1));
    }
    let start_of = |g: u32| -> (Game, Option<String>) {
        if openings.is_empty() {
            (Game::new(config.variant), None)
        } else {
            let o = &openings[(g as usize / 2) % openings.len()];
            (o.game.clone(), Some(o.text.clone()))
        }
    };

    let n = config.bots.len();
    let mut pairs: Vec<Pair> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            pairs.push(Pair {
                a,
                b,
                regular: (0..config.games_per_pair).map(|_| None).collect(),
                overtime: None,
            });
        }
    }
    let queue = Mutex::new(Queue::default());
    let ready = Condvar::new();
    {
        let mut q = queue.lock().expect("queue");
        for (p, pair) in pairs.iter().enumerate() {
            for g in 0..config.games_per_pair {
                let (white, black) = if g % 2 == 0 {
                    (pair.a, pair.b)
                } else {
                    (pair.b, pair.a)
                };
                let (start, opening) = start_of(g);
                q.jobs.push_back(Job {
                    pair: p,
                    overtime: false,
                    index: g,
                    white,
                    black,
                    start,
                    opening,
                    seed: game_seed(config.seed, p, false, g),
                });
            }
        }
    }
    let mut scheduled = pairs.len() * config.games_per_pair as usize;
    on_event(&Event::Start {
        labels: &labels,
        games: scheduled,
    });

    let width = pairs.len().to_string().len().max(2);
    let mut records: Vec<(usize, bool, u32, GameRecord)> = Vec::new();
    let mut names: Vec<Option<String>> = vec![None; n];
    let mut isolated: Vec<Option<bool>> = vec![None; n];
    let mut open_pairs = pairs.len();
    let (tx, rx) = mpsc::channel::<Result<Done, String>>();

    let outcome: Result<(), ArenaError> = std::thread::scope(|scope| {
        for _ in 0..config.jobs.min(scheduled) {
            let tx = tx.clone();
            let (queue, ready, adapter_path) = (&queue, &ready, adapter_path.as_deref());
            scope.spawn(move || loop {
                let job = {
                    let mut q = queue.lock().expect("queue");
                    loop {
                        if let Some(job) = q.jobs.pop_front() {
                            break job;
                        }
                        if q.closed {
                            return;
                        }
                        q = ready.wait(q).expect("queue");
                    }
                };
                let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    play_job(job, config, adapter_path)
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
            });
        }
        drop(tx);
        let close = || {
            queue.lock().expect("queue").closed = true;
            ready.notify_all();
        };
        let mut done_count = 0;
        while open_pairs > 0 {
            let done = match rx.recv() {
                Ok(Ok(done)) => done,
                Ok(Err(message)) => {
                    close();
                    return Err(ArenaError::Thread(message));
                }
                Err(_) => {
                    close();
                    return Err(ArenaError::Thread("all game threads stopped".into()));
                }
            };
            done_count += 1;
            for (side, bot) in [done.job.white, done.job.black].into_iter().enumerate() {
                if names[bot].is_none() {
                    names[bot] = done.names[side].clone();
                }
                isolated[bot] = match (isolated[bot], done.isolated[side]) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (_, now) => now,
                };
            }
            let record = record_of(&done, &labels, width);
            if let Some(dir) = &config.out {
                let event = format!("Warcaby arena ({}, seed {})", config.variant, config.seed);
                let text = results::pdn_text(&record, &done.played.game, &event);
                write_file(dir.join(&record.pdn), &text)?;
            }
            let (p, overtime, index) = (done.job.pair, done.job.overtime, done.job.index);
            let pair = &mut pairs[p];
            if overtime {
                pair.overtime.as_mut().expect("overtime").1[index as usize] = Some(done);
            } else {
                pair.regular[index as usize] = Some(done);
            }
            let [a_score, b_score] = pair.all_score();
            let pair_score = if record.white == labels[pair.a] {
                [a_score, b_score]
            } else {
                [b_score, a_score]
            };
            on_event(&Event::Game {
                record: &record,
                done: done_count,
                scheduled,
                pair_score,
            });
            records.push((p, overtime, index, record));

            let regular_done = pair.regular.iter().all(Option::is_some);
            let overtime_done = pair
                .overtime
                .as_ref()
                .is_some_and(|(_, g)| g.iter().all(Option::is_some));
            let regular = pair.score(&pair.regular);
            if overtime_done
                || (regular_done && pair.overtime.is_none() && regular[0] != regular[1])
            {
                open_pairs -= 1;
            } else if regular_done && pair.overtime.is_none() {
                let mut rng = Rng::new(mix(config.seed ^ mix(0x0076_6572_7469 + p as u64)));
                let count = match (config.overtime_men, &config.contest) {
                    (Some(n), _) => n,
                    (None, Some(_)) => 1,
                    (None, None) => rng.between(1, MAX_RANDOM_MEN),
                };
                let (base, _) = start_of(0);
                let removal = overtime::remove_men(base.position(), count, &mut rng);
                on_event(&Event::Overtime {
                    pair: p + 1,
                    bots: [&labels[pair.a], &labels[pair.b]],
                    removed: removal.count,
                    fen: removal.position.to_fen(),
                });
                let mut q = queue.lock().expect("queue");
                for g in 0..2u32 {
                    let (white, black) = if g == 0 {
                        (pair.a, pair.b)
                    } else {
                        (pair.b, pair.a)
                    };
                    q.jobs.push_back(Job {
                        pair: p,
                        overtime: true,
                        index: g,
                        white,
                        black,
                        start: Game::from_position(removal.position),
                        opening: None,
                        seed: game_seed(config.seed, p, true, g),
                    });
                }
                drop(q);
                ready.notify_all();
                scheduled += 2;
                pair.overtime = Some((removal, vec![None, None]));
            }
        }
        close();
        Ok(())
    });
    outcome?;
    drop(adapter);

    records.sort_by_key(|(p, o, i, _)| (*p, *o, *i));
    let games: Vec<GameRecord> = records.into_iter().map(|(.., r)| r).collect();
    let pair_records: Vec<PairRecord> = pairs
        .iter()
        .enumerate()
        .map(|(p, pair)| pair_record(p, pair, &labels))
        .collect();
    let standings = results::standings(&labels, &pair_records, &games);
    let results = Results {
        variant: config.variant.to_string(),
        seed: config.seed,
        games_per_pair: config.games_per_pair,
        time_per_game_ms: config.game_time().as_millis() as u64,
        time_scale: config.time_scale,
        memory_limit_mib: config.memory_mib,
        contest: config.contest.as_ref().map(|c| ContestSettings {
            flags: c.flags,
            fixed_move_time_ms: c.move_time.map(results::millis),
        }),
        openings: openings.iter().map(|o| o.text.clone()).collect(),
        bots: config
            .bots
            .iter()
            .enumerate()
            .map(|(i, b)| BotRecord {
                label: labels[i].clone(),
                spec: b.text.clone(),
                kind: b.spec.kind().name().to_string(),
                name: names[i].clone(),
                network_isolated: isolated[i],
            })
            .collect(),
        pairs: pair_records,
        games,
        standings,
    };
    if let Some(dir) = &config.out {
        let json = serde_json::to_string_pretty(&results).expect("results serialise");
        write_file(dir.join("results.json"), &(json + "\n"))?;
    }
    Ok(results)
}

fn record_of(done: &Done, labels: &[String], width: usize) -> GameRecord {
    let job = &done.job;
    let played = &done.played;
    let round = if job.overtime { "ot" } else { "g" };
    let label_of = |c: Color| match c {
        Color::White => labels[job.white].clone(),
        Color::Black => labels[job.black].clone(),
    };
    let id = format!("p{:0width$}-{round}{}", job.pair + 1, job.index + 1);
    GameRecord {
        pdn: format!("{id}.pdn"),
        id,
        pair: job.pair + 1,
        round: if job.overtime { "overtime" } else { "regular" }.to_string(),
        game: job.index + 1,
        white: labels[job.white].clone(),
        black: labels[job.black].clone(),
        opening: job.opening.clone(),
        start_fen: played.game.start().to_fen(),
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
        plies: played.game.ply_count(),
    }
}

fn pair_record(p: usize, pair: &Pair, labels: &[String]) -> PairRecord {
    let regular = pair.score(&pair.regular);
    let overtime = pair
        .overtime
        .as_ref()
        .map(|(removal, games)| OvertimeRecord {
            removed_men: removal.count,
            removed_white: removal.white.clone(),
            removed_black: removal.black.clone(),
            start_fen: removal.position.to_fen(),
            score: pair.score(games),
        });
    let decisive = |s: [f64; 2]| (s[0] != s[1]).then_some(if s[0] > s[1] { 0 } else { 1 });
    let (decided_by, winner) = match (decisive(regular), overtime.as_ref().map(|o| o.score)) {
        (Some(w), _) => ("regular", Some(w)),
        (None, Some(s)) => match decisive(s) {
            Some(w) => ("overtime", Some(w)),
            None => ("undecided", None),
        },
        (None, None) => ("undecided", None),
    };
    let bots = [labels[pair.a].clone(), labels[pair.b].clone()];
    PairRecord {
        pair: p + 1,
        winner: winner.map(|w: usize| bots[w].clone()),
        bots,
        regular,
        overtime,
        decided_by: decided_by.to_string(),
    }
}
