//! Any setup: validated or refused without a panic; in an accepted position
//! every legal move gives a position whose incremental hash equals a fresh
//! one, two plies deep (on the 8x8 board and on 10x10).
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::checkers::bitboard::BitboardOf;
use warcaby::checkers::geometry::{Board10, Board8, Geometry};
use warcaby::checkers::position::{PositionOf, SetupOf};
use warcaby::{Color, Variant};

fuzz_target!(|input: (u8, u64, u64, u64, bool)| {
    let (v, white, black, kings, black_to_move) = input;
    let side = if black_to_move { Color::Black } else { Color::White };
    match Variant::ALL[v as usize % Variant::ALL.len()] {
        Variant::International => check::<Board10>(Variant::International, [white, black, kings], side),
        variant => check::<Board8>(variant, [white, black, kings], side),
    }
});

fn check<G: Geometry>(variant: Variant, [white, black, kings]: [u64; 3], side: Color) {
    let setup = SetupOf::<G> {
        white: BitboardOf::from_bits(white),
        black: BitboardOf::from_bits(black),
        kings: BitboardOf::from_bits(kings),
        side_to_move: Some(side),
    };
    let Ok(pos) = PositionOf::from_setup(&setup, variant) else {
        return;
    };
    assert_eq!(pos.hash(), pos.compute_hash());
    for mv in pos.legal_moves() {
        let after = pos.after(&mv);
        assert_eq!(after.hash(), after.compute_hash(), "{mv:?}");
        assert_eq!(PositionOf::from_setup(&after.to_setup(), after.variant()), Ok(after));
        for reply in after.legal_moves() {
            let next = after.after(&reply);
            assert_eq!(next.hash(), next.compute_hash(), "{mv:?} {reply:?}");
        }
    }
}
