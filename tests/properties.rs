//! Property tests over random playouts in all three variants: incremental
//! hashing, undo/redo, piece counts, FEN round trips and move notation.
//!
//! A case is a variant, a seed and a length; the seed drives a small
//! deterministic generator that picks the start (the variant's start position
//! or a random legal setup with kings) and every move.

use proptest::prelude::*;
use warcaby::checkers::notation::full_text;
use warcaby::core::rng::Rng;
use warcaby::{Bitboard, Color, Game, Move, Position, Setup, Square, Variant};

/// A random legal setup: 1–12 pieces a side, up to 4 kings a side, men off
/// their crowning row.
fn random_position(rng: &mut Rng, variant: Variant) -> Position {
    let squares: Vec<Square> = Square::all().collect();
    let mut setup = Setup::default();
    for color in [Color::White, Color::Black] {
        let pieces = 1 + rng.index(12);
        let kings = rng.index(pieces.min(4) + 1);
        for i in 0..pieces {
            loop {
                let sq = squares[rng.index(squares.len())];
                let king = i < kings;
                let taken = (setup.white | setup.black).contains(sq);
                if taken || (!king && sq.rank() == warcaby::checkers::rules::crowning_rank(color)) {
                    continue;
                }
                let bit = Bitboard::from_square(sq);
                match color {
                    Color::White => setup.white |= bit,
                    Color::Black => setup.black |= bit,
                }
                if king {
                    setup.kings |= bit;
                }
                break;
            }
        }
    }
    setup.side_to_move = Some(if rng.index(2) == 0 {
        Color::White
    } else {
        Color::Black
    });
    Position::from_setup(&setup, variant).expect("a legal random setup")
}

fn start_position(rng: &mut Rng, variant: Variant, random_start: bool) -> Position {
    if random_start {
        random_position(rng, variant)
    } else {
        Position::start(variant)
    }
}

/// Everything undo must restore.
#[derive(Debug, PartialEq)]
struct Snapshot {
    position: Position,
    hash: u64,
    quiet_plies: u32,
    plies: usize,
    legal: Vec<Move>,
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        position: *game.position(),
        hash: game.position().hash(),
        quiet_plies: game.quiet_plies(),
        plies: game.ply_count(),
        legal: game.legal_moves(),
    }
}

/// Every legal move's short and full text must parse back to the move.
/// Returns how many multi-captures needed their full path (another move
/// shares their start and end).
fn check_move_texts(pos: &Position) -> Result<usize, String> {
    let moves = pos.legal_moves();
    let mut disambiguated = 0;
    for mv in &moves {
        let short = pos.move_text(mv);
        let full = full_text(mv, pos.rules());
        if mv.path().len() > 1 && short == full {
            disambiguated += 1;
        }
        for text in [short, full] {
            match pos.parse_move(&text) {
                Ok(parsed) if parsed == *mv => {}
                other => {
                    return Err(format!(
                        "[{}] {}: text '{text}' of {mv:?} parses as {other:?}",
                        pos.variant(),
                        pos.to_fen()
                    ))
                }
            }
        }
    }
    Ok(disambiguated)
}

