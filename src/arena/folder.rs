//! The output folder as the tournament's state, so that a tournament
//! survives being killed and goes on with `--resume`:
//!
//! * `tournament.json` — the settings that decide what is played (bots,
//!   seed, rules, times, openings, contest mode, sandbox), written before
//!   the first game. A folder without it holds no tournament.
//! * `games/<id>.json` — one file per finished game: its record as in
//!   `results.json` and what its bots said about themselves. Written after
//!   the game's PDN, to a temporary file renamed into place, so a kill
//!   leaves a whole record or none; a game without one is played again.
//! * `results.json` (and the report) — written last: a folder with
//!   `tournament.json` and without `results.json` holds an unfinished
//!   tournament, which a fresh run refuses to overwrite once a game is
//!   recorded.
//!
//! Every game's seed, colours and start depend only on its place in the
//! schedule, and results are put in schedule order, so a resumed tournament
//! gives the results an uninterrupted one gives.

use super::contest::ContestRules;
use super::openings::Opening;
use super::results::GameRecord;
use super::tournament::{ArenaError, Config, Entrant};
use crate::checkers::game::Game;
use crate::checkers::notation::full_text;
use crate::checkers::position::Position;
use crate::games::GameRules;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The settings file's name.
pub const SETTINGS_FILE: &str = "tournament.json";
/// The folder of finished games' records.
pub const GAMES_DIR: &str = "games";
/// The results file's name.
pub const RESULTS_FILE: &str = "results.json";
/// The report's name.
pub const REPORT_FILE: &str = "report.html";
/// The settings file's format; a different one is refused on resume.
const FORMAT: &str = "warcaby-arena-tournament/1";

/// What `tournament.json` holds: everything that decides which games are
/// played and how. Durations are whole nanoseconds, so that they read back
/// exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The file format's name and version (`warcaby-arena-tournament/1`).
    pub format: String,
    /// The rules: a checkers variant, or `clobber`.
    pub variant: String,
    /// Clobber: the board's rows (absent for checkers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<usize>,
    /// Clobber: the board's columns (absent for checkers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cols: Option<usize>,
    /// The seed.
    pub seed: u64,
    /// The bots' specs, as given.
    pub bots: Vec<String>,
    /// Games per pair in the regular round.
    pub games_per_pair: u32,
    /// Time per game before scaling, in ns.
    pub time_per_game_ns: u64,
    /// The time scale.
    pub time_scale: f64,
    /// The openings as given (before the seeded shuffle).
    pub openings: Vec<OpeningRecord>,
    /// Address-space limit of bots in MiB.
    pub memory_mib: u64,
    /// Men removed for overtime (null: the default).
    pub overtime_men: Option<usize>,
    /// Contest mode (null: the arena's match rules).
    pub contest: Option<ContestSetting>,
    /// Whether bots run in the sandbox.
    pub sandbox: bool,
    /// The interpreter of Python bots: taken on resume unless `--python`
    /// says otherwise (another machine may keep it elsewhere), so it is not
    /// compared.
    pub python: String,
}

/// An opening as it reads back: its text, start and moves.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpeningRecord {
    /// As written in the openings file.
    pub text: String,
    /// Its start position.
    pub start_fen: String,
    /// Its moves, each as its full path.
    pub moves: Vec<String>,
}

/// Contest mode's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContestSetting {
    /// Time flags per bot and game.
    pub flags: u32,
    /// A fixed move time in ns (null: each game's benchmark).
    pub move_time_ns: Option<u64>,
}

fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

