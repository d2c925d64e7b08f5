//! Clobber: rules, text forms, the exact solver against published outcomes
//! and against plain negamax, and the generic search on Clobber.

use warcaby::clobber::solver::{plain_wins, Solver};
use warcaby::clobber::{ClobberEval, ClobberPosition, Shape};
use warcaby::core::rng::Rng;
use warcaby::search::{Algorithm, Limits, SearchConfig, Searcher};
use warcaby::Color;

fn start(rows: usize, cols: usize) -> ClobberPosition {
    ClobberPosition::start(Shape::new(rows, cols).unwrap())
}

#[test]
fn start_is_a_true_checkerboard_with_black_bottom_left_and_to_move() {
    // 6 rows: even, so the top-left cell is White; the bottom-left is Black.
    assert_eq!(
        start(6, 5).to_text(),
        "WBWBW/BWBWB/WBWBW/BWBWB/WBWBW/BWBWB:B"
    );
    // 5 rows: the top-left is Black too. Every column alternates (no stripes).
    assert_eq!(start(5, 4).to_text(), "BWBW/WBWB/BWBW/WBWB/BWBW:B");
    assert_eq!(start(2, 2).side_to_move(), Color::Black);
    for (r, c) in [(2, 2), (10, 10), (3, 7)] {
        let p = start(r, c);
        assert_eq!(
            (p.stones(Color::White) | p.stones(Color::Black)).count_ones() as usize,
            r * c
        );
    }
    assert!(Shape::new(1, 5).is_err() && Shape::new(5, 11).is_err());
}

#[test]
fn moves_are_orthogonal_captures_only() {
    // Black b2 in the middle of a 3x3 plus White on all four sides and one diagonal.
    let pos = ClobberPosition::parse("WW./WBW/.W.:B").unwrap();
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_text(m)).collect();
    moves.sort();
    assert_eq!(moves, ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
    let after = pos.after(&pos.parse_move("b2-b3").unwrap());
    assert_eq!(after.to_text(), "WB./W.W/.W.:W");
    assert_eq!(
        after.hash(),
        ClobberPosition::parse("WB./W.W/.W.:W").unwrap().hash()
    );
    // White's stones that touch Black: a3 and... only b3's neighbours a3.
    let mut white: Vec<String> = after
        .legal_moves()
        .iter()
        .map(|m| after.move_text(m))
        .collect();
    white.sort();
    assert_eq!(white, ["a3-b3"]);
}

#[test]
fn no_move_loses() {
    let pos = ClobberPosition::parse("W.B/.../B.W:B").unwrap();
    assert!(pos.legal_moves().is_empty());
    assert!(!Solver::new().solve(&pos).mover_wins);
}

#[test]
fn text_forms_round_trip_and_errors_are_clear() {
    let pos = start(6, 5);
    assert_eq!(ClobberPosition::parse(&pos.to_text()).unwrap(), pos);
    // row,col,dir: row 0 is the top row, so 5,0 is a1 (Black).
    let a = pos.parse_move("5,0,up").unwrap();
    assert_eq!(pos.move_text(&a), "a1-a2");
    assert_eq!(pos.parse_move("a1-a2").unwrap(), a);
    assert_eq!(
        pos.parse_move("5,0,r").map(|m| pos.move_text(&m)).unwrap(),
        "a1-b1"
    );
    for (bad, needle) in [
        ("a1-a3", "not a legal move"),
        ("z1-a2", "off the 6x5 board"),
        ("1a-a2", "bad cell"),
        ("a9-a8", "off the"),
        ("5,0,sideways", "unknown direction"),
        ("5,0,down", "leaves the board"),
        ("a1a2", "expected a move"),
    ] {
        let err = pos.parse_move(bad).unwrap_err().to_string();
        assert!(err.contains(needle), "{bad}: {err}");
    }
    for (bad, needle) in [
        ("WB/BW", "missing"),
        ("WB/BW:X", "side to move"),
        ("WB/BWB:B", "different lengths"),
        ("WQ/BW:B", "unknown cell"),
        ("W/B:B", "not supported"),
    ] {
        let err = ClobberPosition::parse(bad).unwrap_err().to_string();
        assert!(err.contains(needle), "{bad}: {err}");
    }
}

