//! A bot's process: started in its sandbox for each game, spoken to line by
//! line on stdin/stdout (its stdout read by a thread, so a reply can be
//! waited for with a deadline), with the last lines of stdout and stderr kept
//! as its last words. The protocols on top are in [`super::external`] (whole
//! moves) and [`super::python`] (the Python adapter, step by step).

use super::player::{Fault, FaultKind, LastWords};
use super::sandbox;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The protocol version the arena speaks.
pub(crate) const PROTOCOL_VERSION: u32 = 1;
/// Longest line kept from a bot; the rest of a longer line is dropped.
const MAX_LINE: usize = 16 * 1024;
/// Lines and characters kept as last words, per stream.
const TAIL_LINES: usize = 6;
const TAIL_CHARS: usize = 600;
/// How long a bot may take to exit after `quit`, and how long its stderr is
/// waited for after a fault, before the process group is killed.
const GRACE: Duration = Duration::from_millis(300);

/// How to start the bot's process.
#[derive(Clone, Debug)]
pub struct Launch {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Address-space limit in bytes (None: unlimited).
    pub memory_bytes: Option<u64>,
    /// Environment variables set for it.
    pub env: Vec<(String, String)>,
    /// Its working directory (None: the arena's).
    pub dir: Option<std::path::PathBuf>,
    /// Its sandbox (None: `--sandbox off`).
    pub sandbox: Option<Arc<sandbox::BotSandbox>>,
}

/// A bot's process, started afresh for every game: its input, its output
/// lines (read by a thread, so a reply can be waited for with a deadline),
/// and its last words.
pub struct Process {
    launch: Launch,
    running: Option<Running>,
    name: Option<String>,
    isolated: Option<bool>,
    /// The sandboxed bot's temporary folder for this game, kept while the
    /// process is restarted within the game and removed when it stops.
    scratch: Option<sandbox::Scratch>,
}

struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
    stdout: Tail,
    stderr: Arc<Mutex<Tail>>,
}

/// The last lines of a stream.
#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    closed: bool,
}

impl Tail {
    fn push(&mut self, line: &str) {
        if self.lines.len() == TAIL_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(cut(line, TAIL_CHARS));
    }

    fn text(&self) -> String {
        let all: Vec<&str> = self.lines.iter().map(String::as_str).collect();
        let text = all.join("\n");
        let skip = text.chars().count().saturating_sub(TAIL_CHARS);
        text.chars().skip(skip).collect()
    }
}

/// `text` cut to `max` characters, with `...` when cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(max).collect();
        s.push_str("...");
        s
    }
}

/// Reads one line (without its newline), keeping at most [`MAX_LINE`] bytes.
/// False at the end of the stream.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<bool> {
    line.clear();
    let mut any = false;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = found.unwrap_or(buf.len());
        reader.consume(used);
        if found.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(true);
        }
    }
}

fn lines_of(stream: impl Read, mut each: impl FnMut(String)) {
    let mut reader = BufReader::new(stream);
    let mut line = Vec::new();
    while let Ok(true) = read_line(&mut reader, &mut line) {
        each(String::from_utf8_lossy(&line).into_owned());
    }
}

/// Splits `key=value key="a value"` pairs.
pub fn key_values(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let end = rest.find(|c: char| c == '=' || c.is_whitespace());
        let Some(eq) = end.filter(|&i| rest[i..].starts_with('=')) else {
            // A bare word: skip it.
            let i = end.unwrap_or(rest.len());
            rest = rest[i..].trim_start();
            continue;
        };
        let key = rest[..eq].to_string();
        let after = &rest[eq + 1..];
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            match quoted.find('"') {
                Some(i) => (quoted[..i].to_string(), &quoted[i + 1..]),
                None => (quoted.to_string(), ""),
            }
        } else {
            let i = after.find(char::is_whitespace).unwrap_or(after.len());
            (after[..i].to_string(), &after[i..])
        };
        out.push((key, value));
        rest = next.trim_start();
    }
    out
}

/// Lines a bot may print at any time: empty, `info ...` and `# ...`.
fn ignored(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#') || t == "info" || t.starts_with("info ")
}

/// A duration as `1.23 s`.
pub fn seconds(d: Duration) -> String {
    format!("{:.2} s", d.as_secs_f64())
}

