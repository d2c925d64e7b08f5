//! The arena (`warcaby arena`): a seeded round robin of built-in bots is
//! reproducible, faulty external bots lose with the right reason while the
//! tournament goes on, the Python adapter plays tournament-framework bots
//! (board and step-by-step captures as documented), overtime is played and
//! recorded for a tied pair, openings are played with both colours.
//!
//! The external test bots are in `tests/bots/`; the Python ones need `python3`.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

mod arena_common;

use arena_common::{arena, games, out_dir, python3_with_numpy, warcaby};
use serde_json::Value;
use std::collections::HashMap;

use std::path::{Path, PathBuf};
use warcaby::{Color, Position, Variant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn bots_dir() -> PathBuf {
    Path::new(ROOT).join("tests/bots")
}

fn sh_bot(mode: &str) -> String {
    format!("exec:sh {}/bot.sh {mode}", bots_dir().display())
}

fn python_bot(file: &str) -> String {
    format!("python:{ROOT}/src/arena/python/{file}")
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}

const RULE_ENDS: [&str; 4] = [
    "no_pieces",
    "blocked",
    "threefold_repetition",
    "no_progress",
];

/// Every game's PDN file replays to the recorded result.
fn check_pdn_files(dir: &Path, results: &Value, variant: Variant) {
    for g in games(results) {
        let text = std::fs::read_to_string(dir.join(str_of(g, "pdn"))).unwrap();
        let pdn = warcaby::checkers::notation::pdn::read_game(&text, variant).unwrap();
        assert_eq!(pdn.result, str_of(g, "result"), "{text}");
        assert_eq!(pdn.tag("White"), Some(str_of(g, "white")));
        assert_eq!(pdn.game.ply_count() as u64, g["plies"].as_u64().unwrap());
        assert_eq!(pdn.game.start().to_fen(), str_of(g, "start_fen"));
        let kind = str_of(&g["end"], "kind");
        if RULE_ENDS.contains(&kind) {
            let outcome = pdn.game.outcome().expect("a rules ending is over");
            assert_eq!(outcome.result_text(), str_of(g, "result"), "{text}");
        } else {
            assert!(pdn.game.outcome().is_none(), "{text}");
        }
    }
}

#[test]
fn builtin_round_robin_is_reproducible_with_a_seed() {
    let bots = [
        "random",
        "alphabeta:depth=3",
        "negascout:depth=2:eval=material",
        "level=2",
    ];
    let run = |name: &str, jobs: &str| {
        let dir = out_dir(name);
        let mut args = vec!["--seed", "11", "--jobs", jobs, "--bots"];
        args.extend(bots);
        let (stdout, results) = arena(&dir, &args);
        let json = std::fs::read_to_string(dir.join("results.json")).unwrap();
        (dir, stdout, results, json)
    };
    let (dir, stdout, results, json) = run("seeded-a", "2");
    let (dir_b, _, _, json_b) = run("seeded-b", "1");
    assert_eq!(json, json_b, "same seed, same results (whatever the jobs)");

    assert_eq!(results["seed"], 11);
    assert_eq!(results["pairs"].as_array().unwrap().len(), 6);
    let overtime_pairs = results["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| !p["overtime"].is_null())
        .count();
    assert_eq!(games(&results).len(), 12 + 2 * overtime_pairs);
    for g in games(&results) {
        assert!(RULE_ENDS.contains(&str_of(&g["end"], "kind")), "{g}");
    }
    check_pdn_files(&dir, &results, Variant::Tournament);
    // Every bot meets every other with both colours.
    for p in results["pairs"].as_array().unwrap() {
        let n = p["pair"].as_u64().unwrap();
        let regular: Vec<&Value> = games(&results)
            .iter()
            .filter(|g| g["pair"] == n && g["round"] == "regular")
            .collect();
        assert_eq!(regular.len(), 2);
        assert_eq!(regular[0]["white"], regular[1]["black"]);
        assert_eq!(regular[0]["black"], regular[1]["white"]);
    }
    // The standings: one match point per pair, ranked by points.
    let table = results["standings"].as_array().unwrap();
    assert_eq!(table.len(), 4);
    let total: f64 = table.iter().map(|s| s["points"].as_f64().unwrap()).sum();
    assert_eq!(total, 6.0);
    let game_points: f64 = table
        .iter()
        .map(|s| s["game_points"].as_f64().unwrap())
        .sum();
    assert_eq!(game_points, games(&results).len() as f64);
    let points: Vec<f64> = table
        .iter()
        .map(|s| s["points"].as_f64().unwrap())
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    let elo_sum: i64 = table.iter().map(|s| s["elo"].as_i64().unwrap()).sum();
    assert!(elo_sum.abs() <= 2, "Elo averages 0: {elo_sum}");
    assert!(table.iter().all(|s| s["elo_margin"].as_i64().unwrap() > 0));
    // The terminal output: a line per game, the table and the Elo lines.
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with('[')).count(),
        games(&results).len()
    );
    assert!(stdout.contains("pairs W-D-L"), "{stdout}");
    assert_eq!(stdout.lines().filter(|l| l.starts_with("elo ")).count(), 4);
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(dir_b);
}

