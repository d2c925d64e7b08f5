//! Bot specs: the short strings that name a bot on the command line.
//!
//! ```text
//! random                              uniformly random legal moves (seeded)
//! level=N[:time=MS][:book=on|off]    the engine at playing level 1-8 (levels
//!                                     7-8 play the opening book unless book=off)
//! ALGO[:depth=N][:time=MS][:nodes=N][:eval=NAME][:net=FILE][:hash=MIB][:book=on|off|FILE][:egdb=DIR|none][:threats=on|off][:probcut=on|off][:threads=N]
//!                                     ALGO = minimax, alphabeta or negascout;
//!                                     eval= a checkers evaluation, or in a
//!                                     Clobber arena a Clobber heuristic
//!                                     (the opening book only with book=on,
//!                                     or the book file book=FILE;
//!                                     net= with eval=learned plays that network
//!                                     instead of the shipped one;
//!                                     egdb= probes the endgame database there,
//!                                     egdb=none none (without egdb= the
//!                                     command line's default tables);
//!                                     threats=off turns the threat extension off,
//!                                     probcut=off ProbCut;
//!                                     threads=N searches on N threads, default 1)
//! az[:sims=N][:time=MS][:net=FILE]    the AlphaZero bot (English rules only),
//!                                     shipped network unless net= names one
//! exec:<command line>                 an external bot, run with `sh -c`
//! python:<file.py>                    a tournament-framework bot, via the adapter
//! <path to an executable file>        an external bot
//! ```
//!
//! In Clobber the built-ins are `random`, the levels and the engine specs
//! with a Clobber evaluation (or none: the game's default); `az`, `egdb=`,
//! `book=on` and checkers evaluations are refused there, as Clobber
//! evaluations are in checkers ([`BotSpec::check_rules`], in
//! `spec_rules.rs`).
//!
//! An engine spec without a limit thinks [`DEFAULT_ENGINE_TIME_MS`] per move.
//! Only depth- or node-limited engines (and `random`, and levels 1-6, whose
//! depth ends long before their time cap) replay the same games for a seed.

use crate::checkers::ai::learned::EvalNet;
use crate::checkers::ai::{CheckersEval, Level};
use crate::checkers::book::Book;
use crate::core::named::{self, named_display_and_parse, Named, UnknownName};
use crate::games::AnyEval;
use crate::search::{parse_threads, Algorithm, SearchConfig};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Thinking time per move of an engine spec that names no limit.
pub const DEFAULT_ENGINE_TIME_MS: u64 = 100;
/// Thinking time per move of a `level=N` spec without `time=`.
pub const DEFAULT_LEVEL_TIME_MS: u64 = 500;
/// Transposition table of a built-in engine, in MiB, unless `hash=` says otherwise.
pub const DEFAULT_HASH_MIB: usize = 16;

/// A bot, as parsed from its spec string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// Picks a legal move uniformly at random (seeded per game).
    Random,
    /// The engine at a playing level, with a time per move.
    Level {
        /// The level.
        level: Level,
        /// Milliseconds per move (the level may cap it lower).
        time_ms: u64,
        /// Plays the opening book's moves.
        book: bool,
    },
    /// The engine with an explicit configuration.
    Engine(EngineSpec),
    /// The AlphaZero bot: network-guided tree search.
    Az(AzSpec),
    /// An external program started with `sh -c <command line>`.
    Exec {
        /// The command line.
        command: String,
    },
    /// An executable file, started directly.
    Program {
        /// Its path.
        path: PathBuf,
    },
    /// A tournament-framework Python bot (`class bot`, `move(self, plansza,
    /// ruchy)`), run through the adapter with `python3`.
    Python {
        /// The bot's `.py` file.
        file: PathBuf,
    },
}

/// The endgame tables an engine spec asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EgdbChoice {
    /// No `egdb=`: the tables the host puts in its place (the command
    /// line: those of its default directory, when there are some), else
    /// none.
    #[default]
    Default,
    /// `egdb=none`: no tables.
    Off,
    /// `egdb=DIR`: the tables in DIR.
    Dir(PathBuf),
}

