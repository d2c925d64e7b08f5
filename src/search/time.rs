//! The time policy of one search: when to stop deepening and when to abort
//! the running iteration ([`TimePlan`], pure arithmetic on clock readings,
//! tested without timing anything), and the searcher's side of it: whether
//! the best move is failing, and what an aborted iteration leaves.

use super::{Evaluator, Limits, SearchGame, SearchInfo, Searcher, FAILING_MARGIN};

/// Deadlines of one search, as readings of the search's clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TimePlan {
    start: f64,
    budget: f64,
    ceiling: f64,
}

impl TimePlan {
    /// The plan for a search starting at `start` under `limits`.
    pub(crate) fn new(start: f64, limits: &Limits) -> TimePlan {
        let budget = limits.time_ms.map_or(f64::INFINITY, |t| t as f64);
        let ceiling = limits
            .max_time_ms
            .map_or(budget, |t| (t as f64).max(budget));
        TimePlan {
            start,
            budget,
            ceiling,
        }
    }

    /// When the running iteration is aborted: the budget, or the ceiling
    /// while the best move is failing.
    pub(crate) fn deadline(&self, failing: bool) -> f64 {
        self.start + if failing { self.ceiling } else { self.budget }
    }

    /// Whether another iteration is started at `now`: while time is left
    /// before the deadline. An iteration that cannot finish is not wasted:
    /// its first move is the last best one (confirmed again, deeper), and a
    /// root move it proves better before the abort is played
    /// ([`Searcher::adopt_partial`]). Stopping at 60 % of the budget instead
    /// (the old policy) used about 63 of 100 ms and lost 8.0 ± 5.6 Elo to
    /// this one (1,500 pairs at 25 ms, docs/results.md).
    pub(crate) fn may_deepen(&self, now: f64, failing: bool) -> bool {
        now < self.deadline(failing)
    }

    /// True when the search has a time limit at all.
    pub(crate) fn is_timed(&self) -> bool {
        self.budget.is_finite()
    }
}

/// The time policy's side of the searcher: per-search state, the failing
/// root, and what an aborted iteration leaves.
impl<G: SearchGame, E: Evaluator<G>> Searcher<G, E> {
    /// Resets the per-search state of one thread (the stop flag and the
    /// table's generation are the caller's: they are shared).
    pub(super) fn start(&mut self, history: &[u64], limits: &Limits) {
        self.start_ms = (self.clock)();
        self.plan = TimePlan::new(self.start_ms, limits);
        self.failing = false;
        self.deadline_ms = self.plan.deadline(false);
        self.previous_score = None;
        self.root_hint = None;
        self.root_best = None;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.hashes.clear();
        self.hashes.extend_from_slice(history);
        self.killers.clear();
        self.history.age();
    }

    /// After an aborted iteration: a root move it proved (better than the
    /// last iteration's best, which is searched first) replaces that move.
    pub(super) fn adopt_partial(&self, best: &mut SearchInfo<G::Move>) {
        let Some((mv, score)) = self.root_best else {
            if best.depth == 0 {
                // Not even the first iteration finished: take what it had.
                if let Some(&mv) = self.pv[0].first() {
                    best.best_move = Some(mv);
                    best.pv = self.pv[0].clone();
                }
            }
            return;
        };
        if best.best_move != Some(mv) || best.depth == 0 {
            best.pv = self.pv[0].clone();
            if best.pv.first() != Some(&mv) {
                best.pv = vec![mv];
            }
        }
        best.best_move = Some(mv);
        best.score = score;
    }

    /// Notes a root move's finished result: the proven best so far, and
    /// whether the best move is failing against the last iteration.
    pub(super) fn note_root_result(&mut self, mv: G::Move, score: i32, alpha: i32, first: bool) {
        if score > alpha {
            self.root_best = Some((mv, score));
        }
        if first || score > alpha {
            self.set_failing(score);
        }
    }

    /// The best move is failing when `score` is well below the last
    /// finished iteration's; the abort deadline follows.
    pub(super) fn set_failing(&mut self, score: i32) {
        self.failing = self
            .previous_score
            .is_some_and(|previous| score <= previous - FAILING_MARGIN);
        self.deadline_ms = self.plan.deadline(self.failing);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(time: u64, max: Option<u64>) -> TimePlan {
        let mut limits = Limits::time_ms(time);
        limits.max_time_ms = max;
        TimePlan::new(1000.0, &limits)
    }

    #[test]
    fn the_budget_is_the_deadline_unless_the_root_fails() {
        let p = plan(100, Some(250));
        assert_eq!(p.deadline(false), 1100.0);
        assert_eq!(p.deadline(true), 1250.0);
        // No ceiling, or one below the budget: the budget.
        assert_eq!(plan(100, None).deadline(true), 1100.0);
        assert_eq!(plan(100, Some(50)).deadline(true), 1100.0);
    }

    #[test]
    fn iterations_start_until_the_deadline() {
        let p = plan(100, Some(200));
        assert!(p.may_deepen(1099.0, false));
        assert!(!p.may_deepen(1100.0, false));
        // A failing best move may deepen longer, within the ceiling.
        assert!(p.may_deepen(1199.0, true));
        assert!(!p.may_deepen(1200.0, true));
    }

    #[test]
    fn no_time_limit_never_stops_on_time() {
        let p = TimePlan::new(0.0, &Limits::depth(5));
        assert!(!p.is_timed());
        assert!(p.may_deepen(1e12, false));
        assert_eq!(p.deadline(true), f64::INFINITY);
    }
}
