//! The overtime start position: the same number of plain pieces removed at
//! random from each side — checkers men (kings are never removed), Clobber
//! stones — so that a tied pair plays two games from a position neither
//! bot has prepared for. In Clobber, which has no draws, a regular round
//! ties when each bot wins as often with one colour as the other does; a
//! stone fewer on each side changes who the board favours.

use crate::core::rng::Rng;
use crate::core::Color;
use crate::games::{AnyGame, SpotPiece};

/// Pieces removed at random when `--overtime-men` is not given: 1 to this many.
pub(crate) const MAX_RANDOM_MEN: usize = 3;

/// An overtime start position and what was removed to make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Removal {
    /// The game the overtime games start from (no moves played).
    pub start: AnyGame,
    /// Pieces removed from each side.
    pub count: usize,
    /// White's removed pieces, by their spots' names, in the game's order.
    pub white: Vec<String>,
    /// Black's removed pieces.
    pub black: Vec<String>,
}

impl Removal {
    /// The start position's text (a FEN, or Clobber's position text).
    pub fn start_text(&self) -> String {
        self.start.played().position_text_at(0)
    }
}

/// Draws `count` of `spots` with `rng`, in ascending spot order.
fn pick(spots: &[u8], count: usize, rng: &mut Rng) -> Vec<u8> {
    let mut left = spots.to_vec();
    let mut out = Vec::new();
    for _ in 0..count {
        out.push(left.swap_remove(rng.index(left.len())));
    }
    out.sort_unstable();
    out
}

/// Removes `count` plain pieces from each side of `game`'s current
/// position (fewer if a side would be left without them), drawn with
/// `rng`, so that the side to move still has a legal move (after 100
/// draws without one, the first draw).
pub(crate) fn remove_men(game: &AnyGame, count: usize, rng: &mut Rng) -> Removal {
    let played = game.played();
    let pieces = played.pieces_at(played.ply_count());
    let plain = |color: Color| -> Vec<u8> {
        let plain = SpotPiece {
            color,
            crowned: false,
        };
        pieces
            .iter()
            .filter(|(_, p)| *p == plain)
            .map(|(s, _)| *s)
            .collect()
    };
    let (white_men, black_men) = (plain(Color::White), plain(Color::Black));
    let count = count.min(white_men.len().min(black_men.len()).saturating_sub(1));
    let names = |spots: &[u8]| {
        let mut spots = spots.to_vec();
        spots.sort_by_key(|s| played.spot_number(*s));
        spots
            .iter()
            .map(|s| played.spot_name(*s))
            .collect::<Vec<_>>()
    };
    let mut fallback = None;
    for _ in 0..100 {
        let white = pick(&white_men, count, rng);
        let black = pick(&black_men, count, rng);
        let kept: Vec<(u8, SpotPiece)> = pieces
            .iter()
            .filter(|(s, _)| !white.contains(s) && !black.contains(s))
            .copied()
            .collect();
        // Fewer plain pieces stay a position of the rules.
        let Ok(start) = played.set_up(&kept, played.side_to_move()) else {
            continue;
        };
        let can_move = !start.played().legal_moves().is_empty();
        let removal = Removal {
            start,
            count,
            white: names(&white),
            black: names(&black),
        };
        if can_move {
            return removal;
        }
        fallback.get_or_insert(removal);
    }
    fallback.unwrap_or_else(|| Removal {
        start: game.clone(),
        count: 0,
        white: Vec::new(),
        black: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checkers::position::Position;
    use crate::checkers::rules::Variant;
    use crate::clobber::Shape;
    use crate::games::GameRules;
    use crate::Game;

    fn checkers(pos: Position) -> AnyGame {
        AnyGame::from(Game::from_position(pos))
    }

    #[test]
    fn same_count_from_each_side_and_seeded() {
        let start = checkers(Position::start(Variant::Tournament));
        let a = remove_men(&start, 2, &mut Rng::new(5));
        let b = remove_men(&start, 2, &mut Rng::new(5));
        assert_eq!(a, b);
        assert_eq!(a.count, 2);
        let position = *a.start.checkers_position().unwrap();
        assert_eq!(position.pieces(Color::White).count(), 10);
        assert_eq!(position.pieces(Color::Black).count(), 10);
        assert_eq!((a.white.len(), a.black.len()), (2, 2));
        assert!(!position.legal_moves().is_empty());
        let few = Position::from_fen("W:W21,22:B1", Variant::Tournament).unwrap();
        assert_eq!(remove_men(&checkers(few), 3, &mut Rng::new(1)).count, 0);
    }

    #[test]
    fn clobber_loses_stones_and_still_has_a_move() {
        let start = GameRules::Clobber(Shape::new(4, 5).unwrap()).new_game();
        let a = remove_men(&start, 2, &mut Rng::new(3));
        assert_eq!(a, remove_men(&start, 2, &mut Rng::new(3)));
        assert_eq!((a.count, a.white.len(), a.black.len()), (2, 2, 2));
        assert_eq!(a.start.played().pieces_at(0).len(), 16);
        assert!(!a.start.played().legal_moves().is_empty());
        assert_eq!(
            a.start.played().side_to_move(),
            start.played().side_to_move()
        );
    }
}
