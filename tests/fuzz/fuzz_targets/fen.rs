//! FEN text: never a panic; an accepted position writes a FEN that reads
//! back to the same position, on the 8x8 board and on 10x10.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::checkers::geometry::{Board10, Board8, Geometry};
use warcaby::checkers::position::PositionOf;
use warcaby::Variant;

fn round_trip<G: Geometry>(text: &str, variant: Variant) {
    if let Ok(pos) = PositionOf::<G>::from_fen(text, variant) {
        let again = PositionOf::<G>::from_fen(&pos.to_fen(), variant).expect("our FEN reads back");
        assert_eq!(again, pos);
        assert_eq!(again.hash(), pos.compute_hash());
    }
}

fuzz_target!(|text: &str| {
    for variant in Variant::ALL {
        round_trip::<Board8>(text, variant);
        round_trip::<Board10>(text, variant);
    }
});
