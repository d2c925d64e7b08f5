//! A pair's match: its regular games and overtime, the score (a draw won on
//! the contest's tie-break counts as a win), when it is decided, and its
//! record.

use super::overtime::{self, Removal, MAX_RANDOM_MEN};
use super::results::{OvertimeRecord, PairRecord};
use super::tournament::Config;
use crate::core::rng::{mix, Rng};
use crate::core::Color;
use crate::games::AnyGame;

/// What a pair's score needs of a finished game: a game just played and
/// one read back from the output folder on `--resume` give the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scored {
    /// The bot that had White.
    pub(super) white: usize,
    /// The side that scores the game in the match (the winner, or in
    /// contest mode the winner of a draw's tie-break).
    pub(super) winner: Option<Color>,
}

/// A pair's progress.
pub(super) struct Pair {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) regular: Vec<Option<Scored>>,
    pub(super) overtime: Option<(Removal, Vec<Option<Scored>>)>,
}

impl Pair {
    /// The first bot's and second bot's points in these games.
    pub(super) fn score(&self, games: &[Option<Scored>]) -> [f64; 2] {
        let mut s = [0.0, 0.0];
        for d in games.iter().flatten() {
            let a_color = if d.white == self.a {
                Color::White
            } else {
                Color::Black
            };
            match d.winner {
                None => {
                    s[0] += 0.5;
                    s[1] += 0.5;
                }
                Some(c) if c == a_color => s[0] += 1.0,
                Some(_) => s[1] += 1.0,
            }
        }
        s
    }

    /// Both bots' points so far, overtime included.
    pub(super) fn all_score(&self) -> [f64; 2] {
        let r = self.score(&self.regular);
        let o = self
            .overtime
            .as_ref()
            .map_or([0.0, 0.0], |(_, g)| self.score(g));
        [r[0] + o[0], r[1] + o[1]]
    }
}

/// Where a pair stands after a game.
pub(super) enum PairState {
    /// Games are still to come.
    Open,
    /// Decided (or left undecided after overtime): no more games.
    Over,
    /// The regular round is over and tied: overtime is due.
    Tied,
}

impl Pair {
    /// A pair of bots `a` and `b` with `games` regular games to play.
    pub(super) fn new(a: usize, b: usize, games: u32) -> Pair {
        Pair {
            a,
            b,
            regular: (0..games).map(|_| None).collect(),
            overtime: None,
        }
    }

    /// Files a finished game under its round (an overtime game only once
    /// overtime has started: the caller checks).
    pub(super) fn add(&mut self, overtime: bool, index: u32, game: Scored) {
        let index = index as usize;
        match &mut self.overtime {
            Some((_, games)) if overtime => games[index] = Some(game),
            _ => self.regular[index] = Some(game),
        }
    }

    /// Where the pair stands.
    pub(super) fn state(&self) -> PairState {
        let all_in = |games: &[Option<Scored>]| games.iter().all(Option::is_some);
        let regular = self.score(&self.regular);
        match &self.overtime {
            Some((_, games)) if all_in(games) => PairState::Over,
            Some(_) => PairState::Open,
            None if !all_in(&self.regular) => PairState::Open,
            None if regular[0] != regular[1] => PairState::Over,
            None => PairState::Tied,
        }
    }
}

/// The overtime start of pair `p`: plain pieces (men, stones) removed at
/// random (seeded) from `base` — `--overtime-men`, one in contest mode,
/// else 1 to 3.
pub(super) fn overtime_start(config: &Config, p: usize, base: &AnyGame) -> Removal {
    let mut rng = Rng::new(mix(config.seed ^ mix(0x0076_6572_7469 + p as u64)));
    let count = match (config.overtime_men, &config.contest) {
        (Some(n), _) => n,
        (None, Some(_)) => 1,
        (None, None) => rng.between(1, MAX_RANDOM_MEN),
    };
    overtime::remove_men(base, count, &mut rng)
}

/// The record of pair `p`.
pub(super) fn pair_record(p: usize, pair: &Pair, labels: &[String]) -> PairRecord {
    let regular = pair.score(&pair.regular);
    let overtime = pair
        .overtime
        .as_ref()
        .map(|(removal, games)| OvertimeRecord {
            removed_men: removal.count,
            removed_white: removal.white.clone(),
            removed_black: removal.black.clone(),
            start_fen: removal.start_text(),
            score: pair.score(games),
        });
    let decisive = |s: [f64; 2]| (s[0] != s[1]).then_some(if s[0] > s[1] { 0 } else { 1 });
    let (decided_by, winner) = match (decisive(regular), overtime.as_ref().map(|o| o.score)) {
        (Some(w), _) => ("regular", Some(w)),
        (None, Some(s)) => match decisive(s) {
            Some(w) => ("overtime", Some(w)),
            None => ("undecided", None),
        },
        (None, None) => ("undecided", None),
    };
    let bots = [labels[pair.a].clone(), labels[pair.b].clone()];
    PairRecord {
        pair: p + 1,
        winner: winner.map(|w: usize| bots[w].clone()),
        bots,
        regular,
        overtime,
        decided_by: decided_by.to_string(),
    }
}
