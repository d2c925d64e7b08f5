//! Networks are values, not settings of the process: two learned
//! evaluations with different networks evaluate side by side in one
//! process, and meet in one arena run (`eval=learned:net=FILE`).
#![cfg(all(feature = "cli", not(target_arch = "wasm32")))]

// Shared with the arena tests; this file uses part of it.
#[allow(dead_code)]
mod arena_common;

use arena_common::{arena, games, out_dir};
use warcaby::checkers::ai::learned::net::quantise;
use warcaby::checkers::ai::learned::{features::INPUTS, EvalNet};
use warcaby::checkers::ai::{CheckersEval, CheckersNode};
use warcaby::search::Evaluator;
use warcaby::{Position, Variant};

/// A network that knows nothing: every weight and bias zero, so every
/// position scores 0.
fn blank_network_file() -> Vec<u8> {
    let (h1, h2) = (8, 4);
    let w1 = vec![0.0; INPUTS * h1];
    let (b1, w2, b2, w3) = (
        vec![0.0; h1],
        vec![0.0; h2 * h1],
        vec![0.0; h2],
        vec![0.0; h2],
    );
    quantise((h1, h2), 100.0, [&w1, &b1, &w2, &b2, &w3, &[0.0]]).expect("a valid file")
}

fn node(fen: &str) -> CheckersNode {
    CheckersNode {
        pos: Position::from_fen(fen, Variant::English).unwrap(),
        quiet_plies: 0,
    }
}

#[test]
fn two_networks_evaluate_side_by_side_in_one_process() {
    let blank = CheckersEval::Learned(EvalNet::from_bytes(&blank_network_file()).unwrap());
    let shipped = CheckersEval::learned();
    assert_ne!(
        blank, shipped,
        "different networks are different evaluations"
    );
    assert_eq!(
        shipped,
        "learned".parse().unwrap(),
        "the name reads as the shipped one"
    );
    let man_up = node("W:W21,22,23:B1,2");
    assert_eq!(blank.evaluate(&man_up), 0);
    assert!(
        shipped.evaluate(&man_up) > 50,
        "{}",
        shipped.evaluate(&man_up)
    );
    // And again after the other: neither replaced the other.
    assert_eq!(blank.evaluate(&man_up), 0);
    assert_eq!(blank.to_string(), "learned");
}

#[test]
fn two_networks_meet_in_one_arena_run() {
    let dir = out_dir("networks");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("blank.bin");
    std::fs::write(&file, blank_network_file()).unwrap();
    let blank = format!("negascout:eval=learned:net={}:depth=4", file.display());
    let shipped = "negascout:eval=learned:depth=4";
    let out = dir.join("out");
    let (_, results) = arena(
        &out,
        &[
            "--variant",
            "english",
            "--bots",
            shipped,
            &blank,
            "--games-per-pair",
            "4",
            "--seed",
            "3",
        ],
    );
    assert!(games(&results).len() >= 4);
    let points = |label: &str| {
        let table = results["standings"].as_array().unwrap();
        let row = table.iter().find(|s| s["bot"] == label);
        row.unwrap_or_else(|| panic!("{label} in {table:?}"))["game_points"]
            .as_f64()
            .unwrap()
    };
    // The network that sees the board beats the one that sees nothing.
    assert!(points(shipped) > points(&blank), "{results}");
    let _ = std::fs::remove_dir_all(&dir);
}
