//! The `warcaby` binary: stable output lines and one-line errors with exit status 2.

use std::process::{Command, Output};

fn warcaby(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .args(args)
        .output()
        .expect("run warcaby")
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
    let out = warcaby(&["moves", "--variant", "russian", "--fen", "W:Wc3:Bd4,f6,d6,b6"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "c3:g7\nc3:a5\n");
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
    assert!(last.starts_with("perft depth=7 leaves=179740 time_ms="), "{last}");
    assert!(last.contains(" leaves_per_s="), "{last}");
}
