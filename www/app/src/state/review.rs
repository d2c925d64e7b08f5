//! The game's review on the page: running (the review, fed one position
//! at a time by the worker's searches) or done (the engine's marks, curve
//! and better moves), for the game it was made of. What the move list, the
//! graph, the summary and the board's arrow show is read from here;
//! nothing here is a rule.

use super::game::line_spots;
use super::State;
use warcaby::games::review::{GameReview, Mark, MoveReview, Progress, Review};
use warcaby::games::{GameKind, GameRecord};
use warcaby::Color;

/// The level whose engine reviews (the analysis's).
pub const REVIEW_LEVEL: u8 = 8;

/// Thinking time per position, in milliseconds: the level-8 engine at
/// this time reviews a 40-move game (81 positions) in about 25 s.
pub const REVIEW_MS: u64 = 300;

/// Where a review stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Under way: the review so far, and the id of the worker's search
    /// of its next position (None between two).
    Running {
        /// The review so far.
        review: Box<Review>,
        /// The search asked of the worker.
        searching: Option<u32>,
    },
    /// The review is done.
    Done(GameReview),
}

/// A review of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReviewState {
    /// The game reviewed (a change of the game drops the review).
    pub record: GameRecord,
    /// Where it stands.
    pub stage: Stage,
}

/// The better move of a marked move: its text, its line, and its spots
/// (the start, then each landing) where it was to be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Better {
    /// The move played.
    pub played: String,
    /// Its mark.
    pub mark: Mark,
    /// The engine's move.
    pub best: String,
    /// The engine's line from there.
    pub line: Vec<String>,
    /// The engine's move's spots.
    pub spots: Vec<u8>,
}

/// A mark as the move list writes it.
pub fn mark_sign(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "?!",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}

/// The graph's heights: White's expected score (0..1) at each position,
/// the start first; an unknown evaluation sits at the middle.
pub fn graph_heights(review: &GameReview, kind: GameKind) -> Vec<f64> {
    review
        .curve()
        .iter()
        .map(|eval| eval.map_or(0.5, |e| e.expected(Color::White, kind)))
        .collect()
}

impl State {
    /// The review done of the game on the board, if any.
    pub fn done_review(&self) -> Option<&GameReview> {
        match &self.review.as_ref()?.stage {
            Stage::Done(review) => Some(review),
            Stage::Running { .. } => None,
        }
    }

    /// The running review's progress, if one runs.
    pub fn running_review(&self) -> Option<Progress> {
        match &self.review.as_ref()?.stage {
            Stage::Running { review, .. } => Some(review.progress()),
            Stage::Done(_) => None,
        }
    }

    /// The running review and its search under way, if one runs.
    pub fn running_review_mut(&mut self) -> Option<(&mut Review, &mut Option<u32>)> {
        match &mut self.review.as_mut()?.stage {
            Stage::Running { review, searching } => Some((review, searching)),
            Stage::Done(_) => None,
        }
    }

    /// Drops a review of another game than the one on the board (a move
    /// played or taken back, a new or imported game). True when it did.
    pub fn drop_stale_review(&mut self) -> bool {
        let stale = self
            .review
            .as_ref()
            .is_some_and(|r| r.record != self.game.record());
        if stale {
            self.review = None;
        }
        stale
    }

    /// Each move's mark in the move list (none without a review).
    pub fn move_marks(&self) -> Vec<Option<Mark>> {
        let Some(review) = self.done_review() else {
            return Vec::new();
        };
        review.moves.iter().map(|m| m.mark).collect()
    }

    /// The move that led to the position shown, as reviewed.
    fn shown_move_review(&self) -> Option<&MoveReview> {
        let ply = self.shown_ply().checked_sub(1)?;
        self.done_review()?.moves.get(ply)
    }

