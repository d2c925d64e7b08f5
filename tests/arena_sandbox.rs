//! The arena's sandbox (issue 39): a bot cannot read another bot's code or
//! the arena's output folder, cannot write outside its own temporary folder
//! (which is gone after the game), cannot reach the network, and what it
//! tried fails in its own process and is handled as any other failure (a
//! lost game, or in contest mode a random move with the reason). Student
//! bots (numpy, `np.where`, `from silnik import GRA`, `import warcaby`) run
//! unchanged in it, and `--sandbox off` lets the spy read, which shows the
//! spy's probes can see a leak.
//!
//! The bots are in `tests/bots/sandbox/boty/` (a spy in Python and in sh,
//! a thief, the secret it is after, a bot using the `warcaby` package) and
//! `tests/bots/contest/boty/` (the student-style bots beside their
//! framework's `silnik.py`). They run under the test virtual environment
//! `target/pyenv` (numpy and the `warcaby` package; tests/run_all.sh builds
//! it) or `$WARCABY_TEST_PYTHON`.
//!
//! These tests need Landlock: on a kernel without it they fail, unless
//! `WARCABY_TEST_WITHOUT_LANDLOCK=1` says to skip them, which each skipped
//! test says on stderr.
#![cfg(all(feature = "cli", target_os = "linux"))]

// Shared with arena.rs and contest.rs; this file runs the arena itself, to
// set the spy's variables, and uses only part of it.
#[allow(dead_code)]
mod arena_common;

use arena_common::{games, out_dir};
use serde_json::Value;
use std::net::TcpListener;
use std::os::unix::net::UnixListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use warcaby::arena::sandbox::Sandbox;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The variable that lets the sandbox tests be skipped without Landlock.
const WITHOUT_LANDLOCK: &str = "WARCABY_TEST_WITHOUT_LANDLOCK";

/// True when Landlock is there; without it, a failure unless the user
/// said to skip (then a line on stderr says the test was skipped).
fn landlock(test: &str) -> bool {
    if let Some(abi) = Sandbox::detect(true).landlock_abi {
        assert!(abi >= 1);
        return true;
    }
    let skip = std::env::var(WITHOUT_LANDLOCK).is_ok_and(|v| v == "1");
    assert!(
        skip,
        "Landlock is unavailable on this kernel, so the arena cannot keep bots from files: \
         {test} needs it (set {WITHOUT_LANDLOCK}=1 to skip the sandbox tests)"
    );
    eprintln!("SKIPPED {test}: Landlock is unavailable and {WITHOUT_LANDLOCK}=1");
    false
}

