//! The engine's bitboard move generator against the simple array oracle in
//! `tests/oracle`: random playouts in every variant, from the start and
//! from random positions with kings, comparing at every visited position the
//! legal moves (as sorted multisets) and the position after each move; plus
//! small perfts of both from random positions.

mod oracle;

use oracle::{dark_squares, Board, Man, OracleMove, OracleStats, Side, Sq};
use std::collections::BTreeSet;
use warcaby::core::rng::Rng;
use warcaby::{Color, Move, Position, Role, Square, Variant};

fn side_of(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn sq_of(square: Square) -> Sq {
    (square.file() as i8, square.rank() as i8)
}

/// The engine's move in the oracle's terms.
fn oracle_view(mv: &Move) -> OracleMove {
    OracleMove {
        from: sq_of(mv.from()),
        path: mv.path().iter().map(|&s| sq_of(s)).collect(),
        captured: mv.captured().squares().map(sq_of).collect(),
        promotes: mv.promotes(),
    }
}

/// The engine's position as an oracle board and side to move.
fn board_of(pos: &Position) -> (Board, Side) {
    let mut board = Board::empty();
    for (file, rank) in dark_squares() {
        let square = Square::new(file as u8, rank as u8).expect("a dark square");
        let piece = pos.piece_at(square).map(|p| Man {
            side: side_of(p.color),
            king: p.role == Role::King,
        });
        board.set((file, rank), piece);
    }
    (board, side_of(pos.side_to_move()))
}

/// Writes a PDN FEN for the oracle board, independently of the engine's writer.
fn fen_of(board: &Board, side: Side, variant: Variant) -> String {
    let name = |(f, r): Sq| match variant {
        Variant::Russian | Variant::Brazilian => format!("{}{}", (b'a' + f as u8) as char, r + 1),
        _ => ((7 - r) * 4 + f / 2 + 1).to_string(),
    };
    let mut fen = String::from(if side == Side::White { "W" } else { "B" });
    for (letter, owner) in [("W", Side::White), ("B", Side::Black)] {
        let items: Vec<String> = dark_squares()
            .filter_map(|sq| {
                let p = board.get(sq).filter(|p| p.side == owner)?;
                Some(format!("{}{}", if p.king { "K" } else { "" }, name(sq)))
            })
            .collect();
        fen.push(':');
        fen.push_str(letter);
        fen.push_str(&items.join(","));
    }
    fen
}

/// A random legal setup: 1–12 pieces a side, a few of them kings, men never
/// on their own crowning row.
fn random_board(rng: &mut Rng, max_kings: usize) -> (Board, Side) {
    let mut board = Board::empty();
    for side in [Side::White, Side::Black] {
        let pieces = rng.between(1, 12);
        let kings = rng.between(0, max_kings.min(pieces));
        for i in 0..pieces {
            let king = i < kings;
            loop {
                let squares: Vec<Sq> = dark_squares().collect();
                let sq = squares[rng.index(squares.len())];
                if board.get(sq).is_none() && (king || sq.1 != side.last_rank()) {
                    board.set(sq, Some(Man { side, king }));
                    break;
                }
            }
        }
    }
    let side = if rng.index(2) == 0 {
        Side::White
    } else {
        Side::Black
    };
    (board, side)
}

/// What the comparison has covered, to make sure it is not vacuous.
#[derive(Default, Debug)]
struct Tally {
    positions: u64,
    moves: u64,
    positions_with_kings: u64,
    positions_with_king_captures: u64,
    positions_with_multi_captures: u64,
    /// Two moves with the same start and end but different paths or captures.
    positions_with_same_ends: u64,
    capture_promotions: u64,
    oracle: OracleStats,
}

/// Compares the engine and the oracle at one position. Returns the matched
/// (engine, oracle) move pairs, or records a failure and returns None.
fn compare(
    pos: &Position,
    board: &Board,
    side: Side,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) -> Option<Vec<(Move, OracleMove)>> {
    let variant = pos.variant();
    let fen = fen_of(board, side, variant);
    let (engine_board, engine_side) = board_of(pos);
    if engine_board != *board || engine_side != side {
        failures.push(format!(
            "[{variant}] positions differ: oracle {fen}, engine {}",
            pos.to_fen()
        ));
        return None;
    }
    let mut engine: Vec<(Move, OracleMove)> = pos
        .legal_moves()
        .iter()
        .map(|m| (*m, oracle_view(m)))
        .collect();
    engine.sort_by(|a, b| a.1.cmp(&b.1));
    let mut expected = board.legal_moves_with_stats(side, variant, &mut tally.oracle);
    expected.sort();
    let got: Vec<OracleMove> = engine.iter().map(|(_, o)| o.clone()).collect();
    if got != expected {
        let show = |ms: &[OracleMove]| {
            ms.iter()
                .map(|m| format!("{m:?}"))
                .collect::<Vec<_>>()
                .join("\n      ")
        };
        let missing: Vec<OracleMove> = multiset_minus(&expected, &got);
        let extra: Vec<OracleMove> = multiset_minus(&got, &expected);
        failures.push(format!(
            "[{variant}] {fen}: engine {} moves, oracle {}\n    missing from engine:\n      {}\n    extra in engine:\n      {}",
            got.len(),
            expected.len(),
            show(&missing),
            show(&extra)
        ));
        return None;
    }
    // The position after every move.
    for (mv, omv) in &engine {
        let after = pos.after(mv);
        let (b, s) = board_of(&after);
        let want = board.apply(omv);
        if b != want || s != side.other() || after.hash() != after.compute_hash() {
            failures.push(format!(
                "[{variant}] {fen}: after {:?} engine gives {} (hash ok: {}), oracle {}",
                mv,
                after.to_fen(),
                after.hash() == after.compute_hash(),
                fen_of(&want, side.other(), variant)
            ));
            return None;
        }
    }

    tally.positions += 1;
    tally.moves += engine.len() as u64;
    if dark_squares().any(|sq| board.get(sq).is_some_and(|p| p.king)) {
        tally.positions_with_kings += 1;
    }
    let captures = expected.iter().filter(|m| !m.captured.is_empty());
    if captures
        .clone()
        .any(|m| board.get(m.from).is_some_and(|p| p.king))
    {
        tally.positions_with_king_captures += 1;
    }
    if expected.iter().any(|m| m.captured.len() >= 2) {
        tally.positions_with_multi_captures += 1;
    }
    let ends: BTreeSet<(Sq, Sq)> = expected.iter().map(|m| (m.from, m.to())).collect();
    if ends.len() < expected.len() {
        tally.positions_with_same_ends += 1;
    }
    tally.capture_promotions += captures.filter(|m| m.promotes).count() as u64;
    Some(engine)
}

fn multiset_minus(a: &[OracleMove], b: &[OracleMove]) -> Vec<OracleMove> {
    let mut rest: Vec<OracleMove> = b.to_vec();
    let mut out = Vec::new();
    for m in a {
        if let Some(i) = rest.iter().position(|x| x == m) {
            rest.swap_remove(i);
        } else {
            out.push(m.clone());
        }
    }
    out
}

/// One random playout from `board`, comparing at every ply.
fn playout(
    variant: Variant,
    mut board: Board,
    mut side: Side,
    max_plies: usize,
    rng: &mut Rng,
    tally: &mut Tally,
    failures: &mut Vec<String>,
) {
    let fen = fen_of(&board, side, variant);
    let mut pos = Position::from_fen(&fen, variant)
        .unwrap_or_else(|e| panic!("[{variant}] the engine rejects {fen}: {e}"));
    for _ in 0..max_plies {
        let Some(moves) = compare(&pos, &board, side, tally, failures) else {
            return;
        };
        if moves.is_empty() {
            return;
        }
        let (mv, omv) = &moves[rng.index(moves.len())];
        pos = pos.after(mv);
        board = board.apply(omv);
        side = side.other();
    }
}

const MAX_FAILURES_SHOWN: usize = 12;

fn run_variant(variant: Variant, seed: u64) -> Tally {
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let first = if variant == Variant::English {
        Side::Black
    } else {
        Side::White
    };
    // From the start position.
    for _ in 0..300 {
        playout(
            variant,
            Board::start(),
            first,
            160,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    // From random positions with kings: sparse and crowded boards alike.
    for i in 0..3000 {
        let (board, side) = random_board(&mut rng, 1 + i % 6);
        playout(
            variant,
            board,
            side,
            60,
            &mut rng,
            &mut tally,
            &mut failures,
        );
    }
    eprintln!("[{variant}] {tally:?}");
    if !failures.is_empty() {
        let n = failures.len();
        failures.truncate(MAX_FAILURES_SHOWN);
        panic!(
            "[{variant}] {n} disagreement(s) between engine and oracle, first ones:\n{}",
            failures.join("\n")
        );
    }
    tally
}

fn assert_coverage(variant: Variant, t: &Tally) {
    assert!(
        t.positions >= 20_000,
        "[{variant}] only {} positions",
        t.positions
    );
    assert!(t.positions_with_kings >= 5_000, "[{variant}] {t:?}");
    assert!(t.positions_with_king_captures >= 500, "[{variant}] {t:?}");
    assert!(t.positions_with_multi_captures >= 500, "[{variant}] {t:?}");
    assert!(t.positions_with_same_ends >= 10, "[{variant}] {t:?}");
    assert!(t.capture_promotions >= 200, "[{variant}] {t:?}");
}

#[test]
fn tournament_moves_match_oracle() {
    let t = run_variant(Variant::Tournament, 0x7001);
    assert_coverage(Variant::Tournament, &t);
    assert!(t.oracle.crowned_and_continued >= 50, "{t:?}");
}

#[test]
fn english_moves_match_oracle() {
    let t = run_variant(Variant::English, 0xE001);
    assert_coverage(Variant::English, &t);
}

#[test]
fn russian_moves_match_oracle() {
    let t = run_variant(Variant::Russian, 0x5001);
    assert_coverage(Variant::Russian, &t);
    assert!(t.oracle.landings_restricted >= 200, "{t:?}");
    assert!(t.oracle.crowned_and_continued >= 50, "{t:?}");
}

#[test]
fn brazilian_moves_match_oracle() {
    let t = run_variant(Variant::Brazilian, 0xB001);
    assert_coverage(Variant::Brazilian, &t);
    assert!(t.oracle.landings_restricted >= 200, "{t:?}");
    assert!(t.oracle.passed_last_rank_as_man >= 20, "{t:?}");
    assert!(t.oracle.shorter_captures_dropped >= 500, "{t:?}");
}

#[test]
fn perft_matches_oracle_from_random_positions() {
    let mut rng = Rng::new(0xFE47);
    for variant in Variant::EIGHT_BY_EIGHT {
        let mut done = 0;
        let mut leaves = 0;
        while done < 12 {
            let (board, side) = random_board(&mut rng, 4);
            // Trees worth counting: several moves at the root, no forced line.
            if board.legal_moves(side, variant).len() < 6 {
                continue;
            }
            let fen = fen_of(&board, side, variant);
            let pos = Position::from_fen(&fen, variant).expect("a legal random position");
            let depth = if done < 8 { 4 } else { 5 };
            let expected = board.perft(side, variant, depth);
            if expected < 3000 {
                continue;
            }
            assert_eq!(
                warcaby::checkers::perft::perft(&pos, depth),
                expected,
                "[{variant}] perft({depth}) of {fen}"
            );
            leaves += expected;
            done += 1;
        }
        eprintln!("[{variant}] perft: {done} positions, {leaves} leaves in all");
    }
}

/// The oracle itself against the published start-position counts.
#[test]
fn oracle_perft_from_start_matches_published_numbers() {
    for (variant, first, expected) in [
        (
            Variant::English,
            Side::Black,
            [7u64, 49, 302, 1469, 7361, 36768, 179740],
        ),
        (
            Variant::Russian,
            Side::White,
            [7, 49, 302, 1469, 7482, 37986, 190146],
        ),
        (
            Variant::Tournament,
            Side::White,
            [7, 49, 302, 1469, 7482, 37986, 190146],
        ),
    ] {
        for (i, &n) in expected.iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(
                Board::start().perft(first, variant, depth),
                n,
                "oracle {variant} perft({depth})"
            );
        }
    }
}

// Hand-checked positions, so the oracle is not only trusted against the engine.

fn alg(s: &str) -> Sq {
    let b = s.as_bytes();
    ((b[0] - b'a') as i8, (b[1] - b'1') as i8)
}

/// (from, path, captured, promotes) in algebraic squares.
type Expected<'a> = (&'a str, &'a [&'a str], &'a [&'a str], bool);