#[test]
fn a_brazilian_round_robin_plays_by_its_rules_and_its_games_replay() {
    let dir = out_dir("brazilian");
    let (_, results) = arena(
        &dir,
        &[
            "--variant",
            "brazilian",
            "--seed",
            "5",
            "--bots",
            "random",
            "negascout:depth=3",
        ],
    );
    assert_eq!(results["variant"], "brazilian");
    assert!(games(&results).len() >= 2);
    for g in games(&results) {
        assert!(RULE_ENDS.contains(&str_of(&g["end"], "kind")), "{g}");
    }
    // Every game, read back from its PDN (GameType 26), replays under
    // Brazilian rules to the result recorded; a shorter capture than the
    // longest was never played.
    check_pdn_files(&dir, &results, Variant::Brazilian);
    for g in games(&results) {
        let text = std::fs::read_to_string(dir.join(str_of(g, "pdn"))).unwrap();
        assert!(text.contains("[GameType \"26"), "{text}");
        let pdn = warcaby::checkers::notation::pdn::read_game(&text, Variant::Tournament).unwrap();
        assert_eq!(pdn.game.variant(), Variant::Brazilian);
        for (pos, mv) in pdn.game.positions_and_moves() {
            let most = pos.legal_moves().iter().map(|m| m.capture_count()).max();
            assert_eq!(Some(mv.capture_count()), most, "{}", pos.to_fen());
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn faulty_external_bots_lose_with_the_reason_and_the_arena_goes_on() {
    let dir = out_dir("faulty");
    let first = bots_dir().join("first.sh");
    let faulty = [
        ("crash", "crash", "segfault imminent"),
        ("illegal", "illegal_move", "move 1-2"),
        ("unreadable", "unreadable_move", "move banana"),
        ("garbage", "garbage", "hello there"),
        ("slow", "timeout", "thinking very hard"),
    ];
    let specs: Vec<String> = std::iter::once(first.display().to_string())
        .chain(faulty.iter().map(|(mode, ..)| sh_bot(mode)))
        .collect();
    let mut args = vec!["--time-per-game", "0.5", "--jobs", "2", "--seed", "3"];
    args.push("--bots");
    args.extend(specs.iter().map(String::as_str));
    let (_, results) = arena(&dir, &args);

    let labels: Vec<&str> = results["bots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| str_of(b, "label"))
        .collect();
    assert_eq!(labels[0], "first.sh", "a path to an executable is a bot");
    let expected: HashMap<&str, (&str, &str)> = labels[1..]
        .iter()
        .zip(&faulty)
        .map(|(label, (_, kind, words))| (*label, (*kind, *words)))
        .collect();
    for b in results["bots"].as_array().unwrap() {
        assert_eq!(b["kind"], "external");
        assert!(str_of(b, "name").starts_with("test "), "{b}");
        assert!(b["network_isolated"].is_boolean(), "{b}");
    }
    // 15 pairs; every pair of two faulty bots is tied 1-1 and goes to overtime.
    assert_eq!(results["pairs"].as_array().unwrap().len(), 15);
    assert_eq!(games(&results).len(), 30 + 2 * 10);
    for g in games(&results) {
        let (white, black) = (str_of(g, "white"), str_of(g, "black"));
        let end = &g["end"];
        let loser = match str_of(g, "result") {
            "1-0" => black,
            "0-1" => white,
            other => panic!("no draws here: {other} in {g}"),
        };
        assert_ne!(loser, "first.sh", "{g}");
        let (kind, words) = expected[loser];
        assert_eq!(str_of(end, "kind"), kind, "{g}");
        let by = if loser == white { "white" } else { "black" };
        assert_eq!(str_of(end, "by"), by, "{g}");
        let last = &end["last_words"];
        let said = format!("{} {}", str_of(last, "stdout"), str_of(last, "stderr"));
        assert!(said.contains(words), "{g}");
    }
    let table = results["standings"].as_array().unwrap();
    assert_eq!(table[0]["bot"], "first.sh");
    assert_eq!(table[0]["pairs_won"], 5);
    check_pdn_files(&dir, &results, Variant::Tournament);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn external_bots_get_the_memory_limit() {
    python3_with_numpy();
    let dir = out_dir("memory");
    let first = bots_dir().join("first.sh");
    let hog = sh_bot("hog");
    let first = first.to_str().unwrap();
    let (_, results) = arena(&dir, &["--memory-mb", "200", "--bots", &hog, first]);
    assert_eq!(results["memory_limit_mib"], 200);
    for g in games(&results) {
        assert_eq!(g["winner"], "first.sh", "{g}");
        assert_eq!(g["end"]["kind"], "crash", "{g}");
        let words = str_of(&g["end"]["last_words"], "stderr");
        assert!(words.contains("out of memory"), "{words}");
        assert!(
            str_of(&g["end"], "detail").contains("exited with status 4"),
            "{g}"
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn overtime_is_played_when_a_pair_is_tied() {
    // A bot that plays legal moves as White and an illegal one as Black:
    // two of them win one game each, so the pair is tied 1-1.
    let bot = sh_bot("white-only");
    for (name, men) in [("overtime-2", Some("2")), ("overtime-random", None)] {
        let dir = out_dir(name);
        let mut args = vec!["--seed", "9", "--bots", &bot, &bot];
        if let Some(m) = men {
            args.extend(["--overtime-men", m]);
        }
        let (stdout, results) = arena(&dir, &args);
        assert!(stdout.contains("overtime: pair 1"), "{stdout}");
        let pair = &results["pairs"][0];
        assert_eq!(pair["bots"][0], "exec:sh bot.sh white-only");
        assert_eq!(pair["bots"][1], "exec:sh bot.sh white-only#2");
        assert_eq!(pair["regular"], serde_json::json!([1.0, 1.0]));
        let ot = &pair["overtime"];
        let removed = ot["removed_men"].as_u64().unwrap() as usize;
        match men {
            Some(m) => assert_eq!(removed.to_string(), m),
            None => assert!((1..=3).contains(&removed)),
        }
        assert_eq!(ot["removed_white"].as_array().unwrap().len(), removed);
        assert_eq!(ot["removed_black"].as_array().unwrap().len(), removed);
        let start = Position::from_fen(str_of(ot, "start_fen"), Variant::Tournament).unwrap();
        for color in [Color::White, Color::Black] {
            assert_eq!(start.pieces(color).count() as usize, 12 - removed);
        }
        assert_eq!(ot["score"], serde_json::json!([1.0, 1.0]));
        assert_eq!(pair["decided_by"], "undecided");
        assert!(pair["winner"].is_null());
        let rounds: Vec<&str> = games(&results).iter().map(|g| str_of(g, "round")).collect();
        assert_eq!(rounds, ["regular", "regular", "overtime", "overtime"]);
        for g in &games(&results)[2..] {
            assert_eq!(g["start_fen"], ot["start_fen"]);
            assert_eq!(g["end"]["kind"], "illegal_move");
            assert_eq!(g["end"]["by"], "black");
        }
        let table = results["standings"].as_array().unwrap();
        assert!(table
            .iter()
            .all(|s| s["points"] == 0.5 && s["game_points"] == 2.0));
        check_pdn_files(&dir, &results, Variant::Tournament);
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn openings_are_played_with_both_colours() {
    let dir = out_dir("openings");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        "# two ballots\n1. 9-13 21-17 2. 5-9\nB:W21-28:B1-8\n",
    )
    .unwrap();
    let (_, results) = arena(
        &dir,
        &[
            "--variant",
            "english",
            "--games-per-pair",
            "4",
            "--seed",
            "1",
            "--time-per-game",
            "2",
            "--time-scale",
            "1.5",
            "--openings",
            file.to_str().unwrap(),
            "--bots",
            "alphabeta:depth=2",
            "random",
        ],
    );
    assert_eq!(results["time_per_game_ms"], 3000);
    assert_eq!(results["time_scale"], 1.5);
    let openings: Vec<&str> = results["openings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o.as_str().unwrap())
        .collect();
    assert_eq!(openings.len(), 2);
    let regular: Vec<&Value> = games(&results)
        .iter()
        .filter(|g| g["round"] == "regular")
        .collect();
    assert_eq!(regular.len(), 4);
    for (i, pair) in regular.chunks(2).enumerate() {
        assert_eq!(pair[0]["opening"], openings[i]);
        assert_eq!(pair[1]["opening"], openings[i]);
        assert_eq!(pair[0]["white"], pair[1]["black"]);
    }
    for g in &regular {
        if g["opening"] == "1. 9-13 21-17 2. 5-9" {
            assert_eq!(g["start_fen"], Position::start(Variant::English).to_fen());
            let text = std::fs::read_to_string(dir.join(str_of(g, "pdn"))).unwrap();
            assert!(text.contains("1. 9-13 21-17 2. 5-9"), "{text}");
        } else {
            assert_eq!(
                g["start_fen"],
                "B:W21,22,23,24,25,26,27,28:B1,2,3,4,5,6,7,8"
            );
        }
    }
    check_pdn_files(&dir, &results, Variant::English);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn python_example_bots_complete_a_match() {
    python3_with_numpy();
    let dir = out_dir("python");
    let sensible = python_bot("sensible_bot.py");
    let random = python_bot("random_bot.py");
    let args = [
        "--seed",
        "5",
        "--jobs",
        "2",
        "--games-per-pair",
        "4",
        "--bots",
        &sensible,
        &random,
    ];
    let (_, results) = arena(&dir, &args);
    for b in results["bots"].as_array().unwrap() {
        assert_eq!(b["kind"], "python");
    }
    assert_eq!(results["bots"][0]["label"], "python:sensible_bot.py");
    assert_eq!(results["bots"][0]["name"], "sensible_bot");
    for g in games(&results) {
        assert!(RULE_ENDS.contains(&str_of(&g["end"], "kind")), "{g}");
        assert!(g["plies"].as_u64().unwrap() > 10);
    }
    let table = results["standings"].as_array().unwrap();
    assert_eq!(table[0]["bot"], "python:sensible_bot.py");
    let sensible_points = table[0]["game_points"].as_f64().unwrap();
    assert!(sensible_points >= 3.0, "{sensible_points}");
    check_pdn_files(&dir, &results, Variant::Tournament);
    // The same seed replays the same games.
    let dir_b = out_dir("python-again");
    let (_, again) = arena(&dir_b, &args);
    assert_eq!(again["games"], results["games"]);
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(dir_b);
}

#[test]
fn bad_arena_arguments_give_one_line_and_status_2() {
    for args in [
        vec!["arena", "--bots", "random"],
        vec!["arena", "--bots", "random", "stockfish"],
        vec![
            "arena",
            "--bots",
            "random",
            "random",
            "--games-per-pair",
            "3",
        ],
        vec![
            "arena",
            "--bots",
            "random",
            "random",
            "--openings",
            "/no/such/file",
        ],
        vec!["arena", "--bots", "random", "negascout:depth=0"],
        vec![
            "arena",
            "--bots",
            "random",
            "random",
            "--time-per-game",
            "0",
        ],
    ] {
        let out = warcaby(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.to_lowercase().contains("error"), "{err}");
    }
}