impl EgdbChoice {
    /// The directory named, if one is.
    pub fn dir(&self) -> Option<&Path> {
        match self {
            EgdbChoice::Dir(dir) => Some(dir),
            EgdbChoice::Default | EgdbChoice::Off => None,
        }
    }
}

/// A built-in engine's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// Search algorithm.
    pub algorithm: Algorithm,
    /// Evaluation, of either game (checkers' default unless named).
    pub eval: AnyEval,
    /// `eval=` named the evaluation; without it each game plays its own
    /// default.
    pub eval_named: bool,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Time per move in milliseconds.
    pub time_ms: Option<u64>,
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Plays the opening book's moves.
    pub book: bool,
    /// The book file it plays instead of the compiled-in book (`book=FILE`).
    pub book_file: Option<Arc<Book>>,
    /// The endgame tables probed in search (`egdb=DIR`, `egdb=none`).
    pub egdb: EgdbChoice,
    /// The search's threat extension (on unless `threats=off`).
    pub threat_extension: bool,
    /// ProbCut (on unless `probcut=off`; only where the evaluation has a
    /// margin for it: checkers' 8x8 evaluations).
    pub probcut: bool,
    /// Search threads (`threads=N`; 1 unless asked: matches stay serial).
    pub threads: usize,
}

impl EngineSpec {
    /// The search configuration this spec names; `seed` for the noise.
    pub fn config(&self, seed: u64) -> SearchConfig {
        SearchConfig {
            algorithm: self.algorithm,
            tt_mib: self.hash_mib,
            threat_extension: self.threat_extension,
            probcut: self.probcut,
            threads: self.threads,
            seed,
            ..SearchConfig::default()
        }
    }
}

/// The AlphaZero bot's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AzSpec {
    /// Simulations per move.
    pub sims: Option<u32>,
    /// Time per move in milliseconds.
    pub time_ms: Option<u64>,
    /// A network file; None: the shipped network.
    pub net: Option<PathBuf>,
}

/// The options of a built-in spec (`key=value` after a `:`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SpecKey {
    /// `depth=N`: depth limit in plies.
    Depth,
    /// `time=MS`: milliseconds per move.
    Time,
    /// `nodes=N`: node limit per move.
    Nodes,
    /// `eval=NAME`: the evaluation.
    Eval,
    /// `hash=MIB`: transposition table size.
    Hash,
    /// `sims=N`: AlphaZero simulations per move.
    Sims,
    /// `net=FILE`: a network file: the AlphaZero bot's, or an engine's
    /// learned evaluation's (two networks can meet in one run).
    Net,
    /// `book=on|off`: the opening book.
    Book,
    /// `egdb=DIR|none`: endgame database directory, or none.
    Egdb,
    /// `threats=on|off`: the search's threat extension.
    Threats,
    /// `threads=N`: search threads.
    Threads,
    /// `probcut=on|off`: ProbCut in the search.
    ProbCut,
}

impl SpecKey {
    /// Every option.
    pub const ALL: [SpecKey; 12] = [
        SpecKey::Depth,
        SpecKey::Time,
        SpecKey::Nodes,
        SpecKey::Eval,
        SpecKey::Hash,
        SpecKey::Sims,
        SpecKey::Net,
        SpecKey::Book,
        SpecKey::Egdb,
        SpecKey::Threats,
        SpecKey::ProbCut,
        SpecKey::Threads,
    ];
}

impl Named for SpecKey {
    const WHAT: &'static str = "bot option";
    const ALL: &'static [SpecKey] = &SpecKey::ALL;
    fn name(self) -> &'static str {
        match self {
            SpecKey::Depth => "depth",
            SpecKey::Time => "time",
            SpecKey::Nodes => "nodes",
            SpecKey::Eval => "eval",
            SpecKey::Hash => "hash",
            SpecKey::Sims => "sims",
            SpecKey::Net => "net",
            SpecKey::Book => "book",
            SpecKey::Egdb => "egdb",
            SpecKey::Threats => "threats",
            SpecKey::Threads => "threads",
            SpecKey::ProbCut => "probcut",
        }
    }
}

named_display_and_parse!(SpecKey);

/// A spec string that names no bot.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bot spec '{spec}': {reason}")]
pub struct SpecError {
    /// The spec given.
    pub spec: String,
    /// What is wrong with it.
    pub reason: String,
}