/// The interpreter with numpy and `warcaby`: `$WARCABY_TEST_PYTHON` or
/// the test environment `target/pyenv`.
fn python() -> String {
    let python = std::env::var("WARCABY_TEST_PYTHON")
        .unwrap_or_else(|_| format!("{ROOT}/target/pyenv/bin/python"));
    let ok = Command::new(&python)
        .args(["-c", "import numpy, warcaby"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "{python} cannot import numpy and warcaby: tests/run_all.sh builds target/pyenv \
         with both (or set WARCABY_TEST_PYTHON to an interpreter that has them)"
    );
    python
}

fn sandbox_bot(file: &str) -> String {
    let path = Path::new(ROOT).join("tests/bots/sandbox/boty").join(file);
    match file.ends_with(".py") {
        true => format!("python:{}", path.display()),
        false => format!("exec:{}", path.display()),
    }
}

fn student_bot(file: &str) -> String {
    format!("python:{ROOT}/tests/bots/contest/boty/{file}")
}

/// What the spy aims at: the output folder with a planted file, a folder
/// of the test's with a private file and a UNIX socket, and a TCP port the
/// test listens on.
struct Targets {
    out: PathBuf,
    outside: PathBuf,
    listener: TcpListener,
    unix: UnixListener,
}

const PLANTED: &str = "planted by the test\n";

impl Targets {
    fn new(name: &str) -> Targets {
        let out = out_dir(&format!("{name}-out"));
        let outside = out_dir(&format!("{name}-outside"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(out.join("planted.txt"), PLANTED).unwrap();
        std::fs::write(outside.join("private.txt"), "private\n").unwrap();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let unix = UnixListener::bind(outside.join("spy.sock")).unwrap();
        unix.set_nonblocking(true).unwrap();
        Targets {
            out,
            outside,
            listener,
            unix,
        }
    }

    /// Runs `warcaby arena --quiet` into the output folder with the spy's
    /// variables set; the results.
    fn arena(&self, args: &[&str]) -> Value {
        let port = self.listener.local_addr().unwrap().port().to_string();
        let out = Command::new(env!("CARGO_BIN_EXE_warcaby"))
            .env("WARCABY_EGDB", "none")
            .args(["arena", "--quiet", "--seed", "3", "--python", &python()])
            .args(["--out", self.out.to_str().unwrap()])
            .args(args)
            .env("SPY_OUT", &self.out)
            .env("SPY_OUTSIDE", &self.outside)
            .env("SPY_PORT", port)
            .output()
            .expect("run warcaby");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}\n{stdout}\n{stderr}");
        let json = std::fs::read_to_string(self.out.join("results.json")).unwrap();
        let results: Value = serde_json::from_str(&json).unwrap();
        let summary = results["sandbox"]["summary"].as_str().unwrap();
        assert!(stdout.contains(summary), "{stdout}");
        results
    }

    /// Nothing outside changed: the planted file is as it was, no file
    /// appeared in the test's folder, nobody connected.
    fn unchanged(&self) {
        let planted = std::fs::read_to_string(self.out.join("planted.txt")).unwrap();
        assert_eq!(planted, PLANTED);
        let mut names: Vec<String> = std::fs::read_dir(&self.outside)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["private.txt", "spy.sock"]);
        assert!(self.listener.accept().is_err(), "a bot reached the port");
        assert!(self.unix.accept().is_err(), "a bot reached the socket");
    }
}

impl Drop for Targets {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.out);
        let _ = std::fs::remove_dir_all(&self.outside);
    }
}

/// The spy's report `key=value ...` out of a recorded detail.
fn report(detail: &str) -> Vec<(String, String)> {
    let start = detail.find("probes: ").expect("the spy's report") + "probes: ".len();
    detail[start..]
        .split_whitespace()
        .map_while(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn value<'a>(report: &'a [(String, String)], key: &str) -> &'a str {
    report
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("{key} in {report:?}"))
}

/// The spy found everything closed but its temporary folder, which is
/// private, and gone now; `abi`: the kernel's Landlock ABI.
fn check_sandboxed_report(detail: &str, abi: u64) {
    let report = report(detail);
    for key in ["sib", "outr", "outl", "outw", "othr", "othw", "unix"] {
        assert_eq!(value(&report, key), "denied", "{key}: {detail}");
    }
    // Landlock closes TCP from ABI 4 (PermissionError); the network
    // namespace has no route (another OSError) where it does not.
    assert_ne!(value(&report, "net"), "ok", "{detail}");
    if abi >= 6 {
        assert_eq!(value(&report, "sig"), "denied", "{detail}");
    }
    assert_eq!(value(&report, "tmpw"), "ok", "{detail}");
    let tmp = PathBuf::from(value(&report, "tmp"));
    let base = std::env::temp_dir().canonicalize().unwrap();
    assert!(tmp.starts_with(&base) && tmp != base, "{detail}");
    let name = tmp.file_name().unwrap().to_string_lossy();
    assert!(name.starts_with("warcaby-bot-"), "{detail}");
    assert!(!tmp.exists(), "{} outlived its game", tmp.display());
}

