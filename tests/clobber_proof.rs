//! Clobber's proof certificates (made by the solver, checked by plain
//! negamax), the independent second solver, and solves that resume from
//! a checkpoint.

use warcaby::clobber::certificate::{
    certify, verify, verify_on_threads, Certificate, CertificateError, CertifyOptions,
};
use warcaby::clobber::solver::{plain_wins, Solver};
use warcaby::clobber::{ClobberPosition, Shape};

mod common;

fn start(rows: usize, cols: usize) -> ClobberPosition {
    ClobberPosition::start(Shape::new(rows, cols).unwrap())
}

/// A certificate with a deep tree for its size: leaves of few stones.
fn small_certificate(rows: usize, cols: usize) -> Certificate {
    let options = CertifyOptions {
        leaf_stones: 8,
        leaf_nodes: 1000,
        threads: 1,
    };
    let made = certify(&start(rows, cols), &mut Solver::new(), options).unwrap();
    assert!(made.solves > 1, "the tree has inner or nodes");
    // Leaf tests shared out between threads write the same proof.
    let shared = CertifyOptions {
        threads: 3,
        ..options
    };
    let again = certify(&start(rows, cols), &mut Solver::new(), shared).unwrap();
    assert_eq!(again.certificate, made.certificate);
    made.certificate
}

/// Refused by the checker, on one thread and with the leaves shared out.
fn refused(cert: &Certificate) -> bool {
    let one = matches!(verify(cert), Err(CertificateError::Proof(_)));
    let three = matches!(verify_on_threads(cert, 3), Err(CertificateError::Proof(_)));
    assert_eq!(one, three);
    one
}

#[test]
fn certificates_of_small_boards_verify() {
    for (rows, cols, first_wins) in [(3, 4, false), (4, 4, true), (3, 5, true), (2, 6, false)] {
        let made = certify(
            &start(rows, cols),
            &mut Solver::new(),
            CertifyOptions::default(),
        )
        .unwrap();
        let cert = &made.certificate;
        assert_eq!(cert.mover_wins, first_wins, "{rows}x{cols}");
        if let Some(mv) = cert.winning_move {
            assert!(!plain_wins(&start(rows, cols).after(&mv)));
        }
        let read = Certificate::from_bytes(&cert.to_bytes()).unwrap();
        assert_eq!(&read, cert);
        let done = verify(&read).unwrap();
        assert_eq!(done.positions, made.positions, "{rows}x{cols}");
        assert_eq!(verify_on_threads(&read, 2), Ok(done));
        assert!(done.leaves > 0 && done.leaf_nodes >= done.leaves);
    }
}

/// The position text of `pos` mirrored: its rows reversed (top to bottom)
/// and/or each row reversed (left to right).
fn mirrored(pos: &ClobberPosition, rows: bool, cols: bool) -> String {
    let text = pos.to_text();
    let (board, side) = text.split_once(':').unwrap();
    let mut lines: Vec<String> = board
        .split('/')
        .map(|l| {
            if cols {
                l.chars().rev().collect()
            } else {
                l.to_string()
            }
        })
        .collect();
    if rows {
        lines.reverse();
    }
    format!("{}:{side}", lines.join("/"))
}

#[test]
fn a_mirror_image_of_a_proven_position_is_seen_not_proven_again() {
    // Second-player wins: every first move is answered, and first moves
    // that are mirror images of each other need one proof. With leaves of
    // two stones fewer than the board, each first move's proof is its
    // answer and a leaf (2 positions), and an image of one proven before
    // is one seen mark.
    for (rows, cols) in [(2, 6), (3, 4), (3, 6)] {
        let pos = start(rows, cols);
        let children: Vec<ClobberPosition> =
            pos.legal_moves().iter().map(|m| pos.after(m)).collect();
        let images = [(false, false), (true, false), (false, true), (true, true)];
        let classes: std::collections::HashSet<String> = children
            .iter()
            .map(|c| {
                images
                    .iter()
                    .map(|&(r, k)| mirrored(c, r, k))
                    .min()
                    .unwrap()
            })
            .collect();
        let (n, k) = (children.len() as u64, classes.len() as u64);
        assert!(k < n, "{rows}x{cols}");
        let options = CertifyOptions {
            leaf_stones: (rows * cols - 2) as u32,
            leaf_nodes: 10_000_000,
            threads: 1,
        };
        let made = certify(&pos, &mut Solver::new(), options).unwrap();
        assert!(!made.certificate.mover_wins, "{rows}x{cols}");
        assert_eq!(made.positions, 1 + 2 * k + (n - k), "{rows}x{cols}");
        assert!(made.seen >= n - k, "{rows}x{cols}");
        assert_eq!(verify(&made.certificate).unwrap().positions, made.positions);
        // A mirror image proven alone has the same verdict.
        let image = ClobberPosition::parse(&mirrored(&children[0], true, true)).unwrap();
        assert_eq!(plain_wins(&children[0]), plain_wins(&image));
    }
}

