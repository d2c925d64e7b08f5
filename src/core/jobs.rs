//! Numbered jobs on a few threads, their results handed over in order.
//!
//! Self-play, rescoring, matches and book building all share one shape:
//! each worker thread keeps a costly state of its own (an engine and its
//! table), takes the next job number, and the results are consumed on the
//! calling thread — in job order, so that a file written from them or a
//! sequential test counting them does not depend on the number of threads.
//! [`run_ordered`] is that shape, once.
//!
//! ```
//! use warcaby::core::jobs::{run_ordered, Flow, WorkerPanicked};
//!
//! #[derive(Debug)]
//! struct Error;
//! impl From<WorkerPanicked> for Error {
//!     fn from(_: WorkerPanicked) -> Self {
//!         Error
//!     }
//! }
//!
//! let mut squares = Vec::new();
//! run_ordered(
//!     3,
//!     0,
//!     || (),
//!     |_, i| (i < 10).then_some(Ok::<_, Error>(i * i)),
//!     |i, square| {
//!         squares.push((i, square));
//!         Ok(Flow::Continue)
//!     },
//! )
//! .unwrap();
//! assert_eq!(squares, (0..10).map(|i| (i, i * i)).collect::<Vec<_>>());
//! ```

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// What the consumer of results wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Hand over the next result.
    Continue,
    /// Start no new job and hand over nothing more (a test has decided).
    Stop,
}

/// A worker thread panicked: its job's result will never come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a worker thread failed")]
pub struct WorkerPanicked;

/// Runs jobs `first`, `first + 1`, … on `threads` threads (at least one)
/// and hands each result to `sink` on the calling thread, in job order.
///
/// Each thread makes its own state with `state` and calls `work(state, i)`
/// for the jobs it takes. `work` returns `None` when there is no job `i`
/// (the end of a list, a deadline passed): that thread then stops taking
/// jobs and the results after it still arrive in order. The run ends when
/// every thread has stopped, when `sink` says [`Flow::Stop`], or at the
/// first error of `work` or `sink` in job order, which is returned; the
/// jobs already started are finished and their results dropped.
pub fn run_ordered<S, T, E>(
    threads: usize,
    first: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> Option<Result<T, E>> + Sync,
    mut sink: impl FnMut(usize, T) -> Result<Flow, E>,
) -> Result<(), E>
where
    T: Send,
    E: Send + From<WorkerPanicked>,
{
    let next = AtomicUsize::new(first);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Option<Result<T, E>>)>();
    let worker = |tx: mpsc::Sender<(usize, Option<Result<T, E>>)>| {
        let mut state = state();
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            // A panic becomes this job's error, so the jobs after it are
            // not waited for; the thread's state may be broken: it stops.
            let (result, last) =
                match std::panic::catch_unwind(AssertUnwindSafe(|| work(&mut state, i))) {
                    Ok(result) => {
                        let last = result.is_none();
                        (result, last)
                    }
                    Err(_) => (Some(Err(WorkerPanicked.into())), true),
                };
            if tx.send((i, result)).is_err() || last {
                return;
            }
        }
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let tx = tx.clone();
                s.spawn(move || worker(tx))
            })
            .collect();
        drop(tx);
        let consumed = consume(rx, first, &mut sink);
        stop.store(true, Ordering::Relaxed);
        // Joined by hand, so that a panic is an error here and not one of
        // the scope's.
        let panicked = handles.into_iter().any(|h| h.join().is_err());
        match consumed {
            Err(e) => Err(e),
            Ok(Consumed::Stopped) => Ok(()),
            Ok(Consumed::AllArrived) if panicked => Err(WorkerPanicked.into()),
            Ok(Consumed::AllArrived) => Ok(()),
        }
    })
}

enum Consumed {
    /// `sink` said stop, or a job reported the end.
    Stopped,
    /// Every thread hung up: all results were handed over, unless a thread
    /// died on a job.
    AllArrived,
}

