//! The checkers AI: the [`SearchGame`] glue for checkers positions, the
//! evaluations and playing levels. Engines are made in one place, for every
//! game: [`crate::games::Engine`].

mod eval;
mod international_eval;
pub mod learned;
mod levels;
mod plain;

pub use eval::{king_value, CheckersEval, MAN};
pub use international_eval::InternationalEval;
pub use levels::{Level, LevelError};
pub use plain::PlainEval;

use crate::checkers::game::GameOf;
use crate::checkers::geometry::{Board8, Geometry};
use crate::checkers::movegen;
use crate::checkers::moves::{Move, MoveOf};
use crate::checkers::position::{Position, PositionOf};
use crate::search::{Evaluator, Leaf, Limits, SearchGame, SearchInfo, Searcher};

/// A checkers position as the search sees it: the position and the count of
/// plies since the last man move or capture (for the no-progress draw).
#[derive(Copy, Debug, PartialEq, Eq)]
pub struct CheckersNodeOf<G: Geometry> {
    /// The position.
    pub pos: PositionOf<G>,
    /// Plies since the last man move or capture.
    pub quiet_plies: u32,
}

crate::checkers::geometry::clone_by_copy!(CheckersNodeOf);

/// The search node of the 8x8 board.
pub type CheckersNode = CheckersNodeOf<Board8>;

impl<G: Geometry> CheckersNodeOf<G> {
    /// The node for the current position of a game.
    pub fn from_game(game: &GameOf<G>) -> CheckersNodeOf<G> {
        CheckersNodeOf {
            pos: *game.position(),
            quiet_plies: game.quiet_plies(),
        }
    }
}

impl<G: Geometry> SearchGame for CheckersNodeOf<G> {
    type Move = MoveOf<G>;

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<MoveOf<G>>) {
        self.pos.legal_moves_into(moves);
    }

    #[inline]
    fn after(&self, mv: &MoveOf<G>) -> Self {
        CheckersNodeOf {
            pos: self.pos.after(mv),
            quiet_plies: if self.pos.is_progress(mv) {
                0
            } else {
                self.quiet_plies + 1
            },
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.pos.hash()
    }

    #[inline]
    fn leaf(&self) -> Leaf {
        if movegen::has_capture(&self.pos) {
            Leaf::Tactical
        } else if movegen::count_quiet(&self.pos) == 0 {
            Leaf::NoMoves
        } else {
            Leaf::Quiet
        }
    }

    #[inline]
    fn is_threatened(&self) -> bool {
        movegen::threateners(&self.pos).any()
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.quiet_plies
    }

    #[inline]
    fn is_rule_draw(&self) -> bool {
        self.quiet_plies >= self.pos.rules().end.no_progress_plies
    }

    #[inline]
    fn tactical_weight(&self, mv: &MoveOf<G>) -> u32 {
        mv.capture_count()
    }

    #[inline]
    fn move_key(&self, mv: &MoveOf<G>) -> usize {
        mv.from().index() * 64 + mv.to().index()
    }
}

/// The hashes of the game's positions before the current one, oldest
/// first: what a search is given so that it sees repetitions of them.
pub fn history_hashes<G: Geometry>(game: &GameOf<G>) -> Vec<u64> {
    game.positions_and_moves().map(|(p, _)| p.hash()).collect()
}

/// Searches a game's current position with `searcher`, the game's earlier
/// positions given as history (for tools that play whole games with a bare
/// search; hosts use [`crate::games::Engine`]).
pub fn search_game<G: Geometry, E: Evaluator<CheckersNodeOf<G>>>(
    searcher: &mut Searcher<CheckersNodeOf<G>, E>,
    game: &GameOf<G>,
    limits: Limits,
) -> SearchInfo<MoveOf<G>> {
    searcher.search(
        &CheckersNodeOf::from_game(game),
        &history_hashes(game),
        limits,
        |_| {},
    )
}

/// Searches a bare position (no history, no-progress count 0) with
/// `searcher` (the benchmarks and the book builder measure the search
/// itself).
pub fn search_position<E: Evaluator<CheckersNode>>(
    searcher: &mut Searcher<CheckersNode, E>,
    pos: &Position,
    limits: Limits,
) -> SearchInfo<Move> {
    let node = CheckersNode {
        pos: *pos,
        quiet_plies: 0,
    };
    searcher.search(&node, &[], limits, |_| {})
}