fn check_sandbox_record(results: &Value) -> u64 {
    let record = &results["sandbox"];
    assert_eq!(record["mode"], "on", "{record}");
    assert_eq!(record["landlock"], "on", "{record}");
    assert_eq!(record["network_namespace"], true, "{record}");
    assert_eq!(record["memory_limit_mib"], 1024, "{record}");
    let abi = record["landlock_abi"].as_u64().expect("an ABI version");
    let summary = record["summary"].as_str().unwrap();
    assert!(
        summary.contains(&format!("Landlock ABI {abi}")),
        "{summary}"
    );
    abi
}

/// The colour `label` played in `g`, if it played.
fn colour_of(g: &Value, label: &str) -> Option<&'static str> {
    match (g["white"] == label, g["black"] == label) {
        (true, _) => Some("white"),
        (_, true) => Some("black"),
        _ => None,
    }
}

#[test]
fn bots_cannot_spy_in_normal_mode_and_lose_for_trying() {
    if !landlock("bots_cannot_spy_in_normal_mode_and_lose_for_trying") {
        return;
    }
    let targets = Targets::new("sandbox-normal");
    let bots = ["spy_bot.py", "thief_bot.py", "secret_bot.py", "spy.sh"].map(sandbox_bot);
    let mut args = vec!["--bots"];
    args.extend(bots.iter().map(String::as_str));
    let results = targets.arena(&args);
    let abi = check_sandbox_record(&results);
    let mut seen = [0; 3];
    for g in games(&results) {
        let by = g["end"]["by"].as_str().unwrap_or_default();
        let detail = g["end"]["detail"].as_str().unwrap();
        if colour_of(g, "python:secret_bot.py") == Some(by) {
            panic!("the secret bot lost by a fault: {g}");
        }
        if colour_of(g, "python:spy_bot.py") == Some(by) {
            assert_eq!(g["end"]["kind"], "crash", "{g}");
            check_sandboxed_report(detail, abi);
            seen[0] += 1;
        } else if colour_of(g, "python:thief_bot.py") == Some(by) {
            assert_eq!(g["end"]["kind"], "crash", "{g}");
            assert!(detail.contains("move raised PermissionError"), "{g}");
            assert!(detail.contains("secret_bot.py"), "{g}");
            seen[1] += 1;
        } else if colour_of(g, "exec:spy.sh") == Some(by) {
            assert_eq!(g["end"]["kind"], "unreadable_move", "{g}");
            assert!(detail.contains("read=denied,write=denied,tmp=ok"), "{g}");
            seen[2] += 1;
        }
    }
    // Each played White at least once against every other bot.
    assert!(seen.iter().all(|&n| n >= 3), "{seen:?}");
    targets.unchanged();
}

#[test]
fn bots_cannot_spy_in_contest_mode_and_get_random_moves_for_trying() {
    if !landlock("bots_cannot_spy_in_contest_mode_and_get_random_moves_for_trying") {
        return;
    }
    let targets = Targets::new("sandbox-contest");
    let bots = ["spy_bot.py", "thief_bot.py", "spy.sh"].map(sandbox_bot);
    let mut args = vec!["--contest", "--move-time", "500", "--bots"];
    args.extend(bots.iter().map(String::as_str));
    let results = targets.arena(&args);
    let abi = check_sandbox_record(&results);
    let mut seen = [0; 3];
    for g in games(&results) {
        for colour in ["white", "black"] {
            let label = g[colour].as_str().unwrap();
            let side = &g["contest"][colour];
            assert!(side["failures"].as_array().unwrap().is_empty(), "{g}");
            for s in side["substitutions"].as_array().unwrap() {
                let (reason, detail) = (&s["reason"], s["detail"].as_str().unwrap());
                match label {
                    "python:spy_bot.py" => {
                        assert_eq!(reason, "exception", "{s}");
                        check_sandboxed_report(detail, abi);
                        seen[0] += 1;
                    }
                    "python:thief_bot.py" => {
                        assert_eq!(reason, "exception", "{s}");
                        assert!(detail.contains("PermissionError"), "{s}");
                        seen[1] += 1;
                    }
                    _ => {
                        assert!(detail.contains("read=denied,write=denied,tmp=ok"), "{s}");
                        seen[2] += 1;
                    }
                }
            }
        }
    }
    assert!(seen.iter().all(|&n| n >= 4), "{seen:?}");
    targets.unchanged();
}

