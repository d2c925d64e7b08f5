//! Contest bots in Python (`class bot` with `move(self, plansza, ruchy)`),
//! run unchanged through the adapter (`python/adapter.py`, built into the
//! binary and written to a temporary directory when the first Python bot
//! starts). The arena works out what the contest's referee would show the
//! bot ([`crate::checkers::referee`]: the board from the mover's side, the one-step
//! moves in the referee's order, captures hop by hop) and the adapter turns
//! it into the numpy board and the list of tuples, calls the bot and times
//! it. See `bot-protocol.md` for the adapter's lines.

use super::contest_player::{Answer, Choice, ContestPlayer, ContestTurn, SubstitutionReason};
use super::player::{checkers_turn, spot_of, Fault, FaultKind, GameStart, Player, Turn};
use super::process::{key_values, seconds, Launch, Process};
use crate::checkers::referee::{parse_step, step_repr, step_text, Hops, Step};
use crate::games::SpotMove;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The adapter script.
pub(crate) const ADAPTER: &str = include_str!("python/adapter.py");
/// The interpreter the adapter runs under unless another is given
/// ([`super::Config::python`], `--python PATH`).
pub const DEFAULT_PYTHON: &str = "python3";
/// The adapter's exit status when numpy cannot be imported.
const NUMPY_MISSING: &str = "exited with status 3";
/// How long the arena waits for the adapter beyond the bot's own limit
/// before it stops the process (the adapter answers `timeout` itself at
/// the limit; this catches a bot that holds the interpreter).
const ADAPTER_GRACE: Duration = Duration::from_secs(2);

/// The adapter written to a temporary directory, removed again on drop.
#[derive(Debug)]
pub struct Adapter {
    dir: PathBuf,
    script: PathBuf,
}

