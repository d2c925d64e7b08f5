//! The overtime start position: the same number of men removed at random
//! from each side (kings are never removed).

use crate::checkers::bitboard::Bitboard;
use crate::checkers::position::{Position, Setup};
use crate::checkers::square::Square;
use crate::core::rng::Rng;
use crate::core::Color;

/// Men removed at random when `--overtime-men` is not given: 1 to this many.
pub(crate) const MAX_RANDOM_MEN: usize = 3;

/// An overtime start position and what was removed to make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The position the overtime games start from.
    pub position: Position,
    /// Men removed from each side.
    pub count: usize,
    /// White's removed men, in the variant's notation.
    pub white: Vec<String>,
    /// Black's removed men.
    pub black: Vec<String>,
}

fn pick(men: Bitboard, count: usize, rng: &mut Rng) -> Vec<Square> {
    let mut squares: Vec<Square> = men.squares().collect();
    let mut out = Vec::new();
    for _ in 0..count {
        out.push(squares.swap_remove(rng.index(squares.len())));
    }
    out.sort();
    out
}

/// Removes `count` men from each side of `pos` (fewer if a side would be
/// left without men), drawn with `rng`, so that the side to move still has
/// a legal move.
pub(crate) fn remove_men(pos: &Position, count: usize, rng: &mut Rng) -> Removal {
    let men = |c| pos.men(c).count() as usize;
    let count = count.min(men(Color::White).min(men(Color::Black)).saturating_sub(1));
    let notation = pos.rules().notation;
    let names = |squares: &[Square]| {
        let mut v: Vec<Square> = squares.to_vec();
        v.sort_by_key(|s| s.number());
        v.iter()
            .map(|s| s.display(notation).to_string())
            .collect::<Vec<_>>()
    };
    let mut fallback = None;
    for _ in 0..100 {
        let white = pick(pos.men(Color::White), count, rng);
        let black = pick(pos.men(Color::Black), count, rng);
        let mut setup: Setup = pos.to_setup();
        for sq in &white {
            setup.white ^= Bitboard::from_square(*sq);
        }
        for sq in &black {
            setup.black ^= Bitboard::from_square(*sq);
        }
        let position = Position::from_setup(&setup, pos.variant()).expect("fewer men stay legal");
        let removal = Removal {
            position,
            count,
            white: names(&white),
            black: names(&black),
        };
        if !position.legal_moves().is_empty() {
            return removal;
        }
        fallback.get_or_insert(removal);
    }
    fallback.expect("at least one draw")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::rules::Variant;

    #[test]
    fn same_count_from_each_side_and_seeded() {
        let start = Position::start(Variant::Tournament);
        let a = remove_men(&start, 2, &mut Rng::new(5));
        let b = remove_men(&start, 2, &mut Rng::new(5));
        assert_eq!(a, b);
        assert_eq!(a.count, 2);
        assert_eq!(a.position.pieces(Color::White).count(), 10);
        assert_eq!(a.position.pieces(Color::Black).count(), 10);
        assert_eq!((a.white.len(), a.black.len()), (2, 2));
        assert!(!a.position.legal_moves().is_empty());
        let few = Position::from_fen("W:W21,22:B1", Variant::Tournament).unwrap();
        assert_eq!(remove_men(&few, 3, &mut Rng::new(1)).count, 0);
    }
}
