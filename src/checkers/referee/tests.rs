//! Tests of the referee's board, step order and hop-by-hop captures.

use super::*;
use crate::checkers::rules::Variant;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Variant::Tournament).expect("fen")
}

#[test]
fn start_board_matches_the_referee_readme() {
    let b = Board::of(&Position::start(Variant::Tournament));
    assert_eq!(
        b.to_text(),
        concat!(
            ".2.2.2.2", "2.2.2.2.", ".2.2.2.2", "0.0.0.0.", ".0.0.0.0", "1.1.1.1.", ".1.1.1.1",
            "1.1.1.1."
        )
    );
}

#[test]
fn coordinates_round_trip_for_both_sides() {
    for mover in [Color::White, Color::Black] {
        for i in 0..64u8 {
            if let Some(sq) = Square::from_index(i) {
                let c = coord(sq, mover);
                assert_eq!((c.0 + c.1) % 2, 1, "dark squares have row + col odd");
                assert_eq!(square(c, mover), Some(sq));
            }
        }
    }
}

#[test]
fn opening_steps_in_the_referee_order() {
    let p = Position::start(Variant::Tournament);
    let hops = Hops::new(&p, &p.legal_moves());
    let texts: Vec<String> = hops.steps().into_iter().map(step_text).collect();
    assert_eq!(
        texts,
        ["5041", "5241", "5243", "5443", "5445", "5645", "5647"]
    );
}

#[test]
fn a_crowned_man_goes_on_hop_by_hop() {
    // W:W9:B6,7 — 9 jumps 6 to 2 (crowned), then 7 to 11.
    let p = pos("W:W9:B6,7");
    let mut hops = Hops::new(&p, &p.legal_moves());
    assert_eq!(hops.steps(), vec![((2, 1), (0, 3))]);
    hops.take(((2, 1), (0, 3))).expect("the only step");
    assert_eq!(hops.board().at((0, 3)), Some(OWN_KING), "crowned at once");
    assert_eq!(hops.board().at((1, 2)), Some(EMPTY), "jumped piece removed");
    let mv = hops.finished().expect("one move left");
    assert_eq!(
        crate::checkers::notation::full_text(&mv, p.rules()),
        "9x2x11"
    );
}

#[test]
fn black_sees_the_board_turned_round() {
    let p = Position::start(Variant::Tournament).with_side_to_move(Color::Black);
    let b = Board::of(&p);
    let start = Board::of(&Position::start(Variant::Tournament));
    assert_eq!(b, start, "the start looks the same from both sides");
    let hops = Hops::new(&p, &p.legal_moves());
    // 9-13 and 9-14: b6 is (5, 6) for Black; 9-13 is b6-a5 = (4, 7).
    assert_eq!(hops.steps()[..2], [((5, 0), (4, 1)), ((5, 2), (4, 1))]);
    let nine = Square::new(1, 5).expect("b6");
    assert_eq!(coord(nine, Color::Black), (5, 6));
}

#[test]
fn sequences_sharing_their_first_jump_fork_after_it() {
    // 30x23x14 and 30x23x16: the shared jump 30x23 is played without
    // asking, then the fork shows the board after it.
    let p = pos("W:W30:B18,19,26");
    let mut hops = Hops::new(&p, &p.legal_moves());
    assert_eq!(hops.steps(), [((7, 2), (5, 4))]);
    hops.take_forced();
    assert_eq!(hops.steps(), [((5, 4), (3, 2)), ((5, 4), (3, 6))]);
    assert_eq!(hops.board().at((5, 4)), Some(OWN_MAN), "on 23 (e3)");
    assert_eq!(hops.board().at((7, 2)), Some(EMPTY), "left 30 (c1)");
    assert_eq!(hops.board().at((6, 3)), Some(EMPTY), "26 (d2) jumped");
    assert_eq!(hops.board().at((4, 3)), Some(OPPONENT_MAN), "18 (d4) stays");
    hops.take(((5, 4), (3, 6))).expect("offered");
    let mv = hops.finished().expect("named");
    assert_eq!(
        crate::checkers::notation::full_text(&mv, p.rules()),
        "30x23x16"
    );
}

#[test]
fn a_step_not_offered_changes_nothing() {
    let p = Position::start(Variant::Tournament);
    let mut hops = Hops::new(&p, &p.legal_moves());
    let before = hops.steps();
    assert_eq!(hops.take(((5, 0), (3, 2))), Err(NotAStep(((5, 0), (3, 2)))));
    assert_eq!(hops.steps(), before);
    assert!(hops.at_start());
}