#[test]
fn solver_matches_published_outcomes() {
    // CGSuite / MCGS: first player wins 2x2, 2x4, 2x5, 3x3, 3x5, 4x4;
    // second player wins 2x3, 2x6, 3x4, 3x6.
    for (r, c, first_wins) in [
        (2, 2, true),
        (2, 4, true),
        (2, 5, true),
        (3, 3, true),
        (3, 5, true),
        (4, 4, true),
        (2, 3, false),
        (2, 6, false),
        (3, 4, false),
        (3, 6, false),
    ] {
        let s = Solver::with_table_bits(20).solve(&start(r, c));
        assert_eq!(s.mover_wins, first_wins, "{r}x{c}");
        // Transposed boards have the same outcome.
        let t = Solver::with_table_bits(20).solve(&start(c, r));
        assert_eq!(t.mover_wins, first_wins, "{c}x{r}");
        if let Some(mv) = s.winning_move {
            let after = start(r, c).after(&mv);
            assert!(
                !Solver::with_table_bits(20).solve(&after).mover_wins,
                "{r}x{c}: the winning move wins"
            );
        }
    }
}

/// Random positions on small boards: random stones, random side to move.
fn random_positions(count: usize, seed: u64) -> Vec<ClobberPosition> {
    random_positions_up_to(count, seed, 4, 5)
}

/// Random positions on boards of 2..=rows x 2..=cols.
fn random_positions_up_to(
    count: usize,
    seed: u64,
    rows: usize,
    cols: usize,
) -> Vec<ClobberPosition> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let shape = Shape::new(rng.between(2, rows), rng.between(2, cols)).unwrap();
            let mut stones = [0u128; 2];
            for cell in 0..shape.cells() {
                match rng.index(5) {
                    0 | 1 => stones[0] |= 1 << cell,
                    2 | 3 => stones[1] |= 1 << cell,
                    _ => {}
                }
            }
            let side = if rng.index(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            ClobberPosition::from_stones(shape, stones, side).expect("valid stones")
        })
        .collect()
}

#[test]
fn solver_agrees_with_plain_negamax() {
    let mut solver = Solver::with_table_bits(16);
    let mut wins = 0;
    for pos in random_positions(400, 5) {
        let expected = plain_wins(&pos);
        let got = solver.solve(&pos);
        assert_eq!(got.mover_wins, expected, "{}", pos.to_text());
        if let Some(mv) = got.winning_move {
            assert!(!plain_wins(&pos.after(&mv)), "{}", pos.to_text());
        }
        wins += expected as usize;
    }
    assert!(
        wins > 50 && wins < 350,
        "a mix of won and lost positions: {wins}"
    );
}

#[test]
fn threads_left_idle_help_and_every_first_move_is_reported_once() {
    use std::sync::Mutex;
    // Second-player wins: every first move is searched, and with more
    // threads than the last moves need, idle ones help with those.
    for (rows, cols) in [(3, 6), (5, 5), (4, 6)] {
        let pos = ClobberPosition::start(Shape::new(rows, cols).unwrap());
        let reported = Mutex::new(Vec::new());
        let solution = Solver::configured(18, Solver::VALUE_STONES, 6).solve_reporting(&pos, |r| {
            assert!(!r.wins, "{rows}x{cols}");
            reported.lock().unwrap().push(r.mv);
        });
        assert!(solution.complete && !solution.mover_wins, "{rows}x{cols}");
        let mut reported = reported.into_inner().unwrap();
        let count = reported.len();
        reported.sort_by_key(|m| pos.move_text(m));
        reported.dedup();
        assert_eq!(
            reported.len(),
            count,
            "{rows}x{cols}: a move reported twice"
        );
        assert_eq!(count, pos.legal_moves().len(), "{rows}x{cols}");
    }
}

