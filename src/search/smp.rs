//! More than one thread: lazy SMP. Helper threads search the same root as
//! the main thread, each with its own killers and history, and share only
//! the transposition table; what one proves, the others find there. Odd
//! helpers start one ply deeper, so the threads do not walk the same tree
//! in step. The main thread's result is reported; every thread stops when
//! it does (time, depth, its share of the node limit, or a stop from
//! outside), and the answer counts the nodes of all.
//!
//! Native builds only: the browser's build has no threads to spawn.

use super::{Evaluator, Limits, SearchGame, SearchInfo, Searcher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

impl<G: SearchGame, E: Evaluator<G>> Searcher<G, E> {
    /// Searches `root` on [`SearchConfig::threads`](super::SearchConfig::threads)
    /// threads (this one the main thread) and reports the main thread's
    /// result with the nodes of all. A node limit is split evenly, so the
    /// threads together stay within it; helpers have no clock of their own
    /// and stop when the main thread is done.
    pub(super) fn deepen_with_helpers(
        &mut self,
        root: &G,
        history: &[u64],
        limits: Limits,
        on_iteration: impl FnMut(&SearchInfo<G::Move>),
    ) -> SearchInfo<G::Move> {
        // Threads that share the table cannot grow it while they search.
        if let Some(tt) = Arc::get_mut(&mut self.tt) {
            tt.grow_to_full_size();
        }
        let threads = self.config.threads;
        let share = Limits {
            nodes: limits.nodes.map(|n| (n / threads as u64).max(1)),
            ..limits
        };
        let helper_limits = Limits {
            time_ms: None,
            max_time_ms: None,
            ..share
        };
        // Separate from the caller's stop flag, which stays as it was: the
        // main thread sees a stop from outside and ends, and then this one
        // stops the helpers.
        let helpers_stop = Arc::new(AtomicBool::new(false));
        let mut helpers: Vec<Searcher<G, E>> =
            (1..threads).map(|_| self.helper(&helpers_stop)).collect();
        let (mut info, helper_nodes) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, helper)| {
                    let first_depth = if i % 2 == 0 { 2 } else { 1 };
                    scope.spawn(move || {
                        helper
                            .deepen(root, history, helper_limits, first_depth, |_| {})
                            .nodes
                    })
                })
                .collect();
            let info = self.deepen(root, history, share, 1, on_iteration);
            helpers_stop.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = running
                .into_iter()
                .map(|h| h.join().expect("a search helper thread panicked"))
                .sum();
            (info, helper_nodes)
        });
        info.nodes += helper_nodes;
        info
    }

    /// A helper for this searcher's next search: the same configuration
    /// (one thread), evaluation, endgame probe, clock, root moves and
    /// table, its own heuristics, stopped by `stop`.
    fn helper(&self, stop: &Arc<AtomicBool>) -> Searcher<G, E> {
        let config = super::SearchConfig {
            threads: 1,
            ..self.config.clone()
        };
        let mut helper =
            Searcher::sharing_table(config, self.evaluator.clone(), Arc::clone(&self.tt))
                .with_clock(self.clock)
                .with_exact(self.exact.clone());
        helper.stop = Arc::clone(stop);
        helper.root_only = self.root_only.clone();
        helper
    }
}

#[cfg(test)]
mod tests {
    use super::super::SearchConfig;
    use super::*;
    use crate::checkers::ai::{CheckersEval, CheckersNode};
    use crate::{Position, Variant};
    use std::time::Duration;

    /// A search stopped from outside after `ms` on `threads` threads: the
    /// answer, and the nodes of the main thread alone.
    fn stopped_search(threads: usize, ms: u64) -> (SearchInfo<crate::Move>, u64) {
        let config = SearchConfig {
            threads,
            ..SearchConfig::default()
        };
        let mut searcher = Searcher::new(config, CheckersEval::Positional);
        let flag = searcher.stop_flag();
        let stopper = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(ms));
            flag.store(true, Ordering::Relaxed);
        });
        let root = CheckersNode {
            pos: Position::start(Variant::English),
            quiet_plies: 0,
        };
        let info = searcher.search(&root, &[], Limits::default(), |_| {});
        stopper.join().unwrap();
        (info, searcher.nodes)
    }

    #[test]
    fn the_answer_counts_the_nodes_of_every_thread() {
        let (one, main_alone) = stopped_search(1, 100);
        assert_eq!(one.nodes, main_alone, "one thread: its own nodes");
        let (two, main) = stopped_search(2, 300);
        assert!(
            two.nodes > main,
            "the helper's nodes are added: {} in all, {main} on the main thread",
            two.nodes
        );
    }

    #[test]
    fn helpers_search_alone_on_the_shared_table() {
        let searcher = Searcher::<CheckersNode, _>::new(
            SearchConfig {
                threads: 4,
                ..SearchConfig::default()
            },
            CheckersEval::Material,
        );
        let stop = Arc::new(AtomicBool::new(false));
        let helper = searcher.helper(&stop);
        assert_eq!(helper.config.threads, 1, "a helper spawns no helpers");
        assert!(Arc::ptr_eq(&helper.tt, &searcher.tt));
        assert!(!Arc::ptr_eq(&helper.stop, &searcher.stop));
    }
}