/// The student bots against `random`: every game ends by the rules, with
/// no fault or random replacement, and each student bot wins its pair.
fn check_students(results: &Value, contest: bool) {
    let students = [
        "python:numpy_bot.py",
        "python:where_bot.py",
        "python:silnik_bot.py",
        "python:warcaby_bot.py",
    ];
    for g in games(results) {
        let kind = g["end"]["kind"].as_str().unwrap();
        assert!(g["end"]["by"].is_null(), "a fault: {g}");
        assert!(
            [
                "no_pieces",
                "blocked",
                "threefold_repetition",
                "no_progress"
            ]
            .contains(&kind),
            "{g}"
        );
        if contest {
            for colour in ["white", "black"] {
                let side = &g["contest"][colour];
                assert!(side["substitutions"].as_array().unwrap().is_empty(), "{g}");
                assert!(side["failures"].as_array().unwrap().is_empty(), "{g}");
            }
        }
    }
    for pair in results["pairs"].as_array().unwrap() {
        let bots = [&pair["bots"][0], &pair["bots"][1]];
        if let Some(random) = bots.iter().position(|b| *b == "random") {
            let student = bots[1 - random].as_str().unwrap();
            assert!(students.contains(&student), "{pair}");
            assert_eq!(pair["winner"], student, "{pair}");
        }
    }
}

#[test]
fn student_bots_run_unchanged_in_the_sandbox_in_both_modes() {
    if !landlock("student_bots_run_unchanged_in_the_sandbox_in_both_modes") {
        return;
    }
    let bots = [
        student_bot("numpy_bot.py"),
        student_bot("where_bot.py"),
        student_bot("silnik_bot.py"),
        sandbox_bot("warcaby_bot.py"),
        "random".to_string(),
    ];
    for contest in [false, true] {
        let targets = Targets::new(if contest { "students-c" } else { "students" });
        let mut args = vec!["--bots"];
        args.extend(bots.iter().map(String::as_str));
        if contest {
            args.extend(["--contest", "--move-time", "1000"]);
        }
        let results = targets.arena(&args);
        check_sandbox_record(&results);
        check_students(&results, contest);
        targets.unchanged();
    }
}

#[test]
fn with_the_sandbox_off_the_spy_reads_and_writes() {
    let targets = Targets::new("sandbox-off");
    let spy = sandbox_bot("spy_bot.py");
    let results = targets.arena(&["--sandbox", "off", "--bots", &spy, "random"]);
    let record = &results["sandbox"];
    assert_eq!(record["mode"], "off", "{record}");
    assert_eq!(record["landlock"], "off", "{record}");
    assert_eq!(record["network_namespace"], false, "{record}");
    assert!(record["summary"]
        .as_str()
        .unwrap()
        .starts_with("sandbox off"));
    let g = &games(&results)[0];
    let report = report(g["end"]["detail"].as_str().unwrap());
    for key in ["sib", "outr", "outw", "othr", "othw", "net", "unix"] {
        assert_eq!(value(&report, key), "ok", "{key}: {report:?}");
    }
    let _ = std::fs::remove_file(Path::new(value(&report, "tmp")).join("spy_note.txt"));
    assert!(targets.outside.join("spy_was_here.txt").exists());
    // The spy's connections are waiting to be accepted.
    assert!(targets.listener.accept().is_ok());
    assert!(targets.unix.accept().is_ok());
}