#[cfg(unix)]
fn describe_exit(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exited with status {code}"),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        _ => status.to_string(),
    }
}

#[cfg(not(unix))]
fn describe_exit(status: std::process::ExitStatus) -> String {
    status.to_string()
}

impl Process {
    /// A process that will be started as `launch`.
    pub fn new(launch: Launch) -> Process {
        Process {
            launch,
            running: None,
            name: None,
            isolated: None,
            scratch: None,
        }
    }

    /// Sets up `cmd` in the bot's sandbox, if it has one: the temporary
    /// folder (made at the first start of the game), the environment and
    /// the rules.
    fn sandboxed(&mut self, cmd: &mut Command) -> Result<Option<sandbox::Prepared>, Fault> {
        let Some(bot_sandbox) = self.launch.sandbox.clone() else {
            return Ok(None);
        };
        let fail = |e: String| Fault::new(FaultKind::Crash, format!("could not sandbox it: {e}"));
        if self.scratch.is_none() {
            let scratch = sandbox::Scratch::create()
                .map_err(|e| fail(format!("no temporary folder: {e}")))?;
            self.scratch = Some(scratch);
        }
        let scratch = self.scratch.as_ref().expect("made above").path();
        sandbox::prepare(cmd, &bot_sandbox, scratch)
            .map(Some)
            .map_err(fail)
    }

    /// Starts the process (in its sandbox).
    pub fn spawn(&mut self) -> Result<(), Fault> {
        let mut cmd = Command::new(&self.launch.program);
        cmd.args(&self.launch.args)
            .envs(self.launch.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = &self.launch.dir {
            cmd.current_dir(dir);
        }
        let prepared = self.sandboxed(&mut cmd)?;
        let isolation = prepared.as_ref().map(|p| p.isolation).unwrap_or_default();
        sandbox::confine(&mut cmd, self.launch.memory_bytes, isolation);
        let spawned = cmd.spawn();
        // The ruleset's descriptor is not needed once the child has started.
        drop(prepared);
        let mut child = spawned.map_err(|e| {
            Fault::new(
                FaultKind::Crash,
                format!("could not start {}: {e}", self.launch.program),
            )
        })?;
        let isolated = sandbox::network_isolated(&child);
        self.isolated = match (self.isolated, isolated) {
            (Some(false), _) | (_, Some(false)) => Some(false),
            (_, now) => now,
        };
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        // Bounded, so a bot flooding its output is slowed down, not stored.
        let (tx, rx) = mpsc::sync_channel(256);
        std::thread::spawn(move || {
            lines_of(stdout, |line| {
                let _ = tx.send(Some(line));
            });
            let _ = tx.send(None);
        });
        let tail = Arc::new(Mutex::new(Tail::default()));
        let writer = Arc::clone(&tail);
        std::thread::spawn(move || {
            lines_of(stderr, |line| writer.lock().expect("tail").push(&line));
            writer.lock().expect("tail").closed = true;
        });
        self.running = Some(Running {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stdout: Tail::default(),
            stderr: tail,
        });
        Ok(())
    }

    /// Stops the process at once and returns `fault` with the last words.
    pub fn fail(&mut self, mut fault: Fault) -> Fault {
        if let Some(mut run) = self.running.take() {
            drop(run.stdin.take());
            sandbox::kill(&mut run.child);
            // Whatever is still in the pipes arrives before their end.
            let until = Instant::now() + GRACE;
            while let Ok(Some(line)) = run
                .lines
                .recv_timeout(until.saturating_duration_since(Instant::now()))
            {
                run.stdout.push(&line);
            }
            while !run.stderr.lock().expect("tail").closed && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            fault.last_words = Some(LastWords {
                stdout: run.stdout.text(),
                stderr: run.stderr.lock().expect("tail").text(),
            });
        }
        fault
    }

    /// The running process; a crash when there is none (it was never
    /// started, failed to start or was stopped after a fault).
    fn running(&mut self) -> Result<&mut Running, Fault> {
        self.running
            .as_mut()
            .ok_or_else(|| Fault::new(FaultKind::Crash, "the bot's process is not running"))
    }

    /// Writes `text` to the process; a closed input is a crash.
    pub fn send(&mut self, text: &str) -> Result<(), Fault> {
        let run = self.running()?;
        let ok = match run.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(text.as_bytes())
                .and_then(|_| stdin.flush())
                .is_ok(),
            None => false,
        };
        if ok {
            Ok(())
        } else {
            let status = Self::exit_status(run);
            Err(self.fail(Fault::new(
                FaultKind::Crash,
                format!("its input is closed: {status}"),
            )))
        }
    }

