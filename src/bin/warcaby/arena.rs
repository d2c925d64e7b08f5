//! `warcaby arena`: a round robin between bots under the tournament
//! framework's match rules, in checkers or Clobber (`--game clobber --rows R
//! --cols C`), with live results, standings, Elo, each game's file (PDN, or
//! a Clobber record) and a results JSON (see `warcaby::arena`).

use crate::egdb::Place;
use anyhow::{anyhow, bail, Result};
use clap::parser::ValueSource;
use clap::{ArgMatches, Args};
use indicatif::{ProgressBar, ProgressStyle};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;
use warcaby::arena::contest::ContestRules;
use warcaby::arena::folder::{self, Settings};
use warcaby::arena::spec::EgdbChoice;
use warcaby::arena::{self, report, BotSpec, Config, Entrant, Event};
use warcaby::core::rng::entropy_seed;
use warcaby::games::{GameKind, GameRules};
use warcaby::Variant;

#[derive(Args)]
pub(crate) struct ArenaArgs {
    /// The bots, two or more: random, level=N[:time=MS][:book=on|off],
    /// minimax|alphabeta|negascout[:depth=N][:time=MS][:nodes=N][:eval=NAME][:hash=MIB][:book=on|off][:egdb=DIR|none]
    /// (an engine without egdb= probes the default endgame tables, see `egdb status`),
    /// exec:<command line>, python:<file.py>, or the path of an executable.
    /// In Clobber: random, levels, and engines with a Clobber eval= (live,
    /// active, center, ...) or none; external bots get Clobber's lines.
    #[arg(long, num_args = 1.., value_name = "SPEC")]
    bots: Vec<String>,
    /// Referee as the contest's program does (move time from its benchmark,
    /// time flags, random moves for faults, its draw rules, tie-break on
    /// time). With a folder, every *.py in it is a Python bot too.
    #[arg(long, num_args = 0..=1, value_name = "DIR")]
    contest: Option<Option<PathBuf>>,
    /// Contest mode: a fixed move time T in ms instead of the benchmark.
    #[arg(long, value_name = "MS", requires = "contest")]
    move_time: Option<f64>,
    /// Contest mode: time flags per bot and game.
    #[arg(long, default_value_t = arena::contest::DEFAULT_FLAGS, value_name = "N", requires = "contest")]
    time_flags: u32,
    /// The game: checkers or clobber.
    #[arg(long, default_value = "checkers")]
    game: GameKind,
    /// Checkers rule variant: tournament, english, russian, brazilian or
    /// international (10x10).
    #[arg(long, default_value = "tournament", value_parser = Variant::from_any_name)]
    variant: Variant,
    /// Clobber board rows (2-10).
    #[arg(long, default_value_t = warcaby::clobber::DEFAULT_ROWS)]
    rows: usize,
    /// Clobber board columns (2-10).
    #[arg(long, default_value_t = warcaby::clobber::DEFAULT_COLS)]
    cols: usize,
    /// Games per pair in the regular round (even; colours alternate).
    #[arg(long, default_value_t = 2)]
    games_per_pair: u32,
    /// Thinking time per game per bot, in seconds.
    #[arg(long, default_value_t = 60.0, value_name = "S")]
    time_per_game: f64,
    /// Factor applied to the time per game (for slower machines).
    #[arg(long, default_value_t = 1.0, value_name = "F")]
    time_scale: f64,
    /// Checkers: start positions (FEN) or move sequences, one per line, or
    /// a PDN file; every opening is played with both colours.
    #[arg(long, value_name = "FILE")]
    openings: Option<PathBuf>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1, value_name = "N")]
    jobs: usize,
    /// Directory for the PDN files, the game records, results.json and
    /// report.html. One that holds an unfinished tournament is refused
    /// (see --resume).
    #[arg(long, default_value = "arena-out", value_name = "DIR")]
    out: PathBuf,
    /// Go on with the tournament in DIR (its --out folder) after a kill:
    /// recorded games are kept, the rest played with the settings it
    /// started with, for the same results. The options that decide the
    /// games (bots, --contest, seed, rules, times, openings, memory,
    /// overtime, sandbox) may be left out; any given must equal the
    /// recorded one. --jobs, --python and --quiet may change.
    #[arg(long, value_name = "DIR", conflicts_with = "out")]
    resume: Option<PathBuf>,
    /// The board page (e.g. https://example.org/warcaby/) that report.html
    /// links each game to, as URL#pdn=<the game's PDN>; without it the
    /// report embeds each game's PDN text to copy and links its file.
    #[arg(long, value_name = "URL")]
    site: Option<String>,
    /// Seed for everything random (default: a random seed, printed).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Address-space limit of external bots in MiB (0: none).
    #[arg(long, default_value_t = 1024, value_name = "MIB")]
    memory_mb: u64,
    /// Men (Clobber: stones) removed from each side for overtime (default:
    /// 1-3 at random).
    #[arg(long, value_name = "N")]
    overtime_men: Option<usize>,
    /// Print only the standings and Elo, not a line per game.
    #[arg(long)]
    quiet: bool,
    /// The Python interpreter for python: bots (the one with numpy and
    /// whatever the bots import), a name on PATH or a path.
    #[arg(long, default_value = arena::python::DEFAULT_PYTHON, value_name = "PATH")]
    python: String,
    /// Isolate external and Python bots (on): each may read only its own
    /// code, the framework's modules, the interpreter and the system's
    /// libraries, write only a temporary folder of its own, and has no
    /// network. off: for bots you trust.
    #[arg(long, default_value = "on", value_name = "on|off", value_parser = ["on", "off"])]
    sandbox: String,
}

