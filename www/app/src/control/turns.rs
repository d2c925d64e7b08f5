//! Playing a move and handing the turn on: the announcement, the
//! animation, saving, and starting whoever is next (the AI after a pause,
//! or an only legal move played for the player).

use super::App;
use crate::dom;
use crate::i18n::{errors, notices};
use crate::state::game::only_move_text;
use crate::state::settings::Mode;
use crate::view::animation::Animation;
use warcaby::games::SpotMove;

impl App {
    /// Plays a legal move, animates it and lets the next player move. A
    /// player's move clears the notice; the AI's only a hint about a
    /// click, leaving other notices to be read.
    pub(super) fn play(&mut self, mv: SpotMove) {
        if !self.puzzle_move(&mv) {
            self.play_now(mv);
        }
    }

    /// Plays `mv` on the board now (see [`App::play`]); a puzzle's moves
    /// come here once judged.
    pub(super) fn play_now(&mut self, mv: SpotMove) {
        let before = self.state.game.clone();
        let by_ai = self.state.is_ai_turn();
        let mover = self.state.game.side_to_move();
        if self.flag_fell() {
            return;
        }
        match self.state.play(&mv) {
            Ok(said) => {
                self.clock_moved(mover, by_ai);
                if by_ai {
                    // The wait is over; other notices stay to be read.
                    self.ui.clear_hint();
                } else if self.state.puzzle.is_none() {
                    // The player took up the new game: the old one is gone
                    // (a puzzle keeps it for "Back to the game").
                    self.keep_set_aside(None);
                    self.ui.clear_notice();
                }
                if self.state.settings.sound {
                    dom::sound::play(self.state.sound_of(&mv));
                }
                self.moved(said);
                self.animate(Animation::of(before.played(), &mv, dom::now()));
                self.after_change();
            }
            Err(e) => self.ui.notice(&e),
        }
    }

    /// Reads a move text with the engine and plays it.
    pub(super) fn play_text(&mut self, text: &str) -> Result<(), String> {
        let lang = self.state.settings.lang;
        let mv = self
            .state
            .game
            .played()
            .parse_move(text)
            .map_err(|e| errors::game(lang, &e))?;
        self.play(mv);
        Ok(())
    }

    /// A move was played: what to tell screen readers (`said`, the move
    /// and what it took), told with what follows in one announcement.
    fn moved(&mut self, said: String) {
        let auto = if std::mem::take(&mut self.auto_played) {
            notices::only_move_played(self.state.settings.lang)
        } else {
            ""
        };
        self.announcement = Some(format!("{auto}{said}"));
    }

    /// Starts a move's animation, unless animation is off (by the setting
    /// or the system's reduced motion) or an earlier position is shown.
    fn animate(&mut self, animation: Option<Animation>) {
        let wanted = self.state.settings.animate
            && !dom::prefers_reduced_motion()
            && self.state.view.is_none();
        self.set_animation(animation.filter(|_| wanted));
        if self.animation.is_some() {
            self.request_frame();
        }
    }

    /// Milliseconds until the running animation ends (0 without one).
    fn animation_left_ms(&self) -> u64 {
        self.animation
            .as_ref()
            .map_or(0.0, |a| a.left_ms(dom::now()))
            .ceil() as u64
    }

    /// After any change of the game: save, redraw, and start whoever is next.
    pub(super) fn after_change(&mut self) {
        self.fit_worker_to_game();
        self.drop_stale_review();
        self.save();
        self.refresh();
        self.announce_turn();
        if self.state.is_over() {
            return;
        }
        if self.state.view.is_some() || !self.state.is_ai_turn() {
            self.update_analysis();
        } else {
            self.stop_analysis();
        }
        if self.state.view.is_none() {
            self.start_next();
        }
    }

    /// One announcement after a move: the move, then the result or who is
    /// next.
    fn announce_turn(&mut self) {
        let next = self.state.next_announcement();
        match self.announcement.take() {
            Some(said) => self.ui.announce(&format!("{said}. {next}.")),
            None if self.state.is_over() => self.ui.announce(&next),
            None => {}
        }
    }

    /// Starts the AI, or plays the player's only legal move, once the last
    /// move's animation has ended.
    fn start_next(&mut self) {
        let animation_ms = self.animation_left_ms();
        if self.state.is_ai_turn() {
            if self.ai.thinking.is_none() {
                let pause = match self.state.settings.mode {
                    Mode::AiVsAi => self.state.settings.ai_delay_ms,
                    _ => 0,
                };
                dom::later(pause.max(animation_ms) as i32, || {
                    crate::with_app(|app| {
                        let state = &app.state;
                        if state.is_ai_turn() && app.ai.thinking.is_none() && state.view.is_none() {
                            app.ask_ai();
                        }
                    })
                });
            }
            return;
        }
        let settings = &self.state.settings;
        if !settings.auto_single || !matches!(settings.mode, Mode::HumanVsAi { .. }) {
            return;
        }
        if let Some(only) = only_move_text(self.state.game.played()) {
            dom::later(animation_ms.max(400) as i32, move || {
                crate::with_app(|app| {
                    let state = &app.state;
                    // Not while a review of this game runs or is shown
                    // (the move would drop it), nor in a puzzle.
                    if state.human_may_move()
                        && state.review.is_none()
                        && state.puzzle.is_none()
                        && only_move_text(state.game.played()) == Some(only.clone())
                    {
                        app.auto_played = true;
                        let _ = app.play_text(&only);
                        app.auto_played = false;
                    }
                })
            });
        }
    }
}