impl Settings {
    /// The settings of `config`.
    pub fn of(config: &Config) -> Settings {
        let opening = |o: &Opening| {
            let rules = o.game.start().rules();
            OpeningRecord {
                text: o.text.clone(),
                start_fen: o.game.start().to_fen(),
                moves: o.game.moves().map(|m| full_text(m, rules)).collect(),
            }
        };
        let board = config.rules.board();
        Settings {
            format: FORMAT.to_string(),
            variant: config.rules.name(),
            rows: board.map(|(rows, _)| rows),
            cols: board.map(|(_, cols)| cols),
            seed: config.seed,
            bots: config.bots.iter().map(|b| b.text.clone()).collect(),
            games_per_pair: config.games_per_pair,
            time_per_game_ns: nanos(config.time_per_game),
            time_scale: config.time_scale,
            openings: config.openings.iter().map(opening).collect(),
            memory_mib: config.memory_mib,
            overtime_men: config.overtime_men,
            contest: config.contest.as_ref().map(|c| ContestSetting {
                flags: c.flags,
                move_time_ns: c.move_time.map(nanos),
            }),
            sandbox: config.sandbox,
            python: config.python.clone(),
        }
    }

    /// The configuration these settings describe (one job, output nowhere:
    /// the caller sets those).
    pub fn config(&self) -> Result<Config, String> {
        let board = self.rows.zip(self.cols);
        let rules =
            GameRules::from_name(&self.variant, board).map_err(|e| format!("variant: {e}"))?;
        let bots = self
            .bots
            .iter()
            .map(|b| Entrant::parse(b).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let openings = self
            .openings
            .iter()
            .map(|o| {
                let variant = rules
                    .checkers_variant()
                    .ok_or_else(|| format!("opening '{}': openings are for checkers", o.text))?;
                let start = Position::from_fen(&o.start_fen, variant)
                    .map_err(|e| format!("opening '{}': {e}", o.text))?;
                let mut game = Game::from_position(start);
                for mv in &o.moves {
                    game.play_text(mv)
                        .map_err(|e| format!("opening '{}': {mv}: {e}", o.text))?;
                }
                Ok(Opening {
                    text: o.text.clone(),
                    game,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Config {
            rules,
            games_per_pair: self.games_per_pair,
            time_per_game: Duration::from_nanos(self.time_per_game_ns),
            time_scale: self.time_scale,
            openings,
            memory_mib: self.memory_mib,
            overtime_men: self.overtime_men,
            contest: self.contest.as_ref().map(|c| ContestRules {
                move_time: c.move_time_ns.map(Duration::from_nanos),
                flags: c.flags,
            }),
            python: self.python.clone(),
            sandbox: self.sandbox,
            ..Config::new(bots, self.seed)
        })
    }

    /// The settings that differ from `other`'s, by name (the interpreter
    /// is not compared).
    pub fn differences(&self, other: &Settings) -> Vec<&'static str> {
        let mut out = Vec::new();
        let mut differ = |name, same: bool| {
            if !same {
                out.push(name);
            }
        };
        differ("format", self.format == other.format);
        differ("variant", self.variant == other.variant);
        differ("board", (self.rows, self.cols) == (other.rows, other.cols));
        differ("seed", self.seed == other.seed);
        differ("bots", self.bots == other.bots);
        differ(
            "games per pair",
            self.games_per_pair == other.games_per_pair,
        );
        differ(
            "time per game",
            self.time_per_game_ns == other.time_per_game_ns,
        );
        differ("time scale", self.time_scale == other.time_scale);
        differ("openings", self.openings == other.openings);
        differ("memory limit", self.memory_mib == other.memory_mib);
        differ("overtime men", self.overtime_men == other.overtime_men);
        differ("contest mode", self.contest == other.contest);
        differ("sandbox", self.sandbox == other.sandbox);
        out
    }
}

/// A finished game as `games/<id>.json` keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    /// Its record, as in `results.json`.
    pub record: GameRecord,
    /// The names White's and Black's bots gave themselves.
    pub bot_names: [Option<String>; 2],
    /// Whether White's and Black's processes had no network.
    pub network_isolated: [Option<bool>; 2],
}

fn io_error(path: &Path) -> impl FnOnce(std::io::Error) -> ArenaError + '_ {
    move |source| ArenaError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `text` to `path` whole or not at all
/// ([`crate::core::fs::write_atomically`]: a temporary dot name ending
/// `.tmp`, which the loader removes).
pub fn write_atomic(path: &Path, text: &str) -> Result<(), ArenaError> {
    crate::core::fs::write_atomically(path, text.as_bytes()).map_err(io_error(path))
}

fn refuse(message: String) -> ArenaError {
    ArenaError::Resume(message)
}

/// Reads `dir/tournament.json`; an error that says so when `dir` holds no
/// tournament.
pub fn read_settings(dir: &Path) -> Result<Settings, ArenaError> {
    let path = dir.join(SETTINGS_FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(refuse(format!(
                "{} holds no tournament to resume (no {SETTINGS_FILE})",
                dir.display()
            )))
        }
        Err(source) => return Err(ArenaError::Io { path, source }),
    };
    let settings: Settings = serde_json::from_str(&text).map_err(|e| {
        refuse(format!(
            "{}: not a tournament's settings: {e}",
            path.display()
        ))
    })?;
    if settings.format != FORMAT {
        return Err(refuse(format!(
            "{}: format '{}', not '{FORMAT}' that this arena resumes",
            path.display(),
            settings.format
        )));
    }
    Ok(settings)
}

/// Gets `dir` ready for `config`'s tournament and returns the games
/// already played there. Resuming: `dir` must hold a tournament with the
/// same settings. Starting: a folder holding an unfinished tournament with
/// games played is refused (it is `--resume`'s to go on with); otherwise
/// a previous tournament's records, results and report are removed, and
/// the settings written.
pub fn open(dir: &Path, config: &Config) -> Result<Vec<SavedGame>, ArenaError> {
    let settings = Settings::of(config);
    let games = dir.join(GAMES_DIR);
    if config.resume {
        let recorded = read_settings(dir)?;
        let differ = recorded.differences(&settings);
        if !differ.is_empty() {
            return Err(refuse(format!(
                "{} holds a tournament with other settings ({} differ): a resumed \
                 tournament keeps the settings it started with",
                dir.display(),
                differ.join(", ")
            )));
        }
        std::fs::create_dir_all(&games).map_err(io_error(&games))?;
        remove_temporary(dir)?;
        return load_games(&games);
    }
    // Refused only when there are games to lose: a tournament that
    // stopped before its first game (a bad --python, say) is started over.
    let unfinished = dir.join(SETTINGS_FILE).is_file() && !dir.join(RESULTS_FILE).is_file();
    let written = match unfinished {
        true => count_records(&games),
        false => 0,
    };
    if written > 0 {
        return Err(refuse(format!(
            "{} holds an unfinished tournament ({written} games written): go on with \
             --resume {0}, or choose another --out (or remove the folder)",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(io_error(dir))?;
    for file in [RESULTS_FILE, REPORT_FILE] {
        let path = dir.join(file);
        if path.exists() {
            std::fs::remove_file(&path).map_err(io_error(&path))?;
        }
    }
    if games.exists() {
        std::fs::remove_dir_all(&games).map_err(io_error(&games))?;
    }
    std::fs::create_dir_all(&games).map_err(io_error(&games))?;
    let json = serde_json::to_string_pretty(&settings).expect("settings serialise");
    write_atomic(&dir.join(SETTINGS_FILE), &(json + "\n"))?;
    Ok(Vec::new())
}

/// The game records in `games`, without reading them.
fn count_records(games: &Path) -> usize {
    std::fs::read_dir(games).map_or(0, |entries| {
        entries
            .filter_map(Result::ok)
            .filter(|e| !is_temporary(&e.path()))
            .filter(|e| e.file_name().to_string_lossy().ends_with(".json"))
            .count()
    })
}

/// Removes the temporary files a kill left in `dir` (a PDN caught half
/// written: its game is played again).
fn remove_temporary(dir: &Path) -> Result<(), ArenaError> {
    for entry in std::fs::read_dir(dir).map_err(io_error(dir))? {
        let path = entry.map_err(io_error(dir))?.path();
        if is_temporary(&path) {
            std::fs::remove_file(&path).map_err(io_error(&path))?;
        }
    }
    Ok(())
}

/// A file [`write_atomic`] had not renamed yet.
fn is_temporary(path: &Path) -> bool {
    crate::core::fs::is_temporary(path) && path.is_file()
}

/// Every game record in `games`, in file name order; temporary files left
/// by a kill are removed, and a record that does not read is an error
/// naming it (the arena never writes one: someone changed it).
fn load_games(games: &Path) -> Result<Vec<SavedGame>, ArenaError> {
    let entries = match std::fs::read_dir(games) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(io_error(games)(source)),
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io_error(games))?;
    paths.sort();
    let mut out = Vec::new();
    for path in paths {
        if is_temporary(&path) {
            std::fs::remove_file(&path).map_err(io_error(&path))?;
            continue;
        }
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        let name = name.unwrap_or_default();
        let Some(id) = name.strip_suffix(".json") else {
            continue;
        };
        let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
        let saved: SavedGame = serde_json::from_str(&text).map_err(|e| {
            refuse(format!(
                "{}: not a game record ({e}); remove it to play that game again",
                path.display()
            ))
        })?;
        if saved.record.id != id {
            return Err(refuse(format!(
                "{}: holds game {}, not {id}",
                path.display(),
                saved.record.id
            )));
        }
        out.push(saved);
    }
    Ok(out)
}

/// Keeps a finished game: its file (PDN, or its record where its game has
/// no PDN), then its state record (last: a game counts as played once that
/// is there).
pub fn save_game(dir: &Path, saved: &SavedGame, game_file: &str) -> Result<(), ArenaError> {
    let name = saved.record.pdn.as_ref().or(saved.record.record.as_ref());
    if let Some(name) = name {
        write_atomic(&dir.join(name), game_file)?;
    }
    let json = serde_json::to_string_pretty(saved).expect("a game record serialises");
    let path = dir
        .join(GAMES_DIR)
        .join(format!("{}.json", saved.record.id));
    write_atomic(&path, &(json + "\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::rules::Variant;

    fn config() -> Config {
        let bots = ["random", "alphabeta:depth=2"].map(|b| Entrant::parse(b).unwrap());
        let mut config = Config::new(bots.to_vec(), 7);
        let game = Game::new(Variant::Tournament);
        let first = full_text(&game.legal_moves()[0], game.start().rules());
        let text = format!("{first}\nW:W21,22:B5,6\n");
        config.openings = super::super::openings::parse(&text, Variant::Tournament).unwrap();
        config.time_per_game = Duration::from_secs_f64(1.7);
        config.contest = Some(ContestRules {
            move_time: Some(Duration::from_secs_f64(0.0123)),
            flags: 2,
        });
        config
    }

    #[test]
    fn settings_read_back_to_the_same_tournament() {
        let config = config();
        let settings = Settings::of(&config);
        assert_eq!(settings.openings[0].moves.len(), 1);
        let json = serde_json::to_string(&settings).unwrap();
        let back: Settings = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        let rebuilt = back.config().unwrap();
        assert_eq!(Settings::of(&rebuilt), settings);
        assert_eq!(rebuilt.game_time(), config.game_time());
        assert_eq!(
            rebuilt.openings[1].game.start(),
            config.openings[1].game.start()
        );
    }

    #[test]
    fn differences_name_what_decides_the_games_not_the_interpreter() {
        let settings = Settings::of(&config());
        let mut other = config();
        other.seed = 8;
        other.games_per_pair = 4;
        other.python = "/elsewhere/python3".into();
        other.jobs = 3;
        let differ = settings.differences(&Settings::of(&other));
        assert_eq!(differ, ["seed", "games per pair"]);
        other.contest = None;
        other.bots.pop();
        let differ = settings.differences(&Settings::of(&other));
        assert_eq!(differ, ["seed", "bots", "games per pair", "contest mode"]);
    }

    #[test]
    fn an_atomic_write_leaves_no_temporary_file() {
        let dir = std::env::temp_dir().join(format!("warcaby-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.json");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["a.json"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