/// The contest's limit on a bot's code.
const MAX_CODE_BYTES: u64 = 4 * 1024 * 1024;

/// The Python bots of a contest folder: every `*.py` in it, by name.
fn folder_bots(dir: &Path) -> Result<Vec<String>> {
    let entries = std::fs::read_dir(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "py"))
        .collect();
    files.sort();
    if files.is_empty() {
        bail!("{}: no *.py bots in this folder", dir.display());
    }
    Ok(files
        .iter()
        .map(|p| format!("python:{}", p.display()))
        .collect())
}

/// Bytes of a bot's code: its file, and a folder of the same name beside
/// it if there is one (its own modules).
fn code_size(file: &Path) -> u64 {
    fn walk(path: &Path) -> u64 {
        match std::fs::metadata(path) {
            Ok(m) if m.is_dir() => std::fs::read_dir(path)
                .map(|d| d.filter_map(|e| e.ok()).map(|e| walk(&e.path())).sum())
                .unwrap_or(0),
            Ok(m) => m.len(),
            Err(_) => 0,
        }
    }
    walk(file)
        + file.file_stem().map_or(0, |stem| {
            let dir = file.with_file_name(stem);
            if dir.is_dir() {
                walk(&dir)
            } else {
                0
            }
        })
}

/// Refuses a contest bot whose code is over the contest's 4 MiB.
fn check_code_size(bots: &[Entrant]) -> Result<()> {
    for bot in bots {
        if let BotSpec::Python { file } = &bot.spec {
            let size = code_size(file);
            if size > MAX_CODE_BYTES {
                bail!(
                    "{}: {:.1} MiB of code, over the contest's limit of 4 MiB",
                    file.display(),
                    size as f64 / (1024.0 * 1024.0)
                );
            }
        }
    }
    Ok(())
}

/// The game and rules the arguments name.
fn rules(args: &ArenaArgs) -> Result<GameRules> {
    Ok(GameRules::of(
        args.game,
        args.variant,
        args.rows,
        args.cols,
    )?)
}

/// Refuses what only a checkers arena has: the contest is a checkers
/// contest, and openings are written in checkers notation.
fn check_checkers_only(args: &ArenaArgs, rules: GameRules) -> Result<()> {
    if rules.is_10x10() && args.openings.is_some() {
        bail!(
            "--openings are 8x8 checkers positions; {} starts from its start position",
            rules.name()
        );
    }
    if rules.checkers_variant().is_some() {
        return Ok(());
    }
    if args.contest.is_some() {
        bail!(
            "--contest referees the contest's checkers; {} has no contest mode",
            rules.name()
        );
    }
    if args.openings.is_some() {
        bail!(
            "--openings are checkers positions and moves; {} starts from its start position",
            rules.name()
        );
    }
    Ok(())
}

fn entrants(args: &ArenaArgs) -> Result<Vec<Entrant>> {
    let mut specs = args.bots.clone();
    if let Some(Some(dir)) = &args.contest {
        specs.extend(folder_bots(dir)?);
    }
    if specs.len() < 2 {
        bail!("an arena needs at least two bots: --bots SPEC SPEC... or --contest DIR");
    }
    let bots = specs
        .iter()
        .map(|s| Entrant::parse(s).map_err(|e| anyhow!("{e}")))
        .collect::<Result<Vec<_>, _>>()?;
    if args.contest.is_some() {
        check_code_size(&bots)?;
    }
    Ok(bots)
}

fn contest_rules(args: &ArenaArgs) -> Result<Option<ContestRules>> {
    if args.contest.is_none() {
        return Ok(None);
    }
    let move_time = match args.move_time {
        Some(ms) if ms > 0.0 && ms.is_finite() => Some(Duration::from_secs_f64(ms / 1e3)),
        Some(_) => bail!("--move-time must be a positive number of ms"),
        None => None,
    };
    Ok(Some(ContestRules {
        move_time,
        flags: args.time_flags,
    }))
}