#[test]
fn solver_settings_agree_on_larger_positions() {
    // Too big for plain negamax: the plain sum-of-regions search (no
    // values), the default, large value regions and two threads must agree.
    let mut solvers = [
        Solver::configured(18, 0, 1),
        Solver::configured(18, Solver::VALUE_STONES, 1),
        Solver::configured(18, 12, 1),
        Solver::configured(18, Solver::VALUE_STONES, 2),
        Solver::configured(18, Solver::VALUE_STONES, 5),
    ];
    let mut wins = 0;
    for pos in random_positions_up_to(60, 11, 5, 5) {
        let answers: Vec<bool> = solvers
            .iter_mut()
            .map(|s| {
                let got = s.solve(&pos);
                if let Some(mv) = got.winning_move {
                    let reply = Solver::configured(16, 0, 1).solve(&pos.after(&mv));
                    assert!(!reply.mover_wins, "{}: winning move", pos.to_text());
                }
                got.mover_wins
            })
            .collect();
        assert!(
            answers.iter().all(|&a| a == answers[0]),
            "{}: {answers:?}",
            pos.to_text()
        );
        wins += answers[0] as usize;
    }
    assert!(
        wins > 10 && wins < 50,
        "a mix of won and lost positions: {wins}"
    );
}

#[test]
fn the_generic_search_serves_clobber_unchanged() {
    let mut totals = [0u64; 3];
    for pos in random_positions(150, 9)
        .into_iter()
        .filter(|p| !p.legal_moves().is_empty())
    {
        let scores: Vec<i32> = Algorithm::ALL
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let mut s = Searcher::new(SearchConfig::bare(a), ClobberEval::Live);
                let r = s.search(&pos, &[], Limits::depth(4), |_| {});
                totals[i] += r.nodes;
                assert!(pos.legal_moves().contains(&r.best_move.unwrap()));
                r.score
            })
            .collect();
        assert!(
            scores.iter().all(|&s| s == scores[0]),
            "{}: {scores:?}",
            pos.to_text()
        );
    }
    assert!(totals[1] < totals[0], "{totals:?}");
    // A proven win or loss found by the search agrees with the solver.
    let pos = start(3, 4);
    let mut s = Searcher::new(SearchConfig::default(), ClobberEval::Live);
    let r = s.search(&pos, &[], Limits::depth(12), |_| {});
    assert!(
        r.score < -warcaby::search::MATE_BOUND,
        "3x4 is lost for the first player: {}",
        r.score
    );
}

mod common;

fn warcaby(args: &[&str], input: &str) -> (i32, String, String) {
    common::warcaby_texts(args, input)
}