/// Positions along a few seeded random games, both sides to move.
fn random_positions() -> Vec<Position> {
    let mut rng = crate::core::rng::Rng::new(19);
    let mut out = Vec::new();
    for _ in 0..40 {
        let mut p = Position::start(Variant::Tournament);
        for _ in 0..80 {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            out.push(p);
            p.play(&legal[rng.index(legal.len())]);
        }
    }
    out
}

#[test]
fn a_board_reads_back_as_the_position_its_mover_sees() {
    for p in random_positions() {
        let board = Board::of(&p);
        let back = board.position().expect("a board of a position reads");
        assert_eq!(back.mover_view(), p.mover_view(), "{}", p.to_fen());
        assert_eq!(back.side_to_move(), Color::White);
        assert_eq!(Board::of(&back), board);
    }
}

#[test]
fn steps_are_the_first_steps_of_the_legal_moves() {
    for p in random_positions() {
        let legal = p.legal_moves();
        let expected = Hops::new(&p, &legal).steps();
        assert_eq!(Board::of(&p).steps(None).expect("reads"), expected);
    }
}

/// The dark squares, row by row.
fn dark() -> impl Iterator<Item = Coord> {
    (0..8u8)
        .flat_map(|r| (0..8u8).map(move |c| (r, c)))
        .filter(|(r, c)| (r + c) % 2 == 1)
}

/// Random boards as a bot may be handed them (any pieces, kings and
/// crowded corners more often than games reach): up to 12 a side, no man on
/// its crowning row.
fn random_boards() -> Vec<Board> {
    let mut rng = crate::core::rng::Rng::new(34);
    (0..3000)
        .map(|_| {
            let density = [20, 40, 60][rng.index(3)];
            let mut board = Board {
                cells: [[None; 8]; 8],
            };
            let mut counts = [0; 2];
            for at in dark() {
                board.cells[at.0 as usize][at.1 as usize] = Some(EMPTY);
                let code = [1, 1, 1, 2, 2, 2, 3, 4][rng.index(8)];
                let side = usize::from(code % 2 == 0);
                let crowning =
                    (code == OWN_MAN && at.0 == 0) || (code == OPPONENT_MAN && at.0 == 7);
                if rng.below(100) < density && counts[side] < 12 && !crowning {
                    counts[side] += 1;
                    board.cells[at.0 as usize][at.1 as usize] = Some(code);
                }
            }
            board
        })
        .collect()
}

#[test]
fn scanned_steps_are_the_first_steps_of_the_engines_moves() {
    let boards = random_positions()
        .into_iter()
        .map(|p| Board::of(&p))
        .chain(random_boards());
    for board in boards {
        let legal = board.position().expect("reads").legal_moves();
        let firsts = next_steps(&legal, 0, Color::White);
        assert_eq!(board.steps(None), Ok(firsts.clone()), "{board}");
        // Mid-capture: the piece's own capture steps, or none.
        let capturing = legal.first().is_some_and(Move::is_capture);
        for at in dark() {
            let hops: Vec<Step> = firsts
                .iter()
                .copied()
                .filter(|s| capturing && s.0 == at)
                .collect();
            assert_eq!(board.steps(Some(at)), Ok(hops), "{at:?} on\n{board}");
        }
    }
}

#[test]
fn mid_capture_only_the_capturing_piece_hops_on() {
    let p = pos("W:W30:B18,19,26");
    let mut board = Board::of(&p);
    board.play(((7, 2), (5, 4))).expect("30x23");
    let hops = [((5, 4), (3, 2)), ((5, 4), (3, 6))];
    assert_eq!(board.steps(Some((5, 4))), Ok(hops.to_vec()));
    assert_eq!(board.steps(Some((3, 2))), Ok(vec![]), "not that piece");
    // No capture left: the sequence is over, plain moves are not offered.
    let quiet = Board::of(&pos("W:W30:B1"));
    assert_eq!(quiet.steps(Some((7, 2))), Ok(vec![]));
    assert_eq!(quiet.steps(None).expect("reads").len(), 2);
}

#[test]
fn sequences_list_every_move_hop_by_hop_in_order() {
    let board = Board::of(&pos("W:W30:B18,19,26"));
    let first = ((7, 2), (5, 4));
    assert_eq!(
        board.sequences(),
        Ok(vec![
            vec![first, ((5, 4), (3, 2))],
            vec![first, ((5, 4), (3, 6))]
        ])
    );
    let crowning = Board::of(&pos("W:W9:B6,7")).sequences().expect("reads");
    assert_eq!(crowning, vec![vec![((2, 1), (0, 3)), ((0, 3), (2, 5))]]);
    for p in random_positions().into_iter().take(300) {
        let board = Board::of(&p);
        let seqs = board.sequences().expect("reads");
        assert_eq!(seqs.len(), p.legal_moves().len());
        let mut firsts: Vec<Step> = seqs.iter().map(|s| s[0]).collect();
        firsts.dedup();
        assert_eq!(firsts, board.steps(None).expect("reads"));
    }
}

