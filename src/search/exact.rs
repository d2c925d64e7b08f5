//! Exact values from outside the search — an endgame database, say — and
//! their scores on the search's mate scale.

use super::MATE;

/// A position's value with best play, counting plies to the end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Exact {
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Exact {
    /// The score of this value `ply` plies from the root: a win in `n` plies
    /// scores like a mate found `ply + n` plies deep, so a shorter win is
    /// preferred and every move of a won ending makes progress.
    #[inline]
    pub fn score(self, ply: usize) -> i32 {
        match self {
            Exact::Win(n) => MATE - ply as i32 - n as i32,
            Exact::Loss(n) => -MATE + ply as i32 + n as i32,
            Exact::Draw => super::DRAW,
        }
    }
}

/// Knows the exact value of some positions of a game (none by default: the
/// search asks [`crate::search::Searcher::with_exact`]'s probe, if any, at
/// every node below the root before searching it).
pub trait ExactProbe<G>: Send + Sync {
    /// The exact value of `game`, if known.
    fn probe(&self, game: &G) -> Option<Exact>;
}