fn variant_strategy() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Tournament),
        Just(Variant::English),
        Just(Variant::Russian),
    ]
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// Along a playout: the incremental hash equals the recomputed one, FEN
    /// round-trips, piece counts never grow (the mover keeps its count, the
    /// opponent loses exactly the captured pieces), and every legal move's
    /// short and full text parse back to that move.
    #[test]
    fn positions_along_a_playout(
        variant in variant_strategy(),
        seed in any::<u64>(),
        length in 1usize..150,
        random_start in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let mut pos = start_position(&mut rng, variant, random_start);
        for _ in 0..length {
            let fen = pos.to_fen();
            prop_assert_eq!(pos.hash(), pos.compute_hash(), "hash of {}", fen);
            let back = Position::from_fen(&fen, variant);
            prop_assert!(back.is_ok(), "{} does not parse back: {:?}", fen, back);
            let back = back.unwrap();
            prop_assert_eq!(back, pos, "FEN {} round trip", &fen);
            prop_assert_eq!(back.hash(), pos.hash(), "FEN {} round trip hash", &fen);
            prop_assert_eq!(back.to_fen(), fen.clone());

            let checked = check_move_texts(&pos);
            prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.index(moves.len())];
            let us = pos.side_to_move();
            let after = pos.after(&mv);
            prop_assert_eq!(after.pieces(us).count(), pos.pieces(us).count());
            prop_assert_eq!(
                after.pieces(!us).count(),
                pos.pieces(!us).count() - mv.capture_count(),
                "{:?} in {}", mv, &fen
            );
            prop_assert_eq!(after.side_to_move(), !us);
            pos = after;
        }
    }

    /// In a game: each undo restores the exact previous state (position,
    /// hash, no-progress count, legal moves) and redo replays the move;
    /// undoing everything returns to the start and redoing everything
    /// replays the same states.
    #[test]
    fn undo_and_redo_restore_exactly(
        variant in variant_strategy(),
        seed in any::<u64>(),
        length in 1usize..150,
        random_start in any::<bool>(),
    ) {
        let mut rng = Rng::new(seed);
        let start = start_position(&mut rng, variant, random_start);
        let mut game = Game::from_position(start);
        let mut states = vec![snapshot(&game)];
        let mut played = Vec::new();
        for _ in 0..length {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.index(moves.len())];
            let before = states.last().unwrap();
            prop_assert!(game.play(&mv).is_ok());
            let after = snapshot(&game);
            for color in [Color::White, Color::Black] {
                prop_assert!(
                    after.position.pieces(color).count() <= before.position.pieces(color).count()
                );
            }
            // One step back and forth.
            prop_assert_eq!(game.undo(), Some(mv));
            prop_assert_eq!(&snapshot(&game), before);
            prop_assert_eq!(game.redo(), Some(mv));
            prop_assert_eq!(&snapshot(&game), &after);
            states.push(after);
            played.push(mv);
        }
        // All the way back to the start...
        for (i, mv) in played.iter().enumerate().rev() {
            prop_assert_eq!(game.undo(), Some(*mv));
            prop_assert_eq!(&snapshot(&game), &states[i]);
        }
        prop_assert_eq!(game.undo(), None);
        prop_assert_eq!(*game.position(), start);
        prop_assert_eq!(game.position().hash(), start.hash());
        prop_assert_eq!(game.quiet_plies(), 0);
        // ...and forward again.
        for (i, mv) in played.iter().enumerate() {
            prop_assert_eq!(game.redo(), Some(*mv));
            prop_assert_eq!(&snapshot(&game), &states[i + 1]);
        }
        prop_assert_eq!(game.redo(), None);
        prop_assert_eq!(game.moves().copied().collect::<Vec<_>>(), played);
    }
}

/// Move text on many playouts from random positions, making sure moves that
/// need their full path (same start and end as another) were among them.
#[test]
fn move_texts_round_trip_including_ambiguous_captures() {
    for variant in Variant::EIGHT_BY_EIGHT {
        let mut rng = Rng::new(0xA11 + variant as u64);
        let mut positions = 0;
        let mut disambiguated = 0;
        for _ in 0..3000 {
            let mut pos = random_position(&mut rng, variant);
            for _ in 0..40 {
                disambiguated += check_move_texts(&pos).unwrap_or_else(|e| panic!("{e}"));
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(&moves[rng.index(moves.len())]);
            }
        }
        eprintln!("[{variant}] {positions} positions, {disambiguated} full-path moves");
        assert!(positions > 40_000, "[{variant}] {positions} positions");
        assert!(
            disambiguated >= 20,
            "[{variant}] only {disambiguated} moves needed their full path"
        );
    }
}