#[test]
fn cli_solve_prints_the_winner_and_a_winning_move() {
    let (code, out, _) = warcaby(&["clobber", "solve", "--rows", "3", "--cols", "5"], "");
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("winner=first nodes="), "{out}");
    assert!(lines[0].contains(" time_ms="), "{out}");
    let mv = lines[1].strip_prefix("move=").unwrap();
    let pos = start(3, 5);
    let after = pos.after(&pos.parse_move(mv).unwrap());
    assert!(!plain_wins(&after), "{mv} wins");
    let (_, out, _) = warcaby(&["clobber", "solve", "--position", "BW/WB:W"], "");
    assert!(out.starts_with("winner="), "{out}");
    let (code, _, err) = warcaby(&["clobber", "solve", "--rows", "11"], "");
    assert_eq!(code, 2);
    assert!(err.contains("2-10"), "{err}");
    // Settings: no values, two threads, a small table, one line per first
    // move on stderr; 3x4 is a second-player win, so every move is listed.
    let args = [
        "clobber",
        "solve",
        "--rows",
        "3",
        "--cols",
        "4",
        "--value-stones",
        "0",
        "--threads",
        "2",
        "--table-bits",
        "12",
        "--verbose",
    ];
    let (code, out, err) = warcaby(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("winner=second nodes="), "{out}");
    let decided: Vec<&str> = err
        .lines()
        .filter(|l| l.contains(" loses nodes="))
        .collect();
    assert_eq!(decided.len(), start(3, 4).legal_moves().len(), "{err}");
    let (code, _, err) = warcaby(&["clobber", "solve", "--table-bits", "40"], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn cli_run_plays_a_game_and_checks_its_options() {
    let (code, out, _) = warcaby(
        &[
            "clobber",
            "run",
            "--rows",
            "4",
            "--cols",
            "4",
            "--black-depth",
            "2",
            "--white-heuristic",
            "center",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    let rounds = out.lines().filter(|l| l.starts_with("round=")).count();
    for key in [" player=", " move=", " value=", " nodes=", " time_ms="] {
        assert!(
            out.lines()
                .find(|l| l.starts_with("round="))
                .unwrap()
                .contains(key),
            "{out}"
        );
    }
    let last = out.lines().last().unwrap();
    assert!(
        last.starts_with(&format!("rounds={rounds} winner=")),
        "{last}"
    );
    assert!(
        last.contains("white=center:3") && last.contains("black=live:2"),
        "{last}"
    );
    for bad in [
        vec!["clobber", "run", "--depth", "2", "--white-depth", "3"],
        vec!["clobber", "run", "--heuristic", "greedy"],
    ] {
        let (code, _, err) = warcaby(&bad, "");
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("take_middle_stay_in_group"), "{err}");
        assert_eq!(err.lines().count(), 1);
    }
}

#[test]
fn cli_commands_take_game_clobber() {
    let (code, out, _) = warcaby(
        &[
            "perft", "--game", "clobber", "--rows", "3", "--cols", "3", "3",
        ],
        "",
    );
    assert_eq!(code, 0);
    let depth3: u64 = out
        .lines()
        .nth(2)
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .strip_prefix("nodes=")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(depth3, warcaby::clobber::perft(&start(3, 3), 3));
    let (_, out, _) = warcaby(
        &["moves", "--game", "clobber", "--position", "WB./.../...:B"],
        "",
    );
    assert_eq!(out, "b3-a3\n");
    let (_, out, _) = warcaby(
        &[
            "bestmove", "--game", "clobber", "--depth", "3", "--eval", "center",
        ],
        "",
    );
    assert!(
        out.lines().last().unwrap().starts_with("bestmove "),
        "{out}"
    );
    let (_, out, _) = warcaby(
        &[
            "compare", "--game", "clobber", "--rows", "3", "--cols", "4", "--depth", "4",
        ],
        "",
    );
    let scores: Vec<&str> = out
        .lines()
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(scores.len(), 3);
    assert!(scores.iter().all(|s| *s == scores[0]), "{out}");
    let (_, out, _) = warcaby(
        &[
            "play", "--game", "clobber", "--rows", "3", "--cols", "3", "--human", "black",
            "--level", "1",
        ],
        "a1-a3\nb2-b3\nundo\nq\n",
    );
    assert!(
        out.contains("Not played: move 'a1-a3': not a legal move"),
        "{out}"
    );
    assert!(out.contains("round 1: white plays"), "{out}");
    assert!(out.trim_end().ends_with("Bye."), "{out}");
}

/// Stones off the board or a cell holding both colours are refused with a
/// message naming the cell.
#[test]
fn positions_with_overlapping_or_off_board_stones_are_refused() {
    let shape = Shape::new(3, 3).unwrap();
    let err = ClobberPosition::from_stones(shape, [1 << 4, 1 << 4], warcaby::Color::Black)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("cell 4 holds a white and a black stone"),
        "{err}"
    );
    let err = ClobberPosition::from_stones(shape, [1 << 9, 1], warcaby::Color::Black)
        .unwrap_err()
        .to_string();
    assert!(err.contains("off the 3x3 board"), "{err}");
    let ok = ClobberPosition::from_stones(shape, [0b101, 0b010], warcaby::Color::White).unwrap();
    assert_eq!(ok, ClobberPosition::parse(".../.../WBW:W").unwrap());
}
