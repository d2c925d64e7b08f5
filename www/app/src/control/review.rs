//! The game review: asked of the worker (which analyses one position per
//! step and says how far it is), cancelled, dropped when the game changes,
//! and shown: marks in the move list, the graph, each side's figures and
//! the better move of the marked move shown, as an arrow and in words.

use super::App;
use crate::dom::review::{self as shown, Shown};
use crate::i18n::review as texts;
use crate::state::review::{graph_heights, mark_sign, GameReviewState, Stage, REVIEW_MS};
use warcaby::games::review::{GameReview, Mark};
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

impl App {
    /// Starts the review of the game on the board, in the worker.
    pub fn review_game(&mut self) {
        if self.state.game.ply_count() == 0 || self.state.running_review().is_some() {
            return;
        }
        self.stop_analysis();
        let id = self.ai.next_id();
        let record = self.state.game.record();
        self.state.review = Some(GameReviewState {
            record: record.clone(),
            stage: Stage::Running {
                id,
                analysed: 0,
                total: self.state.game.ply_count() + 1,
            },
        });
        self.send(Request::Review {
            id,
            game: record,
            time_ms: REVIEW_MS,
        });
        self.show_review();
    }

    /// Stops the running review (the worker drops it between positions).
    pub fn cancel_review(&mut self) {
        let Some((id, ..)) = self.state.running_review() else {
            return;
        };
        if let Some(client) = self.ai.client.as_mut() {
            client.send(Request::StopReview { id });
        }
        self.state.review = None;
        self.show_review();
        self.update_analysis();
    }

    /// A review's answer; false when `response` is not about the running
    /// review.
    pub(super) fn on_review_answer(&mut self, response: &Response) -> bool {
        let Some((running, ..)) = self.state.running_review() else {
            return false;
        };
        let lang = self.state.settings.lang;
        match response {
            Response::ReviewProgress {
                id,
                analysed,
                total,
            } if *id == running => {
                if let Some(review) = self.state.review.as_mut() {
                    review.stage = Stage::Running {
                        id: running,
                        analysed: *analysed as usize,
                        total: *total as usize,
                    };
                }
            }
            Response::Reviewed { id, review } if *id == running => {
                if let Some(state) = self.state.review.as_mut() {
                    state.stage = Stage::Done(review.clone());
                }
                self.ui.announce(texts::done(lang));
                self.refresh();
                self.update_analysis();
                return true;
            }
            Response::Error { id, message } if *id == running => {
                self.review_stopped(message);
                return true;
            }
            _ => return false,
        }
        self.show_review();
        true
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
        let running = self.state.running_review();
        if self.state.drop_stale_review() {
            if let (Some((id, ..)), Some(client)) = (running, self.ai.client.as_mut()) {
                client.send(Request::StopReview { id });
            }
        }
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
        let progress = running
            .map(|(_, analysed, total)| (analysed, total, texts::progress(lang, analysed, total)));
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