/// Hands the results arriving on `rx` to `sink` in job order from `first`.
/// Dropping `rx` on return makes the workers' next send fail, so they stop.
fn consume<T, E>(
    rx: mpsc::Receiver<(usize, Option<Result<T, E>>)>,
    first: usize,
    sink: &mut impl FnMut(usize, T) -> Result<Flow, E>,
) -> Result<Consumed, E> {
    let mut waiting = BTreeMap::new();
    let mut next_out = first;
    for (i, result) in rx {
        waiting.insert(i, result);
        while let Some(result) = waiting.remove(&next_out) {
            let Some(result) = result else {
                return Ok(Consumed::Stopped);
            };
            if sink(next_out, result?)? == Flow::Stop {
                return Ok(Consumed::Stopped);
            }
            next_out += 1;
        }
    }
    Ok(Consumed::AllArrived)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[derive(Debug, PartialEq)]
    enum TestError {
        Job(usize),
        Panicked,
    }

    impl From<WorkerPanicked> for TestError {
        fn from(_: WorkerPanicked) -> Self {
            TestError::Panicked
        }
    }

    /// Jobs that finish out of order (later ones sooner).
    fn slow_then_fast(i: usize) {
        std::thread::sleep(Duration::from_millis(((20 - i % 20) / 4) as u64));
    }

    #[test]
    fn results_arrive_in_job_order_on_any_number_of_threads() {
        for threads in [1, 2, 4, 7] {
            let mut seen = Vec::new();
            run_ordered(
                threads,
                5,
                || 0usize,
                |count, i| {
                    *count += 1;
                    slow_then_fast(i);
                    (i < 45).then_some(Ok::<_, TestError>(i * 3))
                },
                |i, v| {
                    seen.push((i, v));
                    Ok(Flow::Continue)
                },
            )
            .unwrap();
            assert_eq!(seen, (5..45).map(|i| (i, i * 3)).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_keeps_its_own_state() {
        let made = AtomicUsize::new(0);
        let mut total = 0;
        run_ordered(
            3,
            0,
            || made.fetch_add(1, Ordering::Relaxed),
            |_, i| (i < 30).then_some(Ok::<_, TestError>(1)),
            |_, v| {
                total += v;
                Ok(Flow::Continue)
            },
        )
        .unwrap();
        assert_eq!(total, 30);
        assert!((1..=3).contains(&made.load(Ordering::Relaxed)));
    }

    #[test]
    fn a_stop_hands_over_nothing_more_and_ends_the_run() {
        let started = AtomicUsize::new(0);
        let mut seen = Vec::new();
        run_ordered(
            2,
            0,
            || (),
            |_, i| {
                started.fetch_add(1, Ordering::Relaxed);
                slow_then_fast(i);
                Some(Ok::<_, TestError>(i))
            },
            |i, _| {
                seen.push(i);
                Ok(if i == 9 { Flow::Stop } else { Flow::Continue })
            },
        )
        .unwrap();
        assert_eq!(seen, (0..10).collect::<Vec<_>>());
        // Endless jobs, yet the run ended: a few past the stop at most.
        assert!(started.load(Ordering::Relaxed) < 20);
    }

    #[test]
    fn the_first_error_in_job_order_is_returned_and_later_results_dropped() {
        let mut seen = Vec::new();
        let result = run_ordered(
            3,
            0,
            || (),
            |_, i| {
                slow_then_fast(i);
                match i {
                    7 | 12 => Some(Err(TestError::Job(i))),
                    _ if i < 40 => Some(Ok(i)),
                    _ => None,
                }
            },
            |i, _| {
                seen.push(i);
                Ok(Flow::Continue)
            },
        );
        assert_eq!(result, Err(TestError::Job(7)));
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
    }

    #[test]
    fn an_error_of_the_sink_ends_the_run() {
        let result = run_ordered(
            2,
            0,
            || (),
            |_, i| Some(Ok::<_, TestError>(i)),
            |i, _| {
                if i == 3 {
                    Err(TestError::Job(i))
                } else {
                    Ok(Flow::Continue)
                }
            },
        );
        assert_eq!(result, Err(TestError::Job(3)));
    }

    #[test]
    fn a_job_that_ends_the_list_early_keeps_the_results_before_it() {
        // Job 6 reports the end (a deadline, say) while job 7 still ran.
        let mut seen = Vec::new();
        run_ordered(
            2,
            0,
            || (),
            |_, i| (i != 6 && i < 100).then_some(Ok::<_, TestError>(i)),
            |i, _| {
                seen.push(i);
                Ok(Flow::Continue)
            },
        )
        .unwrap();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
    }

    #[test]
    fn a_panicking_worker_is_an_error_not_a_panic() {
        let mut seen = Vec::new();
        let result = run_ordered(
            2,
            0,
            || (),
            |_, i| {
                if i == 4 {
                    panic!("job 4 fails");
                }
                // Endless jobs otherwise: the run must still end.
                Some(Ok::<_, TestError>(i))
            },
            |i, _| {
                seen.push(i);
                Ok(Flow::Continue)
            },
        );
        assert_eq!(result, Err(TestError::Panicked));
        assert_eq!(seen, (0..4).collect::<Vec<_>>());
    }
}
