//! Clobber's proof certificates: made by the solver, checked by plain
//! negamax, damaged ones refused, the shipped ones' claims. (The solver's
//! long runs are tested in clobber_solve.rs.)

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
    // The solver's threads may find any winning first move: it must win,
    // and verify must report the same one.
    let mv = out
        .strip_prefix("winner=first move=")
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("{out}"));
    let start = start(4, 4);
    let child = start.after(&start.parse_move(mv).unwrap());
    assert!(!plain_wins(&child), "{mv} must leave the opponent lost");
    let (code, out, err) = warcaby(&["clobber", "verify", path]);
    assert_eq!(code, 0, "{err}");
    let expected =
        format!("verified position=WBWB/BWBW/WBWB/BWBW:B winner=first move={mv} positions=");
    assert!(out.starts_with(&expected), "{out}");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let (code, out, err) = warcaby(&["clobber", "verify", path]);
    assert_ne!(code, 0, "{out}");
    assert!(err.contains("not a readable certificate"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
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
