//! Perft from the start positions against published tables (English: Aart
//! Bik / OEIS A133046; Russian: shashki/dctl with duplicate captures kept;
//! tournament: the contest's referee program, silnik.py's own move functions
//! enumerating whole turns — a man crowned mid-capture goes on — run outside
//! the project).

use warcaby::perft::{divide, perft, perft_parallel};
use warcaby::{Position, Variant};

const ENGLISH: [u64; 12] = [
    7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673,
];
const RUSSIAN: [u64; 10] = [
    7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667, 22450628,
];
const TOURNAMENT: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929902, 4570624];

fn check(variant: Variant, table: &[u64], max_depth: usize) {
    let pos = Position::start(variant);
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
