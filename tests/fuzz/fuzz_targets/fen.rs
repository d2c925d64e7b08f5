//! FEN text: never a panic; an accepted position writes a FEN that reads
//! back to the same position.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::{Position, Variant};

fuzz_target!(|text: &str| {
    for variant in Variant::ALL {
        if let Ok(pos) = Position::from_fen(text, variant) {
            let again = Position::from_fen(&pos.to_fen(), variant).expect("our FEN reads back");
            assert_eq!(again, pos);
            assert_eq!(again.hash(), pos.compute_hash());
        }
    }
});
