//! The games still to play, shared by the game threads: the regular round
//! of every pair (colours alternating, each opening with both colours, the
//! openings shuffled with the seed) and the overtime games added as pairs
//! end tied.

use super::jobs::{game_seed, Job};
use super::openings::Opening;
use super::overtime::Removal;
use super::pairs::Pair;
use super::tournament::Config;
use crate::core::rng::{mix, Rng};
use crate::games::AnyGame;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex};

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    closed: bool,
}

/// A queue of games that threads wait on.
#[derive(Default)]
pub(super) struct Schedule {
    queue: Mutex<Queue>,
    ready: Condvar,
}

impl Schedule {
    /// Adds games at the back.
    pub(super) fn push(&self, jobs: impl IntoIterator<Item = Job>) {
        self.queue.lock().expect("queue").jobs.extend(jobs);
        self.ready.notify_all();
    }

    /// The next game, waiting for one; None once the schedule is closed.
    pub(super) fn next(&self) -> Option<Job> {
        let mut q = self.queue.lock().expect("queue");
        loop {
            if let Some(job) = q.jobs.pop_front() {
                return Some(job);
            }
            if q.closed {
                return None;
            }
            q = self.ready.wait(q).expect("queue");
        }
    }

    /// No more games: waiting threads end.
    pub(super) fn close(&self) {
        self.queue.lock().expect("queue").closed = true;
        self.ready.notify_all();
    }
}

/// The openings in the order every pair plays them (shuffled with the seed).
pub(super) fn shuffled_openings(config: &Config) -> Vec<Opening> {
    let mut openings = config.openings.clone();
    let mut rng = Rng::new(mix(config.seed ^ 0x6f70_656e));
    for i in (1..openings.len()).rev() {
        openings.swap(i, rng.index(i + 1));
    }
    openings
}

/// Where regular game `g` of a pair starts, and its opening's text.
pub(super) fn start_of(config: &Config, openings: &[Opening], g: u32) -> (AnyGame, Option<String>) {
    if openings.is_empty() {
        (config.rules.new_game(), None)
    } else {
        let o = &openings[(g as usize / 2) % openings.len()];
        (AnyGame::from(o.game.clone()), Some(o.text.clone()))
    }
}

/// The white and black bots of a game by its place: colours alternate in
/// the regular round, and the pair's first bot has White in the first
/// overtime game.
pub(super) fn colours(pair: &Pair, overtime: bool, index: u32) -> (usize, usize) {
    let first_white = if overtime {
        index == 0
    } else {
        index.is_multiple_of(2)
    };
    if first_white {
        (pair.a, pair.b)
    } else {
        (pair.b, pair.a)
    }
}

/// Every pair's regular games, pair by pair.
pub(super) fn regular_jobs(config: &Config, openings: &[Opening], pairs: &[Pair]) -> Vec<Job> {
    let mut jobs = Vec::new();
    for (p, pair) in pairs.iter().enumerate() {
        for g in 0..config.games_per_pair {
            let (white, black) = colours(pair, false, g);
            let (start, opening) = start_of(config, openings, g);
            jobs.push(Job {
                pair: p,
                overtime: false,
                index: g,
                white,
                black,
                start,
                opening,
                seed: game_seed(config.seed, p, false, g),
            });
        }
    }
    jobs
}

/// Pair `p`'s two overtime games from `removal`'s position.
pub(super) fn overtime_jobs(config: &Config, p: usize, pair: &Pair, removal: &Removal) -> Vec<Job> {
    (0..2u32)
        .map(|g| {
            let (white, black) = colours(pair, true, g);
            Job {
                pair: p,
                overtime: true,
                index: g,
                white,
                black,
                start: removal.start.clone(),
                opening: None,
                seed: game_seed(config.seed, p, true, g),
            }
        })
        .collect()
}
