//! The contest, exactly: bots written the way the contest's README teaches
//! run unchanged through the Python adapter (numpy board, `np.where`, an
//! import of the framework's `silnik` module from the bot's parent folder),
//! and `warcaby arena --contest` referees as the contest's program does —
//! time flags and random replacements for slow, raising and dying bots, the
//! referee's draw rules, the tie-break on time, a whole folder of bots.
//!
//! The bots are in `tests/bots/contest/`: `boty/` holds three student-style
//! bots and `silnik.py` beside it is our own small stand-in for the
//! framework's module; `faulty/` holds bots that misbehave on purpose.
//!
//! Here: the referee's game-end rules as rules data; the adapter in
//! `adapter.rs`; student-style bots and contest refereeing in
//! `refereeing.rs`.
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

mod adapter;
#[path = "../arena_common/mod.rs"]
mod arena_common;
mod refereeing;

use arena_common::{arena, games, out_dir, python3_with_numpy};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use warcaby::checkers::rules::{Progress, TOURNAMENT_CONTEST};
use warcaby::{DrawReason, Game, Outcome, Position, Role, Square, Variant};

pub(crate) const ROOT: &str = env!("CARGO_MANIFEST_DIR");

pub(crate) fn contest_dir() -> PathBuf {
    Path::new(ROOT).join("tests/bots/contest")
}

pub(crate) fn bot(path: &str) -> String {
    format!("python:{}", contest_dir().join(path).display())
}

/// Runs `warcaby arena --quiet` into a fresh directory; stdout and results.json.
pub(crate) fn run_arena(name: &str, args: &[&str]) -> (String, Value) {
    let dir = out_dir(name);
    let mut all = vec!["--quiet"];
    all.extend_from_slice(args);
    let out = arena(&dir, &all);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

pub(crate) const RULE_ENDS: [&str; 4] = [
    "no_pieces",
    "blocked",
    "threefold_repetition",
    "no_progress",
];

pub(crate) fn ended_by_rules(g: &Value) -> bool {
    RULE_ENDS.contains(&g["end"]["kind"].as_str().unwrap())
}

/// The contest log of `label`'s side in game `g`.
pub(crate) fn side<'a>(g: &'a Value, label: &str) -> &'a Value {
    if g["white"] == label {
        &g["contest"]["white"]
    } else {
        assert_eq!(g["black"], label);
        &g["contest"]["black"]
    }
}

pub(crate) fn reasons(side: &Value) -> Vec<String> {
    let mut r: Vec<String> = side["substitutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["reason"].as_str().unwrap().to_string())
        .collect();
    r.sort();
    r
}

pub(crate) fn label(path: &str) -> String {
    format!(
        "python:{}",
        Path::new(path).file_name().unwrap().to_str().unwrap()
    )
}

// ---- The referee's game-end rules, as Rules data --------------------------

pub(crate) fn contest_game(fen: &str) -> Game {
    let pos = Position::from_fen(fen, Variant::Tournament).unwrap();
    Game::from_position(pos.under_rules(&TOURNAMENT_CONTEST).unwrap())
}

/// White's men walk up the a-d files while Black's king shuffles in its
/// corner: no capture, no crowning for 20 plies. The written rules count the
/// man moves as progress; the referee counts only captures and crownings,
/// and draws after 20 turns.
#[test]
pub(crate) fn referee_draws_after_20_turns_without_capture_or_crowning_even_with_men_moving() {
    let fen = "W:W21,29,30,25:BK4";
    let written_start = Position::from_fen(fen, Variant::Tournament).unwrap();
    let mut written = Game::from_position(written_start);
    let mut referee = contest_game(fen);
    let corner = [Square::new(6, 6).unwrap(), Square::new(7, 7).unwrap()];
    for ply in 0..20 {
        assert_eq!(referee.outcome(), None, "ply {ply}");
        let legal = referee.legal_moves();
        let pos = *referee.position();
        let mv = legal
            .iter()
            .copied()
            .find(|m| match pos.piece_at(m.from()).unwrap().role {
                Role::King => corner.contains(&m.to()),
                Role::Man => m.to().rank() < 6,
            })
            .expect("a quiet move");
        assert!(!mv.is_capture() && !mv.promotes(), "{mv:?}");
        referee.play(&mv).unwrap();
        written.play(&mv).unwrap();
    }
    assert_eq!(
        referee.outcome(),
        Some(Outcome::Draw(DrawReason::NoProgress {
            plies: 20,
            progress: Progress::CaptureOrCrowning
        }))
    );
    assert_eq!(
        written.outcome(),
        None,
        "men moved: progress by the written rules"
    );
}

/// Two kings shuffle. The written rules count the start position, so its
/// third occurrence (ply 8) draws; the referee never counts the start, so
/// the first position to occur three times is the one after ply 1 (plies 1,
/// 5, 9).
#[test]
pub(crate) fn referee_repetition_does_not_count_the_start_position() {
    let fen = "W:WK29:BK4";
    let shuffle = ["29-25", "4-8", "25-29", "8-4"];
    let mut written = Game::from_position(Position::from_fen(fen, Variant::Tournament).unwrap());
    let mut referee = contest_game(fen);
    let mut written_end = None;
    let mut referee_end = None;
    for ply in 1..=12 {
        let text = shuffle[(ply - 1) % 4];
        if written_end.is_none() {
            written.play_text(text).unwrap();
            if written.outcome().is_some() {
                written_end = Some(ply);
            }
        }
        if referee_end.is_none() {
            referee.play_text(text).unwrap();
            if referee.outcome().is_some() {
                referee_end = Some(ply);
            }
        }
    }
    assert_eq!(written_end, Some(8));
    assert_eq!(referee_end, Some(9));
    assert_eq!(
        referee.outcome(),
        Some(Outcome::Draw(DrawReason::ThreefoldRepetition))
    );
}

/// The referee hashes the board as the mover sees it: a position and its
/// colour-reversed twin (board turned round, colours swapped, the other side
/// to move) are one position; another placement is not.
#[test]
pub(crate) fn the_movers_view_makes_a_position_and_its_colour_reversed_twin_equal() {
    let p = |fen| Position::from_fen(fen, Variant::Tournament).unwrap();
    // White man 21 (a3) and king 30 (c1) against a black man on 12 (h6):
    // turned round, a3 is h6, c1 is f8 (3) and h6 is a3 (21).
    let white_to_move = p("W:W21,K30:B12");
    let twin = p("B:W21:B12,K3");
    assert_eq!(white_to_move.mover_view(), twin.mover_view());
    assert_ne!(white_to_move.mover_view(), p("B:W21,K30:B12").mover_view());
}