#[test]
fn play_checks_a_step_and_says_what_it_did() {
    let mut board = Board::of(&pos("W:W9:B6,7"));
    let effect = board.play(((2, 1), (0, 3))).expect("9x2 crowns");
    assert_eq!(
        effect,
        StepEffect {
            captured: true,
            crowned: true
        }
    );
    assert_eq!(board.at((0, 3)), Some(OWN_KING));
    let start = Board::of(&Position::start(Variant::Tournament));
    for (step, why) in [
        (((5, 0), (4, 3)), "not one diagonal step"),
        (((5, 0), (3, 2)), "no opponent's piece"),
        (((4, 1), (3, 2)), "no piece of the mover"),
        (((6, 1), (5, 0)), "not an empty dark square"),
        (((5, 0), (8, 1)), "rows and columns are 0-7"),
    ] {
        let mut b = start;
        let err = b.play(step).expect_err("refused");
        assert!(err.to_string().contains(why), "{err}");
        assert_eq!(b, start, "a refused step changes nothing");
    }
    let mut back = Board::of(&pos("W:W18:B1"));
    assert!(back
        .play(((4, 3), (5, 4)))
        .expect_err("a man moves forward")
        .to_string()
        .contains("towards row 0"));
}

#[test]
fn turned_is_the_other_sides_view() {
    for p in random_positions().into_iter().take(200) {
        let board = Board::of(&p);
        let other = Board::of(&p.with_side_to_move(p.side_to_move().opponent()));
        assert_eq!(board.turned(), other);
        assert_eq!(board.turned().turned(), board);
    }
}

#[test]
fn malformed_boards_are_refused_in_the_boards_words() {
    let start = Board::of(&Position::start(Variant::Tournament));
    let with = |at: Coord, cell: Cell| {
        let mut b = start;
        b.cells[at.0 as usize][at.1 as usize] = cell;
        b.position().map(|_| ()).expect_err("refused").to_string()
    };
    assert!(with((0, 0), Some(1)).contains("cell (0, 0) is a light square"));
    assert!(with((4, 1), None).contains("expected 0-4, found None"));
    assert!(with((4, 1), Some(7)).contains("holds 7"));
    assert!(with((4, 1), Some(1)).contains("13 own pieces"));
    let mut men = Board {
        cells: [[None; 8]; 8],
    };
    for (r, line) in men.cells.iter_mut().enumerate() {
        for (c, cell) in line.iter_mut().enumerate() {
            *cell = ((r + c) % 2 == 1).then_some(EMPTY);
        }
    }
    men.cells[0][1] = Some(OWN_MAN);
    let err = men.position().expect_err("a man on row 0").to_string();
    assert!(err.contains("own man on (0, 1)"), "{err}");
    men.cells[0][1] = Some(EMPTY);
    men.cells[7][0] = Some(OPPONENT_MAN);
    let err = men.position().expect_err("a man on row 7").to_string();
    assert!(err.contains("opponent man on (7, 0)"), "{err}");
    // Several faults: the first cell in the scan order is named, before
    // the counts and the crowning rows.
    let mut faults = start;
    faults.cells[2][1] = Some(9);
    faults.cells[4][3] = None;
    faults.cells[0][0] = Some(1);
    let err = faults.position().expect_err("faults").to_string();
    assert!(err.contains("cell (0, 0) is a light square"), "{err}");
    faults.cells[0][0] = None;
    let err = faults.steps(None).expect_err("faults").to_string();
    assert!(err.contains("cell (2, 1) holds 9"), "{err}");
    faults.cells[2][1] = Some(OWN_MAN);
    let err = faults.steps(None).expect_err("faults").to_string();
    assert!(
        err.contains("cell (4, 3)") && err.contains("found None"),
        "{err}"
    );
    let mut zero = start;
    zero.cells[0][0] = Some(EMPTY);
    assert!(zero.position().is_ok(), "0 on a light square is accepted");
}

#[test]
fn step_text_round_trips_and_rejects_junk() {
    assert_eq!(parse_step("5041"), Some(((5, 0), (4, 1))));
    for bad in ["", "504", "50411", "5a41", "5091", "-041"] {
        assert_eq!(parse_step(bad), None, "{bad}");
    }
}
