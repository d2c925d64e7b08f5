//! Clobber's solver over long runs: the independent second solver agrees
//! with the exact one, and solves resume from checkpoints and saved
//! tables, are interrupted with only true verdicts, and keep to a memory
//! budget. (Certificates are tested in clobber_proof.rs.)

use warcaby::clobber::solver::Solver;
use warcaby::clobber::{ClobberPosition, Shape};

mod common;

fn start(rows: usize, cols: usize) -> ClobberPosition {
    ClobberPosition::start(Shape::new(rows, cols).unwrap())
}

fn warcaby(args: &[&str]) -> (i32, String, String) {
    common::warcaby_texts(args, "")
}

#[test]
fn the_independent_solver_agrees_with_the_exact_one_up_to_20_cells() {
    use warcaby::clobber::independent::solve_independently;
    let mut solver = Solver::new();
    let mut wins = 0;
    for rows in 2..=4 {
        for cols in rows..=10 {
            if rows * cols > 20 {
                continue;
            }
            let pos = start(rows, cols);
            let exact = solver.solve(&pos);
            let second = solve_independently(&pos);
            assert_eq!(exact.mover_wins, second.mover_wins, "{rows}x{cols}");
            assert_eq!(exact.winning_move.is_some(), second.winning_move.is_some());
            if let (Some(a), Some(b)) = (exact.winning_move, second.winning_move) {
                // Each one's winning move is a win in the other's eyes.
                assert!(
                    !solve_independently(&pos.after(&a)).mover_wins,
                    "{rows}x{cols}"
                );
                assert!(!solver.solve(&pos.after(&b)).mover_wins, "{rows}x{cols}");
                wins += 1;
            }
        }
    }
    assert!(wins >= 5, "first-player wins among the boards: {wins}");
}

/// On odd×odd boards the corner colour (Black) has a stone more, so the
/// outcome class needs the game with White first too: 3x3, 3x5 and 3x7
/// are N (whoever starts wins), both solvers agreeing
/// (docs/clobber-results.md).
#[test]
fn small_odd_boards_are_first_player_wins_whichever_colour_starts() {
    use warcaby::clobber::independent::solve_independently;
    let mut solver = Solver::new();
    for cols in [3, 5, 7] {
        let black_first = start(3, cols);
        let text = black_first.to_text();
        assert!(text.ends_with(":B"), "{text}");
        let white_first = ClobberPosition::parse(&text.replace(":B", ":W")).unwrap();
        for pos in [&black_first, &white_first] {
            let text = pos.to_text();
            assert!(solver.solve(pos).mover_wins, "3x{cols} {text}");
            assert!(solve_independently(pos).mover_wins, "3x{cols} {text}");
        }
    }
}

#[test]
fn a_solve_resumed_after_some_first_moves_gives_the_same_answer_for_less() {
    use std::sync::Mutex;
    use warcaby::clobber::solver::Resume;
    for (rows, cols) in [(3, 4), (3, 6), (4, 4), (5, 3)] {
        let pos = start(rows, cols);
        let full = Solver::new().solve(&pos);
        // Cut off after three first moves: their verdicts are what a
        // checkpoint keeps.
        let lost = Mutex::new(Vec::new());
        let cut = Resume {
            lost: &[],
            max_first_moves: Some(3),
            snapshots: None,
            interrupt: None,
        };
        let part = Solver::new().solve_resuming(&pos, cut, |r| {
            if !r.wins {
                lost.lock().unwrap().push(r.mv);
            }
        });
        let lost = lost.into_inner().unwrap();
        if part.complete {
            // The win was among the first three.
            assert_eq!(part.mover_wins, full.mover_wins);
            continue;
        }
        assert!(lost.len() >= 3, "{rows}x{cols}");
        let again = Resume {
            lost: &lost,
            max_first_moves: None,
            snapshots: None,
            interrupt: None,
        };
        let rest = Solver::new().solve_resuming(&pos, again, |r| {
            assert!(
                !lost.contains(&r.mv),
                "{rows}x{cols}: a decided move searched again"
            );
        });
        assert!(rest.complete);
        assert_eq!(rest.mover_wins, full.mover_wins, "{rows}x{cols}");
        assert!(rest.nodes < full.nodes, "{rows}x{cols}");
        if let Some(mv) = rest.winning_move {
            assert!(!Solver::new().solve(&pos.after(&mv)).mover_wins);
        }
    }
}

