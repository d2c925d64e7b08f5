//! The game's flow: the New game dialog, the clocks (ticking, the flag,
//! the AI's time), resigning and draw offers with their confirm step, and
//! the first game's hint.

use super::App;
use crate::dom::{self, flow as ui, storage};
use crate::i18n::flow;
use crate::state::clock::LOW_MS;
use crate::state::ending::{ai_accepts_draw, Ending};
use crate::state::settings::Mode;
use warcaby::checkers::ai::Level;
use warcaby::core::rng::entropy_seed;
use warcaby::games::{EngineChoice, Report};
use warcaby::Color;
use warcaby_protocol::Request;

/// How often a running clock is redrawn and its flag checked (ms).
const TICK_MS: i32 = 100;

/// How long the AI weighs a draw offer (ms): a short search at full
/// strength.
const DRAW_THINK_MS: u64 = 400;

/// A step waiting for the player's confirmation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Confirm {
    /// Resign (for the side to move between two humans).
    Resign,
    /// Agree a draw between two humans.
    Draw,
}

impl App {
    /// Opens the New game dialog.
    pub fn open_new_game(&mut self) {
        ui::open_new_game(&self.state.settings);
    }

    /// Starts the game chosen in the New game dialog: its choices go into
    /// the settings (and the panel's lists).
    pub fn start_from_dialog(&mut self) {
        let Some(choice) = ui::read_new_game() else {
            return;
        };
        ui::close_new_game();
        let mut settings = self.state.settings.clone();
        choice.apply(&mut settings, entropy_seed() & 1 == 0);
        if !settings.rules().alphazero_plays() {
            settings.drop_alphazero();
        }
        self.state.settings = settings;
        self.ui.show_settings(&self.state.settings);
        self.face_the_human();
        self.new_game();
    }

    /// A first visit (nothing saved): the first game's hint, and on a
    /// phone the New game dialog first.
    pub fn first_visit(&mut self) {
        self.first_hint = true;
        if dom::is_phone() {
            self.open_new_game();
        }
        self.show_flow();
    }

    /// Restores the saved clock and ending of the restored game; a broken
    /// one is dropped with a notice (the game goes on untimed).
    pub fn restore_flow(&mut self) {
        match storage::load_flow(&self.state.game, ui::epoch_ms()) {
            Ok(Some(saved)) => {
                self.state.clock = saved.clock;
                self.state.ending = saved.ending;
            }
            Ok(None) => {}
            Err(_) => self
                .ui
                .notice(flow::clock_not_restored(self.state.settings.lang)),
        }
    }

    /// Shows the clocks, the hint and the buttons of the flow, and keeps
    /// the clocks ticking while one runs.
    pub(super) fn show_flow(&mut self) {
        let state = &self.state;
        let lang = state.settings.lang;
        ui::show_clocks(state.clock.as_ref(), ui::epoch_ms(), lang);
        let running = state.clock.is_some_and(|c| c.running.is_some()) && !state.is_over();
        match (running, self.ticker) {
            (true, None) => self.ticker = ui::start_ticking(TICK_MS),
            (false, Some(id)) => {
                ui::stop_ticking(id);
                self.ticker = None;
            }
            _ => {}
        }
        let hint = self.first_hint_text();
        ui::show_first_hint(hint.as_deref());
        let state = &self.state;
        let live = !state.is_over() && state.editor.is_none();
        let players = state.settings.mode != Mode::AiVsAi;
        ui::show_game_actions(live && players, live && players);
        let blocked = match (state.ending, state.clock) {
            (Some(_), _) => Some(flow::undo_off(lang, false)),
            (None, Some(_)) => Some(flow::undo_off(lang, true)),
            (None, None) => None,
        };
        ui::block_undo(blocked);
        if !live {
            self.cancel_confirm();
        }
    }

    /// The first game's hint, until the player's first move.
    fn first_hint_text(&self) -> Option<String> {
        let state = &self.state;
        if !self.first_hint || state.is_over() || state.editor.is_some() {
            return None;
        }
        let human = match state.settings.mode {
            Mode::HumanVsAi { human_white: true } => Some(Color::White),
            Mode::HumanVsAi { human_white: false } => Some(Color::Black),
            Mode::HumanVsHuman => None,
            Mode::AiVsAi => return None,
        };
        let (lang, kind) = (state.settings.lang, state.game.kind());
        Some(flow::first_hint(
            lang,
            kind,
            human,
            state.game.side_to_move(),
        ))
    }

    /// The clocks' tick: redraws them, and a fallen flag loses the game.
    pub fn clock_tick(&mut self) {
        let now = ui::epoch_ms();
        let flagged = self.state.clock.and_then(|c| c.flagged(now));
        match flagged {
            Some(loser) if !self.state.is_over() => self.end_by(Ending::lost_on_time(loser)),
            _ => {
                ui::show_clocks(self.state.clock.as_ref(), now, self.state.settings.lang);
                self.warn_low_time(now);
            }
        }
    }

    /// The low-time sound, once, when a player's running clock crosses
    /// under ten seconds (not for the computer's clock).
    fn warn_low_time(&mut self, now: f64) {
        let running = self
            .state
            .clock
            .and_then(|c| c.running_side().map(|side| (c, side)));
        let Some((clock, side)) = running else {
            self.last_left = f64::INFINITY;
            return;
        };
        let left = clock.left(side, now);
        let crossed = self.last_left >= LOW_MS && left < LOW_MS;
        self.last_left = left;
        if crossed && !self.state.settings.ai_plays(side) && self.state.settings.sound {
            dom::sound::play(crate::state::appearance::Sound::LowTime);
        }
    }

