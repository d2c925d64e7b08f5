//! What a search is given (its limits) and what it reports.

use super::{MATE, MATE_BOUND};

/// When to stop searching. Unset limits do not apply; with none set the
/// search goes to [`MAX_PLY`](super::MAX_PLY) unless stopped from outside.
///
/// `time_ms` is a budget the search aims to use, not merely a ceiling: it
/// deepens while an iteration can still pay off, aborts the running one at
/// the budget (keeping any better move it has proven), and, while the best
/// move is failing, goes on up to `max_time_ms` when that is longer.
///
/// A [`Searcher`](super::Searcher) on a checkers position, to a fixed depth:
///
/// ```
/// use warcaby::checkers::ai::{CheckersEval, CheckersNode};
/// use warcaby::search::{Limits, SearchConfig, Searcher};
/// use warcaby::{Position, Variant};
///
/// // White gives a man on e5 (d4-e5): Black must take it, f6xd4, and White
/// // takes two back, c3xe5xc7.
/// let pos = Position::from_fen("W:Wb2,c3,d4,f4:Ba7,d6,f6,h8", Variant::Russian).unwrap();
/// let root = CheckersNode { pos, quiet_plies: 0 };
/// let mut searcher = Searcher::new(SearchConfig::default(), CheckersEval::Positional);
/// let mut depths = Vec::new();
/// let info = searcher.search(&root, &[], Limits::depth(5), |iteration| {
///     depths.push(iteration.depth) // called after every finished iteration
/// });
/// let best = info.best_move.unwrap();
/// assert_eq!(pos.move_text(&best), "d4-e5");
/// assert!(info.score >= 150, "White is a man up: {}", info.score);
/// assert_eq!(depths, [1, 2, 3, 4, 5]);
/// assert_eq!(info.pv[0], best);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest nominal depth, in plies.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// The time budget in milliseconds.
    pub time_ms: Option<u64>,
    /// The hard ceiling in milliseconds, for when the best move is failing
    /// (unset or shorter: the budget is the ceiling).
    pub max_time_ms: Option<u64>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search for a given time.
    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            time_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// Lets the search run on to `ms` while its best move is failing.
    pub fn with_max_time_ms(self, ms: u64) -> Limits {
        Limits {
            max_time_ms: Some(ms),
            ..self
        }
    }

    /// Search a given number of nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }
}

/// A report: after each finished iteration, and at the end.
///
/// ```
/// use warcaby::checkers::ai::{CheckersEval, CheckersNode};
/// use warcaby::search::{Limits, SearchConfig, Searcher, MATE};
/// use warcaby::{Position, Variant};
///
/// // Taking Black's last man wins at once: a win in one ply.
/// let pos = Position::from_fen("W:W22:B18", Variant::English).unwrap();
/// let mut searcher = Searcher::new(SearchConfig::default(), CheckersEval::Material);
/// let info = searcher.search(&CheckersNode { pos, quiet_plies: 0 }, &[], Limits::depth(4), |_| {});
/// assert_eq!(pos.move_text(&info.best_move.unwrap()), "22x15");
/// assert_eq!(info.score, MATE - 1);
/// assert_eq!(info.mate_in(), Some(1));
/// assert!(info.nodes > 0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo<M> {
    /// Best move found (None only when there is no legal move).
    pub best_move: Option<M>,
    /// Score from the side to move's point of view.
    pub score: i32,
    /// Nominal depth of the last finished iteration.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: u64,
    /// Principal variation, starting with the best move.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second.
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes * 1000)
            .checked_div(self.time_ms)
            .unwrap_or(self.nodes * 1000)
    }

    /// Plies to a forced win (positive) or loss (negative), if the score is one.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score > MATE_BOUND {
            Some(MATE - self.score)
        } else if self.score < -MATE_BOUND {
            Some(-(MATE + self.score))
        } else {
            None
        }
    }
}