#[test]
fn a_table_saved_by_a_cut_solve_makes_the_rest_cheaper_and_a_bad_one_is_refused() {
    use std::sync::Mutex;
    use std::time::Duration;
    use warcaby::clobber::solver::{Resume, TableSnapshot, TableSnapshots};
    let pos = start(3, 6);
    let saved = Mutex::new(Vec::new());
    let save = |snapshot: &TableSnapshot| {
        let mut bytes = Vec::new();
        snapshot.write_to(&mut bytes).unwrap();
        *saved.lock().unwrap() = bytes;
    };
    let lost = Mutex::new(Vec::new());
    let cut = Resume {
        lost: &[],
        max_first_moves: Some(2),
        snapshots: Some(TableSnapshots {
            every: Duration::from_secs(3600),
            save: &save,
        }),
        interrupt: None,
    };
    let part = Solver::with_table_bits(16).solve_resuming(&pos, cut, |r| {
        lost.lock().unwrap().push(r.mv);
    });
    assert!(!part.complete);
    let lost = lost.into_inner().unwrap();
    let saved = saved.into_inner().unwrap();
    // Magic, version, header line, 2^16 slots of 8 bytes, checksum.
    let header = format!(
        "WCBYTABL\x01position={} value_stones=8 bits=16\n",
        pos.to_text()
    );
    assert!(saved.starts_with(header.as_bytes()));
    assert!(saved.len() > (8 << 16) + 8);
    let rest = |solver: &mut Solver| {
        let again = Resume {
            lost: &lost,
            ..Resume::default()
        };
        solver.solve_resuming(&pos, again, |_| {})
    };
    let without = rest(&mut Solver::with_table_bits(16));
    let mut loaded = Solver::with_table_bits(16);
    loaded.load_table(&pos, &mut &saved[..]).unwrap();
    let with = rest(&mut loaded);
    assert!(with.complete && !with.mover_wins && !without.mover_wins);
    assert!(
        with.nodes < without.nodes,
        "{} / {}",
        with.nodes,
        without.nodes
    );
    // Another board, another table size, a damaged or cut file: refused,
    // and the table stays empty (the rest costs what it costs without).
    let refused = |bytes: &[u8], board: &ClobberPosition, bits: u32| -> String {
        let mut solver = Solver::with_table_bits(bits);
        let err = solver.load_table(board, &mut &bytes[..]).unwrap_err();
        if bits == 16 && board == &pos {
            assert_eq!(rest(&mut solver).nodes, without.nodes, "{err}");
        }
        err
    };
    assert!(refused(&saved, &start(3, 5), 16).contains("this solve is"));
    assert!(refused(&saved, &pos, 17).contains("bits=17"));
    let mut damaged = saved.clone();
    damaged[saved.len() / 2] ^= 4;
    assert!(refused(&damaged, &pos, 16).contains("checksum"));
    assert!(refused(&saved[..saved.len() - 3], &pos, 16).contains("cut short"));
    assert!(refused(b"WCBYCERT\x01", &pos, 16).contains("not a table snapshot"));
}