    /// Before a move of the side to move: true (and the game is lost on
    /// time) when its flag has fallen.
    pub(super) fn flag_fell(&mut self) -> bool {
        let flagged = self.state.clock.and_then(|c| c.flagged(ui::epoch_ms()));
        if let Some(loser) = flagged {
            self.end_by(Ending::lost_on_time(loser));
        }
        flagged.is_some()
    }

    /// `mover` has moved: its clock stops, the other's starts (both stop
    /// when the move ended the game); the player's first move ends the
    /// first game's hint.
    pub(super) fn clock_moved(&mut self, mover: Color, by_ai: bool) {
        if !by_ai {
            self.first_hint = false;
        }
        self.ai.draw_offer = None;
        self.ai.draw_waiting = false;
        let now = ui::epoch_ms();
        let over = self.state.is_over();
        if let Some(clock) = self.state.clock.as_mut() {
            clock.moved(mover, now);
            if over {
                clock.stop(now);
            }
        }
    }

    /// How long the AI (`side`) may think: its usual time, or by its clock.
    pub(super) fn ai_time_ms(&self, side: Color) -> u64 {
        let usual = self.state.settings.time_ms;
        match &self.state.clock {
            Some(clock) => clock.ai_think_ms(side, ui::epoch_ms(), usual),
            None => usual,
        }
    }

    /// Ends the game by `ending`: the clocks stop, the AI stops thinking.
    fn end_by(&mut self, ending: Ending) {
        self.cancel_thinking();
        self.ai.draw_offer = None;
        self.ai.draw_waiting = false;
        let now = ui::epoch_ms();
        if let Some(clock) = self.state.clock.as_mut() {
            clock.stop(now);
        }
        self.state.ending = Some(ending);
        self.state.clear_selection();
        self.state.drag = None;
        self.set_animation(None);
        self.ui.clear_hint();
        if self.state.settings.sound {
            dom::sound::play(crate::state::appearance::Sound::of_move(false, false, true));
        }
        self.after_change();
    }

    /// The side the Resign button resigns for: the human against the
    /// computer, the side to move between two humans.
    fn resigning_side(&self) -> Color {
        match self.state.settings.mode {
            Mode::HumanVsAi { human_white: true } => Color::White,
            Mode::HumanVsAi { human_white: false } => Color::Black,
            _ => self.state.game.side_to_move(),
        }
    }

    /// Opens "How to play" for the rules of the game on the board.
    pub fn how_to_play(&mut self) {
        let rules = self.state.game.played().rules_name();
        dom::howto::open(&self.state.settings, &rules);
    }

    /// Resign: asks first.
    pub fn resign(&mut self) {
        let lang = self.state.settings.lang;
        let for_side = match self.state.settings.mode {
            Mode::HumanVsAi { .. } => None,
            _ => Some(self.state.game.side_to_move()),
        };
        let question = flow::resign_question(lang, for_side);
        self.confirming = Some(Confirm::Resign);
        ui::show_confirm(Some((&question, flow::resign_yes(lang))));
    }

    /// Offer a draw: between two humans it is agreed (after a confirm);
    /// the computer weighs it by a short search on the player's move.
    pub fn offer_draw(&mut self) {
        let lang = self.state.settings.lang;
        if !matches!(self.state.settings.mode, Mode::HumanVsAi { .. }) {
            self.confirming = Some(Confirm::Draw);
            ui::show_confirm(Some((flow::draw_question(lang), flow::draw_yes(lang))));
            return;
        }
        let state = &self.state;
        if state.is_over() || state.is_ai_turn() || state.editor.is_some() {
            self.ui.notice(flow::draw_not_now(lang));
            return;
        }
        self.stop_analysis();
        let choice = EngineChoice::Level {
            level: Level::new(8).expect("level 8 exists"),
            seed: self.ai.seed,
        };
        self.ui.notice(flow::draw_considered(lang));
        if !self.net_ready(&choice) {
            // Weighed when its network has come (or failed).
            self.ai.draw_waiting = true;
            return;
        }
        let id = self.ai.next_id();
        self.ai.draw_offer = Some(id);
        let request = Request::Think {
            id,
            game: self.state.game.record(),
            choice,
            time_ms: DRAW_THINK_MS,
        };
        self.send(request);
    }

    /// The computer's search of a draw offer ended: it accepts when its
    /// own evaluation (the opposite of the player's, who is to move) is
    /// not better than the margin.
    pub(super) fn draw_weighed(&mut self, report: &Report) {
        self.ai.draw_offer = None;
        self.ai.draw_waiting = false;
        let ai_score = -report.score;
        let accepted = ai_accepts_draw(ai_score);
        let lang = self.state.settings.lang;
        let score = flow::ai_score_words(lang, ai_score);
        self.ui.notice(&flow::draw_answer(lang, accepted, &score));
        if accepted {
            self.end_by(Ending::DrawAgreed);
        } else {
            self.update_analysis();
        }
    }

    /// The computer could not answer a draw offer.
    pub(super) fn draw_unanswered(&mut self) {
        if self.ai.draw_offer.take().is_some() {
            self.ui
                .notice(flow::draw_unanswered(self.state.settings.lang));
        }
    }

    /// The confirm step's answer.
    pub fn confirm(&mut self, yes: bool) {
        let pending = self.confirming.take();
        ui::show_confirm(None);
        if !yes || self.state.is_over() {
            return;
        }
        match pending {
            Some(Confirm::Resign) => self.end_by(Ending::resigned(self.resigning_side())),
            Some(Confirm::Draw) => self.end_by(Ending::DrawAgreed),
            None => {}
        }
    }

    /// Forgets a confirm step (the game moved on without it).
    pub(super) fn cancel_confirm(&mut self) {
        if self.confirming.take().is_some() {
            ui::show_confirm(None);
        }
    }
}