fn check_hand(fen: &str, variant: Variant, expected: &[Expected]) {
    let pos = Position::from_fen(fen, variant).expect("a legal FEN");
    let (board, side) = board_of(&pos);
    let mut want: Vec<OracleMove> = expected
        .iter()
        .map(|(from, path, captured, promotes)| OracleMove {
            from: alg(from),
            path: path.iter().map(|s| alg(s)).collect(),
            captured: captured.iter().map(|s| alg(s)).collect(),
            promotes: *promotes,
        })
        .collect();
    want.sort();
    let mut from_oracle = board.legal_moves(side, variant);
    from_oracle.sort();
    let mut from_engine: Vec<OracleMove> = pos.legal_moves().iter().map(oracle_view).collect();
    from_engine.sort();
    assert_eq!(from_oracle, want, "oracle, [{variant}] {fen}");
    assert_eq!(from_engine, want, "engine, [{variant}] {fen}");
}

#[test]
fn hand_men_capture_backward_except_in_english() {
    // White man d4 (18), black man c3 (22).
    check_hand(
        "W:W18:B22",
        Variant::Tournament,
        &[("d4", &["b2"], &["c3"], false)],
    );
    check_hand(
        "W:W18:B22",
        Variant::English,
        &[("d4", &["c5"], &[], false), ("d4", &["e5"], &[], false)],
    );
}