/// What kind of bot a spec names, for the results.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BotKind {
    /// Runs inside the arena.
    Builtin,
    /// An external process speaking the line protocol.
    External,
    /// A tournament-framework Python bot behind the adapter.
    Python,
}

impl BotKind {
    /// `builtin`, `external` or `python`.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Builtin => "builtin",
            BotKind::External => "external",
            BotKind::Python => "python",
        }
    }
}

impl BotSpec {
    /// Parses a spec string (see the module documentation).
    pub fn parse(text: &str) -> Result<BotSpec, SpecError> {
        let spec = text.trim();
        let fail = |reason: String| SpecError {
            spec: spec.to_string(),
            reason,
        };
        if spec.is_empty() {
            return Err(fail("empty spec".to_string()));
        }
        if let Some(command) = spec.strip_prefix("exec:") {
            if command.trim().is_empty() {
                return Err(fail("exec: needs a command line".to_string()));
            }
            return Ok(BotSpec::Exec {
                command: command.trim().to_string(),
            });
        }
        if let Some(file) = spec.strip_prefix("python:") {
            let file = PathBuf::from(file.trim());
            if !file.is_file() {
                return Err(fail(format!("no such file {}", file.display())));
            }
            return Ok(BotSpec::Python { file });
        }
        let path = Path::new(spec);
        if path.is_file() {
            if !is_executable(path) {
                let hint = if spec.ends_with(".py") {
                    format!("use python:{spec} for a tournament-framework bot")
                } else {
                    format!("make it executable or use exec:<interpreter> {spec}")
                };
                return Err(fail(format!("the file is not executable ({hint})")));
            }
            return Ok(BotSpec::Program {
                path: path.to_path_buf(),
            });
        }
        parse_builtin(spec).map_err(fail)
    }

    /// Built-in, external or Python.
    pub fn kind(&self) -> BotKind {
        match self {
            BotSpec::Random | BotSpec::Level { .. } | BotSpec::Engine(_) | BotSpec::Az(_) => {
                BotKind::Builtin
            }
            BotSpec::Exec { .. } | BotSpec::Program { .. } => BotKind::External,
            BotSpec::Python { .. } => BotKind::Python,
        }
    }

    /// A short name for tables: built-ins as written, files by their name
    /// (also inside a command line), long command lines cut.
    pub(crate) fn short_label(&self, text: &str) -> String {
        let file_name = |p: &Path| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
        };
        match self {
            BotSpec::Program { path } => file_name(path),
            BotSpec::Python { file } => format!("python:{}", file_name(file)),
            BotSpec::Exec { command } => {
                // Paths by their file name: `exec:python3 bots/x.py 2` -> `exec:python3 x.py 2`.
                let words: Vec<String> = command
                    .split_whitespace()
                    .map(|w| match w.rsplit_once('/') {
                        Some((_, name)) if !name.is_empty() => name.to_string(),
                        _ => w.to_string(),
                    })
                    .collect();
                let text = words.join(" ");
                let short: String = text.chars().take(40).collect();
                if short.len() < text.len() {
                    format!("exec:{short}...")
                } else {
                    format!("exec:{short}")
                }
            }
            _ => text.trim().to_string(),
        }
    }
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(_path: &Path) -> bool {
    true
}

fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{key}={value}: expected a number"))
}

fn on_off(key: SpecKey, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{key}={value}: expected on or off")),
    }
}

/// The `key=value` options after a built-in's name, each at most once.
fn spec_options<'a>(
    parts: impl Iterator<Item = &'a str>,
) -> Result<Vec<(SpecKey, &'a str)>, String> {
    let mut options = Vec::new();
    for part in parts {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| format!("option '{part}' should look like key=value"))?;
        let key: SpecKey = named::parse(key).map_err(|e| e.to_string())?;
        if options.iter().any(|(k, _)| *k == key) {
            return Err(format!("option '{key}' given twice"));
        }
        options.push((key, value.trim()));
    }
    Ok(options)
}

