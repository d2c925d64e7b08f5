//! The shipped AlphaZero network's outputs on fixed positions, written as
//! text: natively (`tests/az_outputs.rs`) they are checked against
//! `tests/wasm/az_outputs.txt`, and inside WebAssembly against the same
//! file, so the browser's network answers as the native one does.
//! One line per position: `FEN|value|move prior move prior ...`.

use warcaby::az::encode::move_priors;
use warcaby::az::{encode, Net};
use warcaby::{Position, Variant};

/// English positions with legal moves: the start, openings, kings, captures.
pub(crate) const POSITIONS: &[&str] = &[
    "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,16",
    "W:WK1,30:B14,K32",
    "B:W18,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,14",
    "B:WK5,K6,20,24:BK27,10,3",
    "W:W9,K19,27:B2,K25,23",
];

/// The outputs of `net` on [`POSITIONS`], one line each.
pub(crate) fn outputs(net: &Net) -> String {
    let mut text = String::new();
    for fen in POSITIONS {
        let pos = Position::from_fen(fen, Variant::English).expect("a good FEN");
        let out = net.forward(&encode(&pos));
        let moves = pos.legal_moves();
        let priors = move_priors(&out.logits, &moves);
        let pairs: Vec<String> = moves
            .iter()
            .zip(&priors)
            .map(|(mv, p)| format!("{} {p}", pos.move_text(mv)))
            .collect();
        text += &format!("{fen}|{}|{}\n", out.values[0], pairs.join(" "));
    }
    text
}

/// The largest difference between two texts of [`outputs`]; panics when
/// they differ in anything but the numbers.
pub(crate) fn largest_difference(expected: &str, actual: &str) -> f32 {
    let (expected, actual): (Vec<&str>, Vec<&str>) =
        (expected.lines().collect(), actual.lines().collect());
    assert_eq!(expected.len(), actual.len(), "positions");
    let mut largest = 0.0f32;
    for (e, a) in expected.iter().zip(&actual) {
        let (e, a): (Vec<&str>, Vec<&str>) =
            (e.split([' ', '|']).collect(), a.split([' ', '|']).collect());
        assert_eq!(e.len(), a.len(), "{e:?} against {a:?}");
        for (x, y) in e.iter().zip(&a) {
            match (x.parse::<f32>(), y.parse::<f32>()) {
                (Ok(x), Ok(y)) => largest = largest.max((x - y).abs()),
                _ => assert_eq!(x, y),
            }
        }
    }
    largest
}
