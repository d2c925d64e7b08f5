//! A second, independent Clobber solver, to cross-check the exact solver:
//! plain alpha-beta on won/lost over whole positions, with an exact memo
//! (whole positions as keys, no hash collisions possible). It shares only
//! the rules (legal moves, the position after a move) with the exact
//! solver: no regions, no combinatorial values, no symmetries, no lossy
//! table, no threads.

use super::{ClobberMove, ClobberPosition};
use std::collections::HashMap;

/// What the independent solver proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndependentSolution {
    /// True when the side to move wins.
    pub mover_wins: bool,
    /// The first winning move in the order of
    /// [`ClobberPosition::legal_moves`], when the side to move wins.
    pub winning_move: Option<ClobberMove>,
    /// Positions searched (memo misses).
    pub positions: u64,
    /// Positions in the memo at the end.
    pub memo_size: usize,
}

/// Proves who wins `pos`.
pub fn solve_independently(pos: &ClobberPosition) -> IndependentSolution {
    let mut solver = Memo {
        known: HashMap::new(),
        positions: 0,
    };
    let winning_move = pos
        .legal_moves()
        .into_iter()
        .find(|mv| !solver.wins(&pos.after(mv)));
    IndependentSolution {
        mover_wins: winning_move.is_some(),
        winning_move,
        positions: solver.positions,
        memo_size: solver.known.len(),
    }
}

struct Memo {
    /// Whole positions as (mover's stones, opponent's stones): the side to
    /// move wins them or not. Colours do not matter to the outcome.
    known: HashMap<(u128, u128), bool>,
    positions: u64,
}

fn key(pos: &ClobberPosition) -> (u128, u128) {
    let me = pos.side_to_move();
    (pos.stones(me), pos.stones(me.opponent()))
}

/// The opponent's moves after a move: fewer is better for the mover.
fn replies(pos: &ClobberPosition) -> u32 {
    let them = pos.side_to_move();
    let theirs = pos.stones(them);
    let mine = pos.stones(them.opponent());
    // Stones of theirs with a stone of mine beside them, counted per pair.
    let shape = pos.shape();
    let cols = shape.cols();
    let mut pairs = 0;
    let mut t = theirs;
    while t != 0 {
        let cell = t.trailing_zeros() as usize;
        t &= t - 1;
        let (r, c) = (cell / cols, cell % cols);
        let near = [
            (c > 0).then(|| cell - 1),
            (c + 1 < cols).then(|| cell + 1),
            (r > 0).then(|| cell - cols),
            (r + 1 < shape.rows()).then(|| cell + cols),
        ];
        pairs += near
            .iter()
            .flatten()
            .filter(|&&n| mine >> n & 1 == 1)
            .count() as u32;
    }
    pairs
}

impl Memo {
    /// True when the side to move wins `pos`.
    fn wins(&mut self, pos: &ClobberPosition) -> bool {
        let k = key(pos);
        if let Some(&known) = self.known.get(&k) {
            return known;
        }
        self.positions += 1;
        let mut children: Vec<ClobberPosition> =
            pos.legal_moves().iter().map(|m| pos.after(m)).collect();
        // A child already known lost for the opponent wins at once.
        let won = children
            .iter()
            .any(|c| self.known.get(&key(c)) == Some(&false));
        let wins = won || {
            children.sort_by_cached_key(replies);
            children.iter().any(|c| !self.wins(c))
        };
        self.known.insert(k, wins);
        wins
    }
}