fn parse_builtin(spec: &str) -> Result<BotSpec, String> {
    let mut parts = spec.split(':');
    let head = parts.next().unwrap_or_default().trim();
    let options = spec_options(parts)?;
    if head.eq_ignore_ascii_case("random") {
        if let Some((key, _)) = options.first() {
            return Err(format!("random takes no options (found {key})"));
        }
        return Ok(BotSpec::Random);
    }
    if let Some(n) = head
        .strip_prefix("level=")
        .or_else(|| head.strip_prefix("LEVEL="))
    {
        let level = Level::new(number::<i64>("level", n)?).map_err(|e| e.to_string())?;
        let mut time_ms = DEFAULT_LEVEL_TIME_MS;
        let mut book = level.uses_book();
        for (key, value) in options {
            match key {
                SpecKey::Time => time_ms = number("time", value)?,
                SpecKey::Book => book = on_off(key, value)?,
                other => {
                    return Err(format!(
                        "a level takes only time=MS and book=on|off (found {other})"
                    ))
                }
            }
        }
        return Ok(BotSpec::Level {
            level,
            time_ms,
            book,
        });
    }
    if head.eq_ignore_ascii_case("az") {
        return parse_az(options);
    }
    let algorithm: Algorithm = named::parse(head).map_err(|e| {
        format!(
            "not a file, and '{head}' is no built-in bot: expected random, level=N, az, {}, or exec:<command>, python:<file.py> or the path of an executable",
            e.expected
        )
    })?;
    let mut net = None;
    let mut engine = EngineSpec {
        algorithm,
        eval: CheckersEval::default().into(),
        eval_named: false,
        depth: None,
        time_ms: None,
        nodes: None,
        hash_mib: DEFAULT_HASH_MIB,
        book: false,
        book_file: None,
        egdb: EgdbChoice::Default,
        threat_extension: true,
        probcut: true,
        threads: 1,
    };
    for (key, value) in options {
        match key {
            SpecKey::Depth => {
                let depth: u32 = number("depth", value)?;
                if !(1..=100).contains(&depth) {
                    return Err(format!("depth={depth}: expected 1-100"));
                }
                engine.depth = Some(depth);
            }
            SpecKey::Time => engine.time_ms = Some(number("time", value)?),
            SpecKey::Nodes => engine.nodes = Some(number("nodes", value)?),
            SpecKey::Eval => {
                engine.eval = value.parse().map_err(|e: UnknownName| e.to_string())?;
                engine.eval_named = true;
            }
            SpecKey::Hash => engine.hash_mib = number("hash", value)?,
            SpecKey::Book if ["on", "off"].contains(&value.to_ascii_lowercase().as_str()) => {
                engine.book = on_off(key, value)?
            }
            SpecKey::Book => {
                engine.book_file = Some(Arc::new(book_file(value)?));
                engine.book = true;
            }
            SpecKey::Threats => engine.threat_extension = on_off(key, value)?,
            SpecKey::ProbCut => engine.probcut = on_off(key, value)?,
            SpecKey::Threads => {
                engine.threads = parse_threads(value).map_err(|e| format!("{key}={value}: {e}"))?
            }
            SpecKey::Egdb if value == "none" => engine.egdb = EgdbChoice::Off,
            SpecKey::Egdb => {
                let dir = PathBuf::from(value);
                if !dir.is_dir() {
                    return Err(format!("egdb={value}: no such directory"));
                }
                engine.egdb = EgdbChoice::Dir(dir);
            }
            SpecKey::Net => net = Some(value),
            SpecKey::Sims => return Err(format!("{key}= is an option of az, not of {head}")),
        }
    }
    if let Some(file) = net {
        engine.eval = learned_with_net(&engine.eval, file)?;
    }
    if engine.depth.is_none() && engine.time_ms.is_none() && engine.nodes.is_none() {
        engine.time_ms = Some(DEFAULT_ENGINE_TIME_MS);
    }
    Ok(BotSpec::Engine(engine))
}

/// The learned evaluation playing the network in `file` (`net=FILE`), which
/// only `eval=learned` takes.
fn learned_with_net(eval: &AnyEval, file: &str) -> Result<AnyEval, String> {
    if !eval.is_learned() {
        return Err(format!("net={file} is for eval=learned, not eval={eval}"));
    }
    let net = EvalNet::load(Path::new(file)).map_err(|e| format!("net={e}"))?;
    Ok(CheckersEval::Learned(net).into())
}

