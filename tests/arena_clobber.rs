//! The arena plays Clobber (`warcaby arena --game clobber --rows R --cols
//! C`): built-in bots (random, a level, the lab's algorithms with Clobber
//! heuristics) and an external bot speaking the protocol's Clobber lines
//! play a round robin whose standings add up and whose record files replay
//! to the stated results; faulty bots lose as in checkers; a killed
//! tournament resumes; what Clobber has not (checkers evaluations, the
//! AlphaZero bot, tables, the book, contest mode, Python bots, openings)
//! is refused before the first game.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

#[allow(dead_code)]
mod arena_common;

use arena_common::{arena, games, out_dir, warcaby};
use serde_json::Value;
use std::path::Path;
use warcaby::arena::results::RecordFile;
use warcaby::games::PlayedGame;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The tiny external Clobber bot (plays the first listed move).
fn clobber_bot() -> String {
    format!("{ROOT}/tests/bots/clobber_first.sh")
}

/// A mode of the checkers test bot, which fails the same way in any game.
fn faulty_bot(mode: &str) -> String {
    format!("exec:sh {ROOT}/tests/bots/bot.sh {mode}")
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}

/// A seeded Clobber round robin on a 4x5 board.
fn round_robin(dir: &Path, bots: &[&str]) -> (String, Value) {
    let mut args = vec!["--game", "clobber", "--rows", "4", "--cols", "5"];
    args.extend_from_slice(&["--seed", "11", "--games-per-pair", "2", "--bots"]);
    args.extend_from_slice(bots);
    arena(dir, &args)
}

/// Every game's record file replays to its stated result, plies and start,
/// and ended by the rules (no draws in Clobber).
fn check_records(dir: &Path, results: &Value) {
    for g in games(results) {
        assert!(g.get("pdn").is_none(), "Clobber has no PDN: {g}");
        let text = std::fs::read_to_string(dir.join(str_of(g, "record"))).unwrap();
        let file: RecordFile = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (file.white.as_str(), file.black.as_str()),
            (str_of(g, "white"), str_of(g, "black"))
        );
        assert_eq!(file.result, str_of(g, "result"));
        let game = file.game().unwrap();
        let played: &dyn PlayedGame = game.played();
        assert_eq!(played.ply_count() as u64, g["plies"].as_u64().unwrap());
        assert_eq!(played.position_text_at(0), str_of(g, "start_fen"));
        match str_of(&g["end"], "kind") {
            "blocked" => {
                let outcome = played.outcome().expect("a rules ending is over");
                assert_eq!(outcome.result_text(), file.result, "{text}");
            }
            _ => assert!(
                played.outcome().is_none(),
                "a fault ends a game early: {text}"
            ),
        }
        assert!(["1-0", "0-1"].contains(&file.result.as_str()), "{text}");
    }
}

/// The standings add up: one point per game and per pair, no draws.
fn check_standings(results: &Value) {
    let table = results["standings"].as_array().unwrap();
    let sum = |key: &str| table.iter().map(|r| r[key].as_f64().unwrap()).sum::<f64>();
    let games = games(results).len() as f64;
    let pairs = results["pairs"].as_array().unwrap().len() as f64;
    assert_eq!(sum("game_points"), games);
    assert_eq!(sum("wins"), games);
    assert_eq!(sum("losses"), games);
    assert_eq!(sum("draws"), 0.0);
    assert_eq!(sum("points"), pairs);
    for pair in results["pairs"].as_array().unwrap() {
        let regular = pair["regular"].as_array().unwrap();
        let points: f64 = regular.iter().map(|p| p.as_f64().unwrap()).sum();
        assert_eq!(points, results["games_per_pair"].as_f64().unwrap());
    }
}

#[test]
fn a_clobber_round_robin_of_builtins_and_an_external_bot_adds_up_and_replays() {
    let bot = clobber_bot();
    let bots = [
        "random",
        "level=2",
        "negascout:eval=live:depth=3",
        "alphabeta:eval=active:depth=2",
        bot.as_str(),
    ];
    let dir = out_dir("clobber-round-robin");
    let (stdout, results) = round_robin(&dir, &bots);
    assert!(stdout.contains("clobber 4x5"), "{stdout}");
    assert!(stdout.contains("game records, results.json"), "{stdout}");
    assert_eq!(str_of(&results, "variant"), "clobber");
    assert_eq!(
        (results["rows"].as_u64(), results["cols"].as_u64()),
        (Some(4), Some(5))
    );
    check_records(&dir, &results);
    check_standings(&results);
    for g in games(&results) {
        assert_eq!(str_of(&g["end"], "kind"), "blocked", "no bot fails: {g}");
    }
    let external = &results["bots"][4];
    assert_eq!(str_of(external, "kind"), "external");
    assert_eq!(str_of(external, "name"), "clobber first");
    let report = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert!(report.contains(".game.json") && !report.contains("#pdn="));

    // The same seed plays the same tournament.
    let again = out_dir("clobber-round-robin-again");
    let (_, second) = round_robin(&again, &bots);
    assert_eq!(results, second);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&again);
}

