//! The time policy of one search: when to stop deepening and when to abort
//! the running iteration. Pure arithmetic on clock readings, so it is tested
//! without timing anything.

use super::Limits;

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
