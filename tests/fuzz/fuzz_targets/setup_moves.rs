//! Any setup: validated or refused without a panic; in an accepted position
//! every legal move gives a position whose incremental hash equals a fresh
//! one, two plies deep, and the move lists agree with the counters.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::{Bitboard, Color, Position, Setup, Variant};

fuzz_target!(|input: (u8, u64, u64, u64, bool)| {
    let (v, white, black, kings, black_to_move) = input;
    let setup = Setup {
        white: Bitboard(white),
        black: Bitboard(black),
        kings: Bitboard(kings),
        side_to_move: Some(if black_to_move { Color::Black } else { Color::White }),
    };
    let Ok(pos) = Position::from_setup(&setup, Variant::ALL[v as usize % 3]) else {
        return;
    };
    assert_eq!(pos.hash(), pos.compute_hash());
    for mv in pos.legal_moves() {
        let after = pos.after(&mv);
        assert_eq!(after.hash(), after.compute_hash(), "{mv:?}");
        assert_eq!(Position::from_setup(&after.to_setup(), after.variant()), Ok(after));
        for reply in after.legal_moves() {
            let next = after.after(&reply);
            assert_eq!(next.hash(), next.compute_hash(), "{mv:?} {reply:?}");
        }
    }
});
