//! The game review: the page keeps the review and asks the worker for one
//! search per position (the worker's ordinary Think, so the review adds no
//! code to it); the player sees the progress after each and can cancel
//! between two. Dropped when the game changes, and shown: marks in the
//! move list, the graph, each side's figures and the better move of the
//! marked move shown, as an arrow and in words.

use super::App;
use crate::dom::review::{self as shown, Shown};
use crate::i18n::review as texts;
use crate::state::review::{
    graph_heights, mark_sign, GameReviewState, Stage, REVIEW_LEVEL, REVIEW_MS,
};
use warcaby::checkers::ai::Level;
use warcaby::games::review::{GameReview, Mark, Review, ReviewSettings};
use warcaby::games::{EngineChoice, Report};
use warcaby::search::Limits;
use warcaby::Color;
use warcaby_protocol::{Request, Response};

/// A mark's class in the move list and on the graph.
fn mark_class(mark: Mark) -> &'static str {
    match mark {
        Mark::Inaccuracy => "mark inaccuracy",
        Mark::Mistake => "mark mistake",
        Mark::Blunder => "mark blunder",
    }
}

/// The engine that reviews: the strongest level, the analysis's.
fn review_engine(seed: u64) -> EngineChoice {
    EngineChoice::Level {
        level: Level::new(REVIEW_LEVEL.into()).expect("the review's level exists"),
        seed,
    }
}

impl App {
    /// Starts the review of the game on the board (not while the AI
    /// thinks of its move).
    pub fn review_game(&mut self) {
        let busy = self.ai.busy_with_the_game();
        if self.state.game.ply_count() == 0 || self.state.running_review().is_some() || busy {
            return;
        }
        self.stop_analysis();
        // The worker's searches take the page's time per position; the
        // settings' limits are for hosts that search themselves.
        let settings = ReviewSettings {
            limits: Limits::time_ms(REVIEW_MS),
        };
        self.state.review = Some(GameReviewState {
            record: self.state.game.record(),
            stage: Stage::Running {
                review: Box::new(Review::new(&self.state.game, settings)),
                searching: None,
            },
        });
        self.review_next();
    }

    /// Takes the review's steps that need no search, then asks the worker
    /// for the next position's search, or ends the review when done.
    pub(super) fn review_next(&mut self) {
        let position = loop {
            let Some((review, _)) = self.state.running_review_mut() else {
                return;
            };
            if review.is_done() {
                let result = review.result();
                self.review_done(result);
                return;
            }
            if let Some(position) = review.position_to_search() {
                break position.played().record_at(position.ply_count());
            }
            if let Err(e) = review.step_with(None, false) {
                self.review_stopped(&e.to_string());
                return;
            }
        };
        let choice = review_engine(self.ai.seed);
        // The strongest level plays the learned evaluation: its network
        // first (its arrival calls this again).
        if !self.net_ready(&choice) {
            self.show_review();
            return;
        }
        let id = self.ai.next_id();
        if let Some((_, searching)) = self.state.running_review_mut() {
            *searching = Some(id);
        }
        self.send(Request::Think {
            id,
            game: position,
            choice,
            time_ms: REVIEW_MS,
        });
        self.show_review();
    }

    /// Goes on with a review that waited for its network.
    pub(super) fn resume_review(&mut self) {
        if matches!(self.state.running_review_mut(), Some((_, None))) {
            self.review_next();
        }
    }

    /// The review is done: shown, said, and the analysis may go on.
    fn review_done(&mut self, result: GameReview) {
        if let Some(state) = self.state.review.as_mut() {
            state.stage = Stage::Done(result);
        }
        self.ui.announce(texts::done(self.state.settings.lang));
        self.refresh();
        self.update_analysis();
    }

    /// Stops the running review (the worker's search under way finishes
    /// and its answer is ignored).
    pub fn cancel_review(&mut self) {
        if self.state.running_review().is_none() {
            return;
        }
        self.state.review = None;
        self.show_review();
        self.update_analysis();
    }

    /// The worker's answer to the review's search; false when `response`
    /// is not about it.
    pub(super) fn on_review_answer(&mut self, response: &Response) -> bool {
        let Some((_, Some(searching))) = self.state.running_review_mut() else {
            return false;
        };
        let searching = *searching;
        match response {
            Response::Info { id, .. } => *id == searching,
            Response::Done { id, report } if *id == searching => {
                self.review_searched(report);
                true
            }
            Response::Error { id, message } if *id == searching => {
                self.review_stopped(message);
                true
            }
            _ => false,
        }
    }

    /// A position's search came back: the review goes on.
    fn review_searched(&mut self, report: &Report) {
        let Some((review, searching)) = self.state.running_review_mut() else {
            return;
        };
        *searching = None;
        match review.step_with(Some(report), false) {
            Ok(_) => self.review_next(),
            Err(e) => self.review_stopped(&e.to_string()),
        }
    }

    /// The worker running the review is gone (it failed, or was replaced):
    /// the review says it stopped.
    pub(super) fn review_stopped(&mut self, why: &str) {
        if self.state.running_review().is_none() {
            return;
        }
        self.state.review = None;
        self.ui
            .notice(&texts::stopped(self.state.settings.lang, why));
        self.show_review();
    }

    /// Drops the review of a game that changed since.
    pub(super) fn drop_stale_review(&mut self) {
        self.state.drop_stale_review();
    }

    /// The marks of the move list: each move's sign and class.
    pub(super) fn move_marks(&self) -> Vec<Option<(&'static str, &'static str)>> {
        let marks = self.state.move_marks();
        marks
            .into_iter()
            .map(|m| m.map(|m| (mark_sign(m), mark_class(m))))
            .collect()
    }

    /// Shows the review's button, progress or result.
    pub(super) fn show_review(&self) {
        let lang = self.state.settings.lang;
        let running = self.state.running_review();
        let none = self.state.review.is_none();
        shown::show_start(none && self.state.game.ply_count() > 0 && self.state.editor.is_none());
        let progress = running.map(|p| {
            let text = texts::progress(lang, p.analysed, p.total);
            (p.analysed, p.total, text)
        });
        shown::show_running(progress.as_ref().map(|(a, t, s)| (*a, *t, s.as_str())));
        shown::show_done(self.state.done_review().map(|review| self.shown(review)));
    }

    /// What the page shows of a done review.
    fn shown(&self, review: &GameReview) -> Shown {
        let lang = self.state.settings.lang;
        let side = |color| {
            let hints = self.state.hints_used(color);
            texts::summary(lang, color, &review.summary(color), hints)
        };
        let better = self
            .state
            .better_move()
            .map(|b| texts::better(lang, &b.played, b.mark, &b.best, &b.line));
        Shown {
            heights: graph_heights(review, review.kind),
            current: self.state.shown_ply(),
            marks: review
                .moves
                .iter()
                .filter_map(|m| m.mark.map(|mark| (m.ply + 1, mark_class(mark))))
                .collect(),
            sides: [side(Color::White), side(Color::Black)],
            better,
        }
    }
}
