//! `warcaby bench sprt`: a clearly weaker candidate is rejected and a
//! clearly stronger one accepted, the verdict is the same with one job or
//! two (pairs are counted in ballot order), and a run stopped early goes on
//! from its state file.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

use std::process::Command;

const WEAK: &str = "negascout:eval=material:depth=1";
const STRONG: &str = "negascout:eval=positional:depth=3";

/// Runs `bench sprt` with wide bounds (0 against 200 Elo) so that these
/// lopsided matches decide in a few pairs; returns stdout's lines.
fn sprt(candidate: &str, base: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "bench",
        "sprt",
        "--candidate",
        candidate,
        "--base",
        base,
        "--elo0",
        "0",
        "--elo1",
        "200",
        "--every",
        "1",
    ];
    args.extend_from_slice(extra);
    let out = Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .env("WARCABY_EGDB", "none")
        .args(&args)
        .output()
        .expect("run warcaby");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{args:?}\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text.lines().map(str::to_string).collect()
}

fn verdict(lines: &[String]) -> &str {
    lines.last().expect("a verdict line")
}

#[test]
fn a_weaker_candidate_is_rejected_and_a_stronger_accepted_whatever_the_jobs() {
    let one = sprt(WEAK, STRONG, &["--jobs", "1"]);
    let two = sprt(WEAK, STRONG, &["--jobs", "2"]);
    assert!(verdict(&one).starts_with("sprt reject "), "{one:?}");
    assert_eq!(one, two, "the same pairs counted in the same order");
    assert!(one[0].contains("model=pentanomial"), "{one:?}");
    let accepted = sprt(STRONG, WEAK, &["--jobs", "2"]);
    assert!(
        verdict(&accepted).starts_with("sprt accept "),
        "{accepted:?}"
    );
}

#[test]
fn a_stopped_run_goes_on_from_its_state_and_refuses_another_tests() {
    let dir = std::env::temp_dir().join(format!("warcaby-sprt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.json");
    let state_arg = state.to_str().unwrap();
    let first = sprt(WEAK, STRONG, &["--state", state_arg, "--max-pairs", "2"]);
    assert!(
        verdict(&first).starts_with("sprt undecided pairs=2 "),
        "{first:?}"
    );
    let whole = sprt(WEAK, STRONG, &[]);
    let resumed = sprt(WEAK, STRONG, &["--state", state_arg]);
    assert!(resumed[1].starts_with("resumed pairs=2 "), "{resumed:?}");
    // Going on from two pairs ends where one run from the start ends.
    assert_eq!(verdict(&resumed), verdict(&whole));
    // Another test's settings do not go on from this state.
    let out = Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .env("WARCABY_EGDB", "none")
        .args(["bench", "sprt", "--candidate", STRONG, "--state", state_arg])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds another test"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_ballots_give_openings_under_every_rule_set() {
    // Where White moves first the ballots are turned half a circle; before
    // that no ballot was legal there and the test had no opening at all.
    for variant in ["tournament", "russian"] {
        let lines = sprt(STRONG, WEAK, &["--variant", variant, "--jobs", "2"]);
        assert!(
            verdict(&lines).starts_with("sprt accept "),
            "{variant}: {lines:?}"
        );
    }
}
