//! A tournament survives being killed: `warcaby arena` killed (SIGKILL to
//! its process group) after a few games and resumed with `--resume DIR`
//! writes the same results.json, report.html and PDN files, byte for byte, as an
//! uninterrupted run with the seed, without playing a recorded game
//! again; resuming a finished tournament plays nothing; a folder without
//! a tournament, other settings, or a fresh start over an unfinished
//! tournament with games recorded are refused with a clear message (exit 2)
//! and change nothing.
//!
//! The bots are deterministic (built-ins with a depth, `random` seeded per
//! game, `tests/bots/bot.sh`'s first-move bots), so only the kill varies.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

#[allow(dead_code)]
mod arena_common;

use arena_common::{arena, out_dir, warcaby};
use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn sh_bot(mode: &str) -> String {
    format!("exec:sh {ROOT}/tests/bots/bot.sh {mode}")
}

/// Four bots, one pausing 20 ms a move so that games take a while, four
/// games a pair (24 regular games, overtime for tied pairs).
fn args(seed: &str, jobs: &str) -> Vec<String> {
    let mut args: Vec<String> = ["--seed", seed, "--jobs", jobs, "--games-per-pair", "4"]
        .map(String::from)
        .to_vec();
    args.push("--bots".into());
    args.extend([
        sh_bot("pause"),
        "random".into(),
        "alphabeta:depth=2".into(),
        sh_bot("first"),
    ]);
    args
}

/// Every file of the output folder but the settings and game records,
/// with its text.
fn outputs(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .filter(|(name, _)| name != "tournament.json")
        .collect()
}

fn records(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("games")) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
}

/// Starts the arena in a process group of its own and kills the group
/// with SIGKILL once `games` game records are written.
fn run_and_kill(dir: &Path, args: &[String], games: usize) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .env("WARCABY_EGDB", "none")
        .args(["arena", "--quiet", "--out", dir.to_str().unwrap()])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .expect("start warcaby");
    let start = Instant::now();
    while records(dir).len() < games {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the arena ended before {games} games were written"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no games written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // SAFETY: a plain system call on the group of the child we started.
    let killed = unsafe { libc::killpg(child.id() as i32, libc::SIGKILL) };
    assert_eq!(killed, 0, "killpg");
    child.wait().unwrap();
}

fn game_lines(stdout: &str) -> usize {
    stdout.lines().filter(|l| l.starts_with('[')).count()
}

#[test]
fn a_killed_tournament_resumes_to_the_results_of_an_uninterrupted_one() {
    let whole = out_dir("resume-whole");
    let whole_args = args("21", "2");
    let whole_args: Vec<&str> = whole_args.iter().map(String::as_str).collect();
    let (_, results) = arena(&whole, &whole_args);
    let total = results["games"].as_array().unwrap().len();
    assert!(total > 24, "overtime played: {total} games");
    let expected = outputs(&whole);
    // The PDN files, results.json and report.html.
    assert!(expected.contains_key("results.json") && expected.contains_key("report.html"));
    assert_eq!(expected.len(), total + 2);

    let dir = out_dir("resume-killed");
    run_and_kill(&dir, &args("21", "2"), 4);
    let kept = records(&dir).len();
    assert!(kept >= 4 && kept < total, "{kept} of {total} kept");
    assert!(!dir.join("results.json").exists(), "killed before the end");
    // Files the kill caught half written are temporary ones: ignored.
    let half = dir.join("games/.p01-g1.json.tmp");
    std::fs::write(&half, "{\"record\": {\"id\": \"p0").unwrap();
    let half_pdn = dir.join(".p01-g1.pdn.tmp");
    std::fs::write(&half_pdn, "[Event \"Warc").unwrap();

    // Resumed with another number of jobs: the results do not depend on it.
    let resume = ["arena", "--resume", dir.to_str().unwrap(), "--jobs", "1"];
    let out = warcaby(&resume);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains(&format!("resuming: {kept} of ")),
        "{stdout}"
    );
    assert_eq!(
        game_lines(&stdout),
        total - kept,
        "nothing played twice:\n{stdout}"
    );
    assert!(
        !half.exists() && !half_pdn.exists(),
        "half files are cleared"
    );
    assert_eq!(
        outputs(&dir),
        expected,
        "the same results, report and PDN files"
    );
    assert_eq!(records(&dir).len(), total);

    // Resuming the finished tournament plays nothing and changes nothing.
    let stamps = |d: &Path| -> Vec<_> {
        records(d)
            .iter()
            .map(|p| std::fs::metadata(p).unwrap().modified().unwrap())
            .collect()
    };
    let before = stamps(&dir);
    let out = warcaby(&resume);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success());
    assert_eq!(game_lines(&stdout), 0, "{stdout}");
    assert!(
        stdout.contains(&format!("resuming: {total} of {total} games")),
        "{stdout}"
    );
    assert_eq!(stamps(&dir), before);
    assert_eq!(outputs(&dir), expected);
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs warcaby expecting exit status 2; its stderr.
fn refused(args: &[&str]) -> String {
    let out = warcaby(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    stderr
}

#[test]
fn resume_refuses_other_settings_and_folders_without_a_tournament() {
    let dir = out_dir("resume-refused");
    let path = dir.to_str().unwrap();
    let empty = out_dir("resume-empty");
    std::fs::create_dir_all(&empty).unwrap();
    let err = refused(&["arena", "--resume", empty.to_str().unwrap()]);
    assert!(err.contains("holds no tournament to resume"), "{err}");
    assert_eq!(
        std::fs::read_dir(&empty).unwrap().count(),
        0,
        "nothing written"
    );

    run_and_kill(&dir, &args("4", "1"), 2);
    let before = (outputs(&dir), records(&dir));

    let err = refused(&["arena", "--resume", path, "--bots", "random", "level=1"]);
    assert!(err.contains("the bots given differ"), "{err}");
    let err = refused(&[
        "arena",
        "--resume",
        path,
        "--seed",
        "5",
        "--games-per-pair",
        "2",
    ]);
    assert!(err.contains("seed, games per pair"), "{err}");
    let err = refused(&["arena", "--resume", path, "--out", path]);
    assert!(err.contains("cannot be used with"), "{err}");
    // A fresh start over the unfinished tournament points to --resume.
    let mut fresh = vec!["arena", "--out", path];
    let a = args("4", "1");
    fresh.extend(a.iter().map(String::as_str));
    let err = refused(&fresh);
    assert!(
        err.contains("unfinished tournament") && err.contains("--resume"),
        "{err}"
    );
    assert_eq!((outputs(&dir), records(&dir)), before, "nothing changed");

    // Given with the recorded values, the options are accepted (with
    // another number of jobs, which may change).
    let mut same = vec!["arena", "--quiet", "--resume", path];
    let b = args("4", "2");
    same.extend(b.iter().map(String::as_str));
    let out = warcaby(&same);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("results.json").exists());
    // A tournament stopped before its first game has nothing to lose: a
    // fresh run starts over.
    std::fs::copy(dir.join("tournament.json"), empty.join("tournament.json")).unwrap();
    let mut over = vec![
        "arena",
        "--quiet",
        "--out",
        empty.to_str().unwrap(),
        "--seed",
        "9",
    ];
    over.extend(["--bots", "random", "level=1"]);
    let out = warcaby(&over);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let settings = std::fs::read_to_string(empty.join("tournament.json")).unwrap();
    assert!(settings.contains("\"seed\": 9"), "{settings}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&empty);
}
