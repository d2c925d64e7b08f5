//! Move text in positions reached by fuzz-chosen moves: never a panic; a
//! parsed move is legal, and every legal move's texts parse back to it
//! (the 8x8 variants and international draughts on 10x10).
#![no_main]
use libfuzzer_sys::fuzz_target;
use warcaby::checkers::geometry::{Board10, Board8, Geometry};
use warcaby::checkers::notation::{full_text, pdn_text};
use warcaby::checkers::position::PositionOf;
use warcaby::Variant;

fuzz_target!(|input: (u8, Vec<u8>, &str)| {
    let (v, path, text) = input;
    match Variant::ALL[v as usize % Variant::ALL.len()] {
        Variant::International => walk::<Board10>(Variant::International, &path, text),
        variant => walk::<Board8>(variant, &path, text),
    }
});

fn walk<G: Geometry>(variant: Variant, path: &[u8], text: &str) {
    let mut pos = PositionOf::<G>::start(variant);
    for choice in path.iter().take(60) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos = pos.after(&moves[*choice as usize % moves.len()]);
    }
    let legal = pos.legal_moves();
    if let Ok(mv) = pos.parse_move(text) {
        assert!(legal.contains(&mv));
    }
    for mv in &legal {
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(*mv));
        assert_eq!(pos.parse_move(&full_text(mv, pos.rules())), Ok(*mv));
        assert_eq!(pos.parse_move(&pdn_text(mv, &legal, pos.rules())), Ok(*mv));
    }
}
