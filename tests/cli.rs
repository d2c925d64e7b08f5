//! The `warcaby` binary: stable output lines and one-line errors with exit status 2.

use std::process::Output;

mod common;

fn warcaby(args: &[&str]) -> Output {
    common::run_warcaby(args, "")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let out = warcaby(&["perft", "--variant", "english", "4"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    for (line, (depth, nodes)) in lines.iter().zip([(1, 7), (2, 49), (3, 302), (4, 1469)]) {
        let prefix = format!("depth={depth} nodes={nodes} time_ms=");
        assert!(line.starts_with(&prefix), "{line}");
        assert!(line[prefix.len()..].parse::<u64>().is_ok(), "{line}");
    }
}

#[test]
fn perft_divide_lists_root_moves() {
    let out = warcaby(&["perft", "--divide", "--fen", "W:W21,22:B5,K6", "3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let moves: Vec<&str> = text.lines().filter(|l| l.starts_with("move=")).collect();
    assert_eq!(moves.len(), 3, "{text}");
    let total: u64 = moves
        .iter()
        .map(|l| l.rsplit("nodes=").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(text
        .lines()
        .last()
        .unwrap()
        .starts_with(&format!("depth=3 nodes={total} ")));
}

#[test]
fn moves_prints_legal_moves_in_pdn() {
    let out = warcaby(&[
        "moves",
        "--variant",
        "russian",
        "--fen",
        "W:Wc3:Bd4,f6,d6,b6",
    ]);
    assert!(out.status.success());
    let mut lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    lines.sort();
    assert_eq!(lines, ["c3:a5", "c3:g7"]);
    let out = warcaby(&["moves"]);
    assert_eq!(stdout(&out).lines().count(), 7);
}

#[test]
fn bad_arguments_give_one_line_and_status_2() {
    for args in [
        vec!["perft", "--fen", "W:W99:B1", "3"],
        vec!["perft", "--variant", "checkers", "3"],
        vec!["perft", "0"],
        vec!["perft"],
        vec!["moves", "--fen", "nonsense"],
        vec!["frobnicate"],
    ] {
        let out = warcaby(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.to_lowercase().contains("error"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bench_perft_ends_with_the_figures_line() {
    let out = warcaby(&["bench", "perft", "--depth", "7"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("perft depth=7 leaves=179740 time_ms="),
        "{last}"
    );
    assert!(last.contains(" leaves_per_s="), "{last}");
}

#[test]
fn bestmove_prints_info_lines_then_the_move() {
    let out = warcaby(&["bestmove", "--variant", "english", "--depth", "6"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    for (i, line) in lines[..6].iter().enumerate() {
        assert!(
            line.starts_with(&format!("info depth={} ", i + 1)),
            "{line}"
        );
        for key in [" score=", " nodes=", " time_ms=", " pv="] {
            assert!(line.contains(key), "{line}");
        }
    }
    let last = lines[6];
    assert!(last.starts_with("bestmove "), "{last}");
    let mv = last.split_whitespace().nth(1).unwrap();
    let legal = stdout(&warcaby(&["moves", "--variant", "english"]));
    assert!(legal.lines().any(|l| l == mv), "{mv} not in {legal}");
    assert!(last.contains(" depth=6 "), "{last}");
    for args in [["--movetime", "50"], ["--nodes", "3000"]] {
        let out = warcaby(&["bestmove", args[0], args[1]]);
        assert!(out.status.success());
        assert!(stdout(&out)
            .lines()
            .last()
            .unwrap()
            .starts_with("bestmove "));
    }
    // Exactly one limit is required.
    let out = warcaby(&["bestmove", "--depth", "3", "--nodes", "5"]);
    assert_eq!(out.status.code(), Some(2));
    let out = warcaby(&["bestmove", "--depth", "3", "--algo", "mtdf"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn compare_prints_one_line_per_algorithm_with_equal_scores() {
    let out = warcaby(&["compare", "--variant", "russian", "--depth", "4"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let field = |line: &str, key: &str| {
        line.split_whitespace()
            .find_map(|f| f.strip_prefix(key))
            .unwrap()
            .to_string()
    };
    for (line, name) in lines.iter().zip(["minimax", "alphabeta", "negascout"]) {
        assert_eq!(field(line, "algo="), name);
    }
    let scores: Vec<String> = lines.iter().map(|l| field(l, "score=")).collect();
    assert!(scores.iter().all(|s| *s == scores[0]), "{text}");
    let nodes: Vec<u64> = lines
        .iter()
        .map(|l| field(l, "nodes=").parse().unwrap())
        .collect();
    assert!(nodes[1] < nodes[0], "{text}");
}

fn play(args: &[&str], input: &str) -> Output {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    common::run_warcaby(&all, input)
}

#[test]
fn play_reads_moves_rejects_bad_ones_and_undoes() {
    let out = play(
        &[
            "--variant",
            "english",
            "--human",
            "black",
            "--level",
            "1",
            "--seed",
            "3",
        ],
        "11-15\n99-100\n1-5\nundo\n10-14\nq\n",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(
        text.contains("Not played: 1-5 is not a legal move here"),
        "{text}"
    );
    // After the undo, Black's first move is played again as 10-14.
    assert_eq!(text.matches("round 1: white plays").count(), 2, "{text}");
    assert!(text.contains("Not played: '99-100'"), "{text}");
    assert!(text.contains("round 1: white plays"), "{text}");
    assert!(text.contains("value="), "{text}");
    assert!(
        text.contains("8    x   x   x   x 8     1  2  3  4"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("Bye."), "{text}");
}

#[test]
fn play_bot_against_bot_finishes_the_game() {
    let out = play(
        &[
            "--variant",
            "tournament",
            "--human",
            "none",
            "--level",
            "3",
            "--seed",
            "1",
        ],
        "",
    );
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Game over: "), "{text}");
    // Without input a human game ends cleanly.
    let out = play(&["--human", "white"], "");
    assert!(out.status.success());
    assert!(stdout(&out).contains("End of input"));
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .args(["perft", "--variant", "english", "10"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("depth=1 nodes=7 "), "{first}");
    // The reader is gone: the next lines meet a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
}
