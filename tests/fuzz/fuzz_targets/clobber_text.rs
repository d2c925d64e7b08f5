//! Clobber position and move text: never a panic; an accepted position's
//! text reads back to it, and a parsed move is legal.
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::clobber::ClobberPosition;

fuzz_target!(|input: (&str, &str)| {
    let (position, mv) = input;
    if let Ok(pos) = ClobberPosition::parse(position) {
        assert_eq!(ClobberPosition::parse(&pos.to_text()), Ok(pos));
        if let Ok(m) = pos.parse_move(mv) {
            assert!(pos.legal_moves().contains(&m));
        }
    }
});