#[test]
fn hand_crowning_during_capture() {
    // White man d6 (10) jumps e7 (7) to f8; g7 (8) stands next to f8.
    // English: crowned, the move ends; tournament: the new king jumps g7 too.
    check_hand(
        "W:W10:B7,8",
        Variant::English,
        &[("d6", &["f8"], &["e7"], true)],
    );
    check_hand(
        "W:W10:B7,8",
        Variant::Tournament,
        &[("d6", &["f8", "h6"], &["e7", "g7"], true)],
    );
    check_hand(
        "W:Wd6:Be7,g7",
        Variant::Russian,
        &[("d6", &["f8", "h6"], &["e7", "g7"], true)],
    );
}

#[test]
fn hand_short_king_loop_returns_to_its_empty_start_square() {
    // King c3 (22) around d4 (18), d6 (10), b6 (9), b4 (17), both ways round.
    check_hand(
        "W:WK22:B9,10,17,18",
        Variant::Tournament,
        &[
            (
                "c3",
                &["e5", "c7", "a5", "c3"],
                &["d4", "d6", "b6", "b4"],
                false,
            ),
            (
                "c3",
                &["a5", "c7", "e5", "c3"],
                &["d4", "d6", "b6", "b4"],
                false,
            ),
        ],
    );
}

#[test]
fn hand_flying_king_must_land_where_it_can_capture_again() {
    // Behind c3 the king may stop on d4..h8, but only e5 lets it take f4.
    check_hand(
        "W:WKa1:Bc3,f4",
        Variant::Russian,
        &[
            ("a1", &["e5", "g3"], &["c3", "f4"], false),
            ("a1", &["e5", "h2"], &["c3", "f4"], false),
        ],
    );
}

#[test]
fn hand_flying_king_same_line_continuation_only_from_last_landing() {
    // Behind c3: d4 and e5; then f6 on the same line. Going on along the line
    // is explored from e5 only, so d4 is no landing choice of its own.
    check_hand(
        "W:WKa1:Bc3,f6",
        Variant::Russian,
        &[
            ("a1", &["e5", "g7"], &["c3", "f6"], false),
            ("a1", &["e5", "h8"], &["c3", "f6"], false),
        ],
    );
}
