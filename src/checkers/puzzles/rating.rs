//! A player's puzzle rating, kept on their own machine: Elo against the
//! puzzles' ratings (K = 32), and the streak of puzzles solved in a row.

use super::Puzzle;

/// The rating a new player starts from.
pub const START_RATING: i32 = 1200;

/// How far one result moves the rating, at most.
const K: f64 = 32.0;

/// A player's puzzle record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// The rating now.
    pub rating: i32,
    /// Puzzles solved in a row now.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            streak: 0,
            best_streak: 0,
            solved: 0,
            failed: 0,
        }
    }
}

impl Rating {
    /// Records a puzzle of `puzzle_rating` solved (without a wrong move
    /// or the solution shown) or not; returns the rating's change.
    pub fn record(&mut self, puzzle_rating: u32, solved: bool) -> i32 {
        let gap = f64::from(puzzle_rating as i32 - self.rating);
        let expected = 1.0 / (1.0 + 10f64.powf(gap / 400.0));
        let score = if solved { 1.0 } else { 0.0 };
        let change = (K * (score - expected)).round() as i32;
        self.rating += change;
        if solved {
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.failed += 1;
            self.streak = 0;
        }
        change
    }

    /// The next puzzle for this player among `puzzles`: of those not yet
    /// `seen`, the one whose rating is nearest to the player's (the first
    /// in the set of equals); when all are seen, the nearest of all.
    pub fn next<'a>(
        &self,
        puzzles: &'a [Puzzle],
        seen: impl Fn(&str) -> bool,
    ) -> Option<&'a Puzzle> {
        let distance = |p: &&Puzzle| (p.rating as i32 - self.rating).unsigned_abs();
        puzzles
            .iter()
            .filter(|p| !seen(&p.id))
            .min_by_key(distance)
            .or_else(|| puzzles.iter().min_by_key(distance))
    }
}
