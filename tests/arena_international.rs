//! The arena plays international draughts (`warcaby arena --variant
//! international`): built-in bots and an external bot speaking the
//! protocol (`newgame variant=international`, FENs and moves in square
//! numbers 1–50) play a round robin whose records replay to the stated
//! results and whose PDN files are GameType 20; what 10x10 has not (Python
//! bots, 8x8 openings, the contest, the 8x8 evaluations and networks) is
//! refused before the first game.
#![cfg(all(
    feature = "cli",
    feature = "international",
    not(target_arch = "wasm32")
))]

#[allow(dead_code)]
mod arena_common;

use arena_common::{arena, games, out_dir, warcaby};
use warcaby::checkers::international::Board10;
use warcaby::checkers::notation::pdn;
use warcaby::games::{AnyGame, PlayedGame};
use warcaby::Variant;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[test]
fn built_in_and_external_bots_play_a_10x10_round_robin() {
    let dir = out_dir("international");
    let bot = format!("exec:sh {ROOT}/tests/bots/bot.sh first");
    let bots = ["level=1", "negascout:depth=2:eval=learned", bot.as_str()];
    let mut args = vec!["--variant", "international", "--seed", "5"];
    args.extend_from_slice(&["--games-per-pair", "2", "--time-per-game", "5", "--bots"]);
    args.extend_from_slice(&bots);
    let (stdout, results) = arena(&dir, &args);
    assert!(stdout.contains("6 games"), "{stdout}");
    for g in games(&results) {
        let text = std::fs::read_to_string(dir.join(g["pdn"].as_str().unwrap())).unwrap();
        assert!(text.contains("[GameType \"20\"]"), "{text}");
        let read = pdn::split(&text)[0].replay_on::<Board10>(Variant::Tournament);
        let read = read.unwrap_or_else(|e| panic!("{e}\n{text}"));
        let game = AnyGame::from(read.game);
        let played: &dyn PlayedGame = game.played();
        assert_eq!(played.rules_name(), "international");
        assert_eq!(played.board_size(), (10, 10));
        assert_eq!(
            played.ply_count() as u64,
            g["plies"].as_u64().unwrap(),
            "{g}"
        );
        // The external bot plays legal moves: every game ends by the
        // rules, as its result says.
        let outcome = played.outcome().expect("every game ends by the rules");
        assert_eq!(outcome.result_text(), g["result"].as_str().unwrap(), "{g}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_10x10_has_not_is_refused_before_the_first_game() {
    let dir = out_dir("international-refused");
    let openings = format!("{ROOT}/README.md");
    // An 8x8 network has nothing to say about a 10x10 game.
    let english_net = format!("negascout:eval=learned:net={ROOT}/nets/eval-english.bin");
    for extra in [
        vec!["--bots", "level=1", "python:x.py"],
        vec![
            "--bots",
            "level=1",
            "level=2",
            "--openings",
            openings.as_str(),
        ],
        vec!["--bots", "level=1", "level=2", "--contest"],
        vec!["--bots", "level=1", "negascout:eval=positional"],
        vec!["--bots", "level=1", english_net.as_str()],
    ] {
        let mut args = vec![
            "arena",
            "--out",
            dir.to_str().unwrap(),
            "--variant",
            "international",
        ];
        args.extend_from_slice(&extra);
        let out = warcaby(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(!dir.join("results.json").exists(), "{extra:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