    /// How the process ended, waiting a little for it.
    fn exit_status(run: &mut Running) -> String {
        let until = Instant::now() + GRACE;
        loop {
            match run.child.try_wait() {
                Ok(Some(status)) => return describe_exit(status),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => return "it closed its output but kept running".to_string(),
                Err(e) => return format!("its status cannot be read: {e}"),
            }
        }
    }

    /// The next line that is not to be ignored, by `deadline`.
    pub(crate) fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<String, Fault> {
        let started = Instant::now();
        loop {
            let run = self.running()?;
            let left = deadline.saturating_duration_since(Instant::now());
            match run.lines.recv_timeout(left) {
                Ok(Some(line)) => {
                    run.stdout.push(&line);
                    if !ignored(&line) {
                        return Ok(line.trim().to_string());
                    }
                }
                Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                    let status = Self::exit_status(run);
                    return Err(self.fail(Fault::new(
                        FaultKind::Crash,
                        format!("{status} while the arena waited for {waiting_for}"),
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(Fault::new(
                        FaultKind::Timeout,
                        format!(
                            "no answer in time: waited {} for {waiting_for}",
                            seconds(started.elapsed())
                        ),
                    )));
                }
            }
        }
    }

    /// Stops the process for printing `line` where `expected` was due.
    pub fn garbage(&mut self, line: &str, expected: &str) -> Fault {
        self.fail(Fault::new(
            FaultKind::Garbage,
            format!(
                "unexpected output \"{}\" (expected {expected})",
                cut(line, 80)
            ),
        ))
    }

    /// True while the process runs.
    pub(crate) fn alive(&self) -> bool {
        self.running.is_some()
    }

    /// The name the bot gave itself in the handshake, if any.
    pub fn name(&self) -> Option<String> {
        self.name.clone()
    }

    /// Whether the process ran without network access.
    pub fn network_isolated(&self) -> Option<bool> {
        self.isolated
    }

    /// Starts the process and runs the handshake (`arena version=..`, then
    /// `id ...` lines up to `ready`) within `timeout`.
    pub fn start(&mut self, timeout: Duration) -> Result<(), Fault> {
        self.spawn()?;
        let deadline = Instant::now() + timeout;
        self.send(&format!("arena version={PROTOCOL_VERSION}\n"))?;
        loop {
            let line = self.next_line(deadline, "'ready'")?;
            let mut words = line.splitn(2, char::is_whitespace);
            match words.next() {
                Some("ready") => return Ok(()),
                Some("id") => {
                    for (key, value) in key_values(words.next().unwrap_or_default()) {
                        if key == "name" && !value.is_empty() {
                            self.name = Some(cut(&value, 40));
                        }
                    }
                }
                _ => return Err(self.garbage(&line, "'id ...' or 'ready'")),
            }
        }
    }

    /// Tells the bot the game is over and stops the process.
    pub fn stop(&mut self, result: &str, how: &str) {
        let Some(run) = self.running.as_mut() else {
            return;
        };
        if let Some(mut stdin) = run.stdin.take() {
            let _ = write!(stdin, "gameover result={result} reason={how}\nquit\n");
            let _ = stdin.flush();
        }
        let until = Instant::now() + GRACE;
        while let Ok(Some(_)) = run
            .lines
            .recv_timeout(until.saturating_duration_since(Instant::now()))
        {}
        sandbox::kill(&mut run.child);
        self.running = None;
        self.scratch = None;
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(mut run) = self.running.take() {
            sandbox::kill(&mut run.child);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_values_with_quotes() {
        assert_eq!(
            key_values("name=\"Big Bot\" author=me x"),
            vec![
                ("name".to_string(), "Big Bot".to_string()),
                ("author".to_string(), "me".to_string())
            ]
        );
    }

    #[test]
    fn long_lines_are_cut() {
        let text = format!("{}\nshort\n", "a".repeat(MAX_LINE * 2));
        let mut lines = Vec::new();
        lines_of(text.as_bytes(), |l| lines.push(l));
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_LINE);
        assert_eq!(lines[1], "short");
    }
}