/// The opening book in `file` (`book=FILE`), read and checked whole.
fn book_file(file: &str) -> Result<Book, String> {
    let bytes = std::fs::read(file)
        .map_err(|e| format!("book={file}: expected on, off or a book file ({e})"))?;
    Book::from_bytes(&bytes).map_err(|e| format!("book={file}: {e}"))
}

fn parse_az(options: Vec<(SpecKey, &str)>) -> Result<BotSpec, String> {
    let mut az = AzSpec {
        sims: None,
        time_ms: None,
        net: None,
    };
    for (key, value) in options {
        match key {
            SpecKey::Sims => {
                let sims: u32 = number("sims", value)?;
                if sims == 0 {
                    return Err("sims=0: expected at least 1".to_string());
                }
                az.sims = Some(sims);
            }
            SpecKey::Time => az.time_ms = Some(number("time", value)?),
            SpecKey::Net => {
                let path = PathBuf::from(value);
                let bytes = std::fs::read(&path).map_err(|e| format!("net={value}: {e}"))?;
                crate::az::Net::from_bytes(&bytes).map_err(|e| format!("net={value}: {e}"))?;
                az.net = Some(path);
            }
            other => {
                return Err(format!(
                    "az takes sims=N, time=MS and net=FILE (found {other})"
                ))
            }
        }
    }
    if az.sims.is_none() && az.time_ms.is_none() {
        az.time_ms = Some(DEFAULT_ENGINE_TIME_MS);
    }
    Ok(BotSpec::Az(az))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A book file of `variant` whose only entry is the start position
    /// with its last legal move (the compiled-in book plays another).
    fn one_entry_book(
        name: &str,
        variant: crate::Variant,
    ) -> (PathBuf, crate::checkers::moves::Move) {
        let start = crate::Position::start(variant);
        let mv = *start.legal_moves().last().unwrap();
        let mut book = Book::new(variant);
        book.insert(&start, &mv, 0, 1).unwrap();
        let path = std::env::temp_dir().join(format!("warcaby-{name}-{}.book", std::process::id()));
        std::fs::write(&path, book.to_bytes()).unwrap();
        (path, mv)
    }

    #[test]
    fn a_book_file_is_played_instead_of_the_compiled_in_book() {
        use crate::games::{AnyGame, GameRules};
        let (path, mv) = one_entry_book("spec-book", crate::Variant::English);
        let spec = format!("negascout:nodes=1000:book={}", path.display());
        let parsed = BotSpec::parse(&spec).unwrap();
        let BotSpec::Engine(engine) = &parsed else {
            panic!()
        };
        assert!(engine.book && engine.book_file.as_ref().is_some_and(|b| b.len() == 1));
        parsed
            .check_rules(GameRules::Checkers(crate::Variant::English))
            .unwrap();
        // The engine plays the file's move, not the compiled-in book's.
        let start = crate::Position::start(crate::Variant::English);
        let builtin = crate::checkers::book::builtin_move(&start).unwrap().mv;
        assert_ne!(builtin, mv);
        let game = AnyGame::from(crate::Game::new(crate::Variant::English));
        for (file, expected) in [(engine.book_file.clone(), mv), (None, builtin)] {
            let mut played =
                crate::games::Engine::configured(engine.config(1), CheckersEval::Material)
                    .with_book(true)
                    .with_book_file(file);
            let report = played
                .think(&game, crate::search::Limits::nodes(1000), |_| {})
                .unwrap();
            assert_eq!(report.best_move.unwrap(), start.move_text(&expected));
        }
        // A book of another variant is refused for the game, before it starts.
        let err = parsed
            .check_rules(GameRules::Checkers(crate::Variant::Tournament))
            .unwrap_err();
        assert!(err.contains("a book of english"), "{err}");
        // A damaged file is refused when the spec is read.
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[20] ^= 1;
        std::fs::write(&path, bytes).unwrap();
        let err = BotSpec::parse(&spec).unwrap_err().to_string();
        assert!(err.contains(&format!("book={}", path.display())), "{err}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn builtin_specs() {
        assert_eq!(BotSpec::parse("random").unwrap(), BotSpec::Random);
        let BotSpec::Engine(e) = BotSpec::parse("alphabeta:depth=4:eval=material").unwrap() else {
            panic!()
        };
        assert_eq!(e.algorithm, Algorithm::AlphaBeta);
        assert_eq!(e.eval, CheckersEval::Material);
        assert_eq!((e.depth, e.time_ms), (Some(4), None));
        let BotSpec::Engine(e) = BotSpec::parse("negascout").unwrap() else {
            panic!()
        };
        assert_eq!(e.time_ms, Some(DEFAULT_ENGINE_TIME_MS));
        assert!(e.threat_extension && e.config(7).threat_extension);
        let BotSpec::Engine(off) = BotSpec::parse("negascout:threats=off").unwrap() else {
            panic!()
        };
        assert!(!off.threat_extension && !off.config(7).threat_extension);
        assert!(e.config(7).probcut && off.config(7).probcut);
        let BotSpec::Engine(no_cut) = BotSpec::parse("negascout:probcut=off").unwrap() else {
            panic!("an engine");
        };
        assert!(!no_cut.config(7).probcut && no_cut.config(7).threat_extension);
        assert_eq!(off.config(7).seed, 7);
        assert_eq!((off.threads, off.config(7).threads), (1, 1));
        let BotSpec::Engine(two) = BotSpec::parse("negascout:threads=2").unwrap() else {
            panic!("an engine");
        };
        assert_eq!(two.config(7).threads, 2);
        // Without egdb= the host's default tables; egdb=none: none.
        assert_eq!(two.egdb, EgdbChoice::Default);
        let BotSpec::Engine(bare) = BotSpec::parse("negascout:egdb=none").unwrap() else {
            panic!("an engine");
        };
        assert_eq!((bare.egdb.dir(), &bare.egdb), (None, &EgdbChoice::Off));
        assert_eq!(
            BotSpec::parse("level=3:time=200").unwrap(),
            BotSpec::Level {
                level: Level::new(3).unwrap(),
                time_ms: 200,
                book: false
            }
        );
        let exec = BotSpec::parse("exec:python3 /x/y/bot.py --fast").unwrap();
        assert_eq!(
            exec,
            BotSpec::Exec {
                command: "python3 /x/y/bot.py --fast".into()
            }
        );
        assert_eq!(exec.short_label(""), "exec:python3 bot.py --fast");
        let az = |sims, time_ms| {
            BotSpec::Az(AzSpec {
                sims,
                time_ms,
                net: None,
            })
        };
        assert_eq!(BotSpec::parse("az:sims=50").unwrap(), az(Some(50), None));
        assert_eq!(
            BotSpec::parse("az:time=1000").unwrap(),
            az(None, Some(1000))
        );
    }

    #[test]
    fn bad_specs_say_why() {
        for (spec, needle) in [
            (
                "negascout:depht=3",
                "expected depth, time, nodes, eval, hash, sims, net, book, egdb, threats, probcut or threads",
            ),
            (
                "alphabeta:eval=fancy",
                "expected material, positional or learned",
            ),
            ("level=9", "level must be 1-8"),
            ("level=2:depth=3", "only time=MS and book=on|off"),
            ("negascout:book=yes", "book=yes: expected on, off or a book file"),
            ("negascout:threats=no", "threats=no: expected on or off"),
            ("negascout:probcut=2", "probcut=2: expected on or off"),
            ("negascout:threads=0", "threads=0: expected 1-256 threads"),
            ("negascout:threads=100000", "threads=100000: expected 1-256"),
            (
                "stockfish",
                "expected random, level=N, az, minimax, alphabeta or negascout",
            ),
            ("random:depth=2", "no options"),
            ("negascout:depth", "key=value"),
            ("python:/no/such/file.py", "no such file"),
            ("exec:", "needs a command"),
            ("az:depth=3", "az takes sims=N"),
            ("az:net=/no/such/net", "net=/no/such/net"),
            ("alphabeta:sims=3", "option of az"),
        ] {
            let err = BotSpec::parse(spec).unwrap_err().to_string();
            assert!(err.contains(needle), "{spec}: {err}");
        }
    }
}