impl Adapter {
    /// Writes the adapter to a new temporary directory.
    pub fn install() -> std::io::Result<Adapter> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let dir =
            std::env::temp_dir().join(format!("warcaby-arena-{}-{stamp:x}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        let script = dir.join("adapter.py");
        std::fs::write(&script, ADAPTER)?;
        Ok(Adapter { dir, script })
    }

    /// The script's path.
    pub fn script(&self) -> &Path {
        &self.script
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Checks that the interpreter `python` can import numpy, which every
/// contest bot is given (its board is a numpy array). The error is one line
/// that says how to install it.
pub(crate) fn check_numpy(python: &str) -> Result<(), String> {
    let status = std::process::Command::new(python)
        .args(["-c", "import numpy"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(_) => Err(format!(
            "Python bots need numpy (the contest gives bots a numpy board), and {python} cannot import it: \
             install it with '{python} -m pip install numpy' or 'apt-get install python3-numpy'"
        )),
        Err(e) => Err(format!(
            "Python bots need {python}, which cannot be run: {e} (pick the interpreter with --python PATH)"
        )),
    }
}

/// What the adapter answered to one `ask`.
enum Reply {
    Step(Step),
    Timeout,
    /// `move` raised: the exception and where (see [`exception_text`]).
    Error(String),
    Invalid(String),
}

/// The exception of an adapter's `error` reply in words, from its fields
/// `exception` (the last line of the traceback) and `where` (the innermost
/// frame): `ValueError: no move (bot.py:12 in move: raise ValueError(...))`.
fn exception_text(fields: &[(String, String)]) -> String {
    let field = |k: &str| {
        fields
            .iter()
            .find(|(key, _)| key == k)
            .map_or("", |(_, v)| v.as_str())
    };
    match (field("exception"), field("where")) {
        ("", _) => "an exception (traceback on stderr)".to_string(),
        (exception, "") => exception.to_string(),
        (exception, place) => format!("{exception} ({place})"),
    }
}

/// A contest bot behind the adapter.
pub struct PythonBot {
    process: Process,
}

impl PythonBot {
    /// A bot run as `python3 <adapter> <file>` under `launch`'s limits.
    pub fn new(launch: Launch) -> PythonBot {
        PythonBot {
            process: Process::new(launch),
        }
    }

    /// Asks the bot for one step of `hops` (`limit`: the adapter's own time
    /// limit, contest mode) by `deadline`; the reply and the time the adapter
    /// measured.
    fn ask(
        &mut self,
        hops: &Hops,
        limit: Option<Duration>,
        deadline: Instant,
    ) -> Result<(Reply, Duration), Fault> {
        let steps: Vec<String> = hops.steps().into_iter().map(step_text).collect();
        let limit = limit.map_or(String::new(), |l| format!(" limit={:.6}", l.as_secs_f64()));
        self.process.send(&format!(
            "ask board={} steps={}{limit}\n",
            hops.board().to_text(),
            steps.join(",")
        ))?;
        let line = self.process.next_line(deadline, "the bot's move")?;
        let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        let fields = key_values(rest);
        let field = |k: &str| {
            fields
                .iter()
                .find(|(key, _)| key == k)
                .map(|(_, v)| v.as_str())
        };
        let elapsed = field("elapsed")
            .and_then(|s| s.parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map(Duration::from_secs_f64);
        let reply = match (word, elapsed) {
            ("step", Some(_)) => rest
                .split_whitespace()
                .next()
                .and_then(parse_step)
                .map(Reply::Step),
            ("timeout", Some(_)) => Some(Reply::Timeout),
            ("error", Some(_)) => Some(Reply::Error(exception_text(&fields))),
            ("invalid", Some(_)) => Some(Reply::Invalid(field("answer").unwrap_or("?").into())),
            _ => None,
        };
        match (reply, elapsed) {
            (Some(reply), Some(elapsed)) => Ok((reply, elapsed)),
            _ => Err(self.process.garbage(&line, "the adapter's reply")),
        }
    }

    /// Creates the game's bot instance (the adapter's `newgame`) and waits
    /// for its `__init__` to return, as long as the handshake may take.
    fn new_instance(&mut self, start: &GameStart) -> Result<(), Fault> {
        let rules: Vec<String> = start
            .rules
            .fields()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        self.process.send(&format!(
            "newgame {} color={} seed={}\n",
            rules.join(" "),
            start.color.name(),
            start.seed
        ))?;
        let deadline = Instant::now() + start.handshake;
        let line = self.process.next_line(deadline, "the bot's __init__")?;
        let (word, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        match word {
            "started" => Ok(()),
            "error" => {
                let detail = format!("__init__ raised {}", exception_text(&key_values(rest)));
                Err(self.process.fail(Fault::new(FaultKind::Crash, detail)))
            }
            _ => Err(self.process.garbage(&line, "'started' or 'error ...'")),
        }
    }

    fn numpy_hint(fault: Fault) -> Fault {
        if fault.detail.contains(NUMPY_MISSING) {
            Fault {
                detail: format!("{} (numpy is missing)", fault.detail),
                ..fault
            }
        } else {
            fault
        }
    }
}

fn steps_text(hops: &Hops) -> String {
    let steps: Vec<String> = hops.steps().into_iter().map(step_repr).collect();
    format!("[{}]", steps.join(", "))
}

impl Player for PythonBot {
    /// Starts the adapter (which loads the bot) and makes the game's
    /// instance, each within the handshake's time.
    fn start(&mut self, start: &GameStart) -> Result<(), Fault> {
        self.process
            .start(start.handshake)
            .map_err(Self::numpy_hint)?;
        self.new_instance(start)
    }

    /// Asks the bot hop by hop until its steps name one legal move; a step
    /// that is not offered, or an exception, loses the game.
    fn choose(&mut self, turn: &Turn<'_>) -> Result<SpotMove, Fault> {
        let deadline = Instant::now() + turn.time_left;
        let (game, legal) = checkers_turn(turn)?;
        let mut hops = Hops::new(game.position(), &legal);
        loop {
            hops.take_forced();
            if let Some(mv) = hops.finished() {
                return spot_of(turn, &legal, &mv);
            }
            let offered = steps_text(&hops);
            match self.ask(&hops, None, deadline)?.0 {
                Reply::Step(step) => {
                    if hops.take(step).is_err() {
                        let detail = format!("step {} is not one of {offered}", step_text(step));
                        return Err(self
                            .process
                            .fail(Fault::new(FaultKind::IllegalMove, detail)));
                    }
                }
                Reply::Invalid(answer) => {
                    let detail = format!("move returned {answer}, which is not one of {offered}");
                    return Err(self
                        .process
                        .fail(Fault::new(FaultKind::IllegalMove, detail)));
                }
                Reply::Error(exception) => {
                    let detail = format!("move raised {exception}");
                    return Err(self.process.fail(Fault::new(FaultKind::Crash, detail)));
                }
                Reply::Timeout => {
                    return Err(self
                        .process
                        .fail(Fault::new(FaultKind::Timeout, "out of time")))
                }
            }
        }
    }

    fn finish(&mut self, result: &str, how: &str) {
        self.process.stop(result, how);
    }

    fn name(&self) -> Option<String> {
        self.process.name()
    }

    fn network_isolated(&self) -> Option<bool> {
        self.process.network_isolated()
    }
}

impl ContestPlayer for PythonBot {
    /// One step, timed by the adapter with the referee's thread and limit.
    fn decide(&mut self, turn: &ContestTurn<'_>) -> Answer {
        let (hops, limit) = (turn.hops, turn.limit);
        let deadline = Instant::now() + limit + ADAPTER_GRACE;
        let failed = |reason, detail: String| Answer {
            choice: Err((reason, detail)),
            elapsed: None,
        };
        let (reply, elapsed) = match self.ask(hops, Some(limit), deadline) {
            Ok(answer) => answer,
            Err(fault) => {
                let reason = match fault.kind {
                    FaultKind::Timeout => SubstitutionReason::Timeout,
                    FaultKind::Garbage => SubstitutionReason::Garbage,
                    _ => SubstitutionReason::Died,
                };
                return failed(reason, fault.with_last_stderr_line());
            }
        };
        let choice = match reply {
            Reply::Step(step) => Ok(Choice::Step(step)),
            Reply::Timeout => Err((
                SubstitutionReason::Timeout,
                format!("no answer within {}", seconds(limit)),
            )),
            Reply::Error(exception) => Err((
                SubstitutionReason::Exception,
                format!("move raised {exception}"),
            )),
            Reply::Invalid(answer) => Err((
                SubstitutionReason::NotLegal,
                format!("move returned {answer}, not one of {}", steps_text(hops)),
            )),
        };
        Answer {
            choice,
            elapsed: Some(elapsed),
        }
    }

    fn hop_by_hop(&self) -> bool {
        true
    }

    fn alive(&self) -> bool {
        self.process.alive()
    }

    /// The referee's benchmark in the bot's interpreter; None when its
    /// process is not running (it failed to start), as there is no
    /// interpreter to run it.
    fn benchmark(&mut self) -> Option<Result<Duration, Fault>> {
        if !self.process.alive() {
            return None;
        }
        let deadline = Instant::now() + Duration::from_secs(120);
        let result = self.process.send("benchmark\n").and_then(|_| {
            let line = self.process.next_line(deadline, "the benchmark")?;
            let seconds = line
                .strip_prefix("benchmark ")
                .and_then(|rest| {
                    key_values(rest)
                        .into_iter()
                        .find(|(k, _)| k == "seconds")
                        .and_then(|(_, v)| v.parse::<f64>().ok())
                })
                .filter(|s| s.is_finite() && *s > 0.0);
            match seconds {
                Some(s) => Ok(Duration::from_secs_f64(s)),
                None => Err(self.process.garbage(&line, "'benchmark seconds=S'")),
            }
        });
        Some(result)
    }
}
