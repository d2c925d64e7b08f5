//! Hints: the hint button asks the worker for the engine's move in the
//! player's position (its ordinary Think), shows the piece to move, and on
//! a second press the move; the review counts them per side.

use super::App;
use crate::i18n::review as texts;
use crate::state::hint::{HintStep, HINT_LEVEL, HINT_MS};
use warcaby::checkers::ai::Level;
use warcaby::games::EngineChoice;
use warcaby_protocol::{Request, Response};

impl App {
    /// The hint button: asks for a hint, or shows the move of the piece
    /// a hint showed.
    pub fn hint(&mut self) {
        if !self.state.hint_allowed() {
            return;
        }
        match self.state.hint_step() {
            HintStep::Ask => self.ask_hint(),
            HintStep::ShowMove => {
                self.state.hint_show_move();
                self.show_hint();
                self.draw();
            }
            HintStep::Nothing => {}
        }
    }

    /// Asks the worker for the engine's move in the live position.
    fn ask_hint(&mut self) {
        if self.ai.busy_with_the_game() || self.ai.unavailable {
            return;
        }
        let choice = EngineChoice::Level {
            level: Level::new(HINT_LEVEL.into()).expect("the hint's level exists"),
            seed: self.ai.seed,
        };
        // The strongest level plays the learned evaluation: its network
        // first (its arrival asks again).
        if !self.net_ready(&choice) {
            self.ai.hint_waiting = true;
            return;
        }
        let id = self.ai.next_id();
        self.state.hint_asked(id);
        let request = Request::Think {
            id,
            game: self.state.game.record(),
            choice,
            time_ms: HINT_MS,
        };
        self.send(request);
        self.show_hint();
    }

    /// Asks again for a hint that waited for its network.
    pub(super) fn resume_hint(&mut self) {
        if std::mem::take(&mut self.ai.hint_waiting) && self.state.hint_allowed() {
            self.ask_hint();
        }
    }

    /// The worker's answer to the hint's request; false when `response`
    /// is not about it.
    pub(super) fn on_hint_answer(&mut self, response: &Response) -> bool {
        let Some(asked) = self.state.hint_request() else {
            return false;
        };
        let lang = self.state.settings.lang;
        match response {
            Response::Info { id, .. } => return *id == asked,
            Response::Done { id, report } if *id == asked => {
                let text = report.best_move.as_deref().unwrap_or_default();
                let live = self.state.current_hint().is_some();
                if !self.state.hint_answered(text) && live {
                    self.ui.notice(texts::no_hint(lang));
                }
            }
            Response::Error { id, message } if *id == asked => {
                self.state.hint = None;
                self.ui.notice(&texts::hint_failed(lang, message));
            }
            _ => return false,
        }
        self.show_hint();
        self.draw();
        true
    }

    /// Shows the hint button (when a hint may be asked for) and the hint
    /// in words.
    pub(super) fn show_hint(&self) {
        let lang = self.state.settings.lang;
        let step = self.state.hint_step();
        let allowed = self.state.hint_allowed();
        let label = texts::hint_button(lang, step);
        let game = self.state.game.played();
        let said = if !allowed {
            None
        } else if let Some((text, _)) = self.state.hint_move() {
            Some(texts::hint_move(lang, text))
        } else if let Some(spot) = self.state.hint_piece() {
            Some(texts::hint_piece(lang, &game.spot_name(spot)))
        } else if self.state.hint_request().is_some() && self.state.current_hint().is_some() {
            Some(texts::hint_thinking(lang).to_string())
        } else {
            None
        };
        crate::dom::review::show_hint(
            allowed.then_some((label, step != HintStep::Nothing)),
            said.as_deref(),
        );
    }
}