/// The progress bar on stderr (drawn only on a terminal, and not with
/// `--quiet`).
fn progress_bar(quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(0);
    let style =
        ProgressStyle::with_template("[{bar:30}] {pos}/{len} games, {elapsed} ({eta} left)")
            .expect("a valid template")
            .progress_chars("#>-");
    bar.set_style(style);
    bar
}

/// The line an event prints.
fn event_line(event: &Event<'_>, config: &Config, seed: u64) -> Option<String> {
    let rules = config.rules;
    Some(match event {
        Event::Start {
            labels,
            games,
            resumed,
            sandbox,
        } => {
            let time = match &config.contest {
                None => format!("{:.1} s per game", config.game_time().as_secs_f64()),
                Some(c) => format!(
                    "contest refereeing: move time {}, {} time flags",
                    c.move_time.map_or("from the benchmark".to_string(), |t| {
                        format!("{:.3} s", t.as_secs_f64())
                    }),
                    c.flags
                ),
            };
            let mut line = format!(
                "arena: {} bots, {games} games ({} per pair, overtime for tied pairs), {}, {time}, seed {seed}, jobs {}\n{}",
                labels.len(),
                config.games_per_pair,
                config.rules.summary(),
                config.jobs,
                sandbox.summary(None, config.memory_mib)
            );
            if *resumed > 0 {
                let _ = write!(
                    line,
                    "\nresuming: {resumed} of {games} games already played, kept from the output folder"
                );
            }
            line
        }
        Event::Game {
            record,
            done,
            scheduled,
            pair_score,
        } => report::game_line(record, *done, *scheduled, *pair_score),
        Event::Overtime {
            pair,
            bots,
            removed,
            fen,
        } => format!(
            "overtime: pair {pair} ({} - {}) is tied; 2 more games with {removed} {} removed from each side: {fen}",
            bots[0],
            bots[1],
            rules.plain_pieces(*removed)
        ),
    })
}

/// The openings of `--openings FILE`, if given.
fn openings(args: &ArenaArgs) -> Result<Vec<arena::openings::Opening>> {
    match &args.openings {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
            arena::openings::parse(&text, args.variant)
                .map_err(|e| anyhow!("{}: {e}", path.display()))
        }
        None => Ok(Vec::new()),
    }
}

fn time_per_game(args: &ArenaArgs) -> Result<Duration> {
    if !(args.time_per_game > 0.0 && args.time_per_game.is_finite()) {
        bail!("--time-per-game must be a positive number of seconds");
    }
    Ok(Duration::from_secs_f64(args.time_per_game))
}

/// A new tournament's configuration from the arguments.
fn fresh_config(args: &ArenaArgs) -> Result<Config> {
    let rules = rules(args)?;
    check_checkers_only(args, rules)?;
    let bots = entrants(args)?;
    let openings = openings(args)?;
    let time_per_game = time_per_game(args)?;
    let seed = args.seed.unwrap_or_else(entropy_seed);
    Ok(Config {
        rules,
        games_per_pair: args.games_per_pair,
        time_per_game,
        time_scale: args.time_scale,
        openings,
        jobs: args.jobs,
        out: Some(args.out.clone()),
        memory_mib: args.memory_mb,
        overtime_men: args.overtime_men,
        contest: contest_rules(args)?,
        python: args.python.clone(),
        sandbox: args.sandbox == "on",
        ..Config::new(bots, seed)
    })
}

/// The rules of a resumed tournament: the recorded ones, with the game,
/// variant or board given on the command line instead of theirs.
fn resumed_rules(
    args: &ArenaArgs,
    given: &dyn Fn(&str) -> bool,
    recorded: GameRules,
) -> Result<GameRules> {
    let (rows, cols) = recorded.board().unwrap_or((args.rows, args.cols));
    let variant = recorded.checkers_variant().unwrap_or(args.variant);
    Ok(GameRules::of(
        if given("game") {
            args.game
        } else {
            recorded.kind()
        },
        if given("variant") {
            args.variant
        } else {
            variant
        },
        if given("rows") { args.rows } else { rows },
        if given("cols") { args.cols } else { cols },
    )?)
}