    /// The better move of the move that led to the position shown, when
    /// that move is marked and the engine's move reads where it was played.
    pub fn better_move(&self) -> Option<Better> {
        let reviewed = self.shown_move_review()?;
        let mark = reviewed.mark?;
        let best = reviewed.best_move.clone()?;
        let game = self.game.played();
        let (_, spots) = line_spots(game, reviewed.ply, std::slice::from_ref(&best))
            .into_iter()
            .next()?;
        Some(Better {
            played: reviewed.played.clone(),
            mark,
            best,
            line: reviewed.line.clone(),
            spots,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::settings::Settings;
    use warcaby::games::review::{Eval, ReviewSettings};
    use warcaby::games::AnyGame;
    use warcaby::{Game, Variant};

    fn english(moves: &[&str]) -> AnyGame {
        let mut game = AnyGame::Checkers(Game::new(Variant::English));
        for text in moves {
            game.play_text(text).unwrap();
        }
        game
    }

    fn move_review(ply: usize, played: &str, mark: Option<Mark>, best: &str) -> MoveReview {
        MoveReview {
            ply,
            mover: if ply.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            },
            played: played.into(),
            eval: Some(Eval::Score(0)),
            expected: Some(0.5),
            best_move: Some(best.into()),
            line: vec![best.into(), "8-11".into()],
            loss: Some(0.0),
            mark,
            forced: false,
            best: played == best,
        }
    }

    fn reviewed() -> State {
        let game = english(&["11-15", "24-19"]);
        let mut state = State::new(Settings::default(), game.clone());
        let review = GameReview {
            kind: GameKind::Checkers,
            moves: vec![
                move_review(0, "11-15", None, "11-15"),
                move_review(1, "24-19", Some(Mark::Blunder), "23-19"),
            ],
            final_eval: Some(Eval::Win {
                winner: Color::Black,
                plies: 3,
            }),
        };
        state.review = Some(GameReviewState {
            record: game.record(),
            stage: Stage::Done(review),
        });
        state
    }

    #[test]
    fn a_marked_move_shown_names_its_better_move_with_its_spots() {
        let mut state = reviewed();
        assert_eq!(state.move_marks(), [None, Some(Mark::Blunder)]);
        let better = state.better_move().expect("the blunder is shown");
        assert_eq!(better.best, "23-19");
        assert_eq!(better.played, "24-19");
        assert_eq!(better.spots.len(), 2, "a start and a landing");
        assert_eq!(mark_sign(better.mark), "??");
        state.set_view(Some(1));
        assert_eq!(state.better_move(), None, "11-15 is not marked");
        state.set_view(Some(0));
        assert_eq!(state.better_move(), None, "the start: no move");
    }

    #[test]
    fn the_graph_follows_the_curve_and_a_new_move_drops_the_review() {
        let mut state = reviewed();
        let heights = graph_heights(state.done_review().unwrap(), GameKind::Checkers);
        assert_eq!(heights.len(), 3);
        assert_eq!(heights[0], 0.5);
        assert_eq!(heights[2], 0.0, "Black wins by force");
        assert!(!state.drop_stale_review());
        state.game.play_text("15x24").unwrap();
        assert!(state.drop_stale_review());
        assert_eq!(state.review, None);
        assert!(state.move_marks().is_empty());
    }

    #[test]
    fn a_running_review_has_no_marks_yet() {
        let mut state = reviewed();
        let record = state.game.record();
        let settings = ReviewSettings {
            limits: warcaby::search::Limits::depth(1),
        };
        state.review = Some(GameReviewState {
            record,
            stage: Stage::Running {
                review: Box::new(Review::new(&state.game, settings)),
                searching: Some(4),
            },
        });
        let progress = state.running_review().expect("running");
        assert_eq!((progress.analysed, progress.total), (0, 3));
        assert_eq!(state.running_review_mut().map(|(_, id)| *id), Some(Some(4)));
        assert!(state.move_marks().is_empty() && state.better_move().is_none());
    }
}