#[test]
fn cli_checkpoint_goes_on_where_a_run_stopped_and_refuses_other_files() {
    let dir = std::env::temp_dir().join(format!("warcaby-cp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("3x4.txt");
    let path = file.to_str().unwrap();
    let solve = |extra: &[&str]| {
        let mut args = vec![
            "clobber",
            "solve",
            "--rows",
            "3",
            "--cols",
            "4",
            "--threads",
            "1",
        ];
        args.extend_from_slice(extra);
        warcaby(&args)
    };
    let (code, out, err) = solve(&["--checkpoint", path, "--max-first-moves", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("winner=unknown"), "{out}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.matches("lost=").count() >= 2, "{saved}");
    // The table is saved beside the checkpoint and loaded on the restart.
    let table = dir.join("3x4.txt.table");
    let snapshot = std::fs::read(&table).unwrap();
    assert!(snapshot.starts_with(b"WCBYTABL"));
    let mut damaged = snapshot.clone();
    damaged[snapshot.len() / 2] ^= 1;
    std::fs::write(&table, &damaged).unwrap();
    let (code, _, err) = solve(&["--checkpoint", path]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("3x4.txt.table") && err.contains("checksum"),
        "{err}"
    );
    std::fs::write(&table, &snapshot).unwrap();
    for minutes in ["0", "-1", "NaN"] {
        let option = format!("--checkpoint-minutes={minutes}");
        let (code, _, err) = solve(&["--checkpoint", path, &option]);
        assert_eq!(code, 2, "{minutes}: {err}");
        assert!(err.contains("positive number of minutes"), "{err}");
    }
    assert_eq!(std::fs::read(&table).unwrap(), snapshot);
    let (_, out, err) = solve(&["--checkpoint", path]);
    assert!(out.starts_with("winner=second"), "{out}");
    assert!(err.contains("loaded the table"), "{err}");
    let skipped = |out: &str| -> usize {
        out.split("first_moves_skipped=")
            .nth(1)
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    assert!(skipped(&out) >= 2, "{out}");
    let nodes = |out: &str| -> u64 {
        out.split("nodes=")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (_, whole, _) = solve(&[]);
    assert!(nodes(&out) < nodes(&whole), "{out} / {whole}");
    // Another board, a damaged file: clear errors.
    let (code, _, err) = warcaby(&[
        "clobber",
        "solve",
        "--rows",
        "4",
        "--cols",
        "4",
        "--checkpoint",
        path,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another board"), "{err}");
    std::fs::write(
        &file,
        format!(
            "{}lost=z9-z8 nodes=1\n",
            &saved[..saved.find("lost=").unwrap()]
        ),
    )
    .unwrap();
    let (code, _, err) = solve(&["--checkpoint", path]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("line 3"), "{err}");
    std::fs::write(&file, b"\xff\xfe garbage").unwrap();
    let (code, _, err) = solve(&["--checkpoint", path]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("checkpoint"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_interrupted_solve_reports_only_true_verdicts_and_saves_its_table() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;
    use std::time::Duration;
    use warcaby::clobber::solver::{Resume, TableSnapshot, TableSnapshots};
    let pos = start(4, 6);
    let full = Solver::new().solve(&pos);
    let saves = Mutex::new(0);
    let save = |_: &TableSnapshot| *saves.lock().unwrap() += 1;
    let snapshots = TableSnapshots {
        every: Duration::from_secs(3600),
        save: &save,
    };
    // Set before the start: nothing is decided, the table is still saved.
    let at_once = AtomicBool::new(true);
    let reported = Mutex::new(Vec::new());
    let resume = Resume {
        snapshots: Some(snapshots),
        interrupt: Some(&at_once),
        ..Resume::default()
    };
    let cut = Solver::new().solve_resuming(&pos, resume, |r| reported.lock().unwrap().push(r.mv));
    assert!(!cut.complete, "{cut:?}");
    assert!(reported.lock().unwrap().is_empty());
    assert_eq!(*saves.lock().unwrap(), 1);
    // Set by the first verdict: the verdicts reported are true, and a
    // resume from them finishes with the whole solve's answer.
    let later = AtomicBool::new(false);
    let lost = Mutex::new(Vec::new());
    let resume = Resume {
        interrupt: Some(&later),
        ..Resume::default()
    };
    let cut = Solver::new().solve_resuming(&pos, resume, |r| {
        assert_eq!(!Solver::new().solve(&pos.after(&r.mv)).mover_wins, r.wins);
        if !r.wins {
            lost.lock().unwrap().push(r.mv);
        }
        later.store(true, Ordering::Relaxed);
    });
    let lost = lost.into_inner().unwrap();
    if !cut.complete {
        assert!(!lost.is_empty());
        let again = Resume {
            lost: &lost,
            ..Resume::default()
        };
        let rest = Solver::new().solve_resuming(&pos, again, |_| {});
        assert!(rest.complete);
        assert_eq!(rest.mover_wins, full.mover_wins);
    } else {
        assert_eq!(cut.mover_wins, full.mover_wins);
    }
}

#[cfg(unix)]
#[test]
fn cli_sigterm_stops_a_solve_with_its_table_saved_and_the_same_command_goes_on() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("warcaby-term-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("4x7.txt");
    let args = [
        "clobber",
        "solve",
        "--rows",
        "4",
        "--cols",
        "7",
        "--threads",
        "1",
        "--table-bits",
        "20",
        "--verbose",
        "--checkpoint",
        file.to_str().unwrap(),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_warcaby"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The first decided move shows that the search (and the handler) runs.
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(
        first.contains(" loses ") || first.contains(" wins "),
        "{first}"
    );
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stdout} {rest}");
    assert!(stdout.contains("interrupted"), "{stdout}");
    let table = std::fs::read(dir.join("4x7.txt.table")).unwrap();
    assert!(table.starts_with(b"WCBYTABL"));
    let checkpoint = std::fs::read_to_string(&file).unwrap();
    assert!(checkpoint.contains("lost=") || checkpoint.contains("won="));
    let (code, out, err) = warcaby(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("loaded the table"), "{err}");
    assert!(
        out.contains("winner=first") && out.contains("move=d2-d3"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_memory_budget_sizes_the_table_or_refuses_too_little() {
    let (code, out, err) = warcaby(&[
        "clobber", "solve", "--rows", "3", "--cols", "4", "--memory", "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("winner=second"), "{out}");
    let (code, _, err) = warcaby(&[
        "clobber", "solve", "--rows", "3", "--cols", "4", "--memory", "0",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--memory 0"), "{err}");
    let (code, _, err) = warcaby(&["clobber", "solve", "--memory", "8", "--table-bits", "12"]);
    assert_eq!(code, 2, "{err}");
}
