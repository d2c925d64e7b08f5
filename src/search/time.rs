//! The time policy of one search: when to stop deepening and when to abort
//! the running iteration ([`TimePlan`], pure arithmetic on clock readings,
//! tested without timing anything), and the searcher's side of it: whether
//! the best move is failing, and what an aborted iteration leaves.

use super::{Evaluator, Limits, SearchGame, SearchInfo, Searcher, FAILING_MARGIN};

/// Do not start another iteration once this share of the budget is gone:
/// the next one would most likely not finish, and what it can still prove
/// before the budget runs out (the old best move confirmed, or a better one
/// found) is worth less than ending early.
pub(crate) const DEEPEN_BEFORE: f64 = 0.6;

/// While the best move is failing, start another iteration up to this share
/// of the ceiling.
pub(crate) const DEEPEN_BEFORE_FAILING: f64 = 0.8;

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

    /// Whether another iteration is worth starting at `now`.
    pub(crate) fn may_deepen(&self, now: f64, failing: bool) -> bool {
        let used = now - self.start;
        if failing {
            used < self.ceiling * DEEPEN_BEFORE_FAILING
        } else {
            used < self.budget * DEEPEN_BEFORE
        }
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
    fn iterations_start_until_most_of_the_budget_is_gone() {
        let p = plan(100, Some(200));
        assert!(p.may_deepen(1059.0, false));
        assert!(!p.may_deepen(1061.0, false));
        // A failing best move may deepen longer, within the ceiling.
        assert!(p.may_deepen(1150.0, true));
        assert!(!p.may_deepen(1161.0, true));
    }

    #[test]
    fn no_time_limit_never_stops_on_time() {
        let p = TimePlan::new(0.0, &Limits::depth(5));
        assert!(!p.is_timed());
        assert!(p.may_deepen(1e12, false));
        assert_eq!(p.deadline(true), f64::INFINITY);
    }
}
