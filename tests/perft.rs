//! Perft from the start positions against published tables (English: Aart
//! Bik / OEIS A133046; Russian: shashki/dctl with duplicate captures kept;
//! tournament: the contest's referee program, silnik.py's own move functions
//! enumerating whole turns — a man crowned mid-capture goes on — run outside
//! the project; Brazilian: pydraughts; international 10x10: the published
//! table of the draughts programmers' community, as pydraughts also counts).

use warcaby::checkers::geometry::Geometry;
use warcaby::checkers::international;
use warcaby::checkers::perft::{divide, perft, perft_parallel};
use warcaby::checkers::position::PositionOf;
use warcaby::{Position, Variant};

const ENGLISH: [u64; 12] = [
    7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673,
];
const RUSSIAN: [u64; 10] = [
    7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628,
];
const TOURNAMENT: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570624];
/// Brazilian (maximum capture): pydraughts 0.6.7's counts from the start
/// (`tests/perft/pydraughts_perft.py`'s perft, sequences with the same
/// start, end and captured pieces merged).
const BRAZILIAN: [u64; 7] = [7, 49, 302, 1469, 7473, 37628, 187302];

/// International draughts on 10x10 (maximum capture, sequences with the
/// same start, end and captured pieces counted once).
const INTERNATIONAL: [u64; 9] = [9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423];

fn check(variant: Variant, table: &[u64], max_depth: usize) {
    check_on::<warcaby::checkers::geometry::Board8>(variant, table, max_depth)
}

fn check_on<G: Geometry>(variant: Variant, table: &[u64], max_depth: usize) {
    let pos = PositionOf::<G>::start(variant);
    for (i, &expected) in table.iter().enumerate().take(max_depth) {
        let depth = i as u32 + 1;
        assert_eq!(perft(&pos, depth), expected, "{variant} perft({depth})");
    }
}

#[test]
fn english_start_position_to_depth_11() {
    check(Variant::English, &ENGLISH, 11);
}

#[test]
fn russian_start_position_to_depth_10() {
    check(Variant::Russian, &RUSSIAN, 10);
}

#[test]
fn tournament_start_position_to_depth_9() {
    check(Variant::Tournament, &TOURNAMENT, 9);
}

#[test]
fn brazilian_start_position_to_depth_7() {
    check(Variant::Brazilian, &BRAZILIAN, 7);
}

#[test]
fn international_start_position_to_depth_9() {
    check_on::<international::Board10>(Variant::International, &INTERNATIONAL, 9);
}

#[test]
fn parallel_perft_agrees_with_serial() {
    let pos = Position::start(Variant::Russian);
    assert_eq!(perft_parallel(&pos, 8, 2), RUSSIAN[7]);
    assert_eq!(perft_parallel(&pos, 8, 3), RUSSIAN[7]);
}

#[test]
fn divide_sums_to_perft_and_lists_every_root_move() {
    let pos = Position::start(Variant::English);
    let split = divide(&pos, 6);
    assert_eq!(split.len(), 7);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), ENGLISH[5]);
}

/// A position rich in kings and captures, counted by hand at depth 1 and
/// cross-checked between the bulk counter and the move list at depth 2.
#[test]
fn bulk_counting_equals_listing() {
    for (fen, variant) in [
        (
            "W:WK1,K3,18,19,K30:B6,K14,15,22,23,K29",
            Variant::Tournament,
        ),
        ("B:WK1,K3,18,19,K30:B6,K14,15,22,23,K29", Variant::English),
        ("W:WKa1,Kc1,e3,f4:Bd4,Kf6,b6,d6,Kh8", Variant::Russian),
    ] {
        let pos = Position::from_fen(fen, variant).unwrap();
        for depth in 1..=4 {
            let listed: u64 = pos
                .legal_moves()
                .iter()
                .map(|m| perft(&pos.after(m), depth - 1))
                .sum();
            assert_eq!(perft(&pos, depth), listed, "{fen} depth {depth}");
        }
    }
}

/// The perft data files `tests/perft/<variant>.perft`: positions from random
/// games (mid-game, kings, long chains) with their counts, each file
/// computed by an implementation nobody here wrote (its header says which).
/// Lines: `epd FEN`, then `perft DEPTH NODES`; `#` starts a comment.
#[test]
fn perft_data_files_agree() {
    let mut checked = 0;
    for variant in Variant::EIGHT_BY_EIGHT {
        checked += check_file::<warcaby::checkers::geometry::Board8>(variant);
    }
    assert!(checked >= 60, "only {checked} counts checked");
    // pydraughts' 2,000 positions to depth 2, the first 300 to depth 3.
    let international = check_file::<international::Board10>(Variant::International);
    assert!(international >= 4300, "only {international} 10x10 counts");
}

/// Checks `tests/perft/<variant>.perft`; the number of counts checked.
fn check_file<G: Geometry>(variant: Variant) -> usize {
    let path = format!("{}/tests/perft/{variant}.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut pos = None;
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let at = format!("{path}:{}", i + 1);
        if let Some(fen) = line.strip_prefix("epd ") {
            let p = PositionOf::<G>::from_fen(fen, variant).unwrap_or_else(|e| panic!("{at}: {e}"));
            pos = Some(p);
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (depth, nodes) = rest.split_once(' ').expect("perft DEPTH NODES");
            let p = pos
                .as_ref()
                .unwrap_or_else(|| panic!("{at}: perft before epd"));
            let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.parse().unwrap());
            assert_eq!(perft(p, depth), nodes, "{at}: {}", p.to_fen());
            checked += 1;
        } else {
            assert!(line.is_empty(), "{at}: unexpected line");
        }
    }
    checked
}
