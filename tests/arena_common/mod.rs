//! Shared by the tests that run `warcaby arena` (arena.rs, contest.rs).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh temporary directory path for one test's output.
pub(crate) fn out_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("warcaby-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `warcaby` with `args`.
pub(crate) fn warcaby(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .env("WARCABY_EGDB", "none")
        .args(args)
        .output()
        .expect("run warcaby")
}

/// Runs `warcaby arena` into `dir`; returns its stdout and the results JSON.
pub(crate) fn arena(dir: &Path, args: &[&str]) -> (String, Value) {
    let mut all = vec!["arena", "--out", dir.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = warcaby(&all);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{args:?}\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = std::fs::read_to_string(dir.join("results.json")).expect("results.json");
    (stdout, serde_json::from_str(&json).expect("valid JSON"))
}

/// Every game of a results JSON.
pub(crate) fn games(results: &Value) -> &Vec<Value> {
    results["games"].as_array().unwrap()
}

/// Fails with a clear message when `python3` cannot import numpy (the
/// Python bot tests need both; tests/run_all.sh installs them).
pub(crate) fn python3_with_numpy() {
    let ok = Command::new("python3")
        .args(["-c", "import numpy"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "these tests need python3 with numpy (tests/run_all.sh installs them)"
    );
}