/// The tournament in `dir` to go on with: its recorded settings, which the
/// options given must not contradict (each given option replaces the
/// recorded value in a copy compared with the record).
fn resumed_config(args: &ArenaArgs, matches: &ArgMatches, dir: &Path) -> Result<Config> {
    let recorded = folder::read_settings(dir).map_err(|e| anyhow!("{e}"))?;
    let settings_file = dir.join(folder::SETTINGS_FILE);
    let mut config = recorded.config().map_err(|e| {
        anyhow!(
            "{}: {e} (paths are as given when the tournament started: resume from that folder)",
            settings_file.display()
        )
    })?;
    let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
    let mut asked = config.clone();
    if given("bots") || given("contest") {
        asked.bots = entrants(args)?;
    }
    if given("contest") {
        asked.contest = contest_rules(args)?;
    }
    if let Some(rules) = asked.contest.as_mut() {
        if given("move_time") {
            rules.move_time = contest_rules(args)?.and_then(|r| r.move_time);
        }
        if given("time_flags") {
            rules.flags = args.time_flags;
        }
    }
    if ["game", "variant", "rows", "cols"].into_iter().any(given) {
        asked.rules = resumed_rules(args, &given, config.rules)?;
    }
    check_checkers_only(args, asked.rules)?;
    if given("openings") {
        asked.openings = openings(args)?;
    }
    if given("time_per_game") {
        asked.time_per_game = time_per_game(args)?;
    }
    macro_rules! overlay {
        ($($id:literal => $field:ident = $value:expr),* $(,)?) => {
            $(if given($id) { asked.$field = $value; })*
        };
    }
    overlay! {
        "games_per_pair" => games_per_pair = args.games_per_pair,
        "time_scale" => time_scale = args.time_scale,
        "seed" => seed = args.seed.unwrap_or(recorded.seed),
        "memory_mb" => memory_mib = args.memory_mb,
        "overtime_men" => overtime_men = args.overtime_men,
        "sandbox" => sandbox = args.sandbox == "on",
    }
    let differ = recorded.differences(&Settings::of(&asked));
    if !differ.is_empty() {
        bail!(
            "--resume {}: the {} given differ from the recorded tournament's (in {}); leave \
             them out to go on with the recorded ones",
            dir.display(),
            differ.join(", "),
            settings_file.display()
        );
    }
    config.jobs = args.jobs;
    if given("python") {
        config.python = args.python.clone();
    }
    config.out = Some(dir.to_path_buf());
    config.resume = true;
    Ok(config)
}

/// Engine specs without `egdb=` probe the default endgame tables (as
/// `bestmove` finds them), where the rules have some; levels and other
/// bots are left as they are. Says so on stderr unless `quiet`.
fn add_default_tables(config: &mut Config, quiet: bool) -> Result<()> {
    let Some(variant) = config.rules.endgame_rules() else {
        return Ok(());
    };
    let Some(tables) = Place::default_place().tables(variant)? else {
        return Ok(());
    };
    let mut used = false;
    for bot in &mut config.bots {
        if let BotSpec::Engine(spec) = &mut bot.spec {
            if spec.egdb == EgdbChoice::Default {
                spec.egdb = EgdbChoice::Dir(tables.dir.clone());
                used = true;
            }
        }
    }
    if used && !quiet {
        eprintln!(
            "arena: engines without egdb= probe the endgame tables {} (egdb=none: without)",
            tables.summary()
        );
    }
    Ok(())
}

pub(crate) fn run(args: &ArenaArgs, matches: &ArgMatches) -> Result<()> {
    let mut config = match &args.resume {
        Some(dir) => resumed_config(args, matches, dir)?,
        None => fresh_config(args)?,
    };
    add_default_tables(&mut config, args.quiet)?;
    config.site = args.site.clone();
    let seed = config.seed;
    let out = config.out.clone().unwrap_or_default();
    let bar = progress_bar(args.quiet);
    let mut on_event = |event: &Event<'_>| {
        match event {
            Event::Start {
                games,
                resumed,
                sandbox,
                ..
            } => {
                bar.set_length(*games as u64);
                bar.set_position(*resumed as u64);
                // Said whatever --quiet says: files are not isolated.
                if let Some(warning) = sandbox.warning() {
                    bar.suspend(|| eprintln!("{warning}"));
                }
            }
            Event::Game {
                done, scheduled, ..
            } => {
                bar.set_length(*scheduled as u64);
                bar.set_position(*done as u64);
            }
            Event::Overtime { .. } => {}
        }
        if let Some(line) = event_line(event, &config, seed).filter(|_| !args.quiet) {
            bar.suspend(|| println!("{line}"));
        }
        let _ = std::io::stdout().flush();
    };
    let results = arena::run(&config, &mut on_event).map_err(|e| anyhow!("{e}"))?;
    bar.finish_and_clear();
    println!();
    println!("{}", report::standings(&results));
    print!("{}", report::elo_lines(&results));
    println!("{}", results.sandbox.summary);
    let files = if config.rules.has_pdn() {
        "PDN files"
    } else {
        "game records"
    };
    println!(
        "\n{} games; {files}, results.json and report.html in {}",
        results.games.len(),
        out.display()
    );
    Ok(())
}