#[test]
fn faulty_bots_lose_clobber_games_with_the_reason() {
    let dir = out_dir("clobber-faults");
    let bots = [
        faulty_bot("garbage"),
        faulty_bot("unreadable"),
        faulty_bot("crash"),
        "random".to_string(),
    ];
    let bots: Vec<&str> = bots.iter().map(String::as_str).collect();
    let (_, results) = round_robin(&dir, &bots);
    check_records(&dir, &results);
    check_standings(&results);
    for g in games(&results) {
        let kind = str_of(&g["end"], "kind");
        let loser = match str_of(&g["end"], "by") {
            "white" => str_of(g, "white"),
            _ => str_of(g, "black"),
        };
        let expected = ["garbage", "unreadable_move", "crash"]
            .into_iter()
            .find(|k| loser.ends_with(k.trim_end_matches("_move")));
        assert_eq!(Some(kind), expected, "{g}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_clobber_tournament_resumes_to_the_same_results() {
    let bot = clobber_bot();
    let bots = ["random", "level=1", "negascout:depth=2", bot.as_str()];
    let dir = out_dir("clobber-resume");
    let (_, whole) = round_robin(&dir, &bots);
    // As if killed after the first games: later records and the results go.
    let mut records: Vec<_> = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    records.sort();
    for path in &records[3..] {
        std::fs::remove_file(path).unwrap();
    }
    std::fs::remove_file(dir.join("results.json")).unwrap();
    let out = warcaby(&["arena", "--resume", dir.to_str().unwrap(), "--quiet"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = std::fs::read_to_string(dir.join("results.json")).unwrap();
    let resumed: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(resumed, whole);
    // The board is part of the tournament's settings.
    let other = warcaby(&["arena", "--resume", dir.to_str().unwrap(), "--rows", "5"]);
    assert_eq!(other.status.code(), Some(2));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(err.contains("board"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_clobber_has_not_is_refused_before_the_first_game() {
    let py = format!("python:{ROOT}/src/arena/python/random_bot.py");
    let openings = format!("{ROOT}/src/checkers/acf_ballots.txt");
    let tables = std::env::temp_dir();
    let egdb = format!("negascout:egdb={}", tables.display());
    let clobber = ["arena", "--game", "clobber", "--out"];
    for (extra, needle) in [
        (
            vec!["--bots", "random", "alphabeta:eval=material"],
            "checkers evaluation",
        ),
        (vec!["--bots", "random", "az"], "AlphaZero"),
        (vec!["--bots", "random", &egdb], "egdb="),
        (
            vec!["--bots", "random", "negascout:book=on"],
            "opening book",
        ),
        (vec!["--bots", "random", "level=3:book=on"], "opening book"),
        (vec!["--bots", "random", &py], "python:"),
        (vec!["--contest", "--bots", "random", "random"], "--contest"),
        (
            vec!["--openings", &openings, "--bots", "random", "random"],
            "--openings",
        ),
        (
            vec!["--rows", "11", "--bots", "random", "random"],
            "rows and columns",
        ),
    ] {
        let dir = out_dir("clobber-refused");
        let mut args = clobber.to_vec();
        args.push(dir.to_str().unwrap());
        args.extend(extra.iter().copied());
        let out = warcaby(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!dir.join("games").exists(), "{args:?}: no game is played");
    }
    // A Clobber evaluation is refused in checkers, as a checkers one is in Clobber.
    let out = warcaby(&["arena", "--bots", "random", "negascout:eval=live"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("Clobber evaluation") || err.contains("clobber evaluation"),
        "{err}"
    );
}

#[test]
fn the_clobber_bot_hears_a_checkers_game_as_one_and_loses_by_garbage() {
    // Its lines tell the games apart: `newgame variant=...`, `pos fen=...`.
    let dir = out_dir("clobber-bot-in-checkers");
    let bot = clobber_bot();
    let (_, results) = arena(&dir, &["--seed", "2", "--bots", &bot, "random"]);
    for g in games(&results) {
        assert_eq!(str_of(&g["end"], "kind"), "garbage", "{g}");
        assert_eq!(g["winner"], "random");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