#[test]
fn the_leaf_check_agrees_with_plain_negamax_and_stops_at_its_budget() {
    use warcaby::clobber::certificate::plain_wins_within;
    let root = start(3, 4);
    let mut checked = 0;
    for a in root.legal_moves() {
        for b in root.after(&a).legal_moves() {
            let pos = root.after(&a).after(&b);
            let mut budget = u64::MAX;
            let verdict = plain_wins_within(&pos, &mut budget);
            assert_eq!(verdict, Some(plain_wins(&pos)), "{}", pos.to_text());
            // The budget counts distinct positions: exactly what was used
            // is enough, one less is not.
            let used = u64::MAX - budget;
            assert!(used > 1);
            assert_eq!(plain_wins_within(&pos, &mut used.clone()), verdict);
            assert_eq!(plain_wins_within(&pos, &mut (used - 1)), None);
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
}

/// The nodes of a proof tree with small codes (one byte each): offset in
/// the body, position, and whether the side to move is to win there.
fn nodes(
    body: &[u8],
    at: &mut usize,
    pos: ClobberPosition,
    wins: bool,
) -> Vec<(usize, ClobberPosition, bool)> {
    let code = body[*at];
    let mut out = vec![(*at, pos, wins)];
    *at += 1;
    let moves = pos.legal_moves();
    if wins && code >= 2 {
        out.extend(nodes(body, at, pos.after(&moves[code as usize - 2]), false));
    } else if !wins && code == 2 {
        for mv in moves {
            out.extend(nodes(body, at, pos.after(&mv), true));
        }
    }
    out
}

#[test]
fn a_flipped_move_or_a_false_seen_mark_is_refused() {
    for (rows, cols) in [(4, 4), (3, 4)] {
        let cert = small_certificate(rows, cols);
        assert!(verify(&cert).is_ok());
        let tree = nodes(&cert.body, &mut 0, cert.position, cert.mover_wins);
        assert_eq!(tree.len() as u64, verify(&cert).unwrap().positions);
        let mut flips = 0;
        for &(at, pos, wins) in &tree[1..] {
            if wins && cert.body[at] >= 2 {
                // Every losing move instead of the winning one.
                for (k, mv) in pos.legal_moves().iter().enumerate() {
                    if plain_wins(&pos.after(mv)) {
                        let mut flipped = cert.clone();
                        flipped.body[at] = 2 + k as u8;
                        assert!(refused(&flipped), "{rows}x{cols}: move {k} at byte {at}");
                        flips += 1;
                    }
                }
            }
            if cert.body[at] != 1 {
                let mut seen = cert.clone();
                seen.body[at] = 1;
                // Proven before only if the maker missed it.
                assert!(refused(&seen), "{rows}x{cols}: seen at byte {at}");
            }
        }
        assert!(flips > 0, "{rows}x{cols}");
        let mut longer = cert.clone();
        longer.body.push(0);
        assert!(refused(&longer));
    }
}

#[test]
fn a_losing_move_or_a_missing_reply_is_refused() {
    let cert = small_certificate(4, 4);
    let pos = cert.position;
    // The claimed move swapped for a losing one, in the header and the proof.
    let moves = pos.legal_moves();
    let losing = moves
        .iter()
        .position(|m| plain_wins(&pos.after(m)))
        .unwrap();
    let mut wrong = cert.clone();
    wrong.winning_move = Some(moves[losing]);
    wrong.body[0] = 2 + losing as u8;
    assert!(refused(&wrong));
    // The header's move differs from the proof's.
    let mut other = cert.clone();
    other.winning_move = Some(moves[losing]);
    assert!(refused(&other));
    // The last reply of the tree left out.
    let mut short = cert.clone();
    short.body.pop();
    let Err(CertificateError::Proof(why)) = verify(&short) else {
        panic!("a missing reply is accepted");
    };
    assert!(why.contains("cut short"), "{why}");
}

#[test]
fn a_wrong_claimed_winner_is_refused() {
    for (rows, cols) in [(4, 4), (3, 4)] {
        let cert = small_certificate(rows, cols);
        let pos = cert.position;
        let mut wrong = cert.clone();
        wrong.mover_wins = !cert.mover_wins;
        wrong.winning_move = (!cert.mover_wins).then(|| pos.legal_moves()[0]);
        assert!(refused(&wrong), "{rows}x{cols}");
        // The same through the file: the header is read, the proof fails.
        let read = Certificate::from_bytes(&wrong.to_bytes()).unwrap();
        assert!(refused(&read), "{rows}x{cols}");
    }
}

#[test]
fn damaged_files_are_refused_with_a_clear_error() {
    let bytes = small_certificate(4, 4).to_bytes();
    let format_error = |b: &[u8]| match Certificate::from_bytes(b) {
        Err(CertificateError::Format(why)) => why,
        other => panic!("accepted: {other:?}"),
    };
    for cut in [
        bytes.len() - 1,
        bytes.len() - 8,
        bytes.len() / 2,
        12,
        9,
        3,
        0,
    ] {
        let why = format_error(&bytes[..cut]);
        assert!(!why.is_empty());
    }
    let mut flipped = bytes.clone();
    let middle = bytes.len() / 2;
    flipped[middle] ^= 0x10;
    format_error(&flipped);
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(format_error(&version).contains("version 9"));
    assert!(format_error(b"PK\x03\x04 a zip file").contains("WCBYCERT"));
}

fn warcaby(args: &[&str]) -> (i32, String, String) {
    common::warcaby_texts(args, "")
}

#[test]
fn cli_certify_writes_a_file_that_verify_checks() {
    let dir = std::env::temp_dir().join(format!("warcaby-cert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("4x4.cert");
    let path = file.to_str().unwrap();
    let (code, out, err) = warcaby(&[
        "clobber", "certify", "--rows", "4", "--cols", "4", "--out", path,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("winner=first move=b2-b3 positions="),
        "{out}"
    );
    let (code, out, err) = warcaby(&["clobber", "verify", path]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "verified position=WBWB/BWBW/WBWB/BWBW:B winner=first move=b2-b3 positions="
        ),
        "{out}"
    );
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let (code, out, err) = warcaby(&["clobber", "verify", path]);
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("not a readable certificate"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
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

#[test]
fn the_shipped_certificates_claim_the_published_results_and_the_smallest_verifies() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/certificates");
    // Board, whether the first player wins, the winning move (README table).
    let shipped = [
        (4, 5, Some("b2-b3")),
        (3, 8, None),
        (4, 6, None),
        (5, 5, None),
        (4, 7, Some("d2-d3")),
        (4, 8, Some("d2-d3")),
    ];
    for (rows, cols, winning) in shipped {
        let file = dir.join(format!("{rows}x{cols}.cert"));
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let cert = Certificate::from_bytes(&bytes).unwrap();
        assert_eq!(cert.position, start(rows, cols), "{rows}x{cols}");
        assert_eq!(cert.mover_wins, winning.is_some(), "{rows}x{cols}");
        let named = cert.winning_move.map(|m| cert.position.move_text(&m));
        assert_eq!(named.as_deref(), winning, "{rows}x{cols}");
        assert_eq!(cert.leaf_nodes, CertifyOptions::default().leaf_nodes);
        if rows * cols <= 20 {
            assert!(verify(&cert).unwrap().leaves > 0, "{rows}x{cols}");
        }
    }
}
